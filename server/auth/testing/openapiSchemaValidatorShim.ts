import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
// @ts-expect-error: plain ESM file without type declarations; ts-jest transpiles it (jest.config.ts esmOnly).
import { checkRefs, replaceRefs } from '@seriousme/openapi-schema-validator/resolve.js';

// Jest-only stand-in for @seriousme/openapi-schema-validator, which fastify-openapi-glue imports.
// The real module reads its schemas through `import.meta.url`, which cannot run once ts-jest has
// turned it into CommonJS. This keeps what the glue needs (load, version, $ref check and
// resolution); the full JSON-schema check of the contract is `redocly lint`'s job.

type Spec = Record<string, unknown>;

function isSpec(value: unknown): value is Spec {
  return typeof value === 'object' && value !== null;
}

export class Validator {
  specification: Spec | undefined;
  version: string | undefined;

  async validate(data: unknown): Promise<{ valid: boolean; errors?: string }> {
    const loaded: unknown = typeof data === 'string' && !data.includes('\n') ? parse(await readFile(data, 'utf8')) : data;
    const spec = typeof loaded === 'string' ? parse(loaded) : loaded;
    if (!isSpec(spec)) return { valid: false, errors: 'not an object' };
    this.specification = spec;
    const openapi = spec.openapi;
    this.version = typeof openapi === 'string' && openapi.startsWith('3.0') ? '3.0' : undefined;
    if (this.version === undefined) return { valid: false, errors: 'only OpenAPI 3.0 is expected here' };
    return checkRefs(spec);
  }

  resolveRefs(): Spec {
    return replaceRefs(this.specification);
  }
}
