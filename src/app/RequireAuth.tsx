import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { rememberRoute } from '../api/transport/sessionStorage';
import { paths } from '../lib/paths';
import { selectIsLoggedIn } from '../state/privileges';
import { useAppSelector } from './hooks';

/** Unauthenticated users go to /login; the intended route is remembered for after sign-in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  if (!loggedIn) {
    rememberRoute(`${location.pathname}${location.search}`);
    return <Navigate to={paths.login} replace />;
  }
  return <>{children}</>;
}

/** A user who is already signed in and opens /login goes to /. */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return loggedIn ? <Navigate to={paths.home} replace /> : <>{children}</>;
}
