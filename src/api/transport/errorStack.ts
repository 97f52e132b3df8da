import type { HistorianError } from './errors';
import { cutSecretValues, redactSecrets } from './redact';

// SPEC §2: the error-details dialog shows the stack trace of a failed call. A failed call has no
// exception of its own (the transport returns errors as plain objects, which RTK Query keeps in the
// store), so its "stack trace" is made when the transport learns that the call failed: the
// client-side stack there, then what the server said about it.

/** A server's error page can be long; the dialog needs its beginning. */
const MAX_SERVER_TEXT = 4000;

/**
 * `error` with its `stack`: the client-side stack of `trace`, the network failure's cause, and the
 * server's answer (its problem+json or error body). Secret members are redacted by name, and the
 * given secret values (the request's own, the live XSRF and bearer values) are cut out of the
 * stack, the message and the server's body wherever the server echoed them.
 */
export function withStack(error: HistorianError, trace: Error, secrets: readonly (string | null | undefined)[]): HistorianError {
  const parts = [trace.stack || `${trace.name}: ${trace.message}`];
  if (error.kind === 'network' && error.cause) parts.push(error.cause);
  const answer = serverAnswerOf(error);
  if (answer) parts.push(answer);
  const cut = { message: cutSecretValues(error.message, secrets), stack: cutSecretValues(parts.join('\n\n'), secrets) };
  if (error.kind === 'problem') return { ...error, ...cut, body: cutDeep(error.body, secrets) };
  if (error.kind === 'http') return { ...error, ...cut, body: cutDeep(error.body, secrets) };
  return { ...error, ...cut };
}

/** A copy of a parsed JSON answer with the secret values cut out of its strings. */
function cutDeep<T>(value: T, secrets: readonly (string | null | undefined)[]): T;
function cutDeep(value: unknown, secrets: readonly (string | null | undefined)[]): unknown {
  if (typeof value === 'string') return cutSecretValues(value, secrets);
  if (Array.isArray(value)) return value.map((item) => cutDeep(item, secrets));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutDeep(item, secrets)]));
}

function serverAnswerOf(error: HistorianError): string | null {
  if (error.kind !== 'problem' && error.kind !== 'http') return null;
  const { body } = error;
  if (body === null || body === undefined || body === '') return null;
  const text = typeof body === 'string' ? body : JSON.stringify(redactSecrets(body), null, 2);
  return text.length > MAX_SERVER_TEXT ? `${text.slice(0, MAX_SERVER_TEXT)}…` : text;
}
