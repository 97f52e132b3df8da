import { initialRootState, makeStore, rootReducer, type AppStore, type RootState } from '../../app/store';
// RTK Query's reducer reads the definition of every endpoint a recording calls.
import '../../api/areas/all';
import { isHistorianError } from '../../api/transport/errors';
import { createReplayResponder, type ReplayAnswer, type ReplayRequest } from '../../api/transport/replay';
import type { JsonObject, JsonValue, Recording } from '../../lib/recording/recordingFormat';
import { hasSlicesOf, replayStepShown, withReplayedState } from '../../state/recorder/replayState';

// One loaded recording: the state at every step (computed once, through the same root reducer the
// live store used), the route of each step, and a sandbox store whose network calls are answered
// from the recorded responses. Step k is the state after the k-th action; step 0 is the initial state.

export interface ReplaySession {
  recording: Recording;
  store: AppStore;
  /** Number of actions; steps run from 0 to this. */
  stepCount: number;
  stateAt(step: number): RootState;
  /** The reducer's error on the action of this step, if it threw. */
  errorAt(step: number): string | null;
  routeAt(step: number): string;
  /** Puts the sandbox store on this step. */
  show(step: number): void;
}

const API_OUTCOME = /^api\/(executeQuery|executeMutation)\/(fulfilled|rejected)$/;

export function createReplaySession(recording: Recording): ReplaySession {
  const states: RootState[] = [completeState(recording.initialState)];
  const errors: (string | null)[] = [null];
  for (const { action } of recording.actions) {
    const previous = states[states.length - 1];
    try {
      states.push(rootReducer(previous, action));
      errors.push(null);
    } catch (error) {
      states.push(previous);
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }

  const outcomes = indexOutcomes(recording);
  let shown = 0;
  let waiting: { step: number; deliver: () => void }[] = [];
  // The answer the live app got for this call: the first one recorded after the step on screen,
  // delivered when the replay reaches the step where it arrived (until then the page shows what the
  // user saw: loading); else, with nothing recorded later, the latest one before, at once.
  const responder = createReplayResponder((request) => {
    const candidates = candidatesFor(outcomes, request);
    const next = candidates.find((outcome) => outcome.step > shown);
    if (!next) return candidates[candidates.length - 1]?.answer;
    return new Promise<ReplayAnswer>((resolve) => waiting.push({ step: next.step, deliver: () => resolve(next.answer) }));
  });
  const store = makeStore(undefined, { replay: { responder, withReplayedState } });
  const clamp = (step: number) => Math.min(Math.max(0, Math.trunc(step)), recording.actions.length);

  const session: ReplaySession = {
    recording,
    store,
    stepCount: recording.actions.length,
    stateAt: (step) => states[clamp(step)],
    errorAt: (step) => errors[clamp(step)],
    routeAt: (step) => states[clamp(step)].recorder.route ?? '/',
    show: (step) => {
      shown = clamp(step);
      store.dispatch(replayStepShown(states[shown]));
      const due = waiting.filter((waiter) => waiter.step <= shown);
      waiting = waiting.filter((waiter) => waiter.step > shown);
      due.forEach((waiter) => waiter.deliver());
    },
  };
  session.show(0);
  return session;
}

/**
 * The recorded state with every slice the current app has: a slice an older version did not have
 * starts fresh, and one the app no longer has is left out.
 */
function completeState(recorded: JsonObject): RootState {
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(initialRootState)) merged[key] = recorded[key] ?? Reflect.get(initialRootState, key);
  return hasSlicesOf(merged, initialRootState) ? merged : initialRootState;
}

interface Outcome {
  step: number;
  answer: ReplayAnswer;
}

interface OutcomeIndex {
  byCacheKey: Map<string, Outcome[]>;
  byRequest: Map<string, Outcome[]>;
}

const requestKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Every answer the live app had: the API cache of the initial state (a recording started after
 * sign-in begins with the pages' data already there), then RTK Query's fulfilled (and
 * rejected-with-value) actions.
 */
function indexOutcomes(recording: Recording): OutcomeIndex {
  const index: OutcomeIndex = { byCacheKey: new Map(), byRequest: new Map() };
  const add = (map: Map<string, Outcome[]>, key: string, outcome: Outcome) => map.set(key, [...(map.get(key) ?? []), outcome]);
  const cached = member(member(recording.initialState, 'api'), 'queries');
  if (typeof cached === 'object' && cached !== null && !Array.isArray(cached)) {
    for (const [cacheKey, entry] of Object.entries(cached)) {
      if (member(entry, 'status') === 'fulfilled') add(index.byCacheKey, cacheKey, { step: 0, answer: { data: member(entry, 'data') ?? null } });
    }
  }
  recording.actions.forEach(({ action }, i) => {
    const match = API_OUTCOME.exec(action.type);
    if (!match) return;
    const meta = member(action, 'meta');
    const answer = answerOf(match[2] === 'fulfilled', action.payload, meta);
    if (!answer) return;
    const outcome = { step: i + 1, answer };
    const cacheKey = member(member(meta, 'arg'), 'queryCacheKey');
    if (typeof cacheKey === 'string') add(index.byCacheKey, cacheKey, outcome);
    const request = member(member(meta, 'baseQueryMeta'), 'request');
    const method = member(request, 'method');
    const url = member(request, 'url');
    if (typeof method === 'string' && typeof url === 'string') add(index.byRequest, requestKey(method, url), outcome);
  });
  return index;
}

function answerOf(fulfilled: boolean, payload: JsonValue | undefined, meta: JsonValue | undefined): ReplayAnswer | null {
  if (fulfilled) {
    const totalCount = member(member(meta, 'baseQueryMeta'), 'totalCount');
    return { data: payload ?? null, totalCount: typeof totalCount === 'number' ? totalCount : undefined };
  }
  // A rejection without a value was thrown or aborted in the client; the server never answered.
  return member(meta, 'rejectedWithValue') === true && isHistorianError(payload) ? { error: payload } : null;
}

function candidatesFor(index: OutcomeIndex, request: ReplayRequest): Outcome[] {
  return (
    (request.queryCacheKey ? index.byCacheKey.get(request.queryCacheKey) : undefined) ??
    index.byRequest.get(requestKey(request.method, request.url)) ??
    []
  );
}

function member(value: JsonValue | undefined, key: string): JsonValue | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value[key] : undefined;
}
