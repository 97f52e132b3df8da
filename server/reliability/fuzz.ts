import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import qs from 'qs';
import { parse as parseYaml } from 'yaml';
import { ALL_PRIVILEGE_NAMES } from '../../domain/privilegeNames';
import { CONTRACT_FILE } from '../app';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { collectorWithToken } from '../collectors/testing/collectorFixtures';

// Property-based fuzzing of every operation of openapi/historian.yaml (issue 22, item 3;
// README.md in this folder): fast-check arbitraries derived from each operation's path and query
// parameters and request body ($ref resolved, allOf merged, oneOf/anyOf as alternatives, readOnly
// members left out of requests), both near-valid values and hostile ones (wrong types, null, 1 MB
// strings, 1,000 levels of nesting, astral/RTL/NUL/lone-surrogate text, huge and negative numbers,
// extra members, wrong content types, path parameters that are not UUIDs). Each case goes through
// app.inject as a signed-in admin of a real organization (with the XSRF header), some anonymous,
// some without the XSRF header; a collector's calls carry a collector token. A case fails on a
// status >= 500 or on no answer within the deadline. One module, two scales: fuzz.test.ts runs a
// few cases per operation, bench/reliability/fuzz.suite.ts many.
//
// The session survives the run: sign-out and the caller's own password change run on a spare
// user's fresh session; ids of the admin, its organizations, groups and memberships, the
// authentication providers and the collector are never drawn as path ids (so no case deletes or
// disables the caller); a health check after every operation re-signs in if the session was lost
// anyway (counted). No job runner runs, so operations that queue long work (imports, backfills,
// updates) only queue it.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHODS)[number];

export interface FuzzParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface FuzzOperation {
  operationId: string;
  method: Method;
  path: string;
  access: string;
  /** Where the operation lives: '/api' unless its path item names other servers (then those first, '/api' too). */
  prefixes: string[];
  parameters: FuzzParameter[];
  /** Content type → schema of the request body. */
  body?: { required: boolean; content: Record<string, Schema> };
}

