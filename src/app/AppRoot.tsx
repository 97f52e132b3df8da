import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { isRouteWithin, rememberRoute } from '../api/transport/sessionStorage';
import { GALLERY_PATH } from '../features/gallery/galleryAccess';
import { LoginPage } from '../features/auth/LoginPage';
import { SignInTextsProvider, type SignInTexts } from '../i18n/signInTexts';
import { hashNavigate } from '../lib/navigation';
import { paths } from '../lib/paths';
import { selectIsLoggedIn } from '../state/privileges';
import { ErrorBoundary } from './ErrorBoundary';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

// The app's root in the browser. Someone who arrives signed out on a route that needs a session
// sees the sign-in screen, drawn from this chunk alone: no router, no i18next (their texts come
// from the catalogue, i18n/signInTexts.tsx). Everyone else, and the sign-in screen once the
// sign-in has moved on to its route, gets the whole console (FullApp), loaded as a chunk of its
// own; from then on the router draws every screen, the sign-in page of a lost session included.

/** Screens outside the shell that need no session: they load the whole console at once. */
const OPEN_SCREENS = [paths.loginDone, paths.qaReplay, GALLERY_PATH];

function subscribeToHash(listener: () => void) {
  window.addEventListener('hashchange', listener);
  window.addEventListener('popstate', listener);
  return () => {
    window.removeEventListener('hashchange', listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The route in the hash, with its query: `/configuration/user?id=…`. */
const currentRoute = () => window.location.hash.replace(/^#/, '') || paths.home;

const pathOf = (route: string) => route.split(/[?#]/, 1)[0];

function Screens({ texts }: { texts: SignInTexts }) {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const route = useSyncExternalStore(subscribeToHash, currentRoute);
  const [consoleShown, setConsoleShown] = useState(() => signedIn || OPEN_SCREENS.some((base) => isRouteWithin(route, base)));
  // A completed sign-in first moves to its route (the remembered one or home), then the console
  // draws it; drawn while the hash still says /login, the router would send a user who is signed
  // in on arrival at /login home.
  const showConsole = consoleShown || (signedIn && pathOf(route) !== paths.login);
  const FullApp = useMemo(
    () =>
      lazy(async () => {
        const [{ FullApp: Loaded }, instance] = await Promise.all([import('./FullApp'), texts.loadI18next()]);
        return { default: () => <Loaded i18n={instance} /> };
      }),
    [texts],
  );

  useEffect(() => {
    if (showConsole) {
      setConsoleShown(true);
    } else if (pathOf(route) !== paths.login) {
      // As RequireAuth does for a user signed out on arrival: remember the route for after sign-in.
      rememberRoute(route);
      hashNavigate(paths.login, { replace: true });
    }
  }, [showConsole, route]);

  if (showConsole) {
    return (
      <Suspense fallback={null}>
        <FullApp />
      </Suspense>
    );
  }
  return pathOf(route) === paths.login ? <LoginPage /> : null;
}

interface AppRootProps {
  store: AppStore;
  persistor: Persistor;
  texts: SignInTexts;
}

export function AppRoot({ store, persistor, texts }: AppRootProps) {
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <SignInTextsProvider texts={texts}>
          <ErrorBoundary>
            <Screens texts={texts} />
          </ErrorBoundary>
        </SignInTextsProvider>
      </PersistGate>
    </Provider>
  );
}
