import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajv } from '../../../domain/ajv';
import { migrateV0, type RecordingV0 } from './migrateRecording';
import { CURRENT_FORMAT_VERSION, type Recording } from './recordingFormat';
import schemaV1 from './recordingSchema.json';
import schemaV0 from './recordingSchemaV0.json';

// Reads a recording file: JSON, then the format version (older ones migrated, newer ones refused),
// then the published JSON schema. Every problem names where it is, as a path a person can find in
// the file (`actions[3].t`), with a translation key written out in full.

export type RecordingProblemKey =
  | 'qa.validation.not_json'
  | 'qa.validation.not_object'
  | 'qa.validation.no_version'
  | 'qa.validation.bad_version'
  | 'qa.validation.future_version'
  | 'qa.validation.required'
  | 'qa.validation.type_number'
  | 'qa.validation.type_integer'
  | 'qa.validation.type_string'
  | 'qa.validation.type_boolean'
  | 'qa.validation.type_object'
  | 'qa.validation.type_array'
  | 'qa.validation.type_object_or_null'
  | 'qa.validation.type_other'
  | 'qa.validation.minimum'
  | 'qa.validation.min_length'
  | 'qa.validation.format'
  | 'qa.validation.const'
  | 'qa.validation.t_order'
  | 'qa.validation.too_large'
  | 'qa.validation.invalid';

export interface RecordingProblem {
  key: RecordingProblemKey;
  /** Where in the file, e.g. 'actions[3].t'; '' for the file as a whole. */
  path: string;
  values: Record<string, string | number>;
}

export type ReadRecordingResult =
  | { ok: true; recording: Recording; migratedFrom: number | null }
  | { ok: false; problems: RecordingProblem[] };

let validateV1: ValidateFunction<Recording> | undefined;
let validateV0: ValidateFunction<RecordingV0> | undefined;

/** Checks a value against the published schema of the current format (and the order of the times). */
export function validateRecording(value: unknown): ReadRecordingResult {
  validateV1 ??= ajv.compile<Recording>(schemaV1);
  if (!validateV1(value)) return { ok: false, problems: toProblems(validateV1.errors) };
  const order = timeOrderProblems(value);
  return order.length > 0 ? { ok: false, problems: order } : { ok: true, recording: value, migratedFrom: null };
}

/** Parses, migrates and validates the text of a recording file. */
export function readRecording(text: string): ReadRecordingResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail('qa.validation.not_json', '', { detail: error instanceof Error ? error.message : String(error) });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail('qa.validation.not_object', '', {});

  // Version 0 called the member `version`; every later format `formatVersion`.
  const versionKey = 'formatVersion' in data ? 'formatVersion' : 'version';
  const version: unknown = Reflect.get(data, versionKey);
  if (version === undefined) return fail('qa.validation.no_version', 'formatVersion', {});
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return fail('qa.validation.bad_version', versionKey, { version: JSON.stringify(version) });
  }
  if (version > CURRENT_FORMAT_VERSION) {
    const appVersion: unknown = Reflect.get(data, 'appVersion');
    return fail('qa.validation.future_version', versionKey, {
      version,
      supported: CURRENT_FORMAT_VERSION,
      appVersion: typeof appVersion === 'string' ? appVersion : '?',
    });
  }
  if (version === 0) {
    validateV0 ??= ajv.compile<RecordingV0>(schemaV0);
    if (!validateV0(data)) return { ok: false, problems: toProblems(validateV0.errors) };
    const migrated = validateRecording(migrateV0(data));
    return migrated.ok ? { ...migrated, migratedFrom: 0 } : migrated;
  }
  return validateRecording(data);
}

function fail(key: RecordingProblemKey, path: string, values: RecordingProblem['values']): ReadRecordingResult {
  return { ok: false, problems: [{ key, path, values }] };
}

function timeOrderProblems(recording: Recording): RecordingProblem[] {
  const problems: RecordingProblem[] = [];
  recording.actions.forEach((step, index) => {
    if (index > 0 && step.t < recording.actions[index - 1].t) {
      problems.push({ key: 'qa.validation.t_order', path: `actions[${index}].t`, values: {} });
    }
  });
  return problems;
}

function toProblems(errors: ErrorObject[] | null | undefined): RecordingProblem[] {
  const seen = new Set<string>();
  const problems: RecordingProblem[] = [];
  for (const error of errors ?? []) {
    const problem = toProblem(error);
    const id = `${problem.key} ${problem.path}`;
    if (!seen.has(id)) problems.push(problem);
    seen.add(id);
  }
  return problems;
}

function toProblem(error: ErrorObject): RecordingProblem {
  const path = readablePath(error);
  switch (error.keyword) {
    case 'required':
      return { key: 'qa.validation.required', path, values: {} };
    case 'type':
      return { key: typeKey(error.params.type), path, values: { type: String(error.params.type) } };
    case 'minimum':
      return { key: 'qa.validation.minimum', path, values: { limit: param(error, 'limit') } };
    case 'minLength':
      return { key: 'qa.validation.min_length', path, values: { limit: param(error, 'limit') } };
    case 'format':
      return { key: 'qa.validation.format', path, values: { format: param(error, 'format') } };
    case 'const':
      return { key: 'qa.validation.const', path, values: { allowed: JSON.stringify(error.params.allowedValue) } };
    default:
      return { key: 'qa.validation.invalid', path, values: { detail: error.message ?? error.keyword } };
  }
}

function typeKey(type: unknown): RecordingProblemKey {
  const expected = Array.isArray(type) ? type.join(',') : String(type);
  switch (expected) {
    case 'number':
      return 'qa.validation.type_number';
    case 'integer':
      return 'qa.validation.type_integer';
    case 'string':
      return 'qa.validation.type_string';
    case 'boolean':
      return 'qa.validation.type_boolean';
    case 'object':
      return 'qa.validation.type_object';
    case 'array':
      return 'qa.validation.type_array';
    case 'object,null':
      return 'qa.validation.type_object_or_null';
    default:
      return 'qa.validation.type_other';
  }
}

function param(error: ErrorObject, name: string): string | number {
  const value: unknown = error.params[name];
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/** `/actions/3/t` reads `actions[3].t`; a missing member is named by its own path. */
export function readablePath(error: Pick<ErrorObject, 'instancePath' | 'params'>): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing: unknown = error.params.missingProperty;
  if (typeof missing === 'string') segments.push(missing);
  return segments.reduce((path, segment) => {
    if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
    if (/^[A-Za-z_$][\w$]*$/.test(segment)) return path ? `${path}.${segment}` : segment;
    return `${path}[${JSON.stringify(segment)}]`;
  }, '');
}
