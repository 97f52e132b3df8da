import type { Db } from '../db/db';
import { isRecord, sameValue } from './diff';

// The journal of an applied plan (README.md, "Apply"): per row, what applying created (undo
// deletes it), deleted (undo puts the row back) and changed (the columns before and after; undo
// puts the before values back, and refuses when they are no longer the after values).

export type JournalTable = 'assets' | 'asset_properties' | 'measurements';
export type Entry =
  | { RowID: string; kind: 'update'; table: JournalTable; uuid: string; before: Record<string, unknown>; after: Record<string, unknown> }
  | { RowID: string; kind: 'insert'; table: JournalTable; uuid: string; after: Record<string, unknown> }
  | { RowID: string; kind: 'delete'; table: JournalTable; uuid: string; row: Record<string, unknown> };

/** The columns a plan writes and undo compares, per table (fixed names: they go into the SQL). */
export const TRACKED: Record<JournalTable, readonly string[]> = {
  assets: ['metadata', 'applied'],
  asset_properties: ['name', 'description', 'measurement_uuid', 'property_prototype_uuid', 'applied'],
  measurements: ['name', 'settings'],
};

export async function trackedColumns(db: Db, table: JournalTable, uuid: string): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${table} t WHERE uuid = $1`, [uuid]);
  const row = rows[0]?.row;
  if (!isRecord(row)) return null;
  return Object.fromEntries(TRACKED[table].map((column) => [column, row[column] ?? null]));
}

/** Writes tracked columns of one row from a JSON object of column values (jsonb_populate_record types them). */
export async function writeColumns(db: Db, table: JournalTable, uuid: string, values: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(values).filter((column) => TRACKED[table].includes(column));
  if (columns.length === 0) return;
  const sets = columns.map((column) => `${column} = r.${column}`).join(', ');
  await db.query(`UPDATE ${table} t SET ${sets} FROM jsonb_populate_record(NULL::${table}, $2::jsonb) r WHERE t.uuid = $1`, [uuid, JSON.stringify(values)]);
}

/** Changes tracked columns and returns the journal entry (none when nothing changes). */
export async function change(db: Db, rowId: string, table: JournalTable, uuid: string, values: Record<string, unknown>): Promise<Entry[]> {
  const before = await trackedColumns(db, table, uuid);
  if (before === null) return [];
  const after = { ...before, ...values };
  if (sameValue(before, after)) return [];
  await writeColumns(db, table, uuid, values);
  return [{ RowID: rowId, kind: 'update', table, uuid, before, after: (await trackedColumns(db, table, uuid)) ?? after }];
}

export async function inserted(db: Db, rowId: string, table: JournalTable, uuid: string): Promise<Entry[]> {
  const after = await trackedColumns(db, table, uuid);
  return after === null ? [] : [{ RowID: rowId, kind: 'insert', table, uuid, after }];
}

export async function removeRow(db: Db, rowId: string, table: JournalTable, uuid: string): Promise<Entry[]> {
  const { rows } = await db.query<{ row: unknown }>(`DELETE FROM ${table} t WHERE uuid = $1 RETURNING to_jsonb(t) AS row`, [uuid]);
  const row = rows[0]?.row;
  return isRecord(row) ? [{ RowID: rowId, kind: 'delete', table, uuid, row }] : [];
}

/** The entries whose item changed since the apply (undo refuses them). */
export async function changedSince(db: Db, entries: readonly Entry[]): Promise<Entry[]> {
  const changed: Entry[] = [];
  for (const entry of entries) {
    const now = await trackedColumns(db, entry.table, entry.uuid);
    if (entry.kind === 'delete' ? now !== null : now === null || !sameValue(now, entry.after)) changed.push(entry);
  }
  return changed;
}

/** Reverses one entry. */
export async function undoEntry(db: Db, entry: Entry): Promise<void> {
  if (entry.kind === 'update') await writeColumns(db, entry.table, entry.uuid, entry.before);
  else if (entry.kind === 'insert') await db.query(`DELETE FROM ${entry.table} WHERE uuid = $1`, [entry.uuid]);
  else await db.query(`INSERT INTO ${entry.table} SELECT * FROM jsonb_populate_record(NULL::${entry.table}, $1::jsonb)`, [JSON.stringify(entry.row)]);
}

export function isEntry(value: unknown): value is Entry {
  return isRecord(value) && typeof value.uuid === 'string' && ['assets', 'asset_properties', 'measurements'].includes(String(value.table)) && ['update', 'insert', 'delete'].includes(String(value.kind));
}
