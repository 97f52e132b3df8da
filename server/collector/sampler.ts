import type { Build } from './builds';
import type { SimulationSettings } from './simulationSettings';

// The data the simulation collector "gathers": every SampleIntervalMs, one value per signal from
// the running build's sample function. The values stay in memory (the measurements issue sends
// them on); what counts here is that sampling really starts, stops and changes pace.

export interface SamplerState {
  running: boolean;
  samples: number;
  lastSampleAt: number | null;
  lastValues: number[];
}

export function createSampler(now: () => number = Date.now) {
  let timer: NodeJS.Timeout | undefined;
  let settings: SimulationSettings | undefined;
  let build: Build | undefined;
  const state: SamplerState = { running: false, samples: 0, lastSampleAt: null, lastValues: [] };

  const tick = () => {
    if (!settings || !build) return;
    const seconds = now() / 1000;
    const values: number[] = [];
    for (let index = 0; index < settings.signalCount; index += 1) {
      values.push(build.sample(settings.signal, seconds + index, settings.periodSeconds));
    }
    state.lastValues = values;
    state.samples += values.length;
    if (values.length > 0) state.lastSampleAt = now();
  };

  const schedule = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    if (state.running && settings) {
      timer = setInterval(tick, settings.sampleIntervalMs);
      timer.unref();
    }
  };

  return {
    state,
    /** New settings or a new build take effect at once, without stopping the collector. */
    configure(nextSettings: SimulationSettings, nextBuild: Build) {
      const paceChanged = settings?.sampleIntervalMs !== nextSettings.sampleIntervalMs;
      settings = nextSettings;
      build = nextBuild;
      if (paceChanged) schedule();
    },
    start() {
      if (state.running) return;
      state.running = true;
      schedule();
      tick();
    },
    stop() {
      state.running = false;
      schedule();
    },
    /** Something to collect: running with at least one signal. */
    get collecting(): boolean {
      return state.running && (settings?.signalCount ?? 0) > 0;
    },
  };
}

export type Sampler = ReturnType<typeof createSampler>;
