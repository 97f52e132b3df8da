import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Read } from '../../domain/contract';
import { isDatabaseUnavailable } from '../db/unavailable';
import { driverErrorOf, problemForDriverError } from './driverErrors';
import { failedReadingMultipart } from './multipartReading';

// RFC 9457 problem details. Handlers throw HttpProblem; the error handler turns it, fastify's own
// errors and validation failures into application/problem+json, and never leaks a stack trace.

export type ProblemBody = Read<'Problem'>;

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly extra: {
      detail?: string;
      code?: string;
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
      holdings?: Record<string, number>;
      /** Values the translation of `code` interpolates. */
      params?: Record<string, string>;
      conflicts?: ProblemBody['conflicts'];
    } = {},
  ) {
    super(title);
  }
}

export const notFound = (what = 'Not Found') => new HttpProblem(404, what);
export const forbidden = (detail?: string, code?: string) => new HttpProblem(403, 'Forbidden', { detail, code });
export const unauthorized = (detail?: string) => new HttpProblem(401, 'Unauthorized', { detail });
export const conflict = (detail: string, code?: string) => new HttpProblem(409, 'Conflict', { detail, code });
export const badRequest = (detail: string, errors?: Record<string, string[]>, code?: string) =>
  new HttpProblem(400, 'Bad Request', { detail, errors, code });

interface ValidationItem {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const contextPrefix: Record<string, string> = { body: '', querystring: 'query.', params: 'path.', headers: 'header.' };

/** Maps ajv errors to field paths: body fields by their own path (Settings.host), others prefixed. */
export function validationErrors(items: readonly ValidationItem[], context: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const item of items) {
    const segments = item.instancePath.split('/').filter(Boolean);
    const missing = item.params?.missingProperty;
    if (typeof missing === 'string') segments.push(missing);
    const field = (contextPrefix[context] ?? `${context}.`) + (segments.join('.') || '(root)');
    (errors[field] ??= []).push(item.message ?? 'is invalid');
  }
  return errors;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error;
}

export function sendProblem(reply: FastifyReply, body: ProblemBody, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.code(body.status).type('application/problem+json').send(body);
}

export function problemErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpProblem) {
    const { detail, code, errors, headers, holdings, params, conflicts } = error.extra;
    return sendProblem(reply, { title: error.title, status: error.status, detail, code, errors, holdings, params, conflicts, instance: request.url }, headers);
  }
  if (isFastifyError(error) && error.validation) {
    const errors = validationErrors(error.validation, error.validationContext ?? 'body');
    const fields = Object.keys(errors).join(', ');
    return sendProblem(reply, {
      title: 'Bad Request',
      status: 400,
      detail: `The request does not match the contract: ${fields}`,
      errors,
      instance: request.url,
    });
  }
  const status = isFastifyError(error) && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return sendProblem(reply, { title: error instanceof Error ? error.message : 'Bad Request', status, instance: request.url });
  }
  if (failedReadingMultipart(request)) {
    const message = 'is not a complete multipart/form-data body with a boundary';
    return sendProblem(reply, { title: 'Bad Request', status: 400, detail: `The request body ${message}`, errors: { '(body)': [message] }, instance: request.url });
  }
  // A fallback: the contract and the request limits should refuse such values before any query.
  const driverError = driverErrorOf(error);
  const mapped = driverError && problemForDriverError(driverError);
  if (mapped) {
    request.log.warn({ err: error }, 'the database refused a value of the request');
    const errors = mapped.status === 400 ? { '(request)': [mapped.detail] } : undefined;
    return sendProblem(reply, { title: mapped.title, status: mapped.status, detail: mapped.detail, errors, instance: request.url });
  }
  // PostgreSQL is stopped, restarting or cut off: a clear answer the client may retry; the pool
  // connects again by itself once it is back.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'the database cannot be reached');
    return sendProblem(
      reply,
      { title: 'Service Unavailable', status: 503, detail: 'The database cannot be reached at the moment', code: 'transport.database_unavailable', instance: request.url },
      { 'retry-after': '5' },
    );
  }
  request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, { title: 'Internal Server Error', status: 500, instance: request.url });
}
