import { Client, Query, types as pgTypes, type ClientConfig } from 'pg';
import type { TLSSocket } from 'node:tls';
import { CLIENT_GRACE_MS, codeOf, ERROR_CODES, isNetworkError, isTlsError, type NetworkSettings } from './common';
import { networkDriver, type Classified, type FetchedRows, type Session } from './driver';
import { bindNamedParameters } from './sql';
import type { ReadOnlyQueryOptions } from './types';

// PostgreSQL through `pg`: one connection per call, a READ ONLY transaction with SET LOCAL
// statement_timeout, and a portal executed for limit + 1 rows (never more fetched).

const TYPE_NAMES: Record<number, string> = {
  16: 'bool',
  17: 'bytea',
  20: 'int8',
  21: 'int2',
  23: 'int4',
  25: 'text',
  114: 'json',
  700: 'float4',
  701: 'float8',
  1042: 'bpchar',
  1043: 'varchar',
  1082: 'date',
  1083: 'time',
  1114: 'timestamp',
  1184: 'timestamptz',
  1700: 'numeric',
  2950: 'uuid',
  3802: 'jsonb',
};

const INT8 = 20;
/** int8 as a number when it is safe, else as text (JSON has no 64-bit integers). */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 && format !== 'binary') {
      return (value: string) => {
        const number = Number(value);
        return Number.isSafeInteger(number) ? number : value;
      };
    }
    return pgTypes.getTypeParser(oid, format ?? 'text');
  },
};

/** A query whose portal runs for `rows` rows once: it stops there instead of fetching the rest. */
class LimitedQuery extends Query {
  suspended = false;
  handlePortalSuspended(connection: { sync(): void }) {
    this.suspended = true;
    connection.sync();
  }
  /** With a row count, Sync is not sent ahead: after an error the server waits for it before it is ready again. */
  handleError(error: Error, connection: { sync(): void }) {
    connection.sync();
    (Query.prototype as unknown as { handleError(error: Error, connection: unknown): void }).handleError.call(this, error, connection);
  }
}

function clientConfig(settings: NetworkSettings, timeoutMs: number): ClientConfig {
  const ssl =
    settings.tlsMode === 'disable'
      ? false
      : { rejectUnauthorized: settings.tlsMode === 'verify-full', ...(settings.ca ? { ca: settings.ca } : {}), servername: settings.host };
  const searchPath = settings.options.search_path;
  return {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password: settings.password ?? '',
    ssl,
    connectionTimeoutMillis: timeoutMs,
    application_name: settings.options.application_name ?? 'historian',
    ...(searchPath ? { options: `-c search_path=${searchPath.replace(/[^A-Za-z0-9_,"$ ]/g, '')}` } : {}),
  };
}

class ClientTimeout extends Error {}

/**
 * Runs the query's portal for `rows` rows. The client's own query_timeout cannot be used with a
 * query object of our own (it replaces its callback), so a timer of our own ends the connection
 * when the server's statement timeout did not fire in time.
 */
function runLimited(client: Client, text: string, values: unknown[], rows: number, backstopMs: number): Promise<FetchedRows> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ClientTimeout(`no answer within ${backstopMs} ms`));
      void client.end().catch(() => undefined);
    }, backstopMs);
    const query = new LimitedQuery({ text, values, rows, rowMode: 'array', types: typeParsers, queryMode: 'extended' } as ConstructorParameters<typeof Query>[0]);
    const fetched: unknown[][] = [];
    let columns: FetchedRows['columns'] = [];
    query.on('row', (row: unknown[], result?: { fields?: { name: string; dataTypeID: number }[] }) => {
      if (columns.length === 0 && result?.fields) columns = result.fields.map((field) => ({ Name: field.name, Type: TYPE_NAMES[field.dataTypeID] ?? String(field.dataTypeID) }));
      if (fetched.length < rows) fetched.push(row);
    });
    query.on('error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
    query.on('end', (result: { fields?: { name: string; dataTypeID: number }[] }) => {
      if (columns.length === 0 && result?.fields) columns = result.fields.map((field) => ({ Name: field.name, Type: TYPE_NAMES[field.dataTypeID] ?? String(field.dataTypeID) }));
      clearTimeout(timer);
      resolve({ columns, rows: fetched });
    });
    client.query(query);
  });
}

async function connect(settings: NetworkSettings, timeoutMs: number): Promise<Session> {
  const client = new Client(clientConfig(settings, timeoutMs));
  client.on('error', () => undefined);
  await client.connect().catch(async (error: unknown) => {
    await client.end().catch(() => undefined);
    throw error;
  });
  return {
    encryption() {
      const stream = (client as unknown as { connection?: { stream?: Partial<TLSSocket> } }).connection?.stream;
      return typeof stream?.getProtocol === 'function' ? (stream.getProtocol() ?? 'TLS') : undefined;
    },
    async selectOne() {
      await client.query('SELECT 1');
    },
    async readOnly(query: string, options: ReadOnlyQueryOptions) {
      const bound = bindNamedParameters(query, options.params, 'dollar');
      await client.query('BEGIN TRANSACTION READ ONLY');
      try {
        await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(options.timeoutMs))}`);
        return await runLimited(client, bound.text, bound.values, options.limit + 1, options.timeoutMs + CLIENT_GRACE_MS);
      } finally {
        await client.query('ROLLBACK').catch(() => undefined);
      }
    },
    async close() {
      await client.end();
    },
  };
}

const AUTHENTICATION_CODES = new Set(['28P01', '28000']);

function connectFailure(error: unknown): Classified {
  const code = codeOf(error);
  if (code === '3D000') return { step: 'authenticate', code: ERROR_CODES.databaseMissing };
  if (typeof code === 'string' && AUTHENTICATION_CODES.has(code)) return { step: 'authenticate', code: ERROR_CODES.authentication };
  if (isNetworkError(error) || /timeout|terminated unexpectedly/i.test(String((error as Error)?.message))) return { step: 'reach', code: ERROR_CODES.unreachable };
  if (isTlsError(error)) return { step: 'tls', code: ERROR_CODES.tls };
  return { step: 'authenticate', code: ERROR_CODES.authentication };
}

function queryFailure(error: unknown): Classified {
  const code = codeOf(error);
  // 57014 query_canceled: the statement timeout.
  if (code === '57014' || error instanceof ClientTimeout) return { step: 'timeout', code: ERROR_CODES.timeout };
  if (code === '25006') return { step: 'query', code: ERROR_CODES.readOnly };
  return { step: 'query', code: ERROR_CODES.query };
}

export const postgresDriver = networkDriver({
  kind: 'postgres',
  defaultPort: 5432,
  connect,
  connectFailure,
  queryFailure,
});