export interface FuzzContract {
  document: Schema;
  operations: FuzzOperation[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolveRef(document: Schema, value: unknown): Schema {
  let current = value;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string' && hops < 20; hops += 1) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) return {};
    let target: unknown = document;
    for (const segment of ref.slice(2).split('/')) target = isRecord(target) ? target[segment.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    current = target;
  }
  return isRecord(current) ? current : {};
}

/** Every operation of the contract, with its parameters (path-level ones included) and body. */
export function readContract(file = CONTRACT_FILE): FuzzContract {
  const document = parseYaml(readFileSync(file, 'utf8')) as Schema;
  const operations: FuzzOperation[] = [];
  for (const [path, rawItem] of Object.entries(isRecord(document.paths) ? document.paths : {})) {
    const item = resolveRef(document, rawItem);
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    const servers = Array.isArray(item.servers) ? item.servers.map((server) => (isRecord(server) && typeof server.url === 'string' ? server.url.replace(/\/$/, '') : '/api')) : [];
    // fastify-openapi-glue mounts every operation under /api, whatever servers its path item names.
    const prefixes = [...new Set([...servers, '/api'])];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const byKey = new Map<string, FuzzParameter>();
      for (const raw of [...shared, ...own]) {
        const parameter = resolveRef(document, raw);
        const where = parameter.in;
        if (typeof parameter.name !== 'string' || (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie')) continue;
        byKey.set(`${where}:${parameter.name}`, {
          name: parameter.name,
          in: where,
          required: parameter.required === true,
          schema: isRecord(parameter.schema) ? parameter.schema : { type: 'string' },
        });
      }
      let body: FuzzOperation['body'];
      const requestBody = resolveRef(document, operation.requestBody);
      if (isRecord(requestBody.content)) {
        const content: Record<string, Schema> = {};
        for (const [type, media] of Object.entries(requestBody.content)) content[type] = isRecord(media) && isRecord(media.schema) ? media.schema : {};
        body = { required: requestBody.required === true, content };
      }
      operations.push({
        operationId: String(operation.operationId),
        method,
        path,
        access: typeof operation['x-historian-access'] === 'string' ? operation['x-historian-access'] : 'unknown',
        prefixes,
        parameters: [...byKey.values()],
        body,
      });
    }
  }
  return { document, operations };
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const MEGABYTE = 1024 * 1024;

function deeplyNested(levels: number, kind: 'array' | 'object'): Json {
  let value: Json = 'bottom';
  for (let level = 0; level < levels; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Text a parser, a database or a renderer may choke on. */
const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '😀🏭𝔘',
  '\u202Eevil\u202C',
  'שלום مرحبا',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../etc/passwd',
  '%00%2e%2e%2f',
  'null',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '2024-02-30T25:61:61Z',
  '9999-12-31T23:59:59.999Z',
  '-000001-01-01T00:00:00Z',
  '__proto__',
  'constructor',
  '\r\nSet-Cookie: a=b',
  '*',
  '\\',
  '"',
);

const hugeText = fc.constantFrom('a', 'é', '😀', '\u202E', '/').map((unit) => unit.repeat(Math.ceil(MEGABYTE / unit.length)));

const hostileNumber = fc.constantFrom(
  -1,
  0,
  -0,
  1.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  5e-324,
  123456789012345680000,
);

/** A value unlike anything the schema wants. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 3 },
  { arbitrary: nastyText, weight: 4 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constantFrom<Json>([], {}, [null], { '': null }, [[[]]]), weight: 2 },
  { arbitrary: hugeText, weight: 1 },
  { arbitrary: fc.constantFrom<'array' | 'object'>('array', 'object').map((kind) => deeplyNested(1000, kind)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>, weight: 2 },
);

// ---------------------------------------------------------------------------------------------
// Near-valid values from the schemas

export interface ArbitraryContext {
  document: Schema;
  /** Ids seen in earlier answers (so that some cases reach an existing row). */
  knownId: () => fc.Arbitrary<string>;
}

function mergeAllOf(document: Schema, schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const merged: Schema = { ...schema, allOf: undefined };
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const part of schema.allOf) {
    const resolved = mergeAllOf(document, resolveRef(document, part));
    if (isRecord(resolved.properties)) Object.assign(properties, resolved.properties);
    if (Array.isArray(resolved.required)) required.push(...resolved.required.filter((name): name is string => typeof name === 'string'));
    for (const [key, value] of Object.entries(resolved)) if (!['properties', 'required'].includes(key) && merged[key] === undefined) merged[key] = value;
  }
  if (isRecord(schema.properties)) Object.assign(properties, schema.properties);
  if (Array.isArray(schema.required)) required.push(...schema.required.filter((name): name is string => typeof name === 'string'));
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.length > 0) merged.required = required;
  return merged;
}

const typesOf = (schema: Schema): string[] => {
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  if (typeof schema.type === 'string') return [schema.type];
  if (isRecord(schema.properties)) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
};

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

function stringArbitrary(schema: Schema, context: ArbitraryContext): fc.Arbitrary<string> {
  const format = schema.format;
  if (format === 'uuid') return fc.oneof({ arbitrary: context.knownId(), weight: 2 }, { arbitrary: fc.uuid(), weight: 1 });
  if (format === 'date-time') return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
  if (format === 'date') return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (format === 'email') return fc.emailAddress();
  if (format === 'uri' || format === 'url') return fc.webUrl();
  if (format === 'binary' || format === 'byte') return fc.string({ unit: 'binary', maxLength: 64 });
  const minLength = Math.max(0, numberOr(schema.minLength, 0));
  const maxLength = Math.max(minLength, Math.min(numberOr(schema.maxLength, 24), minLength + 24));
  const declaredMax = numberOr(schema.maxLength, 100_000);
  const fits = (text: string) => text.length >= minLength && text.length <= declaredMax;
  const options: Array<fc.WeightedArbitrary<string>> = [
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }), weight: 1 },
    { arbitrary: fc.constant('x'.repeat(Math.min(declaredMax + 1, 100_000))), weight: 1 },
  ];
  // Text that passes the schema and still tests what stores and renders it.
  const awkward = ['😀 Plant 𝔘', '\u202Eevil\u202C', 'שלום مرحبا', "O'Brien; --", '<img src=x onerror=alert(1)>', 'e\u0301', 'Line\n2'].filter(fits);
  if (awkward.length > 0) options.push({ arbitrary: fc.constantFrom(...awkward), weight: 2 });
  if (typeof schema.pattern === 'string') {
    try {
      // Values that match the declared pattern, so that the case reaches the handler.
      options.push({ arbitrary: fc.stringMatching(new RegExp(schema.pattern, 'u')).map((text) => (fits(text) ? text : text.slice(0, declaredMax).padEnd(minLength, 'x'))), weight: 6 });
    } catch {
      // a pattern fast-check cannot generate from: the other values still apply
    }
  }
  return fc.oneof(...options);
}

