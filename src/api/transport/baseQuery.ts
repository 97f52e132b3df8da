import type { BaseQueryApi, BaseQueryFn, QueryReturnValue } from '@reduxjs/toolkit/query';
import { API_BASE_PATH } from '../../../domain/constants';
import {
  abortedError,
  configurationError,
  type HistorianError,
  httpError,
  networkError,
  notLoggedInError,
  parseError,
  problemError,
  type RequestSummary,
  timeoutError,
} from './errors';
import { withStack } from './errorStack';
import { prepareRequest } from './prepareRequest';
import { secretValuesOf } from './redact';
import { replayResponderOf } from './replay';
import { createRequestRegistry } from './requestIds';
import { bodyFormat, headersToObject, readBody, readErrorBody, readTotalCount } from './response';
import { hasSession, isPublicEndpoint, readXsrfToken } from './session';
import { clearStorageExceptOrganization, isRouteWithin, rememberRoute } from './sessionStorage';
import { currentRoute, navigateTo } from './location';
import { requestContextOf, sessionLost } from './requestContext';
import type { HistorianArgs, HistorianMeta, Paginated } from './types';

export const DEFAULT_TIMEOUT_MS = 30_000;
const LOGIN_ROUTE = '/login';
/** Routes where a 401 is an answer to show (wrong password, old password) rather than a lost session. */
const ROUTES_KEEPING_401 = [LOGIN_ROUTE, '/profile'];

export interface HistorianBaseQueryOptions {
  /** Prefix of every path; default '/api'. */
  basePath?: string;
  defaultTimeoutMs?: number;
  /** Resolved per call by default, so that test interceptors installed later are used. */
  fetchFn?: typeof fetch;
}

// {} is RTK's own default for a base query's extra options.
export type HistorianBaseQuery = BaseQueryFn<HistorianArgs | string, unknown, HistorianError, {}, HistorianMeta>;
type Result = QueryReturnValue<unknown, HistorianError, HistorianMeta>;
type AbortCause = 'timeout' | 'superseded' | 'cancelled';

/**
 * The single transport of the app (SPEC §7, §8). Errors are returned, never thrown. One deliberate
 * exception to "every failure is an error": a 401 outside /login and /profile sends the user to
 * /login and resolves as `{ data: undefined, meta: { unauthorized: true } }`, because the login
 * page, not a toast, is the answer to a lost session.
 */
export function createHistorianBaseQuery(options: HistorianBaseQueryOptions = {}): HistorianBaseQuery {
  const basePath = options.basePath ?? API_BASE_PATH;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchFn: typeof fetch = options.fetchFn ?? ((input, init) => fetch(input, init));
  const registry = createRequestRegistry();

  const send: HistorianBaseQuery = async (rawArgs, api) => {
    const args: HistorianArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
    // Read from the store that makes the call (src/state/requestContext.ts), at the call.
    const context = requestContextOf(api.extra, api.getState());
    const bearerToken = context.bearerToken;
    // Taken at the start: when several calls fail with 401 together, the first one moves the app to
    // /login, and the later ones must still be treated as calls made from the original route.
    const route = currentRoute();
    const { url, init, summary } = await prepareRequest(basePath, args, context);
    const meta: HistorianMeta = { request: { method: summary.method, url } };

    // A QA replay store answers from its recording before any rule that could send or redirect.
    const replay = replayResponderOf(api.extra);
    if (replay) {
      const request = { endpoint: api.endpoint, type: api.type, queryCacheKey: api.queryCacheKey, method: summary.method, url };
      return replay.answer(request, summary);
    }
    if (!basePath) return { error: configurationError(summary), meta };
    if (!isPublicEndpoint(args.url) && !hasSession(bearerToken)) {
      // The cookies are gone (browser restarted, cookies cleared) while a stored session may
      // remain: that session is over too, or the shell and the login page would send the user to
      // each other for ever.
      if (!isRouteWithin(route, LOGIN_ROUTE)) endSession(api.dispatch, route);
      return { error: notLoggedInError(summary), meta };
    }

    const controller = new AbortController();
    const aborted: { cause: AbortCause | null } = { cause: null };
    const abort = (cause: AbortCause) => {
      if (controller.signal.aborted) return;
      aborted.cause = cause;
      controller.abort();
    };
    const onCallerAbort = () => abort('cancelled');
    api.signal.addEventListener('abort', onCallerAbort);
    if (api.signal.aborted) abort('cancelled');
    const timer = setTimeout(() => abort('timeout'), args.timeoutMs ?? defaultTimeoutMs);
    const release = args.requestId ? registry.claim(args.requestId, () => abort('superseded')) : () => {};

    try {
      const response = await fetchFn(url, { ...init, signal: controller.signal });
      // The body is read inside the same try, so a timeout or abort also covers a slow download.
      const result = await interpret(response, { ...meta, response }, args, summary, api.dispatch, route);
      // Superseded while the answer was already complete: its data must still not be delivered.
      if (aborted.cause === 'superseded') return { error: abortedError(summary, aborted.cause), meta };
      return result;
    } catch (cause) {
      if (aborted.cause === 'timeout') return { error: timeoutError(summary), meta };
      if (aborted.cause) return { error: abortedError(summary, aborted.cause), meta };
      return { error: networkError(summary, cause), meta };
    } finally {
      clearTimeout(timer);
      api.signal.removeEventListener('abort', onCallerAbort);
      release();
    }
  };

  return async (rawArgs, api, extraOptions) => {
    const result = await send(rawArgs, api, extraOptions);
    // A replayed answer is shown as it was recorded.
    if (!result.error || replayResponderOf(api.extra)) return result;
    // Made here, where the call is known to have failed: the client-side half of its stack trace.
    const trace = new Error(result.error.message);
    const body = typeof rawArgs === 'string' ? undefined : rawArgs.body;
    const secrets = [...secretValuesOf(body), readXsrfToken(), requestContextOf(api.extra, api.getState()).bearerToken];
    return { ...result, error: withStack(result.error, trace, secrets) };
  };
}

