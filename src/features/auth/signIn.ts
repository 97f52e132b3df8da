import type { AppDispatch } from '../../app/store';
import { sessionApi } from '../../api/areas/session';
import { isProblemError } from '../../api/transport/errors';
import { completeLogin } from './completeLogin';
import { watchPopup, type WatchedPopup } from './externalLogin';
import type { FinishOutcome, LoginError, PendingLogin, SignInOutcome } from './loginTypes';

// The steps of a sign-in, loaded when the login page has drawn (useLoginFlow), so that they stay
// out of the sign-in route's first download.

const fresh = { subscribe: false, forceRefetch: true } as const;

export async function signInWithForm(dispatch: AppDispatch, provider: string, Name: string, Password: string): Promise<SignInOutcome> {
  const result = await dispatch(sessionApi.endpoints.login.initiate({ provider, loginCredentials: { Name, Password } }));
  if ('error' in result) return { kind: 'failed', error: loginErrorOf(result.error) };
  if (!result.data?.User) return { kind: 'failed', error: loginErrorOf(undefined) };
  return { kind: 'signed-in', login: { user: result.data.User, provider, loginType: 'form' } };
}

/** Watches the popup; once it is gone, the sign-in worked if a user name is now known (SPEC §2). */
export async function signInWithPopup(
  dispatch: AppDispatch,
  popup: WatchedPopup,
  provider: string,
  origin: string,
  signal: AbortSignal,
): Promise<SignInOutcome> {
  const outcome = await watchPopup(popup, origin, signal);
  if (outcome.kind === 'cancelled') return outcome;
  if (outcome.kind === 'error') return { kind: 'failed', error: { field: 'form', key: 'users.errors.login' } };
  const current = await dispatch(sessionApi.endpoints.getCurrentUser.initiate(undefined, fresh));
  if (!current.data?.Name) return { kind: 'failed', error: { field: 'form', key: 'login.aborted' } };
  return { kind: 'signed-in', login: { user: current.data, provider, loginType: 'external' } };
}

export async function finishSignIn(dispatch: AppDispatch, login: PendingLogin): Promise<FinishOutcome> {
  // The default password locks every other call (403) until it is changed, so the change comes first.
  if (login.user.MustChangePassword) return { kind: 'change-password' };
  const completion = await completeLogin(dispatch, login.user, login.provider, login.loginType);
  if (completion.ok) return { kind: 'done' };
  const key = completion.reason === 'missing_privileges' ? 'historian.errors.missing_privileges' : 'users.errors.login';
  return { kind: 'failed', error: { field: 'form', key } };
}

function loginErrorOf(failure: unknown): LoginError {
  if (isProblemError(failure) && (failure.code === 403 || failure.code === 429) && failure.body.detail) {
    return { field: 'password', text: failure.body.detail };
  }
  // The directory behind an LDAP provider is down: the password was never checked, so saying it
  // was wrong would send the user hunting for a typo.
  if (isProblemError(failure) && failure.code === 503) return { field: 'form', key: 'login.directory_unreachable' };
  return { field: 'form', key: 'users.errors.login' };
}
