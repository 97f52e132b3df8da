import { formatError } from '../../domain/formatErrors';
import type { SchemaErrorKey } from '../../domain/schemaValidation';
import { isProblemError } from './transport/errors';

// The `errors` of a problem+json answer, keyed by field path, as messages a form can translate.
// The server writes ajv's English sentences for values the contract refuses ("must NOT have fewer
// than 1 characters"), a few short phrases of its own, and translation keys for the rules both
// sides share (settings). Each becomes a key written out here; a phrase no rule knows is the
// server's own reason and is shown as it came (the server answers in the Accept-Language).

/** The server's code for a stored secret that must be typed in again (server/routes/storedSecrets.ts). */
export const SECRET_REENTRY_CODE = 'form.errors.secret_reentry';

export type FieldMessage = { messageKey: FieldMessageKey; values?: Record<string, string | number> } | { text: string };

/** The schema checks' keys (domain/schemaValidation.ts) and those only the server's answers carry. */
export type FieldMessageKey =
  | SchemaErrorKey
  | 'general.passwords_must_be_equal'
  | 'form.errors.in_use'
  | 'form.errors.secret_reentry'
  | 'users.errors.default_password'
  | 'organizations.errors.postgres_user'
  | 'settings.errors.required'
  | 'settings.errors.duration'
  | 'settings.errors.port'
  | 'settings.errors.url'
  | 'settings.errors.boolean'
  | 'settings.errors.unknown'
  | 'settings.errors.license_token'
  | 'settings.errors.root_only'
  | 'settings.errors.rename'
  | 'settings.errors.move'
  | TimeseriesQueryErrorKey
  | CalculationErrorKey;

/** The calculation rules' keys (server/calculations/calculationSettings.ts, calculationRules.ts). */
type CalculationErrorKey =
  | 'calculations.errors.interval'
  | 'calculations.errors.raw_inputs'
  | 'calculations.errors.sampled_inputs'
  | 'calculations.errors.simulation_inputs'
  | 'calculations.errors.too_many_inputs'
  | 'calculations.errors.alias'
  | 'calculations.errors.alias_taken'
  | 'calculations.errors.input_not_found'
  | 'calculations.errors.aggregation'
  | 'calculations.errors.cycle_of';

/** The time-series query's own rules (server/timeseries/query/request.ts), sent as their keys. */
const TIMESERIES_QUERY_ERROR_KEYS = [
  'timeseries.errors.time',
  'timeseries.errors.time_range',
  'timeseries.errors.end_before_start',
  'timeseries.errors.raw_span',
  'timeseries.errors.period',
  'timeseries.errors.too_many_windows',
  'timeseries.errors.duplicate_measurement',
  'timeseries.errors.changes_only_aggregated',
] as const;
type TimeseriesQueryErrorKey = (typeof TIMESERIES_QUERY_ERROR_KEYS)[number];

/** Messages the server sends as they are, keys of the shared rules included. */
const EXACT: readonly { message: string; messageKey: FieldMessageKey }[] = [
  { message: 'is required', messageKey: 'general.required' },
  { message: 'is already in use', messageKey: 'form.errors.in_use' },
  { message: 'must be equal to one of the allowed values', messageKey: 'form.errors.enum' },
  { message: 'general.passwords_must_be_equal', messageKey: 'general.passwords_must_be_equal' },
  { message: 'users.errors.default_password', messageKey: 'users.errors.default_password' },
  { message: 'settings.errors.required', messageKey: 'settings.errors.required' },
  { message: 'settings.errors.duration', messageKey: 'settings.errors.duration' },
  { message: 'settings.errors.port', messageKey: 'settings.errors.port' },
  { message: 'settings.errors.url', messageKey: 'settings.errors.url' },
  { message: 'settings.errors.boolean', messageKey: 'settings.errors.boolean' },
  { message: 'settings.errors.unknown', messageKey: 'settings.errors.unknown' },
  { message: 'settings.errors.license_token', messageKey: 'settings.errors.license_token' },
  { message: 'settings.errors.root_only', messageKey: 'settings.errors.root_only' },
  { message: 'settings.errors.rename', messageKey: 'settings.errors.rename' },
  { message: 'settings.errors.move', messageKey: 'settings.errors.move' },
  ...TIMESERIES_QUERY_ERROR_KEYS.map((key) => ({ message: key, messageKey: key })),
  // The calculation rules' phrases (server/calculations/calculationSettings.ts, calculationRules.ts).
  { message: 'must be a duration from 1s to 1d, e.g. 1m', messageKey: 'calculations.errors.interval' },
  { message: 'a raw calculation has exactly one input', messageKey: 'calculations.errors.raw_inputs' },
  { message: 'a sampled calculation has at least one input', messageKey: 'calculations.errors.sampled_inputs' },
  { message: 'a simulation calculation has no inputs', messageKey: 'calculations.errors.simulation_inputs' },
  { message: 'must be an identifier: a letter, then letters, digits or _', messageKey: 'calculations.errors.alias' },
  { message: 'must be the UUID of a measurement', messageKey: 'calculations.errors.input_not_found' },
  { message: 'is not a measurement of this organization', messageKey: 'calculations.errors.input_not_found' },
  { message: 'is for sampled calculations only', messageKey: 'calculations.errors.aggregation' },
];

