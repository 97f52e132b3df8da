import { isHistorianError } from './transport/errors';
import { isSecretKey, REDACTED, redactSecrets } from './transport/redact';

// Turns whatever a failed call or a thrown exception left into what the error-details dialog
// shows. Request bodies and URL query values whose names look secret are redacted here too, so
// nothing a user copies from the dialog carries a password, a secure setting or a token.

/** Query parameters with secret-looking names keep their name but lose their value. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const key of new Set(params.keys())) if (isSecretKey(key)) params.set(key, REDACTED);
  return `${url.slice(0, question)}?${params.toString()}`;
}

function textMember(value: object, name: string): string | undefined {
  const member: unknown = Reflect.get(value, name);
  return typeof member === 'string' && member !== '' ? member : undefined;
}

/** What the error-details dialog shows. The request body is redacted before it gets here. */
export interface ErrorDetails {
  message: string;
  /** HTTP status or transport code, when the error came from a request. */
  code?: string | number;
  request?: { method: string; url: string; body?: unknown };
  stack?: string;
}

/**
 * Why a call failed, when the server was never reached or did not answer in time (SPEC §8): its
 * toast says so beside what failed ("The time-series database could not be saved."), translated,
 * so a save made offline tells the user why; the details dialog keeps the rest.
 */
export function transportReasonKey(details: ErrorDetails | undefined): string | undefined {
  if (details?.code === 'NETWORK_ERROR') return 'transport.network_failed';
  if (details?.code === 'TIMEOUT') return 'transport.timed_out';
  return undefined;
}

export function errorDetailsOf(error: unknown): ErrorDetails {
  if (isHistorianError(error)) {
    const { method, url, body } = error.request;
    return {
      message: error.message,
      code: error.code,
      request: { method, url: redactUrl(url), body: redactSecrets(body) },
      stack: textMember(error, 'stack') ?? (error.kind === 'network' ? error.cause : undefined),
    };
  }
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  // RTK's SerializedError and other plain objects.
  if (typeof error === 'object' && error !== null) {
    return { message: textMember(error, 'message') ?? JSON.stringify(redactSecrets(error)), stack: textMember(error, 'stack') };
  }
  return { message: String(error) };
}
