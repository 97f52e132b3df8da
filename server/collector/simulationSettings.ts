import { isRecord, type JsonMap } from './protocol';

// What the simulation collector registers as its SettingsSchema and MeasurementSettingsSchema
// (SPEC §3), and how it reads its settings: a missing or wrong value falls back to the default,
// since a collector must keep running on settings an older server did not check.

export const COLLECTOR_TYPE = 'simulation';

export const SETTINGS_SCHEMA = {
  type: 'object',
  'x-i18n': 'schemas.collector_simulation',
  required: ['SampleIntervalMs'],
  properties: {
    SampleIntervalMs: {
      type: 'integer',
      title: 'Sample interval (ms)',
      description: 'How often each simulated signal is sampled.',
      minimum: 100,
      maximum: 60000,
      default: 1000,
      order: 1,
    },
    Signal: { type: 'string', title: 'Signal', enum: ['sine', 'ramp', 'random'], default: 'sine', order: 2 },
    SignalCount: {
      type: 'integer',
      title: 'Signals',
      description: 'How many signals to simulate; 0 leaves the collector idle.',
      minimum: 0,
      maximum: 1000,
      default: 1,
      order: 3,
    },
    PeriodSeconds: { type: 'number', title: 'Period (s)', minimum: 1, maximum: 86400, default: 60, order: 4 },
    DeviceKey: {
      type: 'string',
      title: 'Device key',
      description: 'Secret of the simulated device; only the collector receives it.',
      secure: true,
      order: 5,
    },
  },
} as const;

export const SIGNALS = ['sine', 'ramp', 'random', 'square', 'step', 'states'] as const;
export type Signal = (typeof SIGNALS)[number];

/**
 * Per measurement: the signal's shape and pace. Numbers follow Offset + Amplitude · shape + noise;
 * booleans are true in the first half of each period (step; random flips a coin); strings cycle
 * through States, one per Period / count; slices hold three phase-shifted values.
 */
export const MEASUREMENT_SETTINGS_SCHEMA = {
  type: 'object',
  'x-i18n': 'schemas.collector_simulation_measurement',
  required: ['Signal'],
  properties: {
    Signal: { type: 'string', title: 'Signal', enum: SIGNALS, default: 'sine', order: 1 },
    Amplitude: { type: 'number', title: 'Amplitude', default: 1, order: 2 },
    Offset: { type: 'number', title: 'Offset', default: 0, order: 3 },
    PeriodSeconds: { type: 'number', title: 'Period (s)', minimum: 1, maximum: 86400, default: 60, order: 4 },
    Noise: { type: 'number', title: 'Noise', description: 'Random noise added to numbers, up to this much either way.', minimum: 0, default: 0, order: 5 },
    SampleIntervalMs: { type: 'integer', title: 'Sample interval (ms)', minimum: 100, maximum: 3600000, default: 1000, order: 6 },
    States: { type: 'string', title: 'States', description: 'Texts a string measurement cycles through, separated by commas.', default: 'Idle,Running,Stopped', order: 7 },
  },
} as const;

export interface MeasurementSimulation {
  signal: Signal;
  amplitude: number;
  offset: number;
  periodSeconds: number;
  noise: number;
  sampleIntervalMs: number;
  states: string[];
}

/** A measurement's settings, each missing or wrong one replaced by its default. */
export function readMeasurementSettings(settings: JsonMap): MeasurementSimulation {
  const props = MEASUREMENT_SETTINGS_SCHEMA.properties;
  const signal = settings.Signal;
  const finite = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  const states = typeof settings.States === 'string' ? settings.States.split(',').map((state) => state.trim()).filter(Boolean) : [];
  return {
    signal: SIGNALS.find((option) => option === signal) ?? props.Signal.default,
    amplitude: finite(settings.Amplitude, props.Amplitude.default),
    offset: finite(settings.Offset, props.Offset.default),
    periodSeconds: numberIn(settings.PeriodSeconds, props.PeriodSeconds.default, props.PeriodSeconds.minimum, props.PeriodSeconds.maximum),
    noise: numberIn(settings.Noise, props.Noise.default, 0, Number.MAX_VALUE),
    sampleIntervalMs: Math.round(numberIn(settings.SampleIntervalMs, props.SampleIntervalMs.default, props.SampleIntervalMs.minimum, props.SampleIntervalMs.maximum)),
    states: states.length > 0 ? states : props.States.default.split(','),
  };
}

export interface SimulationSettings {
  sampleIntervalMs: number;
  signal: string;
  signalCount: number;
  periodSeconds: number;
  /** Whether a device key was delivered; the key itself is never logged. */
  hasDeviceKey: boolean;
}

function numberIn(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

export function readSettings(settings: JsonMap, secure: JsonMap): SimulationSettings {
  const props = SETTINGS_SCHEMA.properties;
  const signal = settings.Signal;
  return {
    sampleIntervalMs: Math.round(numberIn(settings.SampleIntervalMs, props.SampleIntervalMs.default, props.SampleIntervalMs.minimum, props.SampleIntervalMs.maximum)),
    signal: typeof signal === 'string' && props.Signal.enum.some((option) => option === signal) ? signal : props.Signal.default,
    signalCount: Math.round(numberIn(settings.SignalCount, props.SignalCount.default, props.SignalCount.minimum, props.SignalCount.maximum)),
    periodSeconds: numberIn(settings.PeriodSeconds, props.PeriodSeconds.default, props.PeriodSeconds.minimum, props.PeriodSeconds.maximum),
    hasDeviceKey: typeof secure.DeviceKey === 'string' && secure.DeviceKey !== '',
  };
}

/** For the log: the settings in effect, secrets reduced to whether they are set. */
export function describeSettings(settings: SimulationSettings): string {
  return `SampleIntervalMs=${settings.sampleIntervalMs} Signal=${settings.signal} SignalCount=${settings.signalCount} PeriodSeconds=${settings.periodSeconds} DeviceKey=${settings.hasDeviceKey ? 'set' : 'unset'}`;
}

export const asJsonMap = (value: object): JsonMap => (isRecord(value) ? value : {});
