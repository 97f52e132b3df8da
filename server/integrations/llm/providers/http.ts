import { LlmProviderError } from './types';

// One HTTP call to a provider, with the timeout, and errors reduced to a step and a message that
// can be shown and logged: the key, anything that looks like a key or a bearer value, and URLs'
// user information are masked, and a provider's error body is cut short (it may echo the request).

const MAX_MESSAGE = 300;

/** Masks what could be a credential in text a provider or the network sent back. */
export function maskSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let masked = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) masked = masked.split(secret).join('********');
  }
  return masked
    .replace(/\b(bearer|basic)\s+[^\s"',]+/gi, '$1 ********')
    .replace(/\b(sk|pk|rk|key|api[-_]?key)[-_][A-Za-z0-9_\-*.]{6,}/gi, '********')
    .replace(/\b[A-Za-z0-9_-]{32,}\b/g, '********')
    .replace(/(\w+:\/\/)[^/@\s]+@/g, '$1****@');
}

const shorten = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);

/** The provider's own error message out of its JSON error body, else the start of the text. */
function errorMessageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (parsed.error && typeof parsed.error.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON
  }
  return body.replace(/\s+/g, ' ').trim();
}

export interface ProviderCall {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** Masked out of every message. */
  secrets: readonly (string | undefined)[];
}

/** The JSON answer of a successful call; an LlmProviderError naming the step otherwise. */
export async function callProvider<T>(call: ProviderCall): Promise<T> {
  const { url, method, headers, body, timeoutMs, secrets } = call;
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return 'the provider';
    }
  })();
  // Checked through the signal: the abort's DOMException may come from another realm (not instanceof Error).
  const signal = AbortSignal.timeout(timeoutMs);
  const late = () => new LlmProviderError('timeout', `${host} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw late();
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    throw new LlmProviderError('reach', shorten(maskSecrets(`${host} could not be reached: ${cause}`, secrets)));
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    if (signal.aborted) throw late();
    throw new LlmProviderError('reach', `${host} broke off its answer`);
  }
  if (!response.ok) {
    const said = shorten(maskSecrets(errorMessageOf(text), secrets));
    const step = response.status === 401 || response.status === 403 ? 'authenticate' : 'model';
    throw new LlmProviderError(step, `${host} answered ${response.status}${said ? `: ${said}` : ''}`, response.status);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new LlmProviderError('model', `${host} answered something that is not JSON`, response.status);
  }
}

/** A base URL without its trailing slashes, so paths can be appended. */
export const trimBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '');
