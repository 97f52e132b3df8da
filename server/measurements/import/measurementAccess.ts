import { validateSettings } from '../../../domain/settingsModule';
import type { SettingsSchema } from '../../../domain/settingsSchema';
import type { Db } from '../../db/db';
import type { ImportError, MeasurementInput } from './rowInput';

// What the import needs of measurements: find by name in a database, check an input, create and
// update. Kept in this one file so that the import follows the measurement rules of the form.

export interface ExistingMeasurement {
  uuid: string;
  name: string;
  collector_uuid: string;
  database_uuid: string | null;
  description: string;
  datatype: string;
  status: string;
  settings: Record<string, unknown>;
  uom: string;
  value_min: number | null;
  value_max: number | null;
  limit_lo: number | null;
  limit_hi: number | null;
  labels: string[];
}

const COLUMNS = 'uuid, name, collector_uuid, database_uuid, description, datatype, status, settings, uom, value_min, value_max, limit_lo, limit_hi, labels';
const MAX_NAME = 200;
const MAX_LABEL = 100;

/** The measurements of `databaseUuid` with these names (Deleted ones too), by name. */
export async function findByNames(db: Db, organizationUuid: string, databaseUuid: string, names: readonly string[]): Promise<Map<string, ExistingMeasurement>> {
  const found = new Map<string, ExistingMeasurement>();
  for (let start = 0; start < names.length; start += 1000) {
    const { rows } = await db.query<ExistingMeasurement>(
      `SELECT ${COLUMNS} FROM measurements WHERE organization_uuid = $1 AND database_uuid = $2 AND name = ANY($3::text[])`,
      [organizationUuid, databaseUuid, names.slice(start, start + 1000)],
    );
    for (const row of rows) found.set(row.name, row);
  }
  return found;
}

/** The rules of a measurement, whether it comes from the form or a spreadsheet. */
export function checkInput(input: MeasurementInput, schema: SettingsSchema): ImportError[] {
  const errors: ImportError[] = [];
  if (input.Name === '') errors.push({ field: 'Name', message: 'measurements.import.errors.required' });
  else if (input.Name.length > MAX_NAME) errors.push({ field: 'Name', message: 'measurements.import.errors.tooLong', params: { Max: MAX_NAME } });
  const { ValueMin, ValueMax, LimitLo, LimitHi } = input.Attributes.Config;
  if (ValueMin !== null && ValueMax !== null && ValueMin > ValueMax) {
    errors.push({ field: 'Attributes.Config.ValueMax', message: 'measurements.import.errors.belowMin', params: { Min: ValueMin } });
  }
  if (LimitLo !== null && LimitHi !== null && LimitLo > LimitHi) {
    errors.push({ field: 'Attributes.Config.LimitHi', message: 'measurements.import.errors.belowMin', params: { Min: LimitLo } });
  }
  const longLabel = input.Labels.find((label) => label.length > MAX_LABEL);
  if (longLabel !== undefined) errors.push({ field: 'Labels', message: 'measurements.import.errors.tooLong', params: { Max: MAX_LABEL } });
  if (Object.keys(schema.properties ?? {}).length > 0) {
    const settingsErrors = validateSettings(schema, { Settings: input.Settings, SecureSettings: {} }, { secureOptional: true });
    for (const [field, list] of Object.entries(settingsErrors)) {
      for (const error of list) errors.push({ field, message: error.key, params: error.values });
    }
  }
  return errors;
}

export interface Actor {
  uuid: string | null;
}

/** The stored measurement's values after the input (an empty status keeps it; a deleted one revives). */
export function resultingStatus(input: MeasurementInput, existing: ExistingMeasurement | null): string {
  if (input.Status !== null) return input.Status;
  if (existing === null || existing.status === 'Deleted' || existing.status === 'Discovered') return 'Active';
  return existing.status;
}

export async function createMeasurement(db: Db, organizationUuid: string, input: MeasurementInput, actor: Actor): Promise<string> {
  const c = input.Attributes.Config;
  const { rows } = await db.query<{ uuid: string }>(
    `INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, description, datatype, status, settings,
       uom, value_min, value_max, limit_lo, limit_hi, labels, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $14::text[], $15, $15) RETURNING uuid`,
    [
      organizationUuid,
      input.CollectorUUID,
      input.DatabaseUUID,
      input.Name,
      input.Description,
      input.Datatype,
      resultingStatus(input, null),
      JSON.stringify(input.Settings),
      c.UoM,
      c.ValueMin,
      c.ValueMax,
      c.LimitLo,
      c.LimitHi,
      input.Labels,
      actor.uuid,
    ],
  );
  return rows[0].uuid;
}

export async function updateMeasurement(db: Db, organizationUuid: string, existing: ExistingMeasurement, input: MeasurementInput, actor: Actor): Promise<void> {
  const c = input.Attributes.Config;
  await db.query(
    `UPDATE measurements SET collector_uuid = $3, description = $4, datatype = $5, status = $6, settings = $7::jsonb, uom = $8,
       value_min = $9, value_max = $10, limit_lo = $11, limit_hi = $12, labels = $13::text[], updated_by = $14, updated_at = now()
     WHERE organization_uuid = $1 AND uuid = $2`,
    [
      organizationUuid,
      existing.uuid,
      input.CollectorUUID,
      input.Description,
      input.Datatype,
      resultingStatus(input, existing),
      JSON.stringify(input.Settings),
      c.UoM,
      c.ValueMin,
      c.ValueMax,
      c.LimitLo,
      c.LimitHi,
      input.Labels,
      actor.uuid,
    ],
  );
}
