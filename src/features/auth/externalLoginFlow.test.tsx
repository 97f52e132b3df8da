import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { anAuthOption, aCurrentUser } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { authListHandler, completionHandlers, currentUserHandler } from './authTestHandlers';
import { LoginPage } from './LoginPage';

// The login page's side of the external sign-in popup (SPEC §2): the window it opens and what it
// concludes when the popup closes or comes back.

const corp = anAuthOption({ UUID: '00000000-0000-4000-8000-000000000009', ProviderName: 'corp', ProviderType: 'oidc', AuthPath: '/api/auth/corp/start' });

function fakePopup() {
  const popup = {
    closed: false,
    location: { href: 'about:blank' },
    close: jest.fn(() => {
      popup.closed = true;
    }),
  };
  return popup;
}

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<h1>Home page</h1>} />
    </Routes>,
    { route: '/login' },
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test';
  window.location.hash = '#/login';
  server.use(authListHandler([anAuthOption(), corp]));
});

afterEach(() => jest.restoreAllMocks());

describe('external login (SPEC §2)', () => {
  it("opens a 500 x 600 popup on the provider's auth path with id and from", async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'login with corp' }));
    const [url, , features] = open.mock.calls[0];
    const opened = new URL(String(url), window.location.origin);
    expect(opened.pathname).toBe('/api/auth/corp/start');
    expect(opened.searchParams.get('id')).toBe(corp.UUID);
    expect(opened.searchParams.get('from')).toBe(`${window.location.origin}/#/login/done`);
    expect(features).toMatch(/width=500,height=600/);
  });

  it('a closed popup and a user name then known complete the sign-in', async () => {
    const popup = fakePopup();
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    server.use(currentUserHandler(aCurrentUser({ Name: 'carol', ProviderName: 'corp' })), ...completionHandlers().handlers);
    const { user, store } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'login with corp' }));
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the sign-in window');
    popup.closed = true;
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ userName: 'carol', userProvider: 'corp', loginType: 'external' });
  });

  it('the popup back on /login/done is closed by the login page, which completes the sign-in', async () => {
    const popup = fakePopup();
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    server.use(currentUserHandler(aCurrentUser({ Name: 'carol' })), ...completionHandlers().handlers);
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'login with corp' }));
    popup.location.href = `${window.location.origin}/#/login/done`;
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
  });

  it("a closed popup without a user name fails as 'Login aborted'", async () => {
    const popup = fakePopup();
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    server.use(currentUserHandler(null));
    const { user, store } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'login with corp' }));
    popup.closed = true;
    expect(await screen.findByRole('alert')).toHaveTextContent('Login aborted');
    expect(store.getState().session.userName).toBeNull();
  });

  it('an error in the popup URL fails the login and closes the popup', async () => {
    const popup = fakePopup();
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user, store } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'login with corp' }));
    popup.location.href = `${window.location.origin}/#/login/done?error=login_failed`;
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed.');
    expect(popup.close).toHaveBeenCalled();
    expect(store.getState().session.userName).toBeNull();
  });

  it("a blocked popup fails as 'Login aborted'", async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'login with corp' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login aborted'));
  });

  it('an external user without privileges is logged out of the provider and told so', async () => {
    const popup = fakePopup();
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const completion = completionHandlers({ privileges: [] });
    server.use(currentUserHandler(aCurrentUser({ Name: 'carol' })), ...completion.handlers);
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'login with corp' }));
    popup.closed = true;
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account has no privileges');
    expect(completion.calls.logouts).toEqual(['corp']);
  });
});
