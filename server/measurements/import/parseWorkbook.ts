import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../spreadsheets/exceljs';
import { badRequest, HttpProblem } from '../../http/problem';
import { MEASUREMENTS_SHEET } from '../../collectors/template';

// Reads the Measurements sheet of a filled-in collector template (server/collectors/template.ts).
// Row 1 is the header; every later row that is not empty is one measurement. A cell is kept as
// the text or number it holds (formulas by their cached result), with its address for errors.

/** An .xlsx of 50,000 filled-in rows is a few MiB; far larger files are refused before exceljs unzips them. */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
/** A spreadsheet with more rows is refused as a whole: split it. */
export const MAX_IMPORT_ROWS = 50_000;
/** An .xlsx is a zip: its first bytes are the local file header's signature. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export type CellValue = string | number | boolean | null;

export interface ParsedRow {
  /** The row's number in the sheet (the header is 1). */
  row: number;
  /** By header text. */
  cells: Record<string, CellValue>;
}

export interface ParsedSheet {
  /** Header text by column letter, in sheet order. */
  columns: Array<{ letter: string; header: string }>;
  rows: ParsedRow[];
}

/** Whole-file errors: 400 with a code the console translates (measurements.import.errors.<code>). */
export const fileError = (code: string, detail: string) => badRequest(detail, { File: [detail] }, `measurement_import.${code}`);

function plainValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return plainValue(value.result as ExcelJS.CellValue);
    if ('error' in value) return null;
  }
  return null;
}

const isBlank = (value: CellValue) => value === null || (typeof value === 'string' && value.trim() === '');

export async function parseWorkbook(bytes: Uint8Array, maxRows = MAX_IMPORT_ROWS, maxBytes = MAX_IMPORT_BYTES): Promise<ParsedSheet> {
  if (bytes.byteLength > maxBytes) {
    throw new HttpProblem(413, 'Payload Too Large', { detail: `The file is larger than ${maxBytes} bytes`, code: 'measurement_import.too_large' });
  }
  if (bytes.byteLength < 4 || ZIP_SIGNATURE.some((byte, i) => bytes[i] !== byte)) {
    throw fileError('not_xlsx', 'The file is not an .xlsx spreadsheet');
  }
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    // exceljs's typings predate Node's generic Buffer.
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw fileError('not_xlsx', 'The file is not an .xlsx spreadsheet');
  }
  const sheet = workbook.getWorksheet(MEASUREMENTS_SHEET);
  if (!sheet) throw fileError('no_sheet', `The spreadsheet has no sheet named ${MEASUREMENTS_SHEET}`);

  const columns: ParsedSheet['columns'] = [];
  const headerByIndex = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, index) => {
    const header = plainValue(cell.value);
    if (isBlank(header)) return;
    const text = String(header).trim();
    if ([...headerByIndex.values()].includes(text)) return;
    headerByIndex.set(index, text);
    columns.push({ letter: columnLetter(index), header: text });
  });
  if (![...headerByIndex.values()].includes('Name')) throw fileError('no_name_column', 'The Measurements sheet has no Name column');

  const rows: ParsedRow[] = [];
  let tooMany = false;
  sheet.eachRow((row, number) => {
    if (number === 1 || tooMany) return;
    const cells: Record<string, CellValue> = {};
    let empty = true;
    for (const [index, header] of headerByIndex) {
      const value = plainValue(row.getCell(index).value);
      cells[header] = typeof value === 'string' ? value.trim() : value;
      if (!isBlank(value)) empty = false;
    }
    if (empty) return;
    if (rows.length >= maxRows) {
      tooMany = true;
      return;
    }
    rows.push({ row: number, cells });
  });
  if (tooMany) throw fileError('too_many_rows', `The sheet has more than ${maxRows} measurements; split it`);
  return { columns, rows };
}

/** 1 → A, 27 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
