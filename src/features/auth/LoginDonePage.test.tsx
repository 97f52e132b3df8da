import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { REDIRECT_AFTER_LOGIN_STORAGE_KEY } from '../../api/transport/sessionStorage';
import { aCurrentUser } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { completionHandlers, currentUserHandler } from './authTestHandlers';
import { LoginDonePage } from './LoginDonePage';

function renderDone(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/login/done" element={<LoginDonePage />} />
      <Route path="/collectors" element={<h1>Collectors page</h1>} />
    </Routes>,
    { route },
  );
}

let close: jest.SpyInstance;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test';
  window.location.hash = '#/login/done';
  close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  window.opener = null;
});

describe('/login/done, the popup landing page (SPEC §2)', () => {
  it('closes the window when the URL carries an error', async () => {
    renderDone('/login/done?error=login_failed');
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in failed.');
  });

  it('leaves the sign-in to the login page that opened it and polls it', async () => {
    jest.useFakeTimers();
    window.opener = { closed: false };
    // No handler: a request would fail the test (setupTests fails a test on an unhandled request).
    renderDone('/login/done');
    expect(screen.getByRole('status')).toHaveTextContent('Completing sign-in');
    // However long the opener takes, on a fake clock.
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(close).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Completing sign-in');
  });

  it('without an opener, completes the sign-in itself and goes to the remembered route', async () => {
    server.use(currentUserHandler(aCurrentUser({ Name: 'carol', ProviderName: 'corp' })), ...completionHandlers().handlers);
    localStorage.setItem(REDIRECT_AFTER_LOGIN_STORAGE_KEY, JSON.stringify('/collectors'));
    const { store } = renderDone('/login/done');
    expect(await screen.findByRole('heading', { name: 'Collectors page' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ userName: 'carol', userProvider: 'corp', loginType: 'external' });
  });

  it('without an opener, closes itself when the sign-in cannot be completed', async () => {
    server.use(currentUserHandler(aCurrentUser()), ...completionHandlers({ privileges: [] }).handlers);
    renderDone('/login/done');
    await waitFor(() => expect(close).toHaveBeenCalled());
  });
});