/** A value near what `raw` describes (may still break a pattern, a bound or a cross-field rule). */
export function valueFor(raw: unknown, context: ArbitraryContext, depth = 0): fc.Arbitrary<Json> {
  const schema = mergeAllOf(context.document, resolveRef(context.document, raw));
  if (depth > 6) return fc.constantFrom<Json>(null, {}, [], 'deep');
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as Json[]));
  if (schema.const !== undefined) return fc.constant(schema.const as Json);
  const alternatives = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((alternative) => valueFor(alternative, context, depth + 1)));
  const types = typesOf(schema);
  const nullable = schema.nullable === true || types.includes('null');
  const arbitraries: Array<fc.Arbitrary<Json>> = [];
  for (const type of types.filter((name) => name !== 'null')) {
    if (type === 'string') arbitraries.push(stringArbitrary(schema, context));
    else if (type === 'integer') {
      const min = Math.ceil(numberOr(schema.minimum, -1_000_000));
      const max = Math.floor(numberOr(schema.maximum, 1_000_000));
      const low = Math.max(min, -(2 ** 31));
      const high = Math.max(low, Math.min(max, 2 ** 31 - 1));
      arbitraries.push(fc.oneof(fc.integer({ min: low, max: high }), fc.constantFrom(low, high)));
    } else if (type === 'number') {
      const min = numberOr(schema.minimum, -1e9);
      const max = numberOr(schema.maximum, 1e9);
      arbitraries.push(fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true }));
    } else if (type === 'boolean') arbitraries.push(fc.boolean());
    else if (type === 'array') {
      const maxLength = Math.min(numberOr(schema.maxItems, 3), 3);
      const minLength = Math.min(numberOr(schema.minItems, 0), maxLength);
      arbitraries.push(fc.array(valueFor(schema.items ?? {}, context, depth + 1), { minLength, maxLength }));
    } else if (type === 'object') arbitraries.push(objectFor(schema, context, depth));
  }
  if (arbitraries.length === 0) arbitraries.push(fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>);
  if (nullable) arbitraries.push(fc.constant(null));
  return arbitraries.length === 1 ? arbitraries[0] : fc.oneof(...arbitraries);
}

function objectFor(schema: Schema, context: ArbitraryContext, depth: number): fc.Arbitrary<Json> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []);
  const model: Record<string, fc.Arbitrary<Json>> = {};
  const requiredKeys: string[] = [];
  for (const [name, member] of Object.entries(properties)) {
    const resolved = resolveRef(context.document, member);
    if (resolved.readOnly === true) continue;
    model[name] = valueFor(member, context, depth + 1);
    if (required.has(name)) requiredKeys.push(name);
  }
  const record = fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, Json>>;
  if (isRecord(schema.additionalProperties) && Object.keys(properties).length === 0) {
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), valueFor(schema.additionalProperties, context, depth + 1), { maxKeys: 3 });
  }
  return record;
}

/** Near-valid, one member broken, one member added, or hostile through and through. */
export function fuzzedValue(raw: unknown, context: ArbitraryContext): fc.Arbitrary<Json> {
  const near = valueFor(raw, context);
  const broken = fc.tuple(near, fc.nat(), hostileValue).map(([value, index, bad]) => {
    if (!isRecord(value)) return bad;
    const keys = Object.keys(value);
    if (keys.length === 0) return { ...value, Name: bad };
    return { ...value, [keys[index % keys.length]]: bad };
  });
  const extra = fc.tuple(near, fc.constantFrom('__proto__', 'constructor', 'Unknown', 'UUID', 'OrganizationUUID', '', '\u0000'), hostileValue).map(([value, key, bad]) => {
    if (!isRecord(value)) return value;
    const copy: Record<string, Json> = { ...value };
    Object.defineProperty(copy, key, { value: bad, enumerable: true, configurable: true, writable: true });
    return copy;
  });
  return fc.oneof({ arbitrary: near, weight: 4 }, { arbitrary: broken, weight: 3 }, { arbitrary: extra, weight: 1 }, { arbitrary: hostileValue, weight: 2 });
}

