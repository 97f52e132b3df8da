import mysql, { type Connection, type ConnectionOptions, type FieldPacket } from 'mysql2';
import { CLIENT_GRACE_MS, codeOf, ERROR_CODES, isNetworkError, isTlsError, type NetworkSettings } from './common';
import { networkDriver, type Classified, type FetchedRows, type Session } from './driver';
import { bindNamedParameters } from './sql';
import type { ReadOnlyQueryOptions } from './types';

// MySQL and MariaDB through `mysql2`: one connection per call, START TRANSACTION READ ONLY, the
// statement timeout of the server (MariaDB max_statement_time, MySQL MAX_EXECUTION_TIME) and of
// the client (the connection is dropped), server-side prepared statements for the parameters,
// and rows read as they arrive: past limit + 1 they are not kept.

class ClientTimeout extends Error {
  code = 'CLIENT_TIMEOUT';
}

function options(settings: NetworkSettings, timeoutMs: number): ConnectionOptions {
  const ssl = settings.tlsMode === 'disable' ? undefined : { rejectUnauthorized: settings.tlsMode === 'verify-full', ...(settings.ca ? { ca: settings.ca } : {}) };
  return {
    host: settings.host,
    port: settings.port,
    user: settings.user,
    password: settings.password ?? '',
    database: settings.database,
    ssl,
    connectTimeout: timeoutMs,
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: false,
    multipleStatements: false,
    // Never LOAD DATA LOCAL: a server of someone else's could ask for the historian's own files.
    flags: ['-LOCAL_FILES'],
    rowsAsArray: true,
    ...(settings.options.charset ? { charset: settings.options.charset } : {}),
  };
}

function query(connection: Connection, sql: string, values: unknown[] = []): Promise<void> {
  return new Promise((resolve, reject) => connection.query(sql, values, (error) => (error ? reject(error) : resolve())));
}

/** Executes a prepared statement, keeping the first `rows` rows of its result; rejects after timeoutMs by dropping the connection. */
function executeLimited(connection: Connection, sql: string, values: unknown[], rows: number, timeoutMs: number): Promise<FetchedRows> {
  return new Promise((resolve, reject) => {
    const fetched: unknown[][] = [];
    let columns: FetchedRows['columns'] = [];
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      connection.destroy();
      reject(new ClientTimeout(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ columns, rows: fetched });
    };
    const command = connection.execute(sql, values as never[]);
    const emitter = command as unknown as NodeJS.EventEmitter;
    emitter.on('fields', (fields?: FieldPacket[]) => {
      if (fields && columns.length === 0) columns = fields.map((field) => ({ Name: field.name, Type: typeNameOf(field) }));
    });
    emitter.on('result', (row: unknown) => {
      if (Array.isArray(row) && fetched.length < rows) fetched.push(row);
    });
    emitter.on('error', (error: unknown) => finish(error));
    emitter.on('end', () => finish());
  });
}

const TYPE_NAMES: Record<number, string> = {
  0: 'decimal',
  1: 'tinyint',
  2: 'smallint',
  3: 'int',
  4: 'float',
  5: 'double',
  7: 'timestamp',
  8: 'bigint',
  9: 'mediumint',
  10: 'date',
  11: 'time',
  12: 'datetime',
  13: 'year',
  15: 'varchar',
  16: 'bit',
  245: 'json',
  246: 'decimal',
  252: 'blob',
  253: 'varchar',
  254: 'char',
};

const typeNameOf = (field: FieldPacket) => (field.columnType !== undefined ? (TYPE_NAMES[field.columnType] ?? String(field.columnType)) : undefined) ?? 'unknown';

function connect(settings: NetworkSettings, timeoutMs: number): Promise<Session> {
  return new Promise((resolve, reject) => {
    const connection = mysql.createConnection(options(settings, timeoutMs));
    connection.on('error', () => undefined);
    connection.connect((error) => {
      if (error) {
        connection.destroy();
        reject(error);
        return;
      }
      resolve({
        encryption() {
          const stream = (connection as unknown as { stream?: { getProtocol?: () => string | null } }).stream;
          return settings.tlsMode !== 'disable' && typeof stream?.getProtocol === 'function' ? (stream.getProtocol() ?? 'TLS') : undefined;
        },
        selectOne: () => query(connection, 'SELECT 1'),
        async readOnly(text: string, queryOptions: ReadOnlyQueryOptions) {
          const bound = bindNamedParameters(text, queryOptions.params, 'question', { backslashEscapes: true });
          const timeoutMs = Math.max(1, Math.round(queryOptions.timeoutMs));
          // MariaDB counts in seconds (max_statement_time), MySQL in milliseconds (MAX_EXECUTION_TIME, SELECT only).
          await query(connection, 'SET SESSION max_statement_time = ?', [timeoutMs / 1000]).catch(() => query(connection, 'SET SESSION MAX_EXECUTION_TIME = ?', [timeoutMs]));
          await query(connection, 'START TRANSACTION READ ONLY');
          try {
            return await executeLimited(connection, bound.text, bound.values.map(dateParameter), queryOptions.limit + 1, timeoutMs + CLIENT_GRACE_MS);
          } finally {
            await query(connection, 'ROLLBACK').catch(() => undefined);
          }
        },
        close: () =>
          new Promise<void>((done) => {
            connection.end(() => {
              connection.destroy();
              done();
            });
          }),
      });
    });
  });
}

/** Dates as UTC DATETIME text (the connection's time zone is Z). */
const dateParameter = (value: unknown) => (value instanceof Date ? value.toISOString().replace('T', ' ').replace('Z', '') : value);

const AUTHENTICATION_CODES = new Set(['ER_ACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_NOT_SUPPORTED_AUTH_MODE', 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR']);
const TIMEOUT_CODES = new Set(['CLIENT_TIMEOUT', 'ER_QUERY_TIMEOUT', 'ER_STATEMENT_TIMEOUT', 'ER_QUERY_INTERRUPTED', 'PROTOCOL_SEQUENCE_TIMEOUT']);

function connectFailure(error: unknown): Classified {
  const code = codeOf(error);
  if (code === 'ER_BAD_DB_ERROR') return { step: 'authenticate', code: ERROR_CODES.databaseMissing };
  if (typeof code === 'string' && AUTHENTICATION_CODES.has(code)) return { step: 'authenticate', code: ERROR_CODES.authentication };
  if (isNetworkError(error) || code === 'PROTOCOL_CONNECTION_LOST') return { step: 'reach', code: ERROR_CODES.unreachable };
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT' || isTlsError(error)) return { step: 'tls', code: ERROR_CODES.tls };
  return { step: 'authenticate', code: ERROR_CODES.authentication };
}

/** MariaDB's 1969 (max_statement_time exceeded) has no name in mysql2's table; MySQL's is 3024. */
const TIMEOUT_ERRNOS = new Set([1969, 3024, 1317]);

function queryFailure(error: unknown): Classified {
  const code = codeOf(error);
  const errno = typeof error === 'object' && error !== null ? (error as { errno?: unknown }).errno : undefined;
  if ((typeof code === 'string' && TIMEOUT_CODES.has(code)) || (typeof errno === 'number' && TIMEOUT_ERRNOS.has(errno))) return { step: 'timeout', code: ERROR_CODES.timeout };
  // 1792 ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
  if (code === 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION') return { step: 'query', code: ERROR_CODES.readOnly };
  return { step: 'query', code: ERROR_CODES.query };
}

export const mysqlDriver = networkDriver({ kind: 'mysql', defaultPort: 3306, connect, connectFailure, queryFailure });
