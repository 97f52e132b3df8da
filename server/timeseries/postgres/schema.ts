import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../db/migrate';
import type { ValueType } from '../types';

// The built-in store's DDL lives in the server's migrations (so the server's own database gets it
// at start like every other table) and is run from here on an external PostgreSQL database. A
// later change to these tables adds a migration file AND its name to this list.
export const TIMESERIES_MIGRATIONS = ['010_timeseries.sql'] as const;

export const POINTS_TABLE = 'timeseries_points';

/** What the store needs of a connection: the server's Db satisfies it, so does an external pool. */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** A script of several statements, run as one implicit transaction. */
  exec(sql: string): Promise<void>;
}

// Any fixed number; it only has to differ from the keys of other start-up work (migrate.ts).
export const SCHEMA_LOCK_KEY = '7202604131700010';

/** Creates the tables unless they exist. Several servers may call it at once: they take turns. */
export async function ensureSchema(client: SqlClient): Promise<void> {
  const files = await Promise.all(TIMESERIES_MIGRATIONS.map((name) => readFile(path.join(MIGRATIONS_DIR, name), 'utf8')));
  // A multi-statement script runs in one implicit transaction, which holds the xact lock to its end.
  await client.exec([`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK_KEY});`, ...files].join('\n'));
}

export async function schemaExists(client: SqlClient): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [POINTS_TABLE]);
  return rows[0]?.found === true;
}

/** How one value type is kept: its column, the array type its batch is sent as, and the casts. */
export interface ValueColumn {
  column: 'value_number' | 'value_bool' | 'value_text' | 'value_json' | 'value_raw';
  /** Type of the unnest() parameter carrying the batch's values. */
  arrayType: 'float8[]' | 'boolean[]' | 'text[]';
  /** Turns the unnested element `v` into the column's type. */
  fromParam: string;
}

const NUMBER: ValueColumn = { column: 'value_number', arrayType: 'float8[]', fromParam: 'v' };
const BOOL: ValueColumn = { column: 'value_bool', arrayType: 'boolean[]', fromParam: 'v' };
const TEXT: ValueColumn = { column: 'value_text', arrayType: 'text[]', fromParam: 'v' };
// Slices go as JSON text and raw bytes as base64 text: both adapters send text[] the same way,
// while jsonb[] and bytea[] parameters are serialized differently by PGlite and node-postgres.
const JSON_SLICE: ValueColumn = { column: 'value_json', arrayType: 'text[]', fromParam: 'v::jsonb' };
const RAW: ValueColumn = { column: 'value_raw', arrayType: 'text[]', fromParam: "decode(v, 'base64')" };

export const VALUE_COLUMNS: Readonly<Record<ValueType, ValueColumn>> = {
  number: NUMBER,
  boolean: BOOL,
  string: TEXT,
  '[]number': JSON_SLICE,
  '[]boolean': JSON_SLICE,
  '[]string': JSON_SLICE,
  raw: RAW,
};
