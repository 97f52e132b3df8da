import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorsOnFirstUse } from './lazySchemas';
import { schemaForDirection } from './readWriteSchemas';

// JSON bodies are validated strictly: ["x"] is not a string. Query strings, path parameters and
// headers arrive as text, so there types are coerced ("10" -> 10) and defaults applied.
// validateSchema: checking each schema against JSON Schema's meta-schema compiles that meta-schema
// first (half a second per instance); the app that compiles at start checks, the lazy one does not.
function makeAjv(coerceTypes: boolean | 'array', validateSchema: boolean) {
  const ajv = new Ajv({ strict: false, allErrors: true, removeAdditional: false, useDefaults: true, coerceTypes, validateSchema });
  addFormats(ajv);
  // OpenAPI's binary format marks file fields of multipart bodies.
  ajv.addFormat('binary', true);
  ajv.addKeyword({ keyword: FILE_KEYWORD, schemaType: 'boolean', validate: (_: boolean, data: unknown) => data instanceof Uint8Array });
  return ajv;
}

const FILE_KEYWORD = 'x-historian-file';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * A file field of a multipart body reaches the handler as a Buffer (@fastify/multipart with
 * attachFieldsToBody 'keyValues'), while OpenAPI writes it `{ type: string, format: binary }`,
 * which ajv's type check refuses. Such fields are checked for being a file instead.
 */
export function acceptFileFields(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(acceptFileFields);
  if (!isRecord(schema)) return schema;
  if (schema.type === 'string' && schema.format === 'binary') {
    const { type: _type, format: _format, ...rest } = schema;
    return { ...rest, [FILE_KEYWORD]: true };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, acceptFileFields(value)]));
}

/** Validators compile when the app starts, or each on its first call (lazySchemas.ts). */
export function registerContractValidators(app: FastifyInstance, options: { atStart: boolean }) {
  const strict = makeAjv(false, options.atStart);
  const coercing = makeAjv('array', options.atStart);
  const compile: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
    httpPart === 'body' ? strict.compile(acceptFileFieldsOf(schema as object)) : coercing.compile(schema as object);
  app.setValidatorCompiler(options.atStart ? compile : validatorsOnFirstUse(compile));
}

/** A request body's schema: file fields accepted as files, readOnly members not required (readWriteSchemas.ts). */
function acceptFileFieldsOf(schema: object): object {
  const converted = acceptFileFields(schemaForDirection(schema, 'request'));
  return isRecord(converted) ? converted : schema;
}