// ---------------------------------------------------------------------------------------------
// Cases

type Caller = 'admin' | 'anonymous' | 'no-xsrf' | 'root-organization' | 'no-organization';
type BodyEncoding = 'declared' | 'text/plain' | 'form' | 'multipart' | 'xml' | 'none' | 'broken-json';

export interface FuzzCase {
  path: Record<string, string>;
  query: Record<string, Json>;
  body: Json | undefined;
  contentType: string | undefined;
  encoding: BodyEncoding;
  caller: Caller;
  prefix: string;
}

const hostilePathValue = fc.oneof(
  fc.constantFrom('not-a-uuid', '0', '-1', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '..', '%2e%2e', 'null', 'undefined', '{id}', '😀', '\u202E', 'x'.repeat(5000), "1' OR '1'='1"),
  fc.string({ maxLength: 40 }),
  fc.uuid().map((uuid) => uuid.toUpperCase()),
  fc.uuid().map((uuid) => `${uuid}x`),
);

function pathParameterArbitrary(parameter: FuzzParameter, context: ArbitraryContext): fc.Arbitrary<string> {
  const schema = resolveRef(context.document, parameter.schema);
  const near = valueFor(schema, context).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return fc.oneof({ arbitrary: near, weight: 5 }, { arbitrary: hostilePathValue, weight: 3 });
}

function queryArbitrary(operation: FuzzOperation, context: ArbitraryContext): fc.Arbitrary<Record<string, Json>> {
  const model: Record<string, fc.Arbitrary<Json>> = {};
  const requiredKeys: string[] = [];
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'query')) {
    model[parameter.name] = fuzzedValue(parameter.schema, context);
    if (parameter.required) requiredKeys.push(parameter.name);
  }
  const known = fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, Json>>;
  const extra = fc.dictionary(fc.constantFrom('unknown', 'limit', 'offset', 'sort', '__proto__', 'a[b][c][d][e][f]'), hostileValue, { maxKeys: 2 });
  return fc.tuple(known, fc.option(extra, { freq: 4 })).map(([values, more]) => ({ ...(more ?? {}), ...values }));
}

