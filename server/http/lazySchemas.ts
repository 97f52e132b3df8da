import { createRequire } from 'node:module';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

// The contract has some 225 operations; compiling every request validator (ajv) and every answer
// serializer (fast-json-stringify) when the app starts costs seconds of CPU, paid again by every
// server test file and every server process a test starts, although a test calls a handful of
// operations. By default each one is compiled on its first use instead, and kept. The compiled
// functions are the same ones, so validation and serialization do not change; a schema that does
// not compile fails its first call (a 500) instead of the start, and a test builds the app with
// `compileSchemasAtStart` to prove that all of them compile (server/app.test.ts).

type BuildSerializer = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']>;

// Fastify's own serializer factory, from Fastify's folder: the one it uses when given none.
const fromFastify = createRequire(require.resolve('fastify'));
const fastifySerializers = (fromFastify('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => BuildSerializer }).SerializerSelector;

/** Fastify's serializer factory, its serializers compiled on their first answer. */
export function serializersOnFirstUse(): BuildSerializer {
  const build = fastifySerializers();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc: unknown) => (serialize ??= compile(route))(doc);
    };
  };
}

interface Validator {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

/** A validator compiler whose validators compile on their first call; errors are passed on as ajv reports them. */
export function validatorsOnFirstUse(compile: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown> {
  return (route) => {
    let validate: Validator | undefined;
    const lazy: Validator = (data, context) => {
      validate ??= compile(route) as Validator;
      const result = validate(data, context);
      lazy.errors = validate.errors;
      return result;
    };
    // Fastify passes the parent object (so that ajv may coerce a root value) only to a function that has one.
    lazy.schemaEnv = true;
    return lazy as ReturnType<FastifySchemaCompiler<unknown>>;
  };
}
