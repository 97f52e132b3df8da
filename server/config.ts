import path from 'node:path';
import { LicenceKeyError, readLicencePublicKey, type LicencePublicKey } from './licence/publicKey';

// Everything the server reads from its environment, read once at start and validated, so a typo
// in a variable stops the server with a clear message instead of surfacing later.

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** Fastify's trustProxy: true/false, or the proxies' addresses/CIDRs (comma-separated in the env). */
export type TrustProxy = boolean | string[];

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path; holds the embedded database (when no DATABASE_URL) and other server files. */
  dataDir: string;
  /** When set the server uses PostgreSQL; otherwise the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** When unset, a secret is generated once and kept in the database (see resolveSessionSecret). */
  sessionSecret: string | undefined;
  nodeEnv: string;
  isProduction: boolean;
  /** HISTORIAN_CLIENT_DIR: the built client to serve; unset means the default build folder. */
  clientDir: string | undefined;
  /** HISTORIAN_STRICT_RESPONSES: validate responses against the contract; default on outside production. */
  strictResponses: boolean;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  /** HISTORIAN_UPLOAD_LIMIT_BYTES: largest accepted upload (product updates); default 200 MiB. */
  uploadLimitBytes: number;
  portalUrl: string | undefined;
  supportUrl: string | undefined;
  /** HISTORIAN_LICENSE_PUBLIC_KEY: the vendor key licences are verified with; unset = trial only. */
  licensePublicKey: LicencePublicKey | undefined;
  /** HISTORIAN_EXPORT_DIR: the only folder task exports write under; unset means `<dataDir>/exports`. */
  exportDir?: string;
  /** HISTORIAN_SQLITE_DIR: the only folder external SQLite databases are read from; unset means `<dataDir>/external`. */
  sqliteDir?: string;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '0.0.0.0';
export const DEFAULT_DATA_DIR = './data';
export const DEFAULT_UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;
/** HMAC keys shorter than this are too easy to guess. */
export const MIN_SESSION_SECRET_LENGTH = 32;
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Unset and empty are the same: `PORT= npm run server` should mean "the default". */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return value;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, not "${raw}"`);
}

function readUrl(env: Env, name: string, pattern: RegExp, expected: string, echo: boolean): string | undefined {
  const url = read(env, name);
  if (url !== undefined && !pattern.test(url)) {
    // DATABASE_URL may hold a password, so such values are not echoed back.
    throw new ConfigError(`${name} must be ${expected}${echo ? `, not "${url}"` : ''}`);
  }
  return url;
}

function readSessionSecret(env: Env): string | undefined {
  const secret = read(env, 'HISTORIAN_SESSION_SECRET');
  if (secret !== undefined && secret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new ConfigError(
      `HISTORIAN_SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters; leave it unset to have one generated`,
    );
  }
  return secret;
}

function readLogLevel(env: Env): LogLevel {
  const raw = read(env, 'LOG_LEVEL')?.toLowerCase() ?? 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === raw);
  if (level === undefined) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${raw}"`);
  return level;
}

function readLicenseKey(env: Env, cwd: string): LicencePublicKey | undefined {
  try {
    return readLicencePublicKey(read(env, 'HISTORIAN_LICENSE_PUBLIC_KEY'), cwd);
  } catch (error) {
    if (error instanceof LicenceKeyError) throw new ConfigError(error.message);
    throw error;
  }
}

function readTrustProxy(env: Env): TrustProxy {
  const raw = read(env, 'HISTORIAN_TRUST_PROXY');
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function optionalPath(env: Env, name: string, cwd: string): string | undefined {
  const value = read(env, name);
  return value === undefined ? undefined : path.resolve(cwd, value);
}

/** The root task exports write under (HISTORIAN_EXPORT_DIR). */
export function exportRootOf(config: Pick<ServerConfig, 'dataDir' | 'exportDir'>): string {
  return config.exportDir ?? path.join(config.dataDir, 'exports');
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const nodeEnv = read(env, 'NODE_ENV') ?? 'development';
  const isProduction = nodeEnv === 'production';
  const clientDir = read(env, 'HISTORIAN_CLIENT_DIR');
  return {
    // 0 lets the operating system pick a free port (tests).
    port: readInteger(env, 'PORT', DEFAULT_PORT, 0, 65535),
    host: read(env, 'HOST') ?? DEFAULT_HOST,
    dataDir: path.resolve(cwd, read(env, 'HISTORIAN_DATA_DIR') ?? DEFAULT_DATA_DIR),
    databaseUrl: readUrl(env, 'DATABASE_URL', /^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// URL', false),
    sessionSecret: readSessionSecret(env),
    nodeEnv,
    isProduction,
    clientDir: clientDir === undefined ? undefined : path.resolve(cwd, clientDir),
    strictResponses: readBoolean(env, 'HISTORIAN_STRICT_RESPONSES', !isProduction),
    logLevel: readLogLevel(env),
    trustProxy: readTrustProxy(env),
    uploadLimitBytes: readInteger(env, 'HISTORIAN_UPLOAD_LIMIT_BYTES', DEFAULT_UPLOAD_LIMIT_BYTES, 1, Number.MAX_SAFE_INTEGER),
    portalUrl: readUrl(env, 'HISTORIAN_PORTAL_URL', /^https?:\/\//, 'an http(s) URL', true),
    supportUrl: readUrl(env, 'HISTORIAN_SUPPORT_URL', /^(https?:\/\/|mailto:)/, 'an http(s) or mailto: URL', true),
    licensePublicKey: readLicenseKey(env, cwd),
    exportDir: path.resolve(cwd, read(env, 'HISTORIAN_EXPORT_DIR') ?? path.join(read(env, 'HISTORIAN_DATA_DIR') ?? DEFAULT_DATA_DIR, 'exports')),
    sqliteDir: optionalPath(env, 'HISTORIAN_SQLITE_DIR', cwd),
  };
}
