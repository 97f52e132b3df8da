import type { RequestSummary } from './errors';
import type { QueryParams } from './serializeQuery';

/**
 * What an endpoint's `query` returns. `{ url, method, body, params }` is exactly what
 * @rtk-query/codegen-openapi generates; the other members are the transport's own options.
 */
export interface HistorianArgs {
  /** Path below the base path, e.g. '/collectors/42'. */
  url: string;
  method?: string;
  body?: unknown;
  params?: QueryParams;
  /**
   * Extra headers. A string replaces the default of the same name, null removes it (e.g.
   * `{ 'x-organization-uuid': null }` for root-level calls), undefined leaves the default alone.
   */
  headers?: Record<string, string | null | undefined>;
  /** A newer request with the same id aborts this one while it is still running. */
  requestId?: string;
  /** Sends Limit/Page (defaults 100 and 1) and answers `{ items, totalCount }`. */
  paginated?: boolean;
  /** Default 30 s. */
  timeoutMs?: number;
  /** Sends a plain-object body as multipart form fields instead of JSON. */
  formData?: boolean;
  /**
   * Reads a success body the endpoint's own way (e.g. the time-series query's columnar answer:
   * arrayBuffer, then decodeColumns) instead of by its content type. A throw is a parse error.
   * Error bodies are still read as problem+json by the transport.
   */
  responseHandler?: (response: Response) => Promise<unknown>;
}

export interface HistorianMeta {
  request: Omit<RequestSummary, 'body'>;
  /** Absent when no response arrived (network failure, timeout, abort, refused before sending). */
  response?: Response;
  /** The x-total-count header, on every response that has it. */
  totalCount?: number;
  /** Set when a 401 sent the user to /login and the call ended without data and without error. */
  unauthorized?: true;
}

/** The data of a `paginated: true` call. */
export interface Paginated<T = unknown> {
  items: T[];
  totalCount: number;
}
