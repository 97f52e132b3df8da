import * as client from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { applyExternalGroups, groupsOf, linkExternalUser } from './externalUsers';
import { oidcConfiguration, oidcSettingsOf } from './oidcClient';
import { findProviderById, findProviderByName } from './providers';
import { fallbackLoginError, requestOrigin, safeReturnUrl, withLoginError } from './returnUrl';
import { newSecretToken, tokenHash } from './sessions';
import { startSession } from './signIn';

// The authorization-code flow with PKCE, state and nonce (openid-client). The start stores what
// the callback must check in oidc_logins and binds it to the browser with an HttpOnly cookie;
// the callback uses the row once, links the user by subject and lands the popup on `from`.
// Every failure lands on `from` (or the login-done page) with ?error=…, never off this origin.

export const OIDC_BROWSER_COOKIE = 'historian_oidc';
const LOGIN_TTL_SECONDS = 10 * 60;
const BASE_URL_SETTING = 'auth.base_url';

export const LOGIN_ERRORS = {
  failed: 'login_failed',
  invalidReturnUrl: 'invalid_return_url',
  expired: 'login_expired',
} as const;

class LoginFailure extends Error {
  constructor(
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** auth.base_url of the root organization, when set to an http(s) URL: the public address. */
async function configuredBaseUrl(ctx: AppContext): Promise<URL | undefined> {
  const { rows } = await ctx.db.query<{ value: string }>(
    `SELECT st.value FROM settings st JOIN organizations o ON o.uuid = st.organization_uuid AND o.is_root WHERE st.name = $1`,
    [BASE_URL_SETTING],
  );
  const value = rows[0]?.value.trim();
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The origins `from` may name (as the browser reached us, and the configured public one). */
async function serverAddresses(ctx: AppContext, request: FastifyRequest) {
  const base = await configuredBaseUrl(ctx);
  const origin = requestOrigin(request);
  const origins = [origin, base?.origin].filter((item): item is string => item !== undefined);
  const baseHref = base ? base.href.replace(/\/+$/, '') : origin;
  return { origins, baseHref };
}

export function oidcCookieOptions(request: FastifyRequest) {
  // Lax, not Strict: the provider's redirect back is a cross-site navigation, and this cookie must
  // come along with it. Path '/' so that a proxy serving us under a prefix does not lose it; it
  // lives as long as the login row.
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: LOGIN_TTL_SECONDS };
}

interface StartQuery {
  id?: string;
  from?: string;
}

/** GET /auth/{provider}/start: where to send the popup next. */
export async function startOidcLogin(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, providerName: string, query: StartQuery) {
  const { origins, baseHref } = await serverAddresses(ctx, request);
  const returnTo = safeReturnUrl(query.from, origins);
  if (!returnTo || baseHref === undefined) return fallbackLoginError(LOGIN_ERRORS.invalidReturnUrl);
  try {
    const provider = query.id ? await findProviderById(ctx.db, query.id) : undefined;
    if (!provider || provider.type !== 'oidc' || provider.name.toLowerCase() !== providerName.toLowerCase()) {
      throw new LoginFailure(LOGIN_ERRORS.failed, 'unknown OpenID Connect provider');
    }
    const settings = oidcSettingsOf(provider);
    if (!settings) throw new LoginFailure(LOGIN_ERRORS.failed, 'the provider is not fully configured');
    const config = await oidcConfiguration(provider.uuid, settings, ctx.config.isProduction);
    const redirectUri = `${baseHref}/api/auth/${encodeURIComponent(provider.name)}/callback`;
    const state = client.randomState();
    const nonce = client.randomNonce();
    const verifier = client.randomPKCECodeVerifier();
    const browser = newSecretToken();
    await ctx.db.query('DELETE FROM oidc_logins WHERE expires_at < now()');
    await ctx.db.query(
      `INSERT INTO oidc_logins (state_hash, provider_uuid, browser_hash, nonce, code_verifier, return_to, redirect_uri, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + $8::int * interval '1 second')`,
      [tokenHash(state), provider.uuid, tokenHash(browser), nonce, verifier, returnTo.href, redirectUri, LOGIN_TTL_SECONDS],
    );
    reply.setCookie(OIDC_BROWSER_COOKIE, browser, oidcCookieOptions(request));
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scope,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      .toString();
  } catch (error) {
    return failed(request, returnTo, error);
  }
}

function failed(request: FastifyRequest, returnTo: URL | undefined, error: unknown): string {
  const code = error instanceof LoginFailure ? error.code : LOGIN_ERRORS.failed;
  // The reason goes to the log, not to the URL: it may name the provider's internals.
  request.log.warn({ reason: error instanceof Error ? error.message : String(error), code }, 'external sign-in failed');
  return returnTo ? withLoginError(returnTo, code) : fallbackLoginError(code);
}

interface LoginRow {
  provider_uuid: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  redirect_uri: string;
  expired: boolean;
}

/** GET /auth/{provider}/callback: signs the user in and answers where the popup goes. */
export async function completeOidcLogin(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, providerName: string) {
  const params = new URLSearchParams(request.url.split('?')[1] ?? '');
  const state = params.get('state');
  const browser = request.cookies[OIDC_BROWSER_COOKIE];
  reply.clearCookie(OIDC_BROWSER_COOKIE, oidcCookieOptions(request));
  // Deleted as it is read: a state is good for one callback only.
  const { rows } = state
    ? await ctx.db.query<LoginRow>(
        `DELETE FROM oidc_logins WHERE state_hash = $1
         RETURNING provider_uuid, browser_hash, nonce, code_verifier, return_to, redirect_uri, expires_at < now() AS expired`,
        [tokenHash(state)],
      )
    : { rows: [] };
  const login = rows[0];
  if (!state || !login) return failed(request, undefined, new LoginFailure(LOGIN_ERRORS.expired, 'no sign-in in progress for this state'));
  const returnTo = new URL(login.return_to);
  try {
    if (login.expired) throw new LoginFailure(LOGIN_ERRORS.expired, 'the sign-in took too long');
    if (browser === undefined || tokenHash(browser) !== login.browser_hash) {
      throw new LoginFailure(LOGIN_ERRORS.failed, 'the callback came to another browser than the one that started');
    }
    const provider = await findProviderByName(ctx.db, providerName);
    const settings = provider && provider.uuid === login.provider_uuid ? oidcSettingsOf(provider) : undefined;
    if (!provider || !settings) throw new LoginFailure(LOGIN_ERRORS.failed, 'the provider changed during the sign-in');
    const config = await oidcConfiguration(provider.uuid, settings, ctx.config.isProduction);
    const currentUrl = new URL(login.redirect_uri);
    currentUrl.search = params.toString();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: login.code_verifier,
      expectedState: state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new LoginFailure(LOGIN_ERRORS.failed, 'no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    // Many providers put profile and group claims only in userinfo; the subject must match.
    if (config.serverMetadata().userinfo_endpoint) {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...claims };
    }
    const userUuid = await linkExternalUser(ctx.db, provider, idClaims.sub, claims);
    await applyExternalGroups(ctx.db, userUuid, provider.uuid, groupsOf(claims, settings.groupClaim));
    await startSession(ctx, request, reply, userUuid);
    return returnTo.href;
  } catch (error) {
    return failed(request, returnTo, error);
  }
}
