import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { AuthOption } from '../../api/generated/historian.gen';
import { takeRememberedRoute } from '../../api/transport/sessionStorage';
import { useAppNavigate } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import type { LoginError, PendingLogin, SignInOutcome } from './loginTypes';
import { externalLoginUrl, popupFeatures } from './popupWindow';

export type { LoginError, PendingLogin } from './loginTypes';

// The sign-in steps load after the page has drawn, well before anyone submits; a submit that is
// quicker than that waits for the same promise.
let signInModule: Promise<typeof import('./signIn')> | undefined;
const loadSignIn = () => (signInModule ??= import('./signIn'));

/** Sign-in by form or popup, the forced password change in between, then login completion. */
export function useLoginFlow() {
  const dispatch = useAppDispatch();
  const navigate = useAppNavigate();
  const [error, setError] = useState<LoginError | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingPasswordChange, setPendingPasswordChange] = useState<PendingLogin | null>(null);
  // Stops watching a popup when the login page goes away.
  const watching = useRef<AbortController | null>(null);
  useEffect(() => {
    void loadSignIn();
    return () => watching.current?.abort();
  }, []);

  const finish = async (login: PendingLogin) => {
    const outcome = await (await loadSignIn()).finishSignIn(dispatch, login);
    if (outcome.kind === 'change-password') setPendingPasswordChange(login);
    else if (outcome.kind === 'failed') setError(outcome.error);
    else navigate(takeRememberedRoute() ?? paths.home, { replace: true });
  };

  const run = async (signIn: () => Promise<SignInOutcome>) => {
    setError(null);
    setBusy(true);
    try {
      const outcome = await signIn();
      if (outcome.kind === 'failed') setError(outcome.error);
      else if (outcome.kind === 'signed-in') await finish(outcome.login);
    } finally {
      setBusy(false);
    }
  };

  const signInWithForm = (provider: string, name: string, password: string) =>
    run(async () => (await loadSignIn()).signInWithForm(dispatch, provider, name, password));

  const signInExternally = (option: AuthOption) => {
    // Opened within the click: a popup opened after an await may be blocked.
    const popup = window.open(externalLoginUrl(option, window.location), 'historian-login', popupFeatures(window));
    watching.current?.abort();
    const controller = new AbortController();
    watching.current = controller;
    return run(async () => {
      if (!popup) return { kind: 'failed', error: { field: 'form', key: 'login.aborted' } };
      return (await loadSignIn()).signInWithPopup(dispatch, popup, option.ProviderName, window.location.origin, controller.signal);
    });
  };

  const passwordChanged = async () => {
    const login = pendingPasswordChange;
    setPendingPasswordChange(null);
    if (!login) return;
    setBusy(true);
    try {
      await finish({ ...login, user: { ...login.user, MustChangePassword: false } });
    } finally {
      setBusy(false);
    }
  };

  return { error, busy, pendingPasswordChange, signInWithForm, signInExternally, passwordChanged };
}
