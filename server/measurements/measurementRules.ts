import type { Write } from '../../domain/contract';
import { presentSettings, validateSettings } from '../../domain/settingsModule';
import { isRecord, settingsSchemaOf } from '../collectors/settingsRules';
import { checkCalculation } from '../calculations/calculationRules';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import { measurementsRepository, type MeasurementRow, type MeasurementStatus, type NormalizedMeasurement } from '../repositories/measurements';

// The rules of a measurement (DOMAIN.md §1), one set for every way one is written: the API's create
// and update, and the spreadsheet import. All field errors come at once, by field path (Name,
// CollectorUUID, Settings.<Key>, Attributes.Config.ValueMax, …). The contract has already checked
// the types and lengths of a call's body; an import's rows have not been through it, so the shape
// is checked here again.

export type MeasurementInput = Write<'Measurement'>;
export type { NormalizedMeasurement };

export const CALCULATION_COLLECTOR_TYPE = 'calculation';
const NUMBER_TYPES: readonly string[] = ['number', '[]number'];
const DATATYPES: readonly string[] = ['number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw'];
const STATUSES: readonly string[] = ['Active', 'Paused', 'Deleted', 'Discovered', 'Initial'];
const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;
const UOM_MAX = 50;
export const LABEL_MAX = 64;
export const LABELS_MAX = 50;
const TAGS_MAX = 50;
const TAG_KEY_MAX = 64;
const TAG_VALUE_MAX = 200;
const METADATA_MAX_CHARS = 16_000;

export interface CheckOptions {
  /**
   * The organization's licence has the Calculations feature (server/measurements/licence.ts); a
   * calculation collector's measurements are refused without it. Absent: refused.
   */
  calculationsLicensed?: boolean;
}

/**
 * A rule broken. `conflict` says the change clashes with what is stored (a name or database changed
 * after creation, a name in use): the API answers 409 instead of 400. `code` is the translation key
 * of the first problem, for the problem's `code`.
 */
export interface MeasurementErrors {
  errors: Record<string, string[]>;
  conflict?: boolean;
  code?: string;
}

/** Labels trimmed, without duplicates (first spelling kept), in their order; the errors of bad ones. */
export function normalizeLabels(labels: readonly unknown[], field: string, errors: Record<string, string[]>): string[] {
  const out: string[] = [];
  labels.forEach((label, index) => {
    const text = typeof label === 'string' ? label.trim() : '';
    if (text === '' || text.length > LABEL_MAX) (errors[`${field}.${index}`] ??= []).push(`must be 1 to ${LABEL_MAX} characters`);
    else if (!out.includes(text)) out.push(text);
  });
  if (out.length > LABELS_MAX) (errors[field] ??= []).push(`must hold at most ${LABELS_MAX} labels`);
  return out;
}

const optionalNumber = (value: unknown): number | null | 'invalid' => {
  if (value === undefined || value === null) return null;
  return typeof value === 'number' && Number.isFinite(value) ? value : 'invalid';
};

/**
 * Checks a measurement to create (`existing` null) or to update (`existing` the stored one) of the
 * organization: its collector and database must be the organization's own (else a field error,
 * never a hint that they exist elsewhere), a calculation collector needs the Calculations licence
 * feature, Settings follow the collector's MeasurementSettingsSchema, the engineering specs hold
 * together, and the name is free in its database. Name and DatabaseUUID cannot change once set.
 */
