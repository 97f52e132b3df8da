import type { FastifyRequest } from 'fastify';

// A request whose multipart body is being read (between the hooks registerRequestLimits puts
// around the multipart plugin's own): an error thrown meanwhile, such as busboy's "Boundary not
// found" or "Unexpected end of multipart data", is the body's fault, not the server's.

const reading = new WeakSet<FastifyRequest>();

export function markMultipartReading(request: FastifyRequest): void {
  if (/^multipart\//i.test(request.headers['content-type'] ?? '')) reading.add(request);
}

export function markMultipartRead(request: FastifyRequest): void {
  reading.delete(request);
}

export function failedReadingMultipart(request: FastifyRequest): boolean {
  return reading.has(request);
}
