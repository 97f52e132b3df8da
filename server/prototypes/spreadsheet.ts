import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../spreadsheets/exceljs';
import type { Read } from '../../domain/contract';
import { cellValue } from '../collectors/template';
import { badRequest, HttpProblem } from '../http/problem';
import { MAX_IMPORT_BYTES } from '../measurements/import/parseWorkbook';

// The plan as a spreadsheet (README.md, "The spreadsheet"): sheet `Plan`, one line per compared
// field of each row (the row's own columns repeated on each), a Choice column to fill with keep or
// update; and reading that column back. Every cell is written as a plain value (texts as shared
// strings, never formulas), as the collector template does. Reading finds the columns by their
// header, so a reviewer may reorder or add columns; lines are named by their number in the sheet.

export type PlanRow = Read<'PrototypePlanRow'>;
export type KeepOrUpdate = Read<'ImportKeepOrUpdate'>;

export const PLAN_SHEET = 'Plan';
export const PLAN_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PLAN_COLUMNS = ['RowID', 'Kind', 'Asset path', 'Name', 'Action', 'Conflict', 'Problem', 'Choice', 'Field', 'Base', 'Prototype', 'Instance'] as const;
/** The actions whose rows take a keep-or-update choice (README.md, "The plan"); a choice on another row is not read. */
const CHOOSABLE = new Set<string>(['Update', 'Overridden', 'Link & Keep', 'Link & Update']);
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const WIDTHS: Record<(typeof PLAN_COLUMNS)[number], number> = {
  RowID: 30,
  Kind: 14,
  'Asset path': 36,
  Name: 24,
  Action: 14,
  Conflict: 10,
  Problem: 22,
  Choice: 10,
  Field: 22,
  Base: 24,
  Prototype: 24,
  Instance: 24,
};
const CONFLICT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };

/** The .xlsx bytes of a plan's rows. */
export async function buildPlanWorkbook(rows: readonly PlanRow[]): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = 'Historian Console';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(PLAN_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PLAN_COLUMNS.map((header) => ({ header, key: header, width: WIDTHS[header] }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: 'A1', to: `${sheet.getColumn(PLAN_COLUMNS.length).letter}1` };
  const choice = sheet.getColumn('Choice').number;

  for (const row of rows) {
    const own = [row.RowID, row.EntityKind, row.AssetPath, row.Name, row.Action, row.Conflict ? 'yes' : 'no', row.Problem ?? '', ''].map(cellValue);
    const fields = row.Fields.length > 0 ? row.Fields : [null];
    for (const field of fields) {
      const line = sheet.addRow([...own, ...(field ? [field.Field, field.Base, field.Prototype, field.Instance].map(cellValue) : [])]);
      if (CHOOSABLE.has(row.Action)) {
        line.getCell(choice).dataValidation = { type: 'list', allowBlank: true, formulae: ['"keep,update"'], showErrorMessage: true, error: 'keep, update or empty' };
      }
      if (row.Conflict) line.eachCell({ includeEmpty: true }, (cell) => (cell.fill = CONFLICT_FILL));
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function planDisposition(prototypeName: string): string {
  const name = `${prototypeName} plan.xlsx`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\/;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const fileError = (code: string, detail: string) => badRequest(detail, { File: [detail] }, `prototype_plan.spreadsheet.${code}`);

function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value).trim();
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return textOf(value.result as ExcelJS.CellValue);
  return '';
}

export interface ReadChoices {
  Choices: Record<string, KeepOrUpdate>;
  Unresolved: string[];
}

/**
 * The choices of a filled-in plan spreadsheet: keep or update (case aside), or empty. A 400 names
 * every line whose RowID is not the plan's, whose Choice is anything else, or whose Choice
 * contradicts an earlier line of the same row; nothing is changed.
 */
export async function readPlanChoices(bytes: Uint8Array, rows: readonly PlanRow[], maxBytes = MAX_IMPORT_BYTES): Promise<ReadChoices> {
  if (bytes.byteLength > maxBytes) {
    throw new HttpProblem(413, 'Payload Too Large', { detail: `The file is larger than ${maxBytes} bytes`, code: 'prototype_plan.spreadsheet.too_large' });
  }
  if (bytes.byteLength < 4 || ZIP_SIGNATURE.some((byte, i) => bytes[i] !== byte)) throw fileError('not_xlsx', 'The file is not an .xlsx spreadsheet');
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    // exceljs's typings predate Node's generic Buffer.
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw fileError('not_xlsx', 'The file is not an .xlsx spreadsheet');
  }
  const sheet = workbook.getWorksheet(PLAN_SHEET);
  if (!sheet) throw fileError('no_sheet', `The spreadsheet has no sheet named ${PLAN_SHEET}`);
  const columnOf = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, index) => {
    const header = textOf(cell.value);
    if (header !== '' && !columnOf.has(header)) columnOf.set(header, index);
  });
  const rowIdColumn = columnOf.get('RowID');
  const choiceColumn = columnOf.get('Choice');
  if (rowIdColumn === undefined || choiceColumn === undefined) throw fileError('no_columns', 'The Plan sheet has no RowID or no Choice column');

  const byId = new Map(rows.map((row) => [row.RowID, row]));
  const choices = new Map<string, { choice: KeepOrUpdate; line: number }>();
  const errors: Record<string, string[]> = {};
  sheet.eachRow((line, number) => {
    if (number === 1) return;
    const rowId = textOf(line.getCell(rowIdColumn).value);
    const text = textOf(line.getCell(choiceColumn).value).toLowerCase();
    if (rowId === '' && text === '') return;
    const problems: string[] = [];
    const row = byId.get(rowId);
    if (!row) problems.push(rowId === '' ? 'has no RowID' : `RowID ${rowId} is not a row of this plan`);
    if (text !== '' && text !== 'keep' && text !== 'update') problems.push(`Choice "${text}" is neither keep nor update`);
    else if (row && (text === 'keep' || text === 'update') && CHOOSABLE.has(row.Action)) {
      const earlier = choices.get(rowId);
      if (earlier && earlier.choice !== text) problems.push(`Choice ${text} contradicts line ${earlier.line} of the same row`);
      else if (!earlier) choices.set(rowId, { choice: text, line: number });
    }
    if (problems.length > 0) errors[`Line ${number}`] = problems;
  });
  const bad = Object.keys(errors);
  if (bad.length > 0) throw badRequest(`The spreadsheet has lines that cannot be read: ${bad.join(', ')}`, errors, 'prototype_plan.spreadsheet.bad_lines');

  const read: Record<string, KeepOrUpdate> = {};
  for (const [rowId, { choice }] of choices) read[rowId] = choice;
  return { Choices: read, Unresolved: rows.filter((row) => row.Conflict && read[row.RowID] === undefined).map((row) => row.RowID) };
}
