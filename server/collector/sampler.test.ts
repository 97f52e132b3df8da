import type { Build } from './builds';
import { createSampler } from './sampler';
import { readSettings } from './simulationSettings';

// The simulation collector samples every SampleIntervalMs while it runs and not at all once
// stopped (a paused collector collects nothing), on a fake clock.

const build: Build = { version: '1.0.0', sample: () => 1 };
const settings = (SampleIntervalMs: number, SignalCount = 2) => readSettings({ SampleIntervalMs, SignalCount }, {});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the simulation sampler', () => {
  it('samples every signal at once when started, then every SampleIntervalMs', () => {
    const sampler = createSampler();
    sampler.configure(settings(500), build);
    sampler.start();
    expect(sampler.state.samples).toBe(2);
    jest.advanceTimersByTime(499);
    expect(sampler.state.samples).toBe(2);
    jest.advanceTimersByTime(1);
    expect(sampler.state.samples).toBe(4);
  });

  it('takes no samples once stopped, however long it waits', () => {
    const sampler = createSampler();
    sampler.configure(settings(500), build);
    sampler.start();
    jest.advanceTimersByTime(1_000);
    sampler.stop();
    const frozen = sampler.state.samples;
    jest.advanceTimersByTime(60_000);
    expect(sampler.state).toMatchObject({ running: false, samples: frozen });
  });

  it('a new pace takes effect without a restart', () => {
    const sampler = createSampler();
    sampler.configure(settings(1_000, 1), build);
    sampler.start();
    sampler.configure(settings(100, 1), build);
    jest.advanceTimersByTime(1_000);
    expect(sampler.state.samples).toBe(1 + 10);
  });
});
