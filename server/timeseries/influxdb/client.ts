import { errorMessage, redactSecrets } from '../connectionTest';

// InfluxDB 1.x HTTP API over Node's fetch: /ping, /query and /write. Credentials go in a Basic
// Authorization header, never in the URL, and every error message is scrubbed of the password.

export interface InfluxConfig {
  /** Base URL; a path prefix (behind a reverse proxy) is kept. */
  url: string;
  database: string;
  user?: string;
  password?: string;
  /** Empty: the database's default retention policy. */
  retentionPolicy?: string;
  timeoutMs?: number;
}

export type InfluxErrorKind = 'network' | 'auth' | 'http' | 'statement';

export class InfluxError extends Error {
  constructor(
    readonly kind: InfluxErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'InfluxError';
  }
}

export interface InfluxSeries {
  columns: string[];
  values: unknown[][];
}

const DEFAULT_TIMEOUT_MS = 30_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toSeries(value: unknown): InfluxSeries[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((s) => ({
    columns: Array.isArray(s.columns) ? s.columns.map(String) : [],
    values: Array.isArray(s.values) ? s.values.filter(Array.isArray) : [],
  }));
}

export class InfluxClient {
  readonly #base: URL;
  readonly #secrets: string[];

  constructor(readonly config: InfluxConfig) {
    this.#base = new URL(config.url.endsWith('/') ? config.url : `${config.url}/`);
    // A URL with user:password@ would be refused by fetch and could end up in a message.
    if (this.#base.username || this.#base.password) throw new InfluxError('http', 'Give the user and password as settings, not in the URL');
    this.#secrets = config.password ? [config.password] : [];
  }

  private async request(path: string, params: Record<string, string>, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.#base);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const headers = new Headers(init.headers);
    if (this.config.user) {
      headers.set('Authorization', `Basic ${Buffer.from(`${this.config.user}:${this.config.password ?? ''}`).toString('base64')}`);
    }
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
    } catch (error) {
      throw new InfluxError('network', this.redact(`Cannot reach InfluxDB at ${this.#base.origin}: ${errorMessage(error)}`));
    }
    if (response.ok) return response;
    const body = await response.text().catch(() => '');
    const detail = this.redact(readError(body) ?? (body.slice(0, 300) || response.statusText));
    const kind = response.status === 401 || response.status === 403 ? 'auth' : 'http';
    throw new InfluxError(kind, `InfluxDB answered ${response.status}: ${detail}`, response.status);
  }

  private redact(message: string): string {
    return redactSecrets(message, this.#secrets);
  }

  /** Resolves with the server's version; /ping needs no credentials in 1.x. */
  async ping(): Promise<string> {
    const response = await this.request('ping', {});
    return response.headers.get('x-influxdb-version') ?? 'unknown';
  }

  /**
   * Runs one statement and returns its series. Reads go as GET; anything that changes the server
   * as POST, which 1.x requires for CREATE, DROP and DELETE.
   */
  async query(statement: string, options: { write?: boolean; database?: boolean } = {}): Promise<InfluxSeries[]> {
    const params: Record<string, string> = { q: statement, epoch: 'ms' };
    if (options.database !== false) params.db = this.config.database;
    const response = await this.request('query', params, { method: options.write ? 'POST' : 'GET' });
    const body: unknown = await response.json();
    const results = isRecord(body) && Array.isArray(body.results) ? body.results.filter(isRecord) : [];
    const first = results[0];
    if (isRecord(body) && typeof body.error === 'string') throw new InfluxError('statement', this.redact(body.error));
    if (first && typeof first.error === 'string') throw new InfluxError('statement', this.redact(first.error));
    return first ? toSeries(first.series) : [];
  }

  async write(lines: string): Promise<void> {
    const params: Record<string, string> = { db: this.config.database, precision: 'ms' };
    if (this.config.retentionPolicy) params.rp = this.config.retentionPolicy;
    await this.request('write', params, { method: 'POST', body: lines, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
}

function readError(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return isRecord(parsed) && typeof parsed.error === 'string' ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}
