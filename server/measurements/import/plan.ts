import type { SettingsSchema } from '../../../domain/settingsSchema';
import type { Db } from '../../db/db';
import type { NormalizedMeasurement } from '../../repositories/measurements';
import { checkRow, findByNames, type ExistingMeasurement } from './measurementAccess';
import type { ParsedRow } from './parseWorkbook';
import { withStableReadsCached } from './readCache';
import { columnOfField, rowInput, type ImportError } from './rowInput';

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
  /** What the rules let through, to write; null for an Error row. */
  value: NormalizedMeasurement | null;
  existing: ExistingMeasurement | null;
}

export interface PlanContext {
  organizationUuid: string;
  collectorUuid: string;
  schema: SettingsSchema;
  databases: ReadonlyMap<string, string>;
  /** Column letter by header text. */
  letters: ReadonlyMap<string, string>;
  /** The licence has Calculations (a calculation collector's measurements need it). */
  calculationsLicensed: boolean;
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

/** The fields that differ between the stored measurement and what the row makes of it. */
export function changesOf(existing: ExistingMeasurement, value: NormalizedMeasurement): RowChange[] {
  const sorted = (labels: readonly string[]) => [...labels].sort((a, b) => a.localeCompare(b)).join(', ');
  const pairs: Array<[string, unknown, unknown]> = [
    ['Status', existing.status, value.status],
    ['Description', existing.description, value.description],
    ['Datatype', existing.datatype, value.datatype],
    ['UoM', existing.uom, value.uom],
    ['ValueMin', existing.value_min, value.valueMin],
    ['ValueMax', existing.value_max, value.valueMax],
    ['LimitLo', existing.limit_lo, value.limitLo],
    ['LimitHi', existing.limit_hi, value.limitHi],
    ['Labels', sorted(existing.labels), sorted(value.labels)],
  ];
  const keys = new Set([...Object.keys(existing.settings), ...Object.keys(value.settings)]);
  for (const key of [...keys].sort()) pairs.push([key, existing.settings[key], value.settings[key]]);
  if (existing.collector_uuid !== value.collectorUuid) pairs.push(['Collector', existing.collector_name, '']);
  return pairs.filter(([, before, after]) => shown(before) !== shown(after)).map(([Field, before, after]) => ({ Field, Old: shown(before), New: shown(after) }));
}

function located(row: number, letters: ReadonlyMap<string, string>, error: ImportError): RowError {
  const column = columnOfField(error.field);
  const letter = letters.get(column);
  const params = Object.fromEntries(Object.entries(error.params ?? {}).map(([key, value]) => [key, String(value)]));
  return { Cell: letter === undefined ? '' : `${letter}${row}`, Column: column, Message: error.message, Params: params };
}

export async function planRows(uncached: Db, context: PlanContext, rows: readonly ParsedRow[]): Promise<PlannedRow[]> {
  const db = withStableReadsCached(uncached);
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
  const planned: PlannedRow[] = [];
  for (const { row, input, errors } of read) {
    const key = `${input.DatabaseUUID ?? ''}\u0000${input.Name}`;
    const existing = input.DatabaseUUID === null ? null : (existingByKey.get(key) ?? null);
    const all = [...errors];
    const first = seen.get(key);
    if (input.Name !== '' && first !== undefined) all.push({ field: 'Name', message: 'measurements.import.errors.duplicate', params: { Row: first } });
    else seen.set(key, row.row);
    // The rules, for what the sheet could be read into; a column already in error is not told twice.
    const checked = await checkRow(db, context.organizationUuid, input, existing, context.schema, context.calculationsLicensed);
    const columnsInError = new Set(all.map((error) => columnOfField(error.field)));
    all.push(...checked.errors.filter((error) => !columnsInError.has(columnOfField(error.field))));
    const base = { Row: row.row, Name: input.Name, existing };
    if (all.length > 0 || checked.value === null) {
      planned.push({ ...base, value: null, Action: 'Error', Changes: [], Errors: all.map((error) => located(row.row, context.letters, error)) });
    } else if (existing === null) {
      planned.push({ ...base, value: checked.value, Action: 'New', Changes: [], Errors: [] });
    } else {
      const changes = changesOf(existing, checked.value);
      planned.push({ ...base, value: checked.value, Action: changes.length === 0 ? 'No change' : 'Update', Changes: changes, Errors: [] });
    }
  }
  return planned;
}

export function summaryOf(rows: readonly { Action: ImportAction }[]) {
  const count = (action: ImportAction) => rows.filter((row) => row.Action === action).length;
  return { New: count('New'), Update: count('Update'), NoChange: count('No change'), Error: count('Error') };
}
