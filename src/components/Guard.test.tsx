import { screen } from '@testing-library/react';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../testing/fixtures';
import { renderWithProviders } from '../testing/renderWithProviders';
import type { RootState } from '../app/store';
import { noTranslationOverrides } from '../testing/licence';
import { server } from '../testing/server';
import { Guard } from './Guard';

const organization = { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false };

function stateWith(privileges: ReturnType<typeof aPrivilege>[], features: Record<string, boolean | number> = {}): Partial<RootState> {
  return {
    session: aSession({ userPrivileges: privileges }),
    organization,
    licence: { loaded: true, error: null, claims: [{ UUID: 'l', Name: 'Site', ExpiresAt: 4_102_444_800, OrganizationUUID: ORG_A_UUID, LicensedFeatures: features }] },
  };
}

// The organization's translation overrides are read once one is chosen.
beforeEach(() => server.use(noTranslationOverrides()));

describe('privilege guard (SPEC §6)', () => {
  it('shows its content only when every needed privilege is held in the current organization', () => {
    renderWithProviders(
      <Guard privileges={['READ_USERS', 'MANAGE_USERS']}>
        <button type="button">Add user</button>
      </Guard>,
      { preloadedState: stateWith([aPrivilege('READ_USERS'), aPrivilege('MANAGE_USERS')]) },
    );
    expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
  });

  it('a check passes only if every named privilege is held: one missing shows the unauthorized content', () => {
    renderWithProviders(
      <Guard privileges={['READ_USERS', 'MANAGE_USERS']}>
        <button type="button">Add user</button>
      </Guard>,
      { preloadedState: stateWith([aPrivilege('READ_USERS')]) },
    );
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have the privileges needed for this page.');
  });

  it('privileges held in another organization do not count', () => {
    renderWithProviders(<Guard privileges={['READ_USERS']}>content</Guard>, { preloadedState: stateWith([aPrivilege('READ_USERS', ROOT_ORG_UUID)]) });
    expect(screen.queryByText('content')).not.toBeInTheDocument();
  });

  it('where root privilege is required, the root organization is checked', () => {
    renderWithProviders(
      <Guard privileges={['MANAGE_SETTINGS']} scope="root">
        root content
      </Guard>,
      { preloadedState: stateWith([aPrivilege('MANAGE_SETTINGS', ROOT_ORG_UUID)]) },
    );
    expect(screen.getByText('root content')).toBeInTheDocument();
  });

  it('shows the given fallback instead, or nothing for a button', () => {
    const { rerender } = renderWithProviders(
      <Guard privileges={['MANAGE_USERS']} fallback={<p>Read only</p>}>
        <button type="button">Add user</button>
      </Guard>,
      { preloadedState: stateWith([]) },
    );
    expect(screen.getByText('Read only')).toBeInTheDocument();
    rerender(
      <Guard privileges={['MANAGE_USERS']} fallback={null}>
        <button type="button">Add user</button>
      </Guard>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a licence feature must be enabled as well: boolean true or a number above 0', () => {
    const { unmount } = renderWithProviders(
      <Guard privileges={['READ_MEASUREMENTS']} features={['Calculations']} fallback={null}>
        calculations
      </Guard>,
      { preloadedState: stateWith([aPrivilege('READ_MEASUREMENTS')], { Calculations: 0 }) },
    );
    expect(screen.queryByText('calculations')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <Guard privileges={['READ_MEASUREMENTS']} features={['Calculations']} fallback={null}>
        calculations
      </Guard>,
      { preloadedState: stateWith([aPrivilege('READ_MEASUREMENTS')], { Calculations: 2 }) },
    );
    expect(screen.getByText('calculations')).toBeInTheDocument();
  });
});
