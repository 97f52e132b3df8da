import { validateSettings } from '../../../domain/settingsModule';
import type { SettingsSchema } from '../../../domain/settingsSchema';
import type { Db } from '../../db/db';
import { measurementsRepository, type MeasurementRow, type NormalizedMeasurement } from '../../repositories/measurements';
import { checkMeasurement, type MeasurementInput } from '../measurementRules';
import type { ImportError, RowInput } from './rowInput';

// What the import needs of measurements, through the same rules and repository as the form's
// create and update (measurementRules.ts, repositories/measurements.ts): one set of rules for a
// measurement whether it comes from the form or a spreadsheet. The rules answer English texts by
// field path; here they become the translation keys the dry-run table shows.

export type ExistingMeasurement = MeasurementRow;

/** The measurements of `databaseUuid` with these names (Deleted ones too), by name. */
export async function findByNames(db: Db, organizationUuid: string, databaseUuid: string, names: readonly string[]): Promise<Map<string, ExistingMeasurement>> {
  const found = new Map<string, ExistingMeasurement>();
  for (let start = 0; start < names.length; start += 1000) {
    for (const row of await measurementsRepository(db).findByNames(organizationUuid, databaseUuid, names.slice(start, start + 1000))) found.set(row.name, row);
  }
  return found;
}

/** The status after the import: an empty cell keeps it, and a deleted (or never started) measurement revives as Active. */
export function resultingStatus(input: RowInput, existing: ExistingMeasurement | null): NormalizedMeasurement['status'] {
  if (input.Status !== null) return input.Status;
  if (existing === null || existing.status === 'Deleted' || existing.status === 'Discovered' || existing.status === 'Initial') return 'Active';
  return existing.status;
}

/** The row as the form's body; tags and metadata, which the sheet has no columns for, stay as stored. */
function measurementInput(input: RowInput, existing: ExistingMeasurement | null): MeasurementInput {
  return {
    Name: input.Name,
    Description: input.Description,
    CollectorUUID: input.CollectorUUID,
    DatabaseUUID: input.DatabaseUUID ?? undefined,
    Datatype: input.Datatype as MeasurementInput['Datatype'],
    Status: resultingStatus(input, existing),
    Settings: input.Settings,
    Attributes: { Config: input.Attributes.Config, Tags: existing?.tags ?? {}, Metadata: existing?.metadata ?? {} },
    Labels: input.Labels,
  } as MeasurementInput;
}

const RULE_TEXTS: Array<[RegExp, string, (match: RegExpMatchArray) => Record<string, string>]> = [
  [/^must be 1 to (\d+) characters$/, 'measurements.import.errors.length', (m) => ({ Max: m[1] })],
  [/^must be at most (\d+) characters/, 'measurements.import.errors.tooLong', (m) => ({ Max: m[1] })],
  [/^must hold at most (\d+) labels$/, 'measurements.import.errors.labels', (m) => ({ Max: m[1] })],
  [/^must be a number$/, 'measurements.import.errors.not_number', () => ({})],
  [/^is for number measurements only, not (.+)$/, 'measurements.import.errors.numbers_only', (m) => ({ Datatype: m[1] })],
  [/^must not be below (\w+)$/, 'measurements.import.errors.below', (m) => ({ Field: m[1] })],
  [/^is required unless/, 'measurements.import.errors.required', () => ({})],
  [/^is not a collector of this organization$/, 'measurements.import.errors.collector', () => ({})],
  [/^is a calculation collector/, 'measurements.import.errors.calculations', () => ({})],
  [/^is already used by another measurement/, 'measurements.import.errors.name_taken', () => ({})],
  [/^is not a setting of this type$/, 'measurements.import.errors.unknown_setting', () => ({})],
];

/** A rule's English text as a translation key; an unforeseen one is shown as it is, after a translated lead-in. */
export function ruleError(field: string, text: string): ImportError {
  for (const [pattern, message, params] of RULE_TEXTS) {
    const match = text.match(pattern);
    if (match) return { field, message, params: params(match) };
  }
  return { field, message: 'measurements.import.errors.rule', params: { Text: text } };
}

export interface CheckedRow {
  value: NormalizedMeasurement | null;
  errors: ImportError[];
}

/** The measurement rules on one row: the normalised measurement, or its errors by field. */
export async function checkRow(
  db: Db,
  organizationUuid: string,
  input: RowInput,
  existing: ExistingMeasurement | null,
  schema: SettingsSchema,
  calculationsLicensed: boolean,
): Promise<CheckedRow> {
  const checked = await checkMeasurement(db, organizationUuid, measurementInput(input, existing), existing, { calculationsLicensed });
  if ('value' in checked) return { value: checked.value, errors: [] };
  const errors: ImportError[] = [];
  // The settings module's own keys (the form's texts) for the settings, which the rules checked with it.
  const settingsErrors = Object.keys(checked.errors).some((field) => field.startsWith('Settings.'))
    ? validateSettings(schema, { Settings: input.Settings, SecureSettings: {} }, { secureOptional: true, refuseUnknown: true, sentSecure: [] })
    : {};
  for (const [field, texts] of Object.entries(checked.errors)) {
    const keyed = settingsErrors[field];
    if (keyed && keyed.length > 0) for (const error of keyed) errors.push({ field, message: error.key, params: error.values });
    else for (const text of texts) errors.push(ruleError(field, text));
  }
  return { value: null, errors };
}

export async function createMeasurement(db: Db, organizationUuid: string, value: NormalizedMeasurement, actorUuid: string | null): Promise<void> {
  await measurementsRepository(db).create(organizationUuid, value, actorUuid);
}

export async function updateMeasurement(db: Db, organizationUuid: string, existing: ExistingMeasurement, value: NormalizedMeasurement, actorUuid: string | null): Promise<void> {
  await measurementsRepository(db).update(organizationUuid, existing.uuid, value, actorUuid);
}
