import { isAction, type Middleware } from '@reduxjs/toolkit';
import type { RecorderEngine, RecorderWindow } from './recorderEngine';
import { recorderToggled } from './recorderSlice';

// The QA recorder middleware (README "QA: record and replay"). This part ships on the sign-in route and stays small: off,
// it costs one boolean check per action. The engine that redacts and keeps (recorderEngine.ts, with
// the memory bound explained there) loads when recording starts. Until it has arrived (a chunk load,
// milliseconds) the actions are only queued by reference next to the live state they came from,
// which the store itself holds anyway; nothing is exported before the engine has redacted them.

/**
 * Never recorded: redux-persist's own bookkeeping (REGISTER carries functions; the app's state is
 * whole again by the time recording starts), and RTK Query's subscription and registration sync,
 * which the replay sandbox owns for itself.
 */
const IGNORED_TYPE_PREFIXES = ['persist/', 'api/internalSubscriptions/', 'api/config/'];

/** Starts an engine from the live state at `startedAt` (createRecorderEngine with the store's settings). */
export type RecorderEngineFactory = (state: unknown, startedAt: number) => RecorderEngine;

export interface RecorderOptions {
  /** Loads recorderEngine.ts, so that the sign-in route does not carry it. */
  loadEngine: () => Promise<RecorderEngineFactory>;
  now?: () => number;
}

export interface Recorder {
  readonly middleware: Middleware;
  isRecording(): boolean;
  /** Resolves once everything dispatched so far is in the window (the engine has loaded). */
  ready(): Promise<void>;
  /** What is held now; null while not recording or before ready(). */
  window(): RecorderWindow | null;
}

interface Pending {
  at: number;
  action: unknown;
  state: unknown;
}

export function createRecorder(options: RecorderOptions): Recorder {
  const now = options.now ?? Date.now;
  let active = false;
  let engine: RecorderEngine | null = null;
  let pending: Pending[] = [];
  let loading: Promise<void> = Promise.resolve();
  /** Counts starts and stops, so that an engine arriving for an earlier recording is dropped. */
  let generation = 0;

  const end = () => {
    active = false;
    engine = null;
    pending = [];
    generation += 1;
  };

  const begin = (state: unknown, switchOff: () => void) => {
    end();
    active = true;
    const startedAt = now();
    const mine = generation;
    loading = options
      .loadEngine()
      .then((createEngine) => {
        if (mine !== generation) return;
        const created = createEngine(state, startedAt);
        for (const entry of pending) created.record(entry.at, entry.action, entry.state);
        pending = [];
        engine = created;
      })
      .catch(() => {
        // Without its engine (a chunk that failed to load) the recorder cannot keep anything.
        if (mine === generation) switchOff();
      });
  };

  const middleware: Middleware = (api) => (next) => (action) => {
    if (!active) {
      const result = next(action);
      if (recorderToggled.match(action) && action.payload) begin(api.getState(), () => api.dispatch(recorderToggled(false)));
      return result;
    }
    const at = now();
    const result = next(action);
    if (recorderToggled.match(action)) {
      if (!action.payload) end();
    } else if (isAction(action) && !IGNORED_TYPE_PREFIXES.some((prefix) => action.type.startsWith(prefix))) {
      if (engine) engine.record(at, action, api.getState());
      else pending.push({ at, action, state: api.getState() });
    }
    return result;
  };

  return {
    middleware,
    isRecording: () => active,
    ready: () => loading,
    window: () => (active && engine ? engine.window() : null),
  };
}
