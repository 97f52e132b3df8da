import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { anOrganization, aPrivilege, aSession, ORG_A_UUID } from '../testing/fixtures';
import { noTranslationOverrides } from '../testing/licence';
import { renderWithProviders } from '../testing/renderWithProviders';
import { server } from '../testing/server';
import type { RootState } from './store';
import { UserMenu } from './UserMenu';

const layout = { columnsShown: ['Name'], columnsOrder: ['Name'] };

function renderUserMenu() {
  const preloadedState: Partial<RootState> = {
    session: aSession({ userProvider: 'corp', userPrivileges: [aPrivilege('READ_COLLECTORS')] }),
    organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: null, hasManualEntryForms: false },
    tableSettings: { byTableId: { collectors: layout } },
  };
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<UserMenu />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { preloadedState },
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test';
  server.use(noTranslationOverrides());
});

describe('bottom user menu (SPEC §2)', () => {
  it('the product version opens an about dialog with version, portal link and support link', async () => {
    server.use(
      http.get('/api/info', () => HttpResponse.json({ Version: '2.4.1', PortalURL: 'https://portal.example.com/', SupportURL: 'mailto:support@example.com' })),
    );
    const { user } = renderUserMenu();
    await user.click(screen.getByRole('button', { name: /^Version / }));
    const dialog = await screen.findByRole('dialog', { name: 'About Historian Console' });
    expect(await within(dialog).findByText('2.4.1')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'https://portal.example.com/' })).toHaveAttribute('href', 'https://portal.example.com/');
    expect(within(dialog).getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the current organization name opens the organization switcher', async () => {
    server.use(http.get('/api/current-user/organizations', () => HttpResponse.json([anOrganization()])));
    const { user } = renderUserMenu();
    await user.click(screen.getByRole('button', { name: 'Plant A, switch organization' }));
    expect(await screen.findByRole('dialog', { name: 'Switch organization' })).toBeInTheDocument();
  });

  it('links to the user profile', () => {
    renderUserMenu();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it('logout signs out of the provider, clears the session but not the organization or table layouts, and goes to login', async () => {
    const logouts: string[] = [];
    server.use(
      http.get('/api/auth/:provider/logout', ({ params }) => {
        logouts.push(String(params.provider));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, store } = renderUserMenu();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(logouts).toEqual(['corp']);
    const state = store.getState();
    expect(state.session.userName).toBeNull();
    expect(state.session.userPrivileges).toEqual([]);
    expect(state.organization.current?.UUID).toBe(ORG_A_UUID);
    expect(state.tableSettings.byTableId.collectors).toEqual(layout);
  });
});
