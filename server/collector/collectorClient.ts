import {
  readAssignment,
  readBatchResult,
  readInstructions,
  readMeasurementList,
  readUpdateOffer,
  type Assignment,
  type BatchResult,
  type HealthReport,
  type Instructions,
  type MeasurementList,
  type Registration,
  type UpdateOffer,
} from './protocol';
import type { OutgoingBatch } from './pointBuffer';

// HTTP to the server's collector-facing calls, with the collector token. Nothing else: the agent
// (agent.ts) decides what to call when.

export class CollectorApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CollectorApiError';
  }

  /** The token was revoked (a new one issued) or the collector deleted: retrying cannot help. */
  get revoked(): boolean {
    return this.status === 401;
  }
}

export interface CollectorClientOptions {
  /** The server's address, e.g. http://historian:8080 (the /api prefix is added here). */
  url: string;
  token: string;
  timeoutMs?: number;
}

export function createCollectorClient({ url, token, timeoutMs = 10_000 }: CollectorClientOptions) {
  const base = `${url.replace(/\/+$/, '')}/api/collector-api`;

  async function send(method: 'GET' | 'POST', path: string, body?: object): Promise<Response> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new CollectorApiError(response.status, `${method} ${path} answered ${response.status}: ${detail.slice(0, 300)}`);
    }
    return response;
  }

  return {
    async register(registration: Registration): Promise<Assignment> {
      return readAssignment(await (await send('POST', '/register', registration)).json());
    },
    async reportHealth(report: HealthReport): Promise<Instructions> {
      return readInstructions(await (await send('POST', '/health', report)).json());
    },
    async assignment(): Promise<Assignment> {
      return readAssignment(await (await send('GET', '/settings')).json());
    },
    /** The offered build, or undefined when no update is asked for (204). */
    async updateOffer(): Promise<UpdateOffer | undefined> {
      const response = await send('GET', '/update');
      return response.status === 204 ? undefined : readUpdateOffer(await response.json());
    },
    async download(): Promise<Buffer> {
      return Buffer.from(await (await send('GET', '/update/download')).arrayBuffer());
    },
    async measurements(): Promise<MeasurementList> {
      return readMeasurementList(await (await send('GET', '/measurements')).json());
    },
    /** Resolves once the server stored the batch (or had stored it under the same key). */
    async sendPoints(batch: OutgoingBatch): Promise<BatchResult> {
      return readBatchResult(await (await send('POST', '/points', { BatchKey: batch.BatchKey, Points: batch.Points })).json());
    },
  };
}

export type CollectorClient = ReturnType<typeof createCollectorClient>;
