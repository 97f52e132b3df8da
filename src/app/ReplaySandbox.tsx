import type { i18n as I18n } from 'i18next';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import type { ReplaySandboxProps } from '../features/qa-replay/sandboxTypes';
import { selectUserLocale } from '../state/privileges';
import { useAppSelector } from './hooks';
import { AppRoutes } from './router';

/**
 * The real console, drawn from a replay's own store: its own Provider, a MemoryRouter (the app's
 * hash stays on /qa/replay) and an i18next clone in the replayed user's locale. Nothing here is
 * persisted and no call is sent: the store answers from the recording (makeStore `replay`).
 *
 * It is a React root of its own: react-router refuses a router inside the app's router, and a
 * separate tree inherits none of the app's contexts (store, route matches, i18n) by mistake.
 */
export function ReplaySandbox({ store, route }: ReplaySandboxProps) {
  const { i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  const unmountTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    // StrictMode runs this twice; the second run takes the root back instead of making another.
    if (unmountTimer.current !== null) clearTimeout(unmountTimer.current);
    unmountTimer.current = null;
    if (!root.current && host.current) root.current = createRoot(host.current);
    return () => {
      // Unmounting a root while React commits this one is not allowed; the next task is.
      unmountTimer.current = setTimeout(() => {
        root.current?.unmount();
        root.current = null;
        unmountTimer.current = null;
      }, 0);
    };
  }, []);

  useEffect(() => {
    root.current?.render(
      <Provider store={store}>
        <SandboxContent route={route} appI18n={i18n} />
      </Provider>,
    );
  }, [store, route, i18n]);

  return <div ref={host} className="replay-sandbox" />;
}

function SandboxContent({ route, appI18n: i18n }: { route: string; appI18n: I18n }) {
  const locale = useAppSelector(selectUserLocale);
  // A clone shares the loaded texts but has a language of its own, so the replay page's controls
  // stay in the QA engineer's language while the replayed screens show the recorded user's.
  // Started at once (initAsync false): a clone that starts on a timer is not ready on its first
  // render, and every page would suspend on it.
  const sandboxI18n = useMemo(() => i18n.cloneInstance({ lng: locale || i18n.language, initAsync: false }), [i18n, locale]);
  // The fallback must not suspend itself (it would if it waited for the recorded language's texts):
  // a first render that suspends above this component keeps none of its state, so a new clone
  // would be made on every retry and the sandbox would stay empty for ever.
  const loading = <p role="status">{sandboxI18n.t('app.loading')}</p>;
  return (
    <I18nextProvider i18n={sandboxI18n}>
      <MemoryRouter initialEntries={[route]}>
        <RouteFollower route={route} />
        <Suspense fallback={loading}>
          <AppRoutes />
        </Suspense>
      </MemoryRouter>
    </I18nextProvider>
  );
}

/**
 * Moves the sandbox to the recorded route when the step's route changes, and only then: a redirect
 * the pages make on their own (e.g. a signed-in user on /login goes to /) is left alone until the
 * recording moves on, or the two would send each other back and forth.
 */
function RouteFollower({ route }: { route: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const latest = useRef({ navigate, current: `${pathname}${search}` });
  latest.current = { navigate, current: `${pathname}${search}` };
  useEffect(() => {
    if (latest.current.current !== route) latest.current.navigate(route, { replace: true });
  }, [route]);
  return null;
}
