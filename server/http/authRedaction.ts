import type { FastifyRequest } from 'fastify';

// Request logging without secrets in URLs. Fastify logs each request's URL; the external sign-in
// callback carries the provider's authorization `code` and our `state` in its query, which stay
// out of the log like cookies and tokens do (headers are not logged at all).

const SECRET_QUERY_KEYS = new Set(['code', 'state', 'id_token', 'access_token', 'session_state']);

export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined || !url.includes('?')) return url;
  const [path, query] = url.split(/\?(.*)/s);
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.has(key)) params.set(key, '[Redacted]');
  return `${path}?${params.toString()}`;
}

/** Fastify's own request serializer, with the URL's secret query values masked. */
export function redactAuthQuery(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
