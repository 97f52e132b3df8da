import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schemaForDirection } from './readWriteSchemas';

// In strict mode (tests), every JSON answer is checked against the response schema of the
// contract; a mismatch becomes a 500 so that the test that provoked it fails loudly. That holds for
// the answers a route writes as JSON text itself (markPreserialized) too.

export const JSON_TYPE = 'application/json; charset=utf-8';

const preserialized = new WeakSet<FastifyReply>();

/** Sends JSON text that the route wrote itself; strict mode checks it against the contract like any answer. */
export function markPreserialized(reply: FastifyReply, json: string): string {
  preserialized.add(reply);
  return json;
}

// No check of each schema against JSON Schema's meta-schema (compiling that costs every test file
// half a second): the same schemas compile with fast-json-stringify, which checks them, in the app
// that compiles its schemas at start (server/app.test.ts).
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
const cache = new WeakMap<object, ValidateFunction>();

function compiled(schema: object): ValidateFunction {
  let fn = cache.get(schema);
  if (!fn) {
    // An answer must carry the readOnly members the contract requires and no writeOnly member.
    const definition = schemaForDirection(schema, 'response');
    fn = ajv.compile(isRecord(definition) ? definition : schema);
    cache.set(schema, fn);
  }
  return fn;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function responseSchema(responses: unknown, status: number, contentType: string): object | undefined {
  if (!isRecord(responses)) return undefined;
  const entry = responses[String(status)] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
  if (!isRecord(entry) || !isRecord(entry.content)) return undefined;
  const media = entry.content[contentType];
  return isRecord(media) && isRecord(media.schema) ? media.schema : undefined;
}

function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const contentType = String(reply.getHeader('content-type') ?? 'application/json').split(';')[0];
  const schema = responseSchema(request.routeOptions.schema?.response, reply.statusCode, contentType);
  if (!schema) return;
  const validate = compiled(schema);
  if (!validate(payload)) {
    const details = ajv.errorsText(validate.errors);
    request.log.error({ url: request.url, details }, 'response does not match the contract');
    throw new Error(`Response of ${request.method} ${request.url} does not match the contract: ${details}`);
  }
}

export function registerStrictResponseValidation(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    check(request, reply, payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (preserialized.has(reply) && typeof payload === 'string') check(request, reply, JSON.parse(payload));
    return payload;
  });
}
