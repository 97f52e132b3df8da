import type { FastifyRequest } from 'fastify';
import { HttpProblem } from './problem';

// A body must come in one of the media types the contract declares for the operation. Fastify
// validates a body only against the schema of its own media type and lets any other type through
// unchecked (its text/plain parser hands the handler a bare string), and formbody and multipart
// would turn an HTML form into a body as well. So an undeclared type is refused before parsing:
// that keeps every handler behind the contract's validation, and keeps public POSTs such as the
// login out of reach of cross-site forms (a CORS-simple request cannot send application/json).

/** The media types an operation's requestBody declares, from the route schema the glue built. */
export function declaredBodyTypes(schema: unknown): readonly string[] | undefined {
  if (typeof schema !== 'object' || schema === null || !('body' in schema)) return undefined;
  const body: unknown = schema.body;
  if (typeof body !== 'object' || body === null || !('content' in body)) return undefined;
  const content: unknown = body.content;
  if (typeof content !== 'object' || content === null) return undefined;
  const types = Object.keys(content).map((type) => type.toLowerCase());
  return types.length > 0 ? types : undefined;
}

export function assertDeclaredBodyType(request: FastifyRequest, declared: readonly string[]): void {
  const header = request.headers['content-type'];
  const mediaType = typeof header === 'string' ? header.split(';')[0].trim().toLowerCase() : undefined;
  if (mediaType !== undefined && declared.includes(mediaType)) return;
  throw new HttpProblem(415, 'Unsupported Media Type', { detail: `The body must be sent as ${declared.join(' or ')}` });
}