/** The instance `baseApi.ts` uses. */
export const historianBaseQuery = createHistorianBaseQuery();

async function interpret(
  response: Response,
  responseMeta: HistorianMeta,
  args: HistorianArgs,
  summary: RequestSummary,
  dispatch: BaseQueryApi['dispatch'],
  route: string,
): Promise<Result> {
  const totalCount = readTotalCount(response.headers);
  const meta: HistorianMeta = totalCount === undefined ? responseMeta : { ...responseMeta, totalCount };
  const format = bodyFormat(response.headers.get('content-type'));

  if (response.status === 401 && !ROUTES_KEEPING_401.some((base) => isRouteWithin(route, base))) {
    endSession(dispatch, route);
    return { data: undefined, meta: { ...meta, unauthorized: true } };
  }
  if (format === 'problem') {
    const body = await readErrorBody(response, format);
    return { error: problemError(response.status, response.statusText, body, summary), meta };
  }
  if (!response.ok) {
    const body = await readErrorBody(response, format);
    return { error: httpError(response.status, response.statusText, body, summary), meta };
  }
  if (summary.method === 'HEAD') return { data: headersToObject(response.headers), meta };
  if (response.status === 204) return { data: args.paginated ? paginated(null, totalCount) : null, meta };

  if (args.responseHandler) {
    try {
      const value = await args.responseHandler(response);
      return { data: args.paginated ? paginated(value, totalCount) : value, meta };
    } catch (cause) {
      // An abort while reading the body is the caller's to report, not a parse error.
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      return { error: parseError(response.status, cause instanceof Error ? cause.message : String(cause), summary), meta };
    }
  }
  const parsed = await readBody(response, format);
  if (!parsed.ok) return { error: parseError(response.status, parsed.raw, summary), meta };
  return { data: args.paginated ? paginated(parsed.value, totalCount) : parsed.value, meta };
}

/** A body that is not a list (e.g. 204) counts as no items. */
function paginated(value: unknown, totalCount: number | undefined): Paginated {
  const items: unknown[] = Array.isArray(value) ? value : [];
  return { items, totalCount: totalCount ?? items.length };
}

/**
 * A lost session (401, or no session cookie any more): the stored session goes with everything but
 * the organization, the route is remembered, the app resets its in-memory session and shows /login.
 */
function endSession(dispatch: BaseQueryApi['dispatch'], route: string): void {
  clearStorageExceptOrganization();
  rememberRoute(route);
  dispatch(sessionLost());
  navigateTo(LOGIN_ROUTE);
}