export function caseArbitrary(operation: FuzzOperation, context: ArbitraryContext): fc.Arbitrary<FuzzCase> {
  const pathModel: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path')) pathModel[parameter.name] = pathParameterArbitrary(parameter, context);
  const contents = Object.entries(operation.body?.content ?? {});
  const bodyArbitrary: fc.Arbitrary<{ body: Json | undefined; contentType: string | undefined; encoding: BodyEncoding }> =
    contents.length === 0
      ? fc.oneof(
          { arbitrary: fc.constant({ body: undefined, contentType: undefined, encoding: 'none' as const }), weight: 8 },
          { arbitrary: hostileValue.map((body) => ({ body, contentType: 'application/json', encoding: 'declared' as const })), weight: 1 },
        )
      : fc.oneof(
          ...contents.map(([contentType, schema]) => ({
            arbitrary: fuzzedValue(schema, context).map((body) => ({ body, contentType, encoding: 'declared' as const })),
            weight: 8,
          })),
          {
            arbitrary: fc.tuple(valueFor(contents[0][1], context), fc.constantFrom<BodyEncoding>('text/plain', 'form', 'multipart', 'xml', 'none', 'broken-json')).map(([body, encoding]) => ({
              body,
              contentType: contents[0][0],
              encoding,
            })),
            weight: 2,
          },
        );
  const caller = fc.oneof(
    { arbitrary: fc.constant<Caller>('admin'), weight: 12 },
    { arbitrary: fc.constantFrom<Caller>('anonymous', 'no-xsrf', 'root-organization', 'no-organization'), weight: 3 },
  );
  return fc
    .record({ path: fc.record(pathModel), query: queryArbitrary(operation, context), body: bodyArbitrary, caller, prefix: fc.constantFrom(...operation.prefixes) })
    .map(({ path, query, body, caller: who, prefix }) => ({ path, query, body: body.body, contentType: body.contentType, encoding: body.encoding, caller: who, prefix }));
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface FuzzTarget {
  app: FastifyInstance;
  contract: FuzzContract;
  /** Headers of the signed-in admin (cookies, XSRF, organization). */
  admin(): Record<string, string>;
  rootOrganization: string;
  organization: string;
  collectorToken: string;
  /** A fresh session of a spare user with every privilege (for sign-out and own password change). */
  spareSession(): Promise<Record<string, string>>;
  /** Signs the admin in again when its session was lost; true when it had to. */
  heal(): Promise<boolean>;
  protectedIds: ReadonlySet<string>;
  knownIds: string[];
  close(): Promise<void>;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Operations that end or change the caller's own sign-in: they run on a spare user's session. */
export const OWN_SESSION_OPERATIONS: ReadonlySet<string> = new Set(['logout', 'updateCurrentUserPassword', 'updateCurrentUser', 'deleteCurrentUserToken', 'createCurrentUserToken']);

/** The app on PGlite, a root admin with every privilege in the root and a plant organization, a collector. */
export async function openFuzzTarget(): Promise<FuzzTarget> {
  const t: TestApp = await openTestApp();
  const rootOrganization = await rootOrganizationUuid(t.db);
  const organization = await createTestOrganization(t.db, `Fuzz plant ${randomUUID().slice(0, 6)}`);
  const everything = { [rootOrganization]: ALL_PRIVILEGE_NAMES, [organization]: ALL_PRIVILEGE_NAMES };
  const admin = await createTestUser(t.db, { name: `fuzz-admin-${randomUUID().slice(0, 6)}`, privileges: everything });
  const spare = await createTestUser(t.db, { name: `fuzz-spare-${randomUUID().slice(0, 6)}`, password: 'Fuzz-spare-password-1', privileges: everything });
  const collector = await collectorWithToken(t.db, organization, 'Fuzz collector');
  let headers: Record<string, string> = { ...(await sessionHeaders(t.ctx, admin.uuid)), 'x-organization-uuid': organization };

  const protectedIds = new Set<string>([rootOrganization, organization, admin.uuid, spare.uuid, collector.uuid]);
  const rows = async (sql: string, parameters: unknown[] = []) => (await t.db.query<{ uuid: string }>(sql, parameters)).rows.map((row) => row.uuid);
  for (const uuid of await rows('SELECT uuid FROM authentication_providers')) protectedIds.add(uuid);
  for (const uuid of await rows('SELECT uuid FROM user_group_users WHERE user_uuid = ANY($1::uuid[])', [[admin.uuid, spare.uuid]])) protectedIds.add(uuid);
  for (const uuid of await rows('SELECT user_group_uuid AS uuid FROM user_group_users WHERE user_uuid = ANY($1::uuid[])', [[admin.uuid, spare.uuid]])) protectedIds.add(uuid);

  const target: FuzzTarget = {
    app: t.app,
    contract: readContract(),
    admin: () => headers,
    rootOrganization,
    organization,
    collectorToken: collector.token,
    protectedIds,
    knownIds: [],
    spareSession: async () => ({ ...(await sessionHeaders(t.ctx, spare.uuid)), 'x-organization-uuid': organization }),
    async heal() {
      const check = await t.app.inject({ method: 'GET', url: '/api/current-user/privileges', headers });
      if (check.statusCode === 200) return false;
      headers = { ...(await sessionHeaders(t.ctx, admin.uuid)), 'x-organization-uuid': organization };
      return true;
    },
    close: () => t.close(),
  };
  return target;
}

function collectIds(target: FuzzTarget, value: unknown, budget = { left: 200 }): void {
  if (budget.left <= 0) return;
  budget.left -= 1;
  if (typeof value === 'string') {
    if (UUID_PATTERN.test(value) && !target.protectedIds.has(value.toLowerCase()) && !target.knownIds.includes(value)) {
      target.knownIds.push(value);
      if (target.knownIds.length > 400) target.knownIds.shift();
    }
  } else if (Array.isArray(value)) for (const item of value.slice(0, 20)) collectIds(target, item, budget);
  else if (isRecord(value)) for (const item of Object.values(value)) collectIds(target, item, budget);
}

function multipartBody(fields: Json): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${randomUUID()}`;
  const parts: Buffer[] = [];
  const entries = isRecord(fields) ? Object.entries(fields) : [['file', fields] as [string, Json]];
  for (const [name, value] of entries) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const asFile = /file|spreadsheet|licen|package|build/i.test(name);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"${asFile ? '; filename="fuzz.bin"\r\nContent-Type: application/octet-stream' : ''}\r\n\r\n`,
      ),
      Buffer.from(text ?? 'null'),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function encodeBody(testCase: FuzzCase): { payload?: string | Buffer; contentType?: string } {
  const { body, encoding } = testCase;
  if (encoding === 'none' || body === undefined) return {};
  const declared = testCase.contentType ?? 'application/json';
  const useMultipart = encoding === 'multipart' || (encoding === 'declared' && declared.startsWith('multipart/'));
  if (useMultipart) return multipartBody(body);
  if (encoding === 'form' || (encoding === 'declared' && declared === 'application/x-www-form-urlencoded')) {
    return { payload: qs.stringify(isRecord(body) ? body : { value: body }), contentType: 'application/x-www-form-urlencoded' };
  }
  const json = JSON.stringify(body) ?? 'null';
  if (encoding === 'text/plain') return { payload: json, contentType: 'text/plain' };
  if (encoding === 'xml') return { payload: `<?xml version="1.0"?><a>${json}</a>`, contentType: 'application/xml' };
  if (encoding === 'broken-json') return { payload: json.slice(0, Math.max(1, json.length - 1)), contentType: 'application/json' };
  return { payload: json, contentType: 'application/json' };
}

export function urlOf(operation: FuzzOperation, testCase: FuzzCase): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(testCase.path[name] ?? ''));
  const query = qs.stringify(testCase.query, { allowDots: false, encodeValuesOnly: false });
  return `${testCase.prefix}${path}${query ? `?${query}` : ''}`;
}

