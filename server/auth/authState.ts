import type { AppContext } from '../context';
import { resolveSessionSecret } from '../db/serverSecrets';
import { hashPassword } from './password';

// Per-server values that the auth plugin and the auth routes share. Kept beside the AppContext
// (one entry per context) rather than in module globals, so two apps in one test process never
// share a key, and computed on first use so buildApp stays cheap.

interface AuthState {
  sessionSecret: Promise<string>;
  dummyPasswordHash: Promise<string>;
}

const states = new WeakMap<AppContext, AuthState>();

function stateOf(ctx: AppContext): AuthState {
  let state = states.get(ctx);
  if (!state) {
    state = {
      sessionSecret: resolveSessionSecret(ctx.db, ctx.config.sessionSecret),
      // Unknown user names are checked against this hash, so they cost the same scrypt time as
      // known ones and answer no faster (no user-name oracle through timing).
      dummyPasswordHash: hashPassword('not-a-password-of-anyone'),
    };
    // A failed lookup must not stick: the next request tries again.
    state.sessionSecret.catch(() => states.delete(ctx));
    states.set(ctx, state);
  }
  return state;
}

export function sessionSecretOf(ctx: AppContext): Promise<string> {
  return stateOf(ctx).sessionSecret;
}

export function dummyPasswordHashOf(ctx: AppContext): Promise<string> {
  return stateOf(ctx).dummyPasswordHash;
}
