import { lookup } from 'node:dns/promises';
import { redactSecrets, tcpConnect } from '../../../timeseries/connectionTest';
import type { ConnectionTestResult } from '../../../timeseries/types';
import { ExternalQueryError, type ExternalDatabaseConnection, type QueryStep, type ReadOnlyQueryResult } from './types';

// What every driver shares: reading its settings, the reach step (DNS and TCP), values as JSON,
// errors reduced to a step, a translated code and a message that carries no secret.

export const ERROR_CODES = {
  unreachable: 'external_databases.errors.unreachable',
  tls: 'external_databases.errors.tls',
  authentication: 'external_databases.errors.authentication',
  databaseMissing: 'external_databases.errors.database_missing',
  query: 'external_databases.errors.query',
  readOnly: 'external_databases.errors.read_only',
  timeout: 'external_databases.errors.timeout',
  driverUnavailable: 'external_databases.errors.driver_unavailable',
  file: 'external_databases.errors.file',
} as const;

export interface NetworkSettings {
  host: string;
  port: number;
  database: string | undefined;
  user: string;
  password: string | undefined;
  tlsMode: 'disable' | 'require' | 'verify-full';
  ca: string | undefined;
  options: Record<string, string>;
  connectTimeoutMs: number;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** `key=value` per line (or `;`-separated); blank lines and `#` comments are skipped. */
export function parseOptions(value: unknown): Record<string, string> {
  const options: Record<string, string> = {};
  if (typeof value !== 'string') return options;
  for (const raw of value.split(/[\n;]/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const equals = line.indexOf('=');
    if (equals <= 0) throw new Error(`"${line}" is not key=value`);
    options[line.slice(0, equals).trim()] = line.slice(equals + 1).trim();
  }
  return options;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export function networkSettings(connection: ExternalDatabaseConnection, defaultPort: number): NetworkSettings {
  const { settings, secureSettings } = connection;
  const options = parseOptions(settings.Options);
  const port = Number(settings.Port ?? defaultPort);
  const tlsMode = settings.TLSMode === 'require' || settings.TLSMode === 'verify-full' ? settings.TLSMode : 'disable';
  const timeoutSeconds = Number(options.connect_timeout);
  return {
    host: text(settings.Host) ?? '',
    port: Number.isInteger(port) && port > 0 ? port : defaultPort,
    database: text(settings.Database),
    user: text(settings.Username) ?? '',
    password: typeof secureSettings.Password === 'string' ? secureSettings.Password : undefined,
    tlsMode,
    ca: text(settings.CACertificate),
    options,
    connectTimeoutMs: Number.isFinite(timeoutSeconds) && timeoutSeconds > 0 ? Math.min(timeoutSeconds, 60) * 1000 : DEFAULT_CONNECT_TIMEOUT_MS,
  };
}

/** Every secure value of the connection: masked out of every message. */
export function secretsOf(connection: ExternalDatabaseConnection): string[] {
  return Object.values(connection.secureSettings).filter((value): value is string => typeof value === 'string' && value !== '');
}

/** URLs with userinfo (scheme://user:password@host) lose the userinfo, then every secret is masked. */
export function maskMessage(message: string, secrets: readonly string[]): string {
  const withoutUserinfo = message.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, '$1***@').replace(/(password|pwd)\s*=\s*[^;\s]+/gi, '$1=***');
  return redactSecrets(withoutUserinfo, secrets);
}

export function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(errorText).join('; ');
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function codeOf(error: unknown): string | number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as Record<string, unknown>;
  const code = record.code ?? record.errno;
  return typeof code === 'string' || typeof code === 'number' ? code : undefined;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE']);

/** Network failures by their node code (ECONNREFUSED…), also when a driver wraps them. */
export function isNetworkError(error: unknown): boolean {
  const code = codeOf(error);
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown; originalError?: unknown }) : {};
  if (cause.cause && cause.cause !== error) return isNetworkError(cause.cause);
  if (cause.originalError && cause.originalError !== error) return isNetworkError(cause.originalError);
  return /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|getaddrinfo/.test(errorText(error));
}

const TLS_PATTERN = /\b(SSL|TLS)\b|certificate|self[- ]signed|ERR_TLS|CERT_|handshake|UNABLE_TO_VERIFY|altnames/i;

export function isTlsError(error: unknown): boolean {
  const code = codeOf(error);
  if (typeof code === 'string' && (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.includes('CERT'))) return true;
  return TLS_PATTERN.test(errorText(error));
}

/** An ExternalQueryError whose message is masked of the connection's secrets. */
export function queryError(step: QueryStep, error: unknown, code: string, secrets: readonly string[]): ExternalQueryError {
  if (error instanceof ExternalQueryError) return error;
  return new ExternalQueryError(step, maskMessage(errorText(error), secrets), code);
}

/** The reach step: the host name resolves and a TCP connection opens. */
export async function reach(host: string, port: number, timeoutMs: number): Promise<string> {
  if (host === '') throw new ExternalQueryError('reach', 'No host is set', ERROR_CODES.unreachable);
  let address: string;
  try {
    address = (await lookup(host)).address;
  } catch (error) {
    throw new ExternalQueryError('reach', `${host} does not resolve: ${errorText(error)}`, ERROR_CODES.unreachable);
  }
  try {
    await tcpConnect(address, port, Math.min(timeoutMs, 10_000));
  } catch (error) {
    throw new ExternalQueryError('reach', `${host}:${port} (${address}) does not accept connections: ${errorText(error)}`, ERROR_CODES.unreachable);
  }
  return address === host ? `${host}:${port}` : `${host} (${address}):${port}`;
}

export interface TestStep {
  name: QueryStep;
  run: () => Promise<string | void>;
}

/** Runs the steps in order until one fails; never throws; every message masked. */
export async function runTestSteps(steps: readonly TestStep[], secrets: readonly string[]): Promise<ConnectionTestResult> {
  const result: ConnectionTestResult = { Success: true, Steps: [] };
  for (const step of steps) {
    try {
      const message = await step.run();
      result.Steps.push(message ? { Name: step.name, Success: true, Message: maskMessage(message, secrets) } : { Name: step.name, Success: true });
    } catch (error) {
      result.Steps.push({ Name: step.name, Success: false, Message: maskMessage(errorText(error), secrets) });
      result.Success = false;
      result.FailedStep = step.name;
      break;
    }
  }
  return result;
}

/** A value of a row as JSON: dates as ISO text, big integers as numbers when safe, else text, bytes as base64. */
export function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(jsonValue);
  if (typeof value === 'object') return JSON.parse(JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)));
  return value;
}

/** The first `limit` rows as JSON arrays, and whether there were more. */
export function limitedResult(columns: ReadOnlyQueryResult['columns'], rows: unknown[][], limit: number, startedAt: number): ReadOnlyQueryResult {
  return {
    columns,
    rows: rows.slice(0, limit).map((row) => row.map(jsonValue)),
    truncated: rows.length > limit,
    durationMs: Math.max(0, Math.round(performance.now() - startedAt)),
  };
}

/** How much longer than the statement timeout a client waits before it drops the connection itself. */
export const CLIENT_GRACE_MS = 3000;

/** A Date parameter as ISO text, for drivers that take no Date. */
export const isoParameter = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);
