import { screen, within } from '@testing-library/react';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../testing/fixtures';
import { noTranslationOverrides } from '../testing/licence';
import { renderWithProviders } from '../testing/renderWithProviders';
import { server } from '../testing/server';
import type { RootState } from './store';
import { SideMenu } from './SideMenu';

const organization = { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: true };

function renderMenu(privileges: ReturnType<typeof aPrivilege>[], features: Record<string, boolean | number> = {}, hasManualEntryForms = true) {
  const preloadedState: Partial<RootState> = {
    session: aSession({ userPrivileges: privileges }),
    organization: { ...organization, hasManualEntryForms },
    licence: { loaded: true, error: null, claims: [{ UUID: 'l', Name: 'Site', ExpiresAt: 4_102_444_800, OrganizationUUID: ORG_A_UUID, LicensedFeatures: features }] },
  };
  return renderWithProviders(
    <>
      <SideMenu />
      <p>Outside the menu</p>
    </>,
    { preloadedState },
  );
}

const menuItems = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.textContent);

beforeEach(() => server.use(noTranslationOverrides()));

describe('sidebar menu (SPEC §2)', () => {
  it('a user with few privileges sees only their items', () => {
    renderMenu([aPrivilege('READ_COLLECTORS'), aPrivilege('READ_ASSETS')]);
    expect(menuItems()).toEqual(['Collectors', 'Assets']);
  });

  it('calculations need ReadMeasurements and the Calculations licence feature', () => {
    renderMenu([aPrivilege('READ_MEASUREMENTS')], { Calculations: 1 });
    expect(menuItems()).toEqual(['Measurements', 'Calculations']);
  });

  it('manual entry forms need ReadManualEntryForms, the ManualEntry feature and forms in the organization', () => {
    renderMenu([aPrivilege('READ_MANUAL_ENTRY_FORMS')], { ManualEntry: true });
    expect(menuItems()).toEqual(['Manual entry forms']);
  });

  it('manual entry forms hide in an organization without forms, except from a manager, who creates the first', () => {
    const { unmount } = renderMenu([aPrivilege('READ_MANUAL_ENTRY_FORMS')], { ManualEntry: true }, false);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })?.textContent ?? '').not.toContain('Manual entry forms');
    unmount();
    renderMenu([aPrivilege('READ_MANUAL_ENTRY_FORMS'), aPrivilege('MANAGE_MANUAL_ENTRY_FORMS')], { ManualEntry: true }, false);
    expect(menuItems()).toEqual(['Manual entry forms']);
  });

  it('configuration shows for any of its privileges at root level too', () => {
    renderMenu([aPrivilege('READ_LOGS', ROOT_ORG_UUID)]);
    expect(menuItems()).toEqual(['Configuration']);
  });

  it('an item with children toggles open on click', async () => {
    const { user } = renderMenu([aPrivilege('READ_EVENTS'), aPrivilege('READ_EVENT_CONFIGURATIONS')], { Events: true });
    const events = screen.getByRole('button', { name: 'Events' });
    expect(events).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Event types' })).not.toBeInTheDocument();
    await user.click(events);
    expect(events).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Event types' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overview' })).toBeInTheDocument();
    await user.click(events);
    expect(screen.queryByRole('link', { name: 'Overview' })).not.toBeInTheDocument();
  });

  it('the events group shows only the children the user may see, and only with the Events feature', async () => {
    const { user } = renderMenu([aPrivilege('READ_EVENTS')], { Events: true });
    await user.click(screen.getByRole('button', { name: 'Events' }));
    expect(screen.getByRole('link', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Event types' })).not.toBeInTheDocument();
  });

  it('clicking outside closes an open item', async () => {
    const { user } = renderMenu([aPrivilege('READ_EVENTS')], { Events: true });
    await user.click(screen.getByRole('button', { name: 'Events' }));
    expect(screen.getByRole('link', { name: 'Overview' })).toBeInTheDocument();
    await user.click(screen.getByText('Outside the menu'));
    expect(screen.queryByRole('link', { name: 'Overview' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Events' })).toHaveAttribute('aria-expanded', 'false');
  });
});
