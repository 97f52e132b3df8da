import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { rememberRoute } from '../api/transport/sessionStorage';
import { paths } from '../lib/paths';
import { selectIsLoggedIn } from '../state/privileges';
import { useAppSelector } from './hooks';

/**
 * Unauthenticated users go to /login; the intended route is remembered for after sign-in. A
 * session that ends here (sign-out) remembers nothing: the next user starts at home, and a lost
 * session (401) has had its route remembered by the transport already.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [loggedInOnArrival] = useState(loggedIn);
  const location = useLocation();
  if (!loggedIn) {
    if (!loggedInOnArrival) rememberRoute(`${location.pathname}${location.search}`);
    return <Navigate to={paths.login} replace />;
  }
  return <>{children}</>;
}

/**
 * A user who is already signed in and opens /login goes to /. Only the state on arrival counts:
 * a sign-in completed on this page moves on to the remembered route itself, and must not be
 * overtaken by a redirect to / the moment the session appears.
 */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [loggedInOnArrival] = useState(loggedIn);
  return loggedInOnArrival && loggedIn ? <Navigate to={paths.home} replace /> : <>{children}</>;
}
