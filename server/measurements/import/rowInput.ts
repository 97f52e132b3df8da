import type { SettingsSchema } from '../../../domain/settingsSchema';
import { DATATYPES, IMPORT_STATUSES, type BaseColumn } from '../../collectors/template';
import type { CellValue, ParsedRow } from './parseWorkbook';

// One spreadsheet row as the measurement form would send it (the contract's field names), and the
// way back from a field path of a rule's error to the column it came from. Typing a cell's text
// into a setting's type happens here; whether the values are acceptable is for the measurement
// rules, the same for a form and a spreadsheet.

export interface ImportError {
  /** Field path (Name, Settings.Address, Attributes.Config.UoM) or a column name. */
  field: string;
  /** A translation key. */
  message: string;
  params?: Record<string, string | number>;
}

export interface RowInput {
  Name: string;
  Description: string;
  CollectorUUID: string;
  DatabaseUUID: string | null;
  Datatype: string;
  Settings: Record<string, unknown>;
  Attributes: { Config: { UoM: string; ValueMin: number | null; ValueMax: number | null; LimitLo: number | null; LimitHi: number | null } };
  Labels: string[];
  /** Null: the row leaves the status as it is (a new or deleted measurement becomes Active). */
  Status: 'Active' | 'Paused' | null;
}

/** The column of a field path, for the cell an error points at. */
export function columnOfField(field: string): string {
  const fixed: Record<string, BaseColumn> = {
    Name: 'Name',
    Description: 'Description',
    DatabaseUUID: 'Database',
    Database: 'Database',
    Datatype: 'Datatype',
    'Attributes.Config.UoM': 'UoM',
    'Attributes.Config.ValueMin': 'ValueMin',
    'Attributes.Config.ValueMax': 'ValueMax',
    'Attributes.Config.LimitLo': 'LimitLo',
    'Attributes.Config.LimitHi': 'LimitHi',
    Status: 'Status',
  };
  if (field in fixed) return fixed[field];
  if (field === 'Labels' || field.startsWith('Labels.')) return 'Labels';
  if (field.startsWith('Settings.')) return field.slice('Settings.'.length);
  return field;
}

const text = (value: CellValue | undefined): string => (value === null || value === undefined ? '' : String(value).trim());

function numberOf(value: CellValue | undefined, field: string, errors: ImportError[]): number | null {
  if (value === null || value === undefined || text(value) === '') return null;
  const parsed = typeof value === 'number' ? value : Number(text(value).replace(',', '.'));
  if (!Number.isFinite(parsed)) {
    errors.push({ field, message: 'measurements.import.errors.number', params: { Value: text(value) } });
    return null;
  }
  return parsed;
}

const TRUE = new Set(['true', 'yes', '1', 'y']);
const FALSE = new Set(['false', 'no', '0', 'n']);

/** A setting's cell typed as its schema says; undefined when empty (the schema's default applies). */
function settingValue(value: CellValue | undefined, type: string | undefined, field: string, errors: ImportError[]): unknown {
  if (value === null || value === undefined || text(value) === '') return undefined;
  switch (type) {
    case 'number':
    case 'integer':
      return numberOf(value, field, errors) ?? undefined;
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const word = text(value).toLowerCase();
      if (TRUE.has(word)) return true;
      if (FALSE.has(word)) return false;
      errors.push({ field, message: 'measurements.import.errors.boolean', params: { Value: text(value) } });
      return undefined;
    }
    case 'array':
    case 'object':
      try {
        return JSON.parse(text(value)) as unknown;
      } catch {
        errors.push({ field, message: 'measurements.import.errors.json', params: { Value: text(value) } });
        return undefined;
      }
    default:
      return text(value);
  }
}

export function labelsOf(value: CellValue | undefined): string[] {
  const labels = text(value)
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label !== '');
  return [...new Set(labels)].sort((a, b) => a.localeCompare(b));
}

export interface RowContext {
  collectorUuid: string;
  schema: SettingsSchema;
  /** Database UUID by lower-cased name, in the organization. */
  databases: ReadonlyMap<string, string>;
}

/** The row as a measurement input, with what could not even be read (a number that is none, an unknown database). */
export function rowInput(row: ParsedRow, context: RowContext): { input: RowInput; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const cells = row.cells;
  const databaseName = text(cells.Database);
  let databaseUuid: string | null = null;
  if (databaseName === '') errors.push({ field: 'Database', message: 'measurements.import.errors.required' });
  else {
    databaseUuid = context.databases.get(databaseName.toLowerCase()) ?? null;
    if (databaseUuid === null) errors.push({ field: 'Database', message: 'measurements.import.errors.database', params: { Value: databaseName } });
  }
  const datatype = text(cells.Datatype) || 'number';
  if (!(DATATYPES as readonly string[]).includes(datatype)) {
    errors.push({ field: 'Datatype', message: 'measurements.import.errors.oneOf', params: { Value: datatype, Allowed: DATATYPES.join(', ') } });
  }
  const statusText = text(cells.Status);
  const status = IMPORT_STATUSES.find((s) => s.toLowerCase() === statusText.toLowerCase()) ?? null;
  if (statusText !== '' && status === null) {
    errors.push({ field: 'Status', message: 'measurements.import.errors.oneOf', params: { Value: statusText, Allowed: IMPORT_STATUSES.join(', ') } });
  }
  const settings: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(context.schema.properties ?? {})) {
    if (property.secure === true || !(name in cells)) continue;
    const value = settingValue(cells[name], property.type, `Settings.${name}`, errors);
    if (value !== undefined) settings[name] = value;
  }
  const input: RowInput = {
    Name: text(cells.Name),
    Description: text(cells.Description),
    CollectorUUID: context.collectorUuid,
    DatabaseUUID: databaseUuid,
    Datatype: datatype,
    Settings: settings,
    Attributes: {
      Config: {
        UoM: text(cells.UoM),
        ValueMin: numberOf(cells.ValueMin, 'Attributes.Config.ValueMin', errors),
        ValueMax: numberOf(cells.ValueMax, 'Attributes.Config.ValueMax', errors),
        LimitLo: numberOf(cells.LimitLo, 'Attributes.Config.LimitLo', errors),
        LimitHi: numberOf(cells.LimitHi, 'Attributes.Config.LimitHi', errors),
      },
    },
    Labels: labelsOf(cells.Labels),
    Status: status,
  };
  return { input, errors };
}
