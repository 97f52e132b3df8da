import { createAction, nanoid, type UnknownAction } from '@reduxjs/toolkit';
import { errorDetailsOf, type ErrorDetails } from './errorDetails';
import { isAbortedError, isHistorianError, type HistorianError } from './transport/errors';

// What the user is told when a call ends (SPEC §2 toasts, §8 messages), per endpoint, once for
// every page that makes the call: each area of the API (src/api/areas) lists its endpoints' outcomes
// and withOutcomes runs `reportOutcome` in their onQueryStarted. Pages keep what else they do (navigate, close a dialog, show field errors).
// A call that ends the session (a 401, answered without an error) and a superseded or cancelled
// call say nothing.

export interface OutcomeToast {
  type: 'success' | 'info' | 'warning' | 'danger';
  messageKey: string;
  values?: Record<string, string | number>;
  details?: ErrorDetails;
}

/** An event: a call ended and the user is told so; the toasts slice (src/state/toasts.ts) shows it. */
export const outcomeReported = createAction('api/outcomeReported', (toast: OutcomeToast) => ({ payload: { ...toast, id: nanoid() } }));

/** What a success message may depend on: the call's argument, its answer and the state before it. */
export interface Call {
  arg: unknown;
  data: unknown;
  before: unknown;
}

export interface EndpointOutcome {
  success?: { messageKey: string } | ((call: Call) => OutcomeToast);
  error?: { messageKey: string };
  /** Failures the page answers itself (a confirmation it asks for, a retry it makes). */
  quiet?: (error: HistorianError, arg: unknown) => boolean;
}

// Reading unknown values without casts: the argument, answer and state come in untyped.
export function member(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const name of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Reflect.get(current, name);
  }
  return current;
}

/** The `code` of a problem+json answer (`events.errors.overlap`), or '' for any other failure. */
export function problemCode(error: unknown): string {
  const code = member(error, 'body', 'code');
  return typeof code === 'string' ? code : '';
}

export const textAt = (value: unknown, ...path: string[]) => {
  const found = member(value, ...path);
  return typeof found === 'string' ? found : '';
};

/** The items of every cached answer of a list query (a list, or a page's `items`), in the state before the call. */
export function cachedItems(state: unknown, endpointName: string): unknown[] {
  const queries = member(state, 'api', 'queries');
  if (typeof queries !== 'object' || queries === null) return [];
  return Object.values(queries).flatMap((entry) => {
    if (member(entry, 'endpointName') !== endpointName) return [];
    const data = member(entry, 'data');
    const items = Array.isArray(data) ? data : member(data, 'items');
    return Array.isArray(items) ? items : [];
  });
}

/** A member of the cached item with this UUID, e.g. the name of a collector being deleted. */
export const cachedText = (state: unknown, endpointName: string, uuid: string, name: string) =>
  textAt(cachedItems(state, endpointName).find((item) => member(item, 'UUID') === uuid), name);

/** The part of RTK Query's lifecycle API that reporting needs. */
export interface OutcomeLifecycle {
  dispatch: (action: UnknownAction) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: unknown; meta?: unknown }>;
}

/** RTK Query rejects queryFulfilled with `{ error }`; a thrown exception comes as it is. */
function errorOf(rejection: unknown): unknown {
  const error = member(rejection, 'error');
  return error === undefined ? rejection : error;
}

/**
 * Superseded or cancelled by the transport, or aborted by RTK Query itself (a reset of the API
 * cache, as a lost session makes, aborts the calls still running).
 */
const isCancelled = (error: unknown) => isAbortedError(error) || member(error, 'name') === 'AbortError';

/** Waits for the call to end and shows its outcome; never rejects. */
export async function reportOutcome(outcome: EndpointOutcome, arg: unknown, { dispatch, getState, queryFulfilled }: OutcomeLifecycle): Promise<void> {
  const before = getState();
  let answer: { data: unknown; meta?: unknown };
  try {
    answer = await queryFulfilled;
  } catch (rejection) {
    const error = errorOf(rejection);
    if (!outcome.error || isCancelled(error) || (isHistorianError(error) && outcome.quiet?.(error, arg))) return;
    dispatch(outcomeReported({ type: 'danger', messageKey: outcome.error.messageKey, details: errorDetailsOf(error) }));
    return;
  }
  // A lost session is answered by the sign-in page, not by a toast.
  if (member(answer.meta, 'unauthorized') === true || !outcome.success) return;
  const toast: OutcomeToast =
    typeof outcome.success === 'function' ? outcome.success({ arg, data: answer.data, before }) : { type: 'success', messageKey: outcome.success.messageKey };
  dispatch(outcomeReported(toast));
}

const isLifecycleHook = (value: unknown): value is (arg: unknown, lifecycle: OutcomeLifecycle) => unknown => typeof value === 'function';

/**
 * Runs reportOutcome in the onQueryStarted of every endpoint of `outcomes`, beside the endpoint's
 * own (a list patch): apply it last.
 */
export function withOutcomes<Api extends { enhanceEndpoints: (options: { endpoints: never }) => unknown }>(api: Api, outcomes: Record<string, EndpointOutcome>): Api {
  const endpoints = Object.fromEntries(
    Object.entries(outcomes).map(([name, outcome]) => [
      name,
      (definition: { onQueryStarted?: unknown }) => {
        const own = definition.onQueryStarted;
        const onQueryStarted = async (arg: unknown, lifecycle: OutcomeLifecycle) => {
          await Promise.all([isLifecycleHook(own) ? own(arg, lifecycle) : undefined, reportOutcome(outcome, arg, lifecycle)]);
        };
        Object.assign(definition, { onQueryStarted });
      },
    ]),
  );
  api.enhanceEndpoints({ endpoints: endpoints as never });
  return api;
}
