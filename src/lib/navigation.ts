import { createContext, useContext } from 'react';

/** Moves the app to a route of the hash router (`/collectors`, `/configuration/user?id=…`). */
export type AppNavigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * Without a router around (the sign-in screen, which loads before react-router), a route is a
 * change of the location's hash; the router that mounts next reads it from there.
 */
export const hashNavigate: AppNavigate = (to, options = {}) => {
  const url = `${window.location.pathname}${window.location.search}#${to}`;
  if (options.replace) window.location.replace(url);
  else window.location.hash = to;
};

/** The router's navigate where a router is mounted (RouterNavigation), else hashNavigate. */
export const NavigationContext = createContext<AppNavigate>(hashNavigate);

export function useAppNavigate(): AppNavigate {
  return useContext(NavigationContext);
}
