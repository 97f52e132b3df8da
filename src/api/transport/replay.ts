import type { QueryReturnValue } from '@reduxjs/toolkit/query';
import type { HistorianError, NetworkError, RequestSummary } from './errors';
import type { HistorianMeta } from './types';

// The QA replay sandbox renders the real pages against a store of its own. Their API calls must be
// answered from the recording and never sent: not to the server (the recording may come from
// another site), and not through the session check (which would move the real app to /login).
// configureTransport is global, so the responder travels per store instead: makeStore puts it in
// the thunk middleware's extra argument, which RTK Query hands to the baseQuery as `api.extra`.

/** What the baseQuery knows about a call when it asks the responder. */
export interface ReplayRequest {
  endpoint: string;
  type: 'query' | 'mutation';
  /** Queries only: RTK Query's cache key, `endpointName(serialized args)`. */
  queryCacheKey?: string;
  method: string;
  /** As sent, base path and query string included, e.g. '/api/table_setting/?id=collectors'. */
  url: string;
}

export type ReplayAnswer = { data: unknown; totalCount?: number } | { error: HistorianError };

type Result = QueryReturnValue<unknown, HistorianError, HistorianMeta>;

/** What a replay store puts in `extra.replay`; createReplayResponder builds one from a lookup. */
export interface ReplayResponder {
  answer(request: ReplayRequest, summary: RequestSummary): Promise<Result>;
}

/**
 * A responder answering from `lookup`, which may hold an answer back (a promise) until the replay
 * reaches the step where the live app received it. A call it has no answer for fails unsent.
 */
export function createReplayResponder(
  lookup: (request: ReplayRequest) => ReplayAnswer | undefined | Promise<ReplayAnswer | undefined>,
): ReplayResponder {
  return {
    async answer(request, summary) {
      const meta: HistorianMeta = { request: { method: request.method, url: request.url } };
      const found = await lookup(request);
      if (!found) return { error: notRecordedError(summary), meta };
      if ('error' in found) return { error: found.error, meta };
      return { data: found.data, meta: found.totalCount === undefined ? meta : { ...meta, totalCount: found.totalCount } };
    },
  };
}

/** The responder of a replay store, or null for every ordinary store. */
export function replayResponderOf(extra: unknown): ReplayResponder | null {
  if (typeof extra !== 'object' || extra === null || !('replay' in extra)) return null;
  return isReplayResponder(extra.replay) ? extra.replay : null;
}

function isReplayResponder(value: unknown): value is ReplayResponder {
  return typeof value === 'object' && value !== null && 'answer' in value && typeof value.answer === 'function';
}

export const NOT_RECORDED_CAUSE = 'QA replay: this call is not in the recording, so nothing was sent.';

/** A call the recording has no answer for fails like an unreachable server, saying why. */
export function notRecordedError(request: RequestSummary): NetworkError {
  return {
    kind: 'network',
    code: 'NETWORK_ERROR',
    message: `Not in the recording: ${request.method} ${request.url}`,
    cause: NOT_RECORDED_CAUSE,
    request,
  };
}
