import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import type { AuthOption, CurrentUser } from '../../api/generated/historian.gen';
import { historianApi } from '../../api/historianApi';
import { isProblemError } from '../../api/transport/errors';
import { takeRememberedRoute } from '../../api/transport/sessionStorage';
import { paths } from '../../lib/paths';
import type { LoginType } from '../../state/session';
import { completeLogin } from './completeLogin';
import { externalLoginUrl, popupFeatures, watchPopup } from './externalLogin';

export type LoginError =
  | { field: 'form'; key: 'users.errors.login' | 'historian.errors.missing_privileges' | 'login.aborted' }
  /** SPEC §8: a 403 shows the server's own text on the password field (so does a 429, with its wait). */
  | { field: 'password'; text: string };

export interface PendingLogin {
  user: CurrentUser;
  provider: string;
  loginType: LoginType;
}

const fresh = { subscribe: false, forceRefetch: true } as const;

/** Sign-in by form or popup, the forced password change in between, then login completion. */
export function useLoginFlow() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [error, setError] = useState<LoginError | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingPasswordChange, setPendingPasswordChange] = useState<PendingLogin | null>(null);
  // Stops watching a popup when the login page goes away.
  const watching = useRef<AbortController | null>(null);
  useEffect(() => () => watching.current?.abort(), []);

  const finish = async (login: PendingLogin) => {
    // The default password locks every other call (403) until it is changed, so the change comes first.
    if (login.user.MustChangePassword) {
      setPendingPasswordChange(login);
      return;
    }
    const completion = await completeLogin(dispatch, login.user, login.provider, login.loginType);
    if (!completion.ok) {
      setError({ field: 'form', key: completion.reason === 'missing_privileges' ? 'historian.errors.missing_privileges' : 'users.errors.login' });
      return;
    }
    navigate(takeRememberedRoute() ?? paths.home, { replace: true });
  };

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const signInWithForm = (provider: string, Name: string, Password: string) =>
    run(async () => {
      const result = await dispatch(historianApi.endpoints.login.initiate({ provider, loginCredentials: { Name, Password } }));
      if ('error' in result || !result.data?.User) {
        setError(loginErrorOf('error' in result ? result.error : undefined));
        return;
      }
      await finish({ user: result.data.User, provider, loginType: 'form' });
    });

  const signInExternally = (option: AuthOption) =>
    run(async () => {
      watching.current?.abort();
      const popup = window.open(externalLoginUrl(option, window.location), 'historian-login', popupFeatures(window));
      if (!popup) {
        setError({ field: 'form', key: 'login.aborted' });
        return;
      }
      const controller = new AbortController();
      watching.current = controller;
      const outcome = await watchPopup(popup, window.location.origin, controller.signal);
      if (outcome.kind === 'cancelled') return;
      if (outcome.kind === 'error') {
        setError({ field: 'form', key: 'users.errors.login' });
        return;
      }
      // SPEC §2: the popup is gone; the sign-in worked if a user name is now known.
      const current = await dispatch(historianApi.endpoints.getCurrentUser.initiate(undefined, fresh));
      if (!current.data?.Name) {
        setError({ field: 'form', key: 'login.aborted' });
        return;
      }
      await finish({ user: current.data, provider: option.ProviderName, loginType: 'external' });
    });

  const passwordChanged = () =>
    run(async () => {
      const login = pendingPasswordChange;
      setPendingPasswordChange(null);
      if (login) await finish({ ...login, user: { ...login.user, MustChangePassword: false } });
    });

  return { error, busy, pendingPasswordChange, signInWithForm, signInExternally, passwordChanged };
}

function loginErrorOf(failure: unknown): LoginError {
  if (isProblemError(failure) && (failure.code === 403 || failure.code === 429) && failure.body.detail) {
    return { field: 'password', text: failure.body.detail };
  }
  return { field: 'form', key: 'users.errors.login' };
}
