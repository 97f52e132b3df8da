import { createAction, type Reducer, type UnknownAction } from '@reduxjs/toolkit';

// The QA replay sandbox shows a step by replacing its whole state with the one the recording
// reaches there, rather than dispatching the recorded action: dispatching would also run the
// middleware (refetches, invalidations) and drift from what the user saw, and stepping back needs
// a state anyway.

/** Show this recorded state; only a replay store (makeStore with `replay`) understands it. */
export const replayStepShown = createAction<unknown>('qa/replayStepShown');

/** True when `value` has every top-level slice of `template`, each an object. */
export function hasSlicesOf<S extends object>(value: unknown, template: S): value is S {
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(template).every((key) => {
    const slice: unknown = Reflect.get(value, key);
    return typeof slice === 'object' && slice !== null;
  });
}

interface WithApiBookkeeping {
  api: { subscriptions: unknown; config: unknown };
}

/**
 * The replay store's reducer. RTK Query's subscription and registration bookkeeping stay the
 * sandbox's own: its middleware patches them incrementally and would fail on a foreign copy.
 */
export function withReplayedState<S extends WithApiBookkeeping>(
  reducer: Reducer<S, UnknownAction, Partial<S>>,
  template: S,
): Reducer<S, UnknownAction, Partial<S>> {
  return (state, action) => {
    if (replayStepShown.match(action) && hasSlicesOf(action.payload, template)) {
      const shown = action.payload;
      const own = state?.api ?? template.api;
      return { ...shown, api: { ...shown.api, subscriptions: own.subscriptions, config: own.config } };
    }
    return reducer(state, action);
  };
}