const toFieldMessage = ({ key, values }: { key: SchemaErrorKey; values: Record<string, string | number> }): FieldMessage =>
  Object.keys(values).length > 0 ? { messageKey: key, values } : { messageKey: key };

/** ajv's default English messages (ajv/lib/vocabularies), by keyword, and the server's phrases worded like them. */
const VALIDATOR: readonly { pattern: RegExp; message: (match: RegExpExecArray) => FieldMessage }[] = [
  { pattern: /^must have required property '.*'$/, message: () => ({ messageKey: 'general.required' }) },
  { pattern: /^must NOT have fewer than (\d+) (?:characters|items)$/, message: (m) => ({ messageKey: 'form.errors.min_length', values: { count: Number(m[1]) } }) },
  { pattern: /^must NOT have more than (\d+) (?:characters|items)$/, message: (m) => ({ messageKey: 'form.errors.max_length', values: { count: Number(m[1]) } }) },
  { pattern: /^must be >=? (\S+)$/, message: (m) => ({ messageKey: 'form.errors.minimum', values: { limit: m[1] } }) },
  { pattern: /^must be <=? (\S+)$/, message: (m) => ({ messageKey: 'form.errors.maximum', values: { limit: m[1] } }) },
  { pattern: /^must be ((?:string|number|integer|boolean|object|array|null)(?:,(?:string|number|integer|boolean|object|array|null))*)$/, message: (m) => ({ messageKey: 'form.errors.type', values: { type: m[1] } }) },
  { pattern: /^must match pattern /, message: () => ({ messageKey: 'form.errors.pattern' }) },
  { pattern: /^must match format "(.+)"$/, message: (m) => toFieldMessage(formatError(m[1])) },
  // The calculation rules' phrases that name something.
  { pattern: /^must be at most (\d+) characters$/, message: (m) => ({ messageKey: 'form.errors.max_length', values: { count: Number(m[1]) } }) },
  { pattern: /^must hold at most \d+ inputs$/, message: () => ({ messageKey: 'calculations.errors.too_many_inputs' }) },
  { pattern: /^is used by another input: /, message: () => ({ messageKey: 'calculations.errors.alias_taken' }) },
  { pattern: /^must be one of count, /, message: () => ({ messageKey: 'calculations.errors.aggregation' }) },
  { pattern: /^form a cycle: (.+)$/, message: (m) => ({ messageKey: 'calculations.errors.cycle_of', values: { names: m[1] } }) },
  // The server's own rules worded like ajv's.
  { pattern: /^must have at least (\d+) characters$/, message: (m) => ({ messageKey: 'form.errors.min_length', values: { count: Number(m[1]) } }) },
  { pattern: /^must be lower-case letters, digits and _/, message: () => ({ messageKey: 'organizations.errors.postgres_user' }) },
  { pattern: /^must be a UUID$/, message: () => toFieldMessage(formatError('uuid')) },
  // Any other keyword's sentence ("must NOT have additional properties", "must be multiple of 2").
  { pattern: /^must /, message: () => ({ messageKey: 'form.errors.invalid' }) },
];

export function fieldMessageOf(message: string): FieldMessage {
  const exact = EXACT.find((known) => known.message === message);
  if (exact) return { messageKey: exact.messageKey };
  for (const rule of VALIDATOR) {
    const match = rule.pattern.exec(message);
    if (match) return rule.message(match);
  }
  return { text: message };
}

/**
 * The field errors of a failed call, for the fields a form shows. A stored secret the server wants
 * typed in again (ARCHITECTURE "Security model") gets the re-entry text on its field.
 */
export function problemFieldMessages(error: unknown, fields: readonly string[]): Record<string, FieldMessage[]> {
  if (!isProblemError(error)) return {};
  const reentry = error.body.code === SECRET_REENTRY_CODE;
  const found: Record<string, FieldMessage[]> = {};
  for (const [path, messages] of Object.entries(error.body.errors ?? {})) {
    if (!fields.includes(path) || !Array.isArray(messages)) continue;
    if (reentry && path.startsWith('SecureSettings.')) {
      found[path] = [{ messageKey: 'form.errors.secret_reentry' }];
      continue;
    }
    found[path] = messages.filter((message): message is string => typeof message === 'string').map(fieldMessageOf);
  }
  return found;
}
