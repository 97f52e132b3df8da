import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { anOrganization, aSession, ORG_A_UUID, ORG_B_UUID, ROOT_ORG_UUID } from '../testing/fixtures';
import { noTranslationOverrides } from '../testing/licence';
import { renderWithProviders } from '../testing/renderWithProviders';
import { server } from '../testing/server';
import { OrganizationSwitcher } from './OrganizationSwitcher';

const organizations = [
  anOrganization({ UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }),
  anOrganization({ UUID: ORG_B_UUID, Name: 'Plant B' }),
  anOrganization({ UUID: ORG_A_UUID, Name: 'Plant A' }),
];

function renderSwitcher(session = aSession()) {
  const reload = jest.fn();
  const onClose = jest.fn();
  const view = renderWithProviders(<OrganizationSwitcher onClose={onClose} reload={reload} />, {
    preloadedState: {
      session,
      organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
    },
  });
  return { ...view, reload, onClose };
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test';
  server.use(noTranslationOverrides(), http.get('/api/current-user/organizations', () => HttpResponse.json(organizations)));
});

describe('organization switcher (SPEC §2, §4)', () => {
  it("lists the user's organizations by name, with the root organization kept apart", async () => {
    renderSwitcher();
    const list = await screen.findByRole('list', { name: 'Organizations' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Plant A (current)', 'Plant B']);
    const root = screen.getByRole('region', { name: 'Root organization' });
    expect(within(root).getByRole('button', { name: 'Root' })).toBeInTheDocument();
  });

  it('marks the current organization', async () => {
    renderSwitcher();
    expect(await screen.findByRole('button', { name: /Plant A/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Plant B' })).not.toHaveAttribute('aria-current');
  });

  it('has a search box that filters the organizations by name', async () => {
    const { user } = renderSwitcher();
    await screen.findByRole('list', { name: 'Organizations' });
    await user.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'b');
    expect(within(screen.getByRole('list', { name: 'Organizations' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Plant B']);
    expect(screen.queryByRole('region', { name: 'Root organization' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search organizations' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'nothing like it');
    expect(screen.getByText('No organization matches.')).toBeInTheDocument();
  });

  it('switching stores the choice, then reloads the app at the root route', async () => {
    const { user, store, reload } = renderSwitcher();
    await user.click(await screen.findByRole('button', { name: 'Plant B' }));
    expect(store.getState().organization.current).toMatchObject({ UUID: ORG_B_UUID, Name: 'Plant B' });
    expect(reload).toHaveBeenCalledWith(ORG_B_UUID);
  });

  it('switching counts the manual entry forms of the new organization, which the manual-entry menu item follows', async () => {
    const formInB = { ManualEntryFormUUID: '77777777-7777-4777-8777-777777777777', OrganizationUUID: ORG_B_UUID, Name: 'MANUAL_ENTRY_FORM_DEFAULT' as const };
    const { user, store } = renderSwitcher(aSession({ manualEntryFormPrivileges: [formInB] }));
    await user.click(await screen.findByRole('button', { name: 'Plant B' }));
    expect(store.getState().organization.hasManualEntryForms).toBe(true);
  });

  it('the root organization can be chosen as well', async () => {
    const { user, store, reload } = renderSwitcher();
    await user.click(await screen.findByRole('button', { name: 'Root' }));
    expect(store.getState().organization.current).toMatchObject({ UUID: ROOT_ORG_UUID, IsRoot: true });
    expect(reload).toHaveBeenCalledWith(ROOT_ORG_UUID);
  });

  it('choosing the current organization just closes the switcher', async () => {
    const { user, reload, onClose } = renderSwitcher();
    await user.click(await screen.findByRole('button', { name: /Plant A/ }));
    expect(reload).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});
