import { loadExcelJS } from '../spreadsheets/exceljs';
import { orderedProperties, type SettingsSchemaProperty } from '../../domain/settingsSchema';
import type { CollectorRow } from '../repositories/collectors';
import { settingsSchemaOf } from './settingsRules';

// GET /collectors/{id}/template: a spreadsheet to fill with measurements for this collector. The
// columns come from the measurement settings schema the collector registered, so the texts in it
// (titles, defaults, enum values, the collector's name) are the collector's, not ours. Every cell
// is therefore written as a plain value: a text is a shared string, never a formula, whatever it
// starts with ('=', '+', '-', '@'), and exceljs writes a formula only for a { formula } value.

export const TEMPLATE_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MEASUREMENTS_SHEET = 'Measurements';
export const COLUMNS_SHEET = 'Columns';
/** Measurement fields of every collector, before the collector's own settings (read back by the import). */
export const BASE_COLUMNS = ['Name', 'Description', 'Database', 'Datatype', 'UoM', 'ValueMin', 'ValueMax', 'LimitLo', 'LimitHi', 'Labels', 'Status'] as const;
export type BaseColumn = (typeof BASE_COLUMNS)[number];

export const DATATYPES = ['number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw'] as const;
/** The statuses a spreadsheet may set; Deleted and Discovered are the server's to give. */
export const IMPORT_STATUSES = ['Active', 'Paused'] as const;

const BASE_COLUMN_HELP: Record<BaseColumn, { description: string; type: string; allowed?: string; defaultValue?: string }> = {
  Name: { description: 'Name of the measurement, unique in its time-series database.', type: 'string' },
  Description: { description: 'Free text.', type: 'string' },
  Database: { description: 'Name of the time-series database the values are stored in.', type: 'string' },
  Datatype: { description: 'Type of the values.', type: 'string', allowed: DATATYPES.join(', '), defaultValue: 'number' },
  UoM: { description: 'Unit of measure (engineering specs).', type: 'string' },
  ValueMin: { description: 'Lowest expected value, for the chart axis.', type: 'number' },
  ValueMax: { description: 'Highest expected value, for the chart axis.', type: 'number' },
  LimitLo: { description: 'Low limit, drawn as a band.', type: 'number' },
  LimitHi: { description: 'High limit, drawn as a band.', type: 'number' },
  Labels: { description: 'Labels, separated by commas.', type: 'string' },
  Status: { description: 'Active collects, Paused does not. Empty keeps the status (a deleted one becomes Active).', type: 'string', allowed: IMPORT_STATUSES.join(', '), defaultValue: 'Active' },
};
/** Excel keeps at most this many characters in a cell. */
const MAX_CELL_TEXT = 32_767;

type CellText = string | number | boolean;

/** A value as cell content: numbers and booleans as they are, anything else as bounded text. */
export function cellValue(value: unknown): CellText {
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.slice(0, MAX_CELL_TEXT);
}

interface ColumnInfo {
  key: string;
  title: string;
  description: string;
  type: string;
  required: boolean;
  secure: boolean;
  allowed: string;
  defaultValue: unknown;
  example: unknown;
}

function settingColumn(key: string, property: SettingsSchemaProperty, required: boolean): ColumnInfo {
  return {
    key,
    title: property.title ?? key,
    description: property.description ?? '',
    type: property.type ?? 'string',
    required,
    secure: property.secure === true,
    allowed: (property.enum ?? []).map((option) => String(cellValue(option))).join(', '),
    defaultValue: property.default,
    example: property.examples?.[0],
  };
}

export function templateColumns(row: CollectorRow): ColumnInfo[] {
  const base: ColumnInfo[] = BASE_COLUMNS.map((key) => ({
    key,
    title: key,
    description: BASE_COLUMN_HELP[key].description,
    type: BASE_COLUMN_HELP[key].type,
    required: key === 'Name' || key === 'Database',
    secure: false,
    allowed: BASE_COLUMN_HELP[key].allowed ?? '',
    defaultValue: BASE_COLUMN_HELP[key].defaultValue,
    example: undefined,
  }));
  // A setting named like a measurement field would be ambiguous in one header row: the field wins.
  const settings = orderedProperties(settingsSchemaOf(row.measurement_settings_schema))
    .filter(({ name }) => !(BASE_COLUMNS as readonly string[]).includes(name))
    .map(({ name, property, required }) => settingColumn(name, property, required));
  return [...base, ...settings];
}

/** The .xlsx bytes: a Measurements sheet to fill and a Columns sheet that explains each column. */
export async function buildTemplate(row: CollectorRow): Promise<Buffer> {
  const columns = templateColumns(row);
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = 'Historian Console';
  workbook.created = new Date();

  const measurements = workbook.addWorksheet(MEASUREMENTS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  measurements.columns = columns.map((column) => ({ header: String(cellValue(column.key)), key: column.key, width: Math.min(40, Math.max(14, column.key.length + 4)) }));
  measurements.getRow(1).font = { bold: true };

  const about = workbook.addWorksheet(COLUMNS_SHEET);
  about.addRow(['Collector', cellValue(row.name)]);
  about.addRow(['Collector type', cellValue(row.collector_type)]);
  about.addRow([]);
  const header = about.addRow(['Column', 'Title', 'Description', 'Type', 'Required', 'Secure', 'Allowed values', 'Default', 'Example']);
  header.font = { bold: true };
  for (const column of columns) {
    about.addRow([
      cellValue(column.key),
      cellValue(column.title),
      cellValue(column.description),
      cellValue(column.type),
      column.required ? 'yes' : 'no',
      column.secure ? 'yes' : 'no',
      cellValue(column.allowed),
      cellValue(column.defaultValue),
      cellValue(column.example),
    ]);
  }
  about.columns.forEach((column) => {
    column.width = 24;
  });

  const bytes = await workbook.xlsx.writeBuffer();
  return Buffer.from(bytes);
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function templateDisposition(collectorName: string): string {
  const name = `${collectorName} template.xlsx`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\/;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
