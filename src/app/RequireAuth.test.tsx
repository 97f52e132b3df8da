import { screen } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { REDIRECT_AFTER_LOGIN_STORAGE_KEY } from '../api/transport/sessionStorage';
import { aSession } from '../testing/fixtures';
import { renderWithProviders } from '../testing/renderWithProviders';
import { loggedIn, loggedOut } from '../state/session';
import { useAppDispatch } from './hooks';
import { RedirectIfLoggedIn, RequireAuth } from './RequireAuth';

function FakeLoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signIn = () => {
    dispatch(loggedIn({ userId: 'u', userName: 'operator', userProvider: 'local', loginType: 'form' }));
    navigate('/collectors', { replace: true });
  };
  return (
    <button type="button" onClick={signIn}>
      Sign in
    </button>
  );
}

function SignOut() {
  const dispatch = useAppDispatch();
  return (
    <button type="button" onClick={() => dispatch(loggedOut())}>
      Log out
    </button>
  );
}

const routes = (
  <Routes>
    <Route
      path="/login"
      element={
        <RedirectIfLoggedIn>
          <FakeLoginPage />
        </RedirectIfLoggedIn>
      }
    />
    <Route path="/" element={<h1>Home page</h1>} />
    <Route
      path="/collectors"
      element={
        <RequireAuth>
          <h1>Collectors page</h1>
          <SignOut />
        </RequireAuth>
      }
    />
  </Routes>
);

describe('access to screens (SPEC §2)', () => {
  it('an unauthenticated user is sent to /login and the intended route is remembered', () => {
    renderWithProviders(routes, { route: '/collectors' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_STORAGE_KEY)).toBe(JSON.stringify('/collectors'));
  });

  it('a user already signed in who opens /login goes to /', () => {
    renderWithProviders(routes, { route: '/login', preloadedState: { session: aSession() } });
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('a sign-in completed on the login page moves on to the remembered route, not to /', async () => {
    const { user } = renderWithProviders(routes, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Collectors page' })).toBeInTheDocument();
  });

  it('after logout the user is sent to the login page, and the route left is not remembered for the next user', async () => {
    const { user } = renderWithProviders(routes, { route: '/collectors', preloadedState: { session: aSession() } });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(REDIRECT_AFTER_LOGIN_STORAGE_KEY)).toBeNull();
  });
});