export interface SentCase {
  status: number | 'hang';
  ms: number;
  body: string;
}

export async function sendCase(target: FuzzTarget, operation: FuzzOperation, testCase: FuzzCase, deadlineMs: number): Promise<SentCase> {
  let headers: Record<string, string>;
  if (operation.access === 'collector' && testCase.caller !== 'anonymous') headers = { authorization: `Bearer ${target.collectorToken}` };
  else if (testCase.caller === 'anonymous') headers = {};
  else {
    headers = { ...(OWN_SESSION_OPERATIONS.has(operation.operationId) ? await target.spareSession() : target.admin()) };
    if (testCase.caller === 'no-xsrf') delete headers['x-xsrf-token'];
    if (testCase.caller === 'root-organization') headers['x-organization-uuid'] = target.rootOrganization;
    if (testCase.caller === 'no-organization') delete headers['x-organization-uuid'];
  }
  const { payload, contentType } = encodeBody(testCase);
  if (contentType) headers['content-type'] = contentType;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), deadlineMs);
  });
  const answer = await Promise.race([
    target.app.inject({ method: operation.method.toUpperCase() as 'GET', url: urlOf(operation, testCase), headers, ...(payload !== undefined ? { payload } : {}) }),
    hang,
  ]);
  clearTimeout(timer);
  const ms = performance.now() - started;
  if (answer === 'hang') return { status: 'hang', ms, body: '' };
  if (answer.statusCode < 300 && String(answer.headers['content-type'] ?? '').includes('json')) {
    try {
      collectIds(target, answer.json());
    } catch {
      // not JSON after all: nothing to learn
    }
  }
  return { status: answer.statusCode, ms, body: answer.statusCode >= 500 ? answer.body.slice(0, 500) : '' };
}

// ---------------------------------------------------------------------------------------------
// The run

export interface FuzzOptions {
  casesPerOperation: number;
  /** fast-check's seed (printed with every failure, to replay it). */
  seed?: number;
  /** A case with no answer within this many milliseconds is a hang. */
  deadlineMs?: number;
  /** Only these operationIds (replaying a failure: with the same seed, each keeps its own). */
  only?: readonly string[];
  /** fast-check's replay path of a failure (with `only` naming its one operation). */
  replayPath?: string;
  log?: (line: string) => void;
}

export interface FuzzFailure {
  operationId: string;
  /** The run's seed: runFuzz(target, { seed, only: [operationId], replayPath, casesPerOperation }) replays it. */
  seed: number;
  /** fast-check's path of the shrunk case: replay with { seed, path }. */
  replayPath: string;
  status: number | 'hang';
  counterexample: string;
  answer: string;
}

export interface FuzzResult {
  operations: string[];
  cases: number;
  serverErrors: number;
  hangs: number;
  slowestMs: number;
  slowestOperation: string;
  reSignIns: number;
  /** Cases by class of answer ('2xx', '4xx', …): how many reached a handler's success path. */
  statusClasses: Record<string, number>;
  failures: FuzzFailure[];
}

