import type { SettingsSchema } from '../../../domain/settingsSchema';
import type { Db } from '../../db/db';
import { checkInput, findByNames, resultingStatus, type ExistingMeasurement } from './measurementAccess';
import type { ParsedRow } from './parseWorkbook';
import { columnOfField, rowInput, type ImportError, type MeasurementInput } from './rowInput';

// What importing each row would do (DOMAIN.md §1): New when no measurement of that name is in that
// database, Update when one is and a value differs (a Deleted one revives as Update), No change
// when none differs, Error with the cell of each problem. The dry run answers this; the job
// computes it again per chunk before writing, since measurements may change in between.

export type ImportAction = 'New' | 'Update' | 'No change' | 'Error';

export interface RowChange {
  Field: string;
  Old: string;
  New: string;
}

export interface RowError {
  Cell: string;
  Column: string;
  Message: string;
  Params: Record<string, string>;
}

export interface PlannedRow {
  Row: number;
  Name: string;
  Action: ImportAction;
  Changes: RowChange[];
  Errors: RowError[];
  input: MeasurementInput;
  existing: ExistingMeasurement | null;
}

export interface PlanContext {
  organizationUuid: string;
  collectorUuid: string;
  schema: SettingsSchema;
  databases: ReadonlyMap<string, string>;
  /** Column letter by header text. */
  letters: ReadonlyMap<string, string>;
}

export async function databasesOf(db: Db, organizationUuid: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ uuid: string; name: string }>('SELECT uuid, name FROM timeseries_databases WHERE organization_uuid = $1', [organizationUuid]);
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.uuid]));
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

/** The fields that differ between the stored measurement and the row. */
export function changesOf(existing: ExistingMeasurement, input: MeasurementInput): RowChange[] {
  const c = input.Attributes.Config;
  const pairs: Array<[string, unknown, unknown]> = [
    ['Status', existing.status, resultingStatus(input, existing)],
    ['Description', existing.description, input.Description],
    ['Datatype', existing.datatype, input.Datatype],
    ['UoM', existing.uom, c.UoM],
    ['ValueMin', existing.value_min, c.ValueMin],
    ['ValueMax', existing.value_max, c.ValueMax],
    ['LimitLo', existing.limit_lo, c.LimitLo],
    ['LimitHi', existing.limit_hi, c.LimitHi],
    ['Labels', [...existing.labels].sort((a, b) => a.localeCompare(b)).join(', '), input.Labels.join(', ')],
  ];
  const keys = new Set([...Object.keys(existing.settings), ...Object.keys(input.Settings)]);
  for (const key of [...keys].sort()) pairs.push([key, existing.settings[key], input.Settings[key]]);
  if (existing.collector_uuid !== input.CollectorUUID) pairs.push(['Collector', existing.collector_uuid, input.CollectorUUID]);
  return pairs.filter(([, before, after]) => shown(before) !== shown(after)).map(([Field, before, after]) => ({ Field, Old: shown(before), New: shown(after) }));
}

function located(row: number, letters: ReadonlyMap<string, string>, error: ImportError): RowError {
  const column = columnOfField(error.field);
  const letter = letters.get(column);
  const params = Object.fromEntries(Object.entries(error.params ?? {}).map(([key, value]) => [key, String(value)]));
  return { Cell: letter === undefined ? '' : `${letter}${row}`, Column: column, Message: error.message, Params: params };
}

export async function planRows(db: Db, context: PlanContext, rows: readonly ParsedRow[]): Promise<PlannedRow[]> {
  const read = rows.map((row) => ({ row, ...rowInput(row, context) }));
  // The stored measurements of the names in the sheet, database by database.
  const namesByDatabase = new Map<string, string[]>();
  for (const { input } of read) {
    if (input.DatabaseUUID !== null && input.Name !== '') (namesByDatabase.get(input.DatabaseUUID) ?? namesByDatabase.set(input.DatabaseUUID, []).get(input.DatabaseUUID))?.push(input.Name);
  }
  const existingByKey = new Map<string, ExistingMeasurement>();
  for (const [databaseUuid, names] of namesByDatabase) {
    for (const [name, row] of await findByNames(db, context.organizationUuid, databaseUuid, names)) existingByKey.set(`${databaseUuid}\u0000${name}`, row);
  }
  const seen = new Map<string, number>();
  return read.map(({ row, input, errors }) => {
    const key = `${input.DatabaseUUID ?? ''}\u0000${input.Name}`;
    const existing = input.DatabaseUUID === null ? null : (existingByKey.get(key) ?? null);
    const all = [...errors, ...checkInput(input, context.schema)];
    const first = seen.get(key);
    if (input.Name !== '' && first !== undefined) all.push({ field: 'Name', message: 'measurements.import.errors.duplicate', params: { Row: first } });
    else seen.set(key, row.row);
    if (existing?.status === 'Discovered') all.push({ field: 'Name', message: 'measurements.import.errors.discovered' });
    const base = { Row: row.row, Name: input.Name, input, existing };
    if (all.length > 0) return { ...base, Action: 'Error', Changes: [], Errors: all.map((error) => located(row.row, context.letters, error)) };
    if (existing === null) return { ...base, Action: 'New', Changes: [], Errors: [] };
    const changes = changesOf(existing, input);
    return { ...base, Action: changes.length === 0 ? 'No change' : 'Update', Changes: changes, Errors: [] };
  });
}

export function summaryOf(rows: readonly { Action: ImportAction }[]) {
  const count = (action: ImportAction) => rows.filter((row) => row.Action === action).length;
  return { New: count('New'), Update: count('Update'), NoChange: count('No change'), Error: count('Error') };
}
