// The one error shape every API call can end with (SPEC §8). It is a plain, serialisable object so
// that RTK Query can keep it in the store, and it always has a display `message` plus a redacted
// `request` summary for the toast and the error-details dialog.

/** The exact English texts of SPEC §8; later shown as toasts, so keep them stable. */
export const TRANSPORT_MESSAGES = {
  networkFailed: 'Network request failed',
  timedOut: 'Network request timed out',
  noBasePath: 'Basepath for the client was not set',
  notLoggedIn: 'You are not logged in',
  aborted: 'Request aborted',
  invalidJson: 'The server answered with invalid JSON',
};

/** What the error-details dialog may show of the request; `body` has already been redacted. */
export interface RequestSummary {
  method: string;
  url: string;
  body: unknown;
}

/** RFC 9457 problem details as the server sends them; `errors` is keyed by field path. */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  errors?: Record<string, unknown>;
  [extension: string]: unknown;
}

interface ErrorBase {
  message: string;
  request: RequestSummary;
  /**
   * For the error-details dialog: the client-side stack where the call failed and the server's
   * answer, secrets cut out (errorStack.ts). Set by the baseQuery on every error it returns.
   */
  stack?: string;
}

/** A non-success response that is not problem details. */
export interface HttpError extends ErrorBase {
  kind: 'http';
  code: number;
  text: string;
  /** Parsed JSON for a JSON content type, otherwise the text (null when empty). */
  body: unknown;
}

/** A response with content type application/problem+json, whatever its status. */
export interface ProblemError extends ErrorBase {
  kind: 'problem';
  code: number;
  text: string;
  body: ProblemDetails;
}

export interface NetworkError extends ErrorBase {
  kind: 'network';
  code: 'NETWORK_ERROR';
  /** The underlying fetch failure, for the details dialog only. */
  cause?: string;
}

export interface TimeoutError extends ErrorBase {
  kind: 'timeout';
  code: 'TIMEOUT';
}

/** Cancelled by the caller, or superseded by a newer request with the same requestId. */
export interface AbortedError extends ErrorBase {
  kind: 'aborted';
  code: 'ABORTED';
  reason: 'superseded' | 'cancelled';
}

export interface NotLoggedInError extends ErrorBase {
  kind: 'not-logged-in';
  code: 'NOT_LOGGED_IN';
}

export interface ConfigurationError extends ErrorBase {
  kind: 'configuration';
  code: 'NO_BASE_PATH';
}

/** A success status whose JSON body could not be parsed. */
export interface ParseError extends ErrorBase {
  kind: 'parse';
  code: 'PARSE_ERROR';
  status: number;
  body: string;
}

export type HistorianError =
  | HttpError
  | ProblemError
  | NetworkError
  | TimeoutError
  | AbortedError
  | NotLoggedInError
  | ConfigurationError
  | ParseError;

export type HistorianErrorKind = HistorianError['kind'];

const KINDS: ReadonlySet<string> = new Set<HistorianErrorKind>([
  'http',
  'problem',
  'network',
  'timeout',
  'aborted',
  'not-logged-in',
  'configuration',
  'parse',
]);

/** RTK Query hooks type errors as `HistorianError | SerializedError`; this tells them apart. */
export function isHistorianError(value: unknown): value is HistorianError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    typeof value.kind === 'string' &&
    KINDS.has(value.kind) &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

export function isProblemError(value: unknown): value is ProblemError {
  return isHistorianError(value) && value.kind === 'problem';
}

/** Superseded and cancelled requests are not failures the user needs to hear about. */
export function isAbortedError(value: unknown): value is AbortedError {
  return isHistorianError(value) && value.kind === 'aborted';
}

export function httpError(status: number, text: string, body: unknown, request: RequestSummary): HttpError {
  return { kind: 'http', code: status, text, body, message: statusMessage(status, text), request };
}

export function problemError(status: number, text: string, body: unknown, request: RequestSummary): ProblemError {
  const problem = toProblemDetails(body);
  const message = problem.detail || problem.title || statusMessage(status, text);
  return { kind: 'problem', code: status, text, body: problem, message, request };
}

export function networkError(request: RequestSummary, cause: unknown): NetworkError {
  const detail = cause instanceof Error ? cause.message : undefined;
  return { kind: 'network', code: 'NETWORK_ERROR', message: TRANSPORT_MESSAGES.networkFailed, request, cause: detail };
}

export function timeoutError(request: RequestSummary): TimeoutError {
  return { kind: 'timeout', code: 'TIMEOUT', message: TRANSPORT_MESSAGES.timedOut, request };
}

export function abortedError(request: RequestSummary, reason: AbortedError['reason']): AbortedError {
  return { kind: 'aborted', code: 'ABORTED', reason, message: TRANSPORT_MESSAGES.aborted, request };
}

export function notLoggedInError(request: RequestSummary): NotLoggedInError {
  return { kind: 'not-logged-in', code: 'NOT_LOGGED_IN', message: TRANSPORT_MESSAGES.notLoggedIn, request };
}

export function configurationError(request: RequestSummary): ConfigurationError {
  return { kind: 'configuration', code: 'NO_BASE_PATH', message: TRANSPORT_MESSAGES.noBasePath, request };
}

export function parseError(status: number, body: string, request: RequestSummary): ParseError {
  return { kind: 'parse', code: 'PARSE_ERROR', status, body, message: TRANSPORT_MESSAGES.invalidJson, request };
}

function statusMessage(status: number, text: string): string {
  // HTTP/2 has no reason phrase, so the status text is often empty.
  return text ? `${status} ${text}` : `HTTP ${status}`;
}

/** Keeps the server's members but drops ill-typed standard ones, so readers can trust the types. */
function toProblemDetails(body: unknown): ProblemDetails {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return typeof body === 'string' && body ? { detail: body } : {};
  }
  const problem: ProblemDetails = { ...body };
  for (const key of ['type', 'title', 'detail', 'instance']) {
    if (typeof problem[key] !== 'string') delete problem[key];
  }
  if (typeof problem.status !== 'number') delete problem.status;
  if (typeof problem.errors !== 'object' || problem.errors === null) delete problem.errors;
  return problem;
}
