import { screen } from '@testing-library/react';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { ConfigurationIndex } from './ConfigurationIndex';

function renderFor(privileges: ReturnType<typeof aPrivilege>[]) {
  return renderWithProviders(<ConfigurationIndex />, {
    route: '/configuration',
    preloadedState: {
      session: aSession({ userPrivileges: privileges }),
      organization: {
        current: { UUID: ORG_A_UUID, Name: 'A' },
        root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true },
        hasManualEntryForms: false,
      },
    },
  });
}

// The providers load the organization's translation overrides for a signed-in user.
beforeEach(() => server.use(noTranslationOverrides()));

const linkNames = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('configuration index', () => {
  it('links only to the configuration pages whose privileges the user holds', () => {
    renderFor([aPrivilege('READ_USERS'), aPrivilege('READ_TIMESERIES_DATABASES')]);
    expect(linkNames()).toEqual(['Users', 'Time-series databases']);
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/configuration/users');
  });

  it('checks root-level pages against the privileges held in the root organization', () => {
    renderFor([aPrivilege('READ_ORGANIZATIONS', ORG_A_UUID)]);
    expect(screen.queryByRole('link', { name: 'Organizations' })).not.toBeInTheDocument();
  });

  it('shows the root administration pages to holders of the root privileges', () => {
    renderFor([aPrivilege('READ_ORGANIZATIONS', ROOT_ORG_UUID), aPrivilege('READ_SETTINGS', ROOT_ORG_UUID), aPrivilege('MANAGE_SETTINGS', ROOT_ORG_UUID)]);
    expect(linkNames()).toEqual(['Organizations', 'Authentication providers', 'API settings', 'Licence']);
  });

  it('says so when no configuration page is open to the user', () => {
    renderFor([]);
    expect(screen.getByText(/do not have the privileges for any configuration page/)).toBeInTheDocument();
  });
});