const shorten = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** Describes a case for the report without megabytes of payload. */
export function describeCase(operation: FuzzOperation, testCase: FuzzCase): string {
  const body = testCase.body === undefined ? '' : ` body(${testCase.encoding}, ${testCase.contentType ?? '-'})=${shorten(JSON.stringify(testCase.body) ?? 'undefined', 400)}`;
  return `${operation.method.toUpperCase()} ${shorten(urlOf(operation, testCase), 300)} as ${testCase.caller}${body}`;
}

export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzResult> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const deadlineMs = options.deadlineMs ?? 10_000;
  const log = options.log ?? (() => undefined);
  const context: ArbitraryContext = {
    document: target.contract.document,
    knownId: () => (target.knownIds.length === 0 ? fc.uuid() : fc.nat().map((index) => target.knownIds[index % target.knownIds.length] ?? randomUUID())),
  };
  const operations = target.contract.operations.filter((operation) => !options.only || options.only.includes(operation.operationId));
  // First learn ids from every list without path parameters, so that cases reach existing rows.
  for (const operation of operations.filter((candidate) => candidate.method === 'get' && !candidate.path.includes('{'))) {
    await sendCase(target, operation, { path: {}, query: {}, body: undefined, contentType: undefined, encoding: 'none', caller: 'admin', prefix: '/api' }, deadlineMs);
  }
  const result: FuzzResult = { operations: [], cases: 0, serverErrors: 0, hangs: 0, slowestMs: 0, slowestOperation: '', reSignIns: 0, statusClasses: {}, failures: [] };
  let lastLog = Date.now();
  for (const [index, operation] of operations.entries()) {
    // Each operation's own seed follows from the run's and its place in the contract, so that a
    // replay of one operation draws the same cases (ids learnt from earlier answers aside).
    const ownSeed = (seed + target.contract.operations.indexOf(operation)) % 2 ** 31;
    // The answer of the last failing run: after shrinking, that of the reported counterexample.
    let lastAnswer = 'hang';
    const details = await fc.check(
      fc.asyncProperty(caseArbitrary(operation, context), async (testCase) => {
        const sent = await sendCase(target, operation, testCase, deadlineMs);
        result.cases += 1;
        if (sent.ms > result.slowestMs) {
          result.slowestMs = sent.ms;
          result.slowestOperation = operation.operationId;
        }
        const statusClass = sent.status === 'hang' ? 'hang' : `${String(sent.status)[0]}xx`;
        result.statusClasses[statusClass] = (result.statusClasses[statusClass] ?? 0) + 1;
        if (sent.status === 'hang') {
          result.hangs += 1;
          lastAnswer = 'hang';
          return false;
        }
        if (sent.status >= 500) {
          result.serverErrors += 1;
          lastAnswer = `${sent.status} ${sent.body}`;
          return false;
        }
        return true;
      }),
      { numRuns: options.casesPerOperation, seed: ownSeed, endOnFailure: false, maxSkipsPerRun: 0, ...(options.replayPath ? { path: options.replayPath } : {}) },
    );
    result.operations.push(operation.operationId);
    if (details.failed && details.counterexample) {
      const failure: FuzzFailure = {
        operationId: operation.operationId,
        seed,
        replayPath: details.counterexamplePath ?? '',
        status: lastAnswer.startsWith('hang') ? 'hang' : Number(lastAnswer.slice(0, 3)) || 'hang',
        counterexample: describeCase(operation, details.counterexample[0]),
        answer: lastAnswer,
      };
      result.failures.push(failure);
      log(`FAILED ${operation.operationId}: seed ${failure.seed} (its own ${ownSeed}), path "${failure.replayPath}": ${failure.counterexample} -> ${failure.answer}`);
    }
    if (details.errorInstance) log(`${operation.operationId}: ${String(details.errorInstance)}`);
    if (await target.heal()) {
      result.reSignIns += 1;
      log(`${operation.operationId} lost the admin's session; signed in again`);
    }
    if (Date.now() - lastLog > 20_000) {
      lastLog = Date.now();
      log(`${index + 1}/${operations.length} operations, ${result.cases} cases, ${result.serverErrors} 5xx, ${result.hangs} hangs`);
    }
  }
  return result;
}