export async function checkMeasurement(
  db: Db,
  organizationUuid: string,
  input: MeasurementInput,
  existing: MeasurementRow | null,
  options: CheckOptions = {},
): Promise<{ value: NormalizedMeasurement } | MeasurementErrors> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  let code: string | undefined;
  const fail = (field: string, message: string, key: string) => {
    add(field, message);
    code ??= key;
  };

  // Name and database: fixed once set (a Discovered measurement gets its database later).
  const name = typeof input.Name === 'string' ? input.Name.trim() : '';
  if (name === '' || name.length > NAME_MAX) add('Name', `must be 1 to ${NAME_MAX} characters`);
  const databaseUuid = typeof input.DatabaseUUID === 'string' && input.DatabaseUUID !== '' ? input.DatabaseUUID : null;
  if (existing) {
    const fixed: Record<string, string[]> = {};
    if (name !== existing.name) fixed.Name = ['cannot change after the measurement was created'];
    if (existing.database_uuid !== null && databaseUuid !== existing.database_uuid) fixed.DatabaseUUID = ['cannot change once set'];
    if (Object.keys(fixed).length > 0) {
      return { errors: fixed, conflict: true, code: fixed.Name ? 'measurements.errors.name_fixed' : 'measurements.errors.database_fixed' };
    }
  }

  const status = typeof input.Status === 'string' && STATUSES.includes(input.Status) ? (input.Status as MeasurementStatus) : null;
  if (!status) add('Status', 'is not a measurement status');
  if (databaseUuid === null && status !== 'Discovered') fail('DatabaseUUID', 'is required unless the measurement is Discovered', 'measurements.errors.database_required');
  const datatype = typeof input.Datatype === 'string' && DATATYPES.includes(input.Datatype) ? input.Datatype : null;
  if (!datatype) add('Datatype', 'is not a value type');
  const description = typeof input.Description === 'string' ? input.Description.trim() : '';
  if (description.length > DESCRIPTION_MAX) add('Description', `must be at most ${DESCRIPTION_MAX} characters`);

  // The collector and the database: the organization's own.
  const q = kyselyOf(db);
  const collectorUuid = typeof input.CollectorUUID === 'string' ? input.CollectorUUID : '';
  const collector = collectorUuid
    ? await q
        .selectFrom('collectors')
        .select(['uuid', 'collector_type', 'status', 'measurement_settings_schema'])
        .where('uuid', '=', collectorUuid)
        .where('organization_uuid', '=', organizationUuid)
        .executeTakeFirst()
    : undefined;
  if (!collector || collector.status === 'Deleted') {
    fail('CollectorUUID', 'is not a collector of this organization', 'measurements.errors.collector_not_found');
  } else if (collector.collector_type === CALCULATION_COLLECTOR_TYPE && options.calculationsLicensed !== true) {
    fail('CollectorUUID', 'is a calculation collector, and the licence has no Calculations', 'measurements.errors.calculations_unlicensed');
  }
  if (databaseUuid !== null) {
    const database = await q
      .selectFrom('timeseries_databases')
      .select('uuid')
      .where('uuid', '=', databaseUuid)
      .where('organization_uuid', '=', organizationUuid)
      .executeTakeFirst();
    if (!database) fail('DatabaseUUID', 'is not a time-series database of this organization', 'measurements.errors.database_not_found');
  }

  // Settings against the collector's measurement settings schema, through the one settings module.
  const settings = presentSettings(isRecord(input.Settings) ? input.Settings : {});
  if (input.Settings !== undefined && !isRecord(input.Settings)) add('Settings', 'must be an object');
  if (collector) {
    const schema = settingsSchemaOf(collector.measurement_settings_schema);
    if (Object.keys(schema.properties ?? {}).length > 0) {
      const settingsErrors = validateSettings(schema, { Settings: settings, SecureSettings: {} }, { secureOptional: true, refuseUnknown: true, sentSecure: [] });
      for (const [field, list] of Object.entries(settingsErrors)) for (const error of list) add(field, error.message);
      // A calculation collector carrying the calculation schema: the rules of a calculation too.
      if (collector.collector_type === CALCULATION_COLLECTOR_TYPE && Object.keys(settingsErrors).length === 0) {
        const calculation = await checkCalculation(db, organizationUuid, existing?.uuid ?? null, name, settings);
        for (const error of calculation.errors) fail(error.field, error.message, error.code);
      }
    }
  }

  // Engineering specs (Attributes.Config): numbers only for number types, ranges in order.
  const attributes = isRecord(input.Attributes) ? input.Attributes : {};
  const config = isRecord(attributes.Config) ? attributes.Config : {};
  const uom = typeof config.UoM === 'string' ? config.UoM.trim() : '';
  if (uom.length > UOM_MAX) add('Attributes.Config.UoM', `must be at most ${UOM_MAX} characters`);
  const specs = { ValueMin: optionalNumber(config.ValueMin), ValueMax: optionalNumber(config.ValueMax), LimitLo: optionalNumber(config.LimitLo), LimitHi: optionalNumber(config.LimitHi) };
  for (const [key, value] of Object.entries(specs)) {
    if (value === 'invalid') add(`Attributes.Config.${key}`, 'must be a number');
    else if (value !== null && datatype && !NUMBER_TYPES.includes(datatype)) add(`Attributes.Config.${key}`, `is for number measurements only, not ${datatype}`);
  }
  const num = (value: number | null | 'invalid') => (typeof value === 'number' ? value : null);
  const [valueMin, valueMax, limitLo, limitHi] = [num(specs.ValueMin), num(specs.ValueMax), num(specs.LimitLo), num(specs.LimitHi)];
  if (valueMin !== null && valueMax !== null && valueMin > valueMax) add('Attributes.Config.ValueMax', 'must not be below ValueMin');
  if (limitLo !== null && limitHi !== null && limitLo > limitHi) add('Attributes.Config.LimitHi', 'must not be below LimitLo');

  // Tags go with every point: short text keys and values. Metadata: any JSON object, bounded.
  const tags: Record<string, string> = {};
  const rawTags = isRecord(attributes.Tags) ? attributes.Tags : {};
  if (Object.keys(rawTags).length > TAGS_MAX) add('Attributes.Tags', `must hold at most ${TAGS_MAX} tags`);
  for (const [key, value] of Object.entries(rawTags)) {
    const trimmed = key.trim();
    if (trimmed === '' || trimmed.length > TAG_KEY_MAX) add(`Attributes.Tags.${key}`, `needs a key of 1 to ${TAG_KEY_MAX} characters`);
    else if (typeof value !== 'string' || value.length > TAG_VALUE_MAX) add(`Attributes.Tags.${trimmed}`, `must be text of at most ${TAG_VALUE_MAX} characters`);
    else tags[trimmed] = value;
  }
  const metadata = isRecord(attributes.Metadata) ? attributes.Metadata : {};
  if (JSON.stringify(metadata).length > METADATA_MAX_CHARS) add('Attributes.Metadata', `must be at most ${METADATA_MAX_CHARS} characters of JSON`);

  const labels = normalizeLabels(Array.isArray(input.Labels) ? input.Labels : [], 'Labels', errors);

  if (Object.keys(errors).length > 0 || !status || !datatype || !collector) return { errors, ...(code ? { code } : {}) };

  const value: NormalizedMeasurement = {
    name,
    description,
    collectorUuid: collector.uuid,
    databaseUuid,
    datatype,
    status,
    settings,
    uom,
    valueMin,
    valueMax,
    limitLo,
    limitHi,
    tags,
    metadata,
    labels,
  };
  // Unique in its database (or, while Discovered, in its collector); the unique index stays the last word.
  if (await measurementsRepository(db).nameTaken(value, existing?.uuid ?? null)) {
    return { errors: { Name: ['is already used by another measurement of this database'] }, conflict: true, code: 'measurements.errors.name_taken' };
  }
  return { value };
}
