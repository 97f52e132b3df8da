import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// JSON bodies are validated strictly: ["x"] is not a string. Query strings, path parameters and
// headers arrive as text, so there types are coerced ("10" -> 10) and defaults applied.
function makeAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({ strict: false, allErrors: true, removeAdditional: false, useDefaults: true, coerceTypes });
  addFormats(ajv);
  // OpenAPI's binary format marks file fields of multipart bodies.
  ajv.addFormat('binary', true);
  return ajv;
}

export function registerContractValidators(app: FastifyInstance) {
  const strict = makeAjv(false);
  const coercing = makeAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}
