import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { NavigationContext, type AppNavigate } from '../lib/navigation';

/** Inside a router: code that must also run without one (the sign-in screen) navigates through it. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const appNavigate = useMemo<AppNavigate>(() => (to, options) => void navigate(to, options), [navigate]);
  return <NavigationContext.Provider value={appNavigate}>{children}</NavigationContext.Provider>;
}
