import { createAction } from '@reduxjs/toolkit';

// What a call carries from the store that makes it (SPEC §7): the organization (x-organization-
// uuid), the user's locale (accept-language) and, for API-token sessions, the bearer value. The
// transport sits below the state layer, so the store hands it the selector that reads them
// (src/state/requestContext.ts) in the thunk middleware's extra argument, which RTK Query passes
// to the baseQuery as `api.extra`: each store (the app's, a test's, the QA replay sandbox) is read
// on its own, and nothing is kept between calls.

export interface RequestContext {
  /** Sent as x-organization-uuid; nothing is sent when null. */
  organizationUuid: string | null;
  /** Sent as accept-language; en when null. */
  locale: string | null;
  /** A bearer value (API token) that stands in for the session cookie. */
  bearerToken: string | null;
}

export type RequestContextSelector = (state: unknown) => RequestContext;

export const NO_REQUEST_CONTEXT: RequestContext = { organizationUuid: null, locale: null, bearerToken: null };

function isSelector(value: unknown): value is RequestContextSelector {
  return typeof value === 'function';
}

/** The context of the store making the call; a store without a selector sends none. */
export function requestContextOf(extra: unknown, state: unknown): RequestContext {
  if (typeof extra !== 'object' || extra === null || !('requestContext' in extra)) return NO_REQUEST_CONTEXT;
  return isSelector(extra.requestContext) ? extra.requestContext(state) : NO_REQUEST_CONTEXT;
}

/**
 * An event: the transport found the session over (a 401, or no session cookie any more) and has
 * cleared the stored session. The session slice forgets the user; the store resets the API cache.
 * Several calls failing together each report it.
 */
export const sessionLost = createAction('transport/sessionLost');
