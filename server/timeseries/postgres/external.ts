import { Pool } from 'pg';
import type { PoolConfig, QueryConfig, QueryResult } from 'pg';
import { DEFAULT_TIMESERIES_DATABASE_NAME } from '../../../domain/constants';
import { redactError } from '../connectionTest';
import { enumSetting, integerSetting, optionalString, requiredString } from '../settings';
import type { SettingsMap } from '../types';
import type { SqlClient } from './schema';

// The built-in store on another PostgreSQL server, reached with its own small pool.

export const SSL_MODES = ['disable', 'require', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

export interface ExternalPostgresConfig {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string | undefined;
  sslmode: SslMode;
}

export function externalConfig(settings: SettingsMap, secureSettings: SettingsMap): ExternalPostgresConfig {
  return {
    host: requiredString(settings, 'host'),
    port: integerSetting(settings, 'port', 5432, 1, 65535),
    database: optionalString(settings, 'database') ?? DEFAULT_TIMESERIES_DATABASE_NAME,
    user: requiredString(settings, 'user'),
    password: optionalString(secureSettings, 'password'),
    sslmode: enumSetting(settings, 'sslmode', SSL_MODES, 'disable'),
  };
}

export function secretsOf(config: ExternalPostgresConfig): string[] {
  return config.password ? [config.password] : [];
}

const CONNECT_TIMEOUT_MS = 10_000;

function poolConfig(config: ExternalPostgresConfig, database: string, max: number): PoolConfig {
  // Fields, not a URL: a password with '@' or '/' needs no escaping and never sits in a string
  // that an error message could quote.
  const ssl = config.sslmode === 'disable' ? false : { rejectUnauthorized: config.sslmode === 'verify-full' };
  return {
    host: config.host,
    port: config.port,
    database,
    user: config.user,
    password: config.password,
    ssl,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'historian-timeseries',
  };
}

export function openPool(config: ExternalPostgresConfig, database: string = config.database, max = 4): Pool {
  const pool = new Pool(poolConfig(config, database, max));
  // Without a listener an idle client's error (server restart) would crash the process; the pool
  // drops that client and the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

// @types/pg does not declare queryMode; 'extended' refuses several statements in one query(), as
// PGlite does, so the store behaves the same on both (see server/db/postgres.ts).
type ExtendedQueryConfig = QueryConfig<unknown[]> & { queryMode: 'extended' };

/** A SqlClient over the pool whose errors never carry the password (pg's do not, but a proxy's might). */
export function poolClient(pool: Pool, secrets: readonly string[] = []): SqlClient {
  return {
    async query(sql: string, params: unknown[] = []) {
      const config: ExtendedQueryConfig = { text: sql, values: params, queryMode: 'extended' };
      try {
        const result: QueryResult = await pool.query(config);
        return { rows: result.rows };
      } catch (error) {
        throw redactError(error, secrets);
      }
    },
    async exec(sql: string) {
      try {
        await pool.query(sql);
      } catch (error) {
        throw redactError(error, secrets);
      }
    },
  };
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

const DUPLICATE_DATABASE = '42P04';

/**
 * Creates the configured database through the server's `postgres` maintenance database (CREATE
 * DATABASE cannot run inside the database it creates). Returns false when it already existed.
 */
export async function createExternalDatabase(config: ExternalPostgresConfig): Promise<boolean> {
  const pool = openPool(config, 'postgres', 1);
  const client = poolClient(pool, secretsOf(config));
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [config.database]);
    if (rows.length > 0) return false;
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(config.database)}`);
      return true;
    } catch (error) {
      // Another server created it between our check and our CREATE.
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === DUPLICATE_DATABASE) return false;
      throw error;
    }
  } finally {
    await pool.end();
  }
}

/** Which connection-test step a pg connection error belongs to. */
export function connectionErrorStep(error: unknown): 'authenticate' | 'database' {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  // 3D000 invalid_catalog_name: credentials were accepted, the database is missing.
  return code === '3D000' ? 'database' : 'authenticate';
}
