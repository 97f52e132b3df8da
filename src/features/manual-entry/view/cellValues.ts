import type { ManualEntryColumn, ManualEntryScalar } from '../../../api/generated/historian.gen';

// What a grid cell shows and what a typed text becomes (SPEC §5: a comma is a decimal separator
// too). Pure functions, shared by the grid, the sender and the tests.

export type ParsedInput = { ok: true; value: ManualEntryScalar } | { ok: false; errorKey: string };

/** The text typed into a cell as the column's datatype; an empty text clears the value. */
export function parseInput(column: ManualEntryColumn, text: string): ParsedInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (column.PossibleValues && column.PossibleValues.length > 0) {
    const chosen = column.PossibleValues.find((option) => String(option.Value) === trimmed);
    return chosen ? { ok: true, value: chosen.Value } : { ok: false, errorKey: 'manual_entry.view.not_a_choice' };
  }
  if (column.Datatype === 'number') {
    const normalised = trimmed.replace(/\s/g, '').replace(',', '.');
    const value = Number(normalised);
    return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalised) && Number.isFinite(value) ? { ok: true, value } : { ok: false, errorKey: 'manual_entry.view.not_a_number' };
  }
  if (column.Datatype === 'boolean') {
    if (/^(true|1|yes)$/i.test(trimmed)) return { ok: true, value: true };
    if (/^(false|0|no)$/i.test(trimmed)) return { ok: true, value: false };
    return { ok: false, errorKey: 'manual_entry.view.not_a_boolean' };
  }
  return { ok: true, value: trimmed };
}

/** A value as the grid shows it, in the user's language. */
export function formatValue(column: ManualEntryColumn, value: ManualEntryScalar | undefined, locale: string, yesNo: { yes: string; no: string }): string {
  if (value === null || value === undefined) return '';
  const option = column.PossibleValues?.find((candidate) => candidate.Value === value);
  if (option) return option.Label;
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (typeof value === 'number') return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value);
  return value;
}

/** A value as the editor starts with it (the decimal separator of the user's language). */
export function editText(value: ManualEntryScalar | undefined, locale: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    const separator = new Intl.NumberFormat(locale).format(1.5).charAt(1);
    return String(value).replace('.', separator);
  }
  return String(value);
}

/** The key of one cell of the grid: the row (event UUID or timestamp) and the column. */
export const cellKey = (rowKey: string, columnKey: string) => `${rowKey}|${columnKey}`;
