import { parseDuration } from '../../domain/duration';
import type { SettingsSchema } from '../../domain/settingsSchema';
import { isRecord } from '../collectors/settingsRules';

// The settings of a calculation (DOMAIN.md §2): the MeasurementSettingsSchema of every calculation
// collector. This constant is the one source of truth: the server writes it into the system
// calculation collectors when it makes them and at every start (collectors/defaults.ts).
//
// The settings module (domain/settingsModule.ts) checks `type`, `enum`, `minimum` and `maximum`
// only, so the schema says what it can (the type of each key, Type's values) and
// checkCalculationSettings below checks the rest in code: the shape of the inputs, their aliases,
// the input count per type, the interval's format and the script's length.

export const CALCULATION_TYPES = ['raw', 'sampled', 'simulation'] as const;
export type CalculationType = (typeof CALCULATION_TYPES)[number];

/** SPEC §3: the aggregations of sampled data. */
export const AGGREGATIONS = ['count', 'integral', 'mean', 'median', 'mode', 'spread', 'stddev', 'sum', 'first', 'last', 'max', 'min'] as const;

export const SCRIPT_MAX = 20_000;
export const INPUTS_MAX = 50;
// The sandbox reads an input as `_<alias>`, so an alias starts with a letter (sandbox/sandbox.ts).
const ALIAS = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** One interval at most a day, at least a second. */
const INTERVAL_MIN_MS = 1_000;
const INTERVAL_MAX_MS = 86_400_000;

export const CALCULATION_SETTINGS_SCHEMA: SettingsSchema = {
  type: 'object',
  'x-i18n': 'calculations.settings',
  properties: {
    Type: { type: 'string', title: 'Type', enum: [...CALCULATION_TYPES], default: 'sampled', order: 1 },
    Interval: { type: 'string', title: 'Interval', description: 'For sampled and simulation calculations, e.g. 1m', examples: ['1m'], order: 2 },
    IntervalOffset: { type: 'integer', title: 'Interval offset (s)', minimum: 0, maximum: 86_400, default: 0, order: 3 },
    EvaluateInsufficientData: { type: 'boolean', title: 'Evaluate with missing inputs', default: false, order: 4 },
    Inputs: { type: 'array', title: 'Inputs', order: 5 },
    Script: { type: 'string', title: 'Script', isMultiLine: true, order: 6 },
  },
  required: ['Type', 'Script'],
};

export interface CalculationInput {
  Alias: string;
  MeasurementUUID: string;
  Aggregation?: string;
  DefaultValue?: unknown;
}

/** An input as saved; a raw or simulation input carries no Aggregation. */
export function inputsOf(settings: Record<string, unknown>): CalculationInput[] {
  const inputs = Array.isArray(settings.Inputs) ? settings.Inputs : [];
  return inputs.filter(isRecord).flatMap((input) =>
    typeof input.MeasurementUUID === 'string' && UUID.test(input.MeasurementUUID)
      ? [{ Alias: String(input.Alias ?? ''), MeasurementUUID: input.MeasurementUUID, Aggregation: typeof input.Aggregation === 'string' ? input.Aggregation : undefined, DefaultValue: input.DefaultValue }]
      : [],
  );
}

export interface CalculationSettingsError {
  field: string;
  message: string;
  code: string;
}

/**
 * What the schema cannot say about a calculation's settings, by field path (Settings.Interval,
 * Settings.Inputs.<i>.Alias, …). Whether the inputs exist and form no cycle needs the database:
 * calculationRules.ts.
 */
export function checkCalculationSettings(settings: Record<string, unknown>): CalculationSettingsError[] {
  const errors: CalculationSettingsError[] = [];
  const fail = (field: string, message: string, code = 'calculations.errors.invalid_settings') => errors.push({ field, message, code });
  const type = CALCULATION_TYPES.find((t) => t === settings.Type);
  if (!type) return errors; // the schema's enum has said so

  if (type !== 'raw') {
    const ms = typeof settings.Interval === 'string' ? parseDuration(settings.Interval) : undefined;
    if (ms === undefined || ms < INTERVAL_MIN_MS || ms > INTERVAL_MAX_MS) fail('Settings.Interval', 'must be a duration from 1s to 1d, e.g. 1m', 'calculations.errors.interval');
  }
  if (typeof settings.Script === 'string' && settings.Script.length > SCRIPT_MAX) fail('Settings.Script', `must be at most ${SCRIPT_MAX} characters`, 'calculations.errors.script_too_long');

  const inputs = settings.Inputs === undefined ? [] : settings.Inputs;
  if (!Array.isArray(inputs)) return errors;
  const count = inputs.length;
  if (type === 'raw' && count !== 1) fail('Settings.Inputs', 'a raw calculation has exactly one input', 'calculations.errors.raw_inputs');
  if (type === 'sampled' && count < 1) fail('Settings.Inputs', 'a sampled calculation has at least one input', 'calculations.errors.sampled_inputs');
  if (type === 'simulation' && count > 0) fail('Settings.Inputs', 'a simulation calculation has no inputs', 'calculations.errors.simulation_inputs');
  if (count > INPUTS_MAX) fail('Settings.Inputs', `must hold at most ${INPUTS_MAX} inputs`, 'calculations.errors.too_many_inputs');

  const aliases = new Set<string>();
  inputs.forEach((input: unknown, index) => {
    const at = `Settings.Inputs.${index}`;
    if (!isRecord(input)) return fail(at, 'must be an object');
    const known = ['Alias', 'MeasurementUUID', 'Aggregation', 'DefaultValue'];
    for (const key of Object.keys(input)) if (!known.includes(key)) fail(`${at}.${key}`, 'is not a field of an input');
    const alias = input.Alias;
    if (typeof alias !== 'string' || !ALIAS.test(alias)) fail(`${at}.Alias`, 'must be an identifier: a letter, then letters, digits or _', 'calculations.errors.alias');
    else if (aliases.has(alias)) fail(`${at}.Alias`, `is used by another input: ${alias}`, 'calculations.errors.alias_taken');
    else aliases.add(alias);
    if (typeof input.MeasurementUUID !== 'string' || !UUID.test(input.MeasurementUUID)) fail(`${at}.MeasurementUUID`, 'must be the UUID of a measurement', 'calculations.errors.input_not_found');
    if (type === 'sampled') {
      if (!AGGREGATIONS.some((a) => a === input.Aggregation)) fail(`${at}.Aggregation`, `must be one of ${AGGREGATIONS.join(', ')}`, 'calculations.errors.aggregation');
    } else if (input.Aggregation !== undefined) fail(`${at}.Aggregation`, 'is for sampled calculations only', 'calculations.errors.aggregation');
    const fallback = input.DefaultValue;
    if (fallback !== undefined && fallback !== null && !['number', 'string', 'boolean'].includes(typeof fallback)) fail(`${at}.DefaultValue`, 'must be a number, text or boolean');
  });
  return errors;
}
