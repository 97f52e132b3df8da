import type Mssql from 'mssql';
import { codeOf, ERROR_CODES, isNetworkError, isTlsError, type NetworkSettings } from './common';
import { networkDriver, type Classified, type FetchedRows, type Session } from './driver';
import { bindNamedParameters } from './sql';
import type { ReadOnlyQueryOptions } from './types';

// SQL Server through `mssql` (tedious): one connection per call, a READ COMMITTED transaction
// that is always rolled back, requestTimeout as the statement timeout, @p1… parameters, and rows
// streamed: past limit + 1 the request is cancelled.

function config(settings: NetworkSettings, timeoutMs: number, queryTimeoutMs?: number): Mssql.config {
  return {
    server: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password: settings.password ?? '',
    connectionTimeout: timeoutMs,
    // The statement timeout of run(); the test's SELECT 1 gets the connect timeout.
    requestTimeout: queryTimeoutMs ?? timeoutMs,
    pool: { min: 0, max: 1 },
    options: {
      encrypt: settings.tlsMode !== 'disable',
      trustServerCertificate: settings.tlsMode === 'require',
      ...(settings.ca ? { cryptoCredentialsDetails: { ca: settings.ca } } : {}),
      ...(settings.options.instanceName ? { instanceName: settings.options.instanceName } : {}),
      appName: settings.options.appName ?? 'historian',
    },
  };
}

function streamLimited(request: Mssql.Request, text: string, rows: number): Promise<FetchedRows> {
  return new Promise((resolve, reject) => {
    const fetched: unknown[][] = [];
    let columns: FetchedRows['columns'] = [];
    let names: string[] = [];
    request.stream = true;
    request.on('recordset', (meta: Record<string, { name: string; index: number; type?: { declaration?: string } }>) => {
      if (columns.length > 0) return;
      const ordered = Object.values(meta).sort((a, b) => a.index - b.index);
      names = ordered.map((column) => column.name);
      columns = ordered.map((column) => ({ Name: column.name, Type: column.type?.declaration ?? 'unknown' }));
    });
    request.on('row', (row: Record<string, unknown>) => {
      if (fetched.length < rows) fetched.push(names.map((name) => row[name]));
      if (fetched.length >= rows) request.cancel();
    });
    request.on('error', (error: unknown) => {
      if (codeOf(error) === 'ECANCEL' && fetched.length >= rows) return;
      reject(error);
    });
    request.on('done', () => resolve({ columns, rows: fetched }));
    void request.query(text);
  });
}

/** mssql (with tedious) is loaded on the first SQL Server connection: loading it costs every start half a second. */
async function loadMssql(): Promise<typeof Mssql> {
  const loaded = (await import('mssql')) as typeof Mssql & { default?: typeof Mssql };
  return loaded.default ?? loaded;
}

async function connect(settings: NetworkSettings, timeoutMs: number, queryTimeoutMs?: number): Promise<Session> {
  const sql = await loadMssql();
  const pool = new sql.ConnectionPool(config(settings, timeoutMs, queryTimeoutMs));
  pool.on('error', () => undefined);
  await pool.connect();
  return {
    encryption: () => (settings.tlsMode === 'disable' ? undefined : 'TLS'),
    async selectOne() {
      await pool.request().query('SELECT 1');
    },
    async readOnly(text: string, options: ReadOnlyQueryOptions) {
      const bound = bindNamedParameters(text, options.params, 'at', { brackets: true });
      const transaction = new sql.Transaction(pool);
      await transaction.begin(sql.ISOLATION_LEVEL.READ_COMMITTED);
      try {
        const request = new sql.Request(transaction);
        for (const { name, value } of bound.named) request.input(name, value);
        return await streamLimited(request, bound.text, options.limit + 1);
      } finally {
        await transaction.rollback().catch(() => undefined);
      }
    },
    async close() {
      await pool.close();
    },
  };
}

function connectFailure(error: unknown): Classified {
  const code = codeOf(error);
  if (code === 'ELOGIN') return { step: 'authenticate', code: ERROR_CODES.authentication };
  if (code === 'ESOCKET' || code === 'ETIMEOUT' || isNetworkError(error)) return isTlsError(error) ? { step: 'tls', code: ERROR_CODES.tls } : { step: 'reach', code: ERROR_CODES.unreachable };
  if (isTlsError(error)) return { step: 'tls', code: ERROR_CODES.tls };
  return { step: 'authenticate', code: ERROR_CODES.authentication };
}

function queryFailure(error: unknown): Classified {
  const code = codeOf(error);
  if (code === 'ETIMEOUT') return { step: 'timeout', code: ERROR_CODES.timeout };
  return { step: 'query', code: ERROR_CODES.query };
}

export const sqlserverDriver = networkDriver({ kind: 'sqlserver', defaultPort: 1433, connect, connectFailure, queryFailure });
