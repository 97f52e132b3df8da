import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { ERROR_CODES, errorText, jsonValue, limitedResult, queryError, runTestSteps } from './common';
import type { ExternalDriver } from './driver';
import { bindNamedParameters } from './sql';
import { ExternalQueryError, type ExternalDatabaseConnection } from './types';

// SQLite through `sql.js`: the file, which must lie under the folder the operator allows, is read
// into memory and opened there with query_only on, so no statement can change it (and the file on
// disk is never written). Rows are stepped one by one: past limit + 1, or past the timeout, it stops.

/** Largest file read into memory. */
export const MAX_SQLITE_BYTES = 512 * 1024 * 1024;

let sqlJs: Promise<SqlJsStatic> | undefined;
const engine = () => (sqlJs ??= initSqlJs());

export class SqliteFileError extends Error {}

/**
 * The real path of File when it lies inside `root` (symbolic links resolved on both); throws
 * SqliteFileError otherwise. A relative File is taken relative to root.
 */
export async function sqliteFilePath(root: string, file: unknown): Promise<string> {
  if (typeof file !== 'string' || file.trim() === '') throw new SqliteFileError('No file is set');
  const realRoot = await realpath(root).catch(() => path.resolve(root));
  const candidate = path.resolve(realRoot, file.trim());
  const real = await realpath(candidate).catch(() => candidate);
  const relative = path.relative(realRoot, real);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new SqliteFileError(`The file must lie inside the folder for SQLite files (${root})`);
  }
  return real;
}

async function open(root: string, connection: ExternalDatabaseConnection): Promise<Database> {
  let file: string;
  try {
    file = await sqliteFilePath(root, connection.settings.File);
    const info = await stat(file);
    if (!info.isFile()) throw new Error('is not a file');
    if (info.size > MAX_SQLITE_BYTES) throw new Error(`is larger than ${MAX_SQLITE_BYTES} bytes`);
  } catch (error) {
    throw new ExternalQueryError('reach', `${String(connection.settings.File)}: ${errorText(error)}`, ERROR_CODES.file);
  }
  const SQL = await engine();
  const db = new SQL.Database(await readFile(file));
  try {
    db.exec('PRAGMA query_only = 1');
  } catch (error) {
    db.close();
    throw queryError('query', error, ERROR_CODES.file, []);
  }
  return db;
}

export function sqliteDriver(root: () => string): ExternalDriver {
  return {
    kind: 'sqlite',

    async test(connection) {
      let db: Database | undefined;
      try {
        return await runTestSteps(
          [
            {
              name: 'reach',
              run: async () => {
                const file = await sqliteFilePath(root(), connection.settings.File).catch((error: unknown) => {
                  throw new Error(errorText(error));
                });
                const info = await stat(file);
                return `${path.basename(file)}, ${info.size} bytes`;
              },
            },
            {
              name: 'query',
              run: async () => {
                db = await open(root(), connection);
                const tables = db.exec("SELECT count(*) FROM sqlite_master WHERE type IN ('table', 'view')");
                return `${String(tables[0]?.values[0]?.[0] ?? 0)} tables and views`;
              },
            },
          ],
          [],
        );
      } finally {
        db?.close();
      }
    },

    async run(connection, query, options) {
      const startedAt = performance.now();
      const db = await open(root(), connection);
      try {
        const bound = bindNamedParameters(query, options.params, 'question');
        const values = bound.values.map((value) => (value instanceof Date ? value.toISOString() : value)) as (string | number | null)[];
        const statement = db.prepare(bound.text);
        try {
          statement.bind(values);
          const rows: unknown[][] = [];
          const deadline = startedAt + options.timeoutMs;
          while (rows.length <= options.limit && statement.step()) {
            rows.push(statement.get());
            if (performance.now() > deadline) throw new ExternalQueryError('timeout', `stopped after ${options.timeoutMs} ms`, ERROR_CODES.timeout);
          }
          const columns = statement.getColumnNames().map((name) => ({ Name: name }));
          return limitedResult(columns, rows.map((row) => row.map(jsonValue)), options.limit, startedAt);
        } finally {
          statement.free();
        }
      } catch (error) {
        if (error instanceof ExternalQueryError) throw error;
        const readOnly = /readonly|read-only|query_only/i.test(errorText(error));
        throw queryError('query', error, readOnly ? ERROR_CODES.readOnly : ERROR_CODES.query, []);
      } finally {
        db.close();
      }
    },
  };
}
