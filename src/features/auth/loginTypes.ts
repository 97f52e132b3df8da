import type { CurrentUser } from '../../api/generated/historian.gen';
import type { LoginType } from '../../state/session';

export type LoginError =
  | { field: 'form'; key: 'users.errors.login' | 'historian.errors.missing_privileges' | 'login.aborted' | 'login.directory_unreachable' }
  /** SPEC §8: a 403 shows the server's own text on the password field (so does a 429, with its wait). */
  | { field: 'password'; text: string };

/** Signed in at the provider; login completion (or first the password change) comes next. */
export interface PendingLogin {
  user: CurrentUser;
  provider: string;
  loginType: LoginType;
}

export type SignInOutcome = { kind: 'signed-in'; login: PendingLogin } | { kind: 'failed'; error: LoginError } | { kind: 'cancelled' };

export type FinishOutcome = { kind: 'done' } | { kind: 'change-password' } | { kind: 'failed'; error: LoginError };
