import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_FILE } from '../app';
import { collectorWithToken } from '../collectors/testing/collectorFixtures';
import { createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { TEXT_MESSAGE, findLimitBreach, readRequestLimits } from './requestLimits';

// No 5xx on bad input: a NUL or an unpaired surrogate in any string, JSON nested thousands of
// levels deep, a Page beyond the integer range and a broken multipart body all answer 400
// problem+json naming the field, on every operation of the contract; and a value the database
// refuses anyway answers 4xx, never 500.

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  operationId: string;
  access: string;
  parameters: Schema[];
  bodyTypes: string[];
  bodySchema: Schema | undefined;
}

const contract: { paths: Record<string, Record<string, unknown>>; components: Record<string, Record<string, Schema>> } = parse(readFileSync(CONTRACT_FILE, 'utf8'));
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const isRecord = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolve(schema: unknown): Schema {
  if (!isRecord(schema)) return {};
  if (typeof schema.$ref === 'string') {
    const [, , section, name] = schema.$ref.split('/');
    return resolve(contract.components[section][name]);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map(resolve);
    return { ...schema, ...Object.assign({}, ...parts), properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), schema.properties ?? {}) };
  }
  return schema;
}

function operations(): Operation[] {
  return Object.entries(contract.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => isRecord(item[method])).map((method) => {
      const operation = item[method] as Schema;
      const content = isRecord(operation.requestBody) ? (resolve(operation.requestBody).content as Schema | undefined) : undefined;
      const bodyTypes = content ? Object.keys(content) : [];
      const media = content && bodyTypes.length ? (content[bodyTypes[0]] as Schema) : undefined;
      const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map(resolve);
      return {
        method: method.toUpperCase(),
        path,
        operationId: String(operation.operationId),
        access: String(operation['x-historian-access']),
        parameters,
        bodyTypes,
        bodySchema: media ? resolve(media.schema) : undefined,
      };
    }),
  );
}

/** Paths of the string fields a body schema declares (nested objects and arrays included). */
function stringFields(schema: Schema, prefix: string[] = [], depth = 0): string[][] {
  const resolved = resolve(schema);
  if (depth > 4) return [];
  if (resolved.type === 'string') return resolved.format === 'binary' ? [] : [prefix];
  if (resolved.type === 'array') return stringFields(resolve(resolved.items), [...prefix, '0'], depth + 1);
  if (!isRecord(resolved.properties)) return [];
  return Object.entries(resolved.properties).flatMap(([name, property]) =>
    resolve(property).readOnly === true ? [] : stringFields(resolve(property), [...prefix, name], depth + 1),
  );
}

/** A body where `path` holds `value`: {A: {B: [value]}} for A.B.0. */
function bodyWith(path: readonly string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => (key === '0' ? [inner] : { [key]: inner }), value);
}

// Values sent straight to the database, past the contract and the limits, as a route could.
const REFUSALS: Record<string, [string, unknown[]]> = {
  '22021': ['SELECT $1::text', ['a\u0000b']],
  '22P05': [`SELECT '"\\u0000"'::jsonb`, []],
  '22003': ['SELECT $1::int', ['99999999999']],
  '22P02': ['SELECT $1::int', ['not a number']],
};

const PATH_VALUES: Record<string, string> = { provider: 'local', lng: 'en', ns: 'general', PK: '1' };

let t: TestApp;
let root: string;
let admin: Record<string, string>;
let collector: Record<string, string>;

beforeAll(async () => {
  t = await openTestApp();
  t.app.get('/test/refusal/:code', async (request) => {
    const [sql, params] = REFUSALS[(request.params as { code: string }).code];
    return t.db.query(sql, params);
  });
  root = await rootOrganizationUuid(t.db);
  const { rows } = await t.db.query<{ name: string }>('SELECT name FROM privileges');
  const user = await createTestUser(t.db, { privileges: { [root]: rows.map((row) => row.name) } });
  admin = { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': root };
  collector = { authorization: `Bearer ${(await collectorWithToken(t.db, root)).token}` };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function urlOf(operation: Operation, pathValue?: (name: string) => string): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => pathValue?.(name) ?? PATH_VALUES[name] ?? randomUUID());
  return `/api${path}`;
}

const headersOf = (operation: Operation) => (operation.access === 'collector' ? collector : operation.access === 'public' ? {} : admin);

function multipart(fields: Record<string, string>) {
  const boundary = `----limits${randomUUID()}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends `value` in the body field at `path`, in the operation's first declared body type. */
function sendField(operation: Operation, path: readonly string[], value: string, raw?: string) {
  const url = urlOf(operation);
  const headers = headersOf(operation);
  const [type] = operation.bodyTypes;
  if (type === 'multipart/form-data') {
    const { payload, contentType } = multipart({ [path[0]]: value });
    return t.app.inject({ method: operation.method, url, headers: { ...headers, 'content-type': contentType }, payload });
  }
  if (type === 'application/x-www-form-urlencoded') {
    return t.app.inject({ method: operation.method, url, headers: { ...headers, 'content-type': type }, payload: new URLSearchParams({ [path[0]]: value }).toString() });
  }
  const payload = raw ?? JSON.stringify(bodyWith(path, value));
  return t.app.inject({ method: operation.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });
}

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}

function expectProblemNaming(response: Answer, field: string) {
  expect(response.statusCode).toBe(400);
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = response.json();
  expect(isRecord(body) && isRecord(body.errors) ? Object.keys(body.errors) : []).toContain(field);
}

const withStringBodyField = operations().flatMap((operation) =>
  operation.bodySchema ? stringFields(operation.bodySchema).map((path) => [`${operation.operationId} ${path.join('.')}`, operation, path] as const) : [],
);
const withJsonBody = operations().filter((operation) => operation.bodyTypes.includes('application/json') && operation.bodySchema && stringFields(operation.bodySchema).length > 0);
const withPathParameter = operations().filter((operation) => operation.parameters.some((parameter) => parameter.in === 'path'));
const withPage = operations().filter((operation) => operation.parameters.some((parameter) => parameter.name === 'Page' && parameter.in === 'query'));
const withMultipartBody = operations().filter((operation) => operation.bodyTypes.includes('multipart/form-data'));

describe('the contract declares the request limits', () => {
  it('reads a depth limit and a text pattern that refuses NUL and unpaired surrogates but keeps other text', () => {
    const limits = readRequestLimits(contract);
    expect(limits.maxJsonDepth).toBeGreaterThanOrEqual(8);
    expect(limits.text.test('a\u0000b')).toBe(false);
    expect(limits.text.test('a\uD800b')).toBe(false);
    expect(limits.text.test('a\uDC00')).toBe(false);
    expect(limits.text.test('Grüße 😀 数据\n\t"x"')).toBe(true);
  });

  it('bounds Page by the integer range', () => {
    expect(resolve(contract.components.parameters.Page).schema).toMatchObject({ maximum: 2147483647 });
  });

  it('walks a value nested a million levels deep without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 1_000_000; level += 1) deep = [deep];
    expect(findLimitBreach(deep, readRequestLimits(contract), '')?.message).toMatch(/nests deeper/);
  });
});

describe('a NUL character in any string of a body', () => {
  it('has string body fields to check', () => {
    expect(withStringBodyField.length).toBeGreaterThan(50);
  });

  it.each(withStringBodyField)('answers 400 naming the field: %s', async (_name, operation, path) => {
    expectProblemNaming(await sendField(operation, path, 'a\u0000b'), path.join('.'));
  });
});

describe('an unpaired UTF-16 surrogate in a JSON string', () => {
  it.each(withJsonBody.map((operation) => [operation.operationId, operation] as const))('answers 400 naming the field: %s', async (_name, operation) => {
    const [path] = stringFields(operation.bodySchema ?? {});
    const raw = JSON.stringify(bodyWith(path, 'a-SURROGATE-b')).replace('-SURROGATE-', '\\ud800');
    expectProblemNaming(await sendField(operation, path, '', raw), path.join('.'));
  });

  it('in a member name answers 400 too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/local/login', headers: { 'content-type': 'application/json' }, payload: '{"Name":"a","Password":"b","x\\udc00":1}' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(TEXT_MESSAGE);
  });
});

describe('JSON nested thousands of levels deep', () => {
  it.each(withJsonBody.map((operation) => [operation.operationId, operation] as const))('answers 400 naming the field: %s', async (_name, operation) => {
    const [path] = stringFields(operation.bodySchema ?? {});
    const nested = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    const raw = JSON.stringify(bodyWith(path, 'NESTED')).replace('"NESTED"', nested);
    const response = await sendField(operation, path, '', raw);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(isRecord(body) && isRecord(body.errors) ? Object.keys(body.errors)[0] : '').toMatch(new RegExp(`^${path.join('\\.')}(\\.0)+$`));
  });
});

describe('a NUL character in the path or the query', () => {
  it.each(withPathParameter.map((operation) => [operation.operationId, operation] as const))('answers 400 naming the path parameter: %s', async (_name, operation) => {
    const parameter = String(operation.parameters.find((candidate) => candidate.in === 'path')?.name);
    const url = urlOf(operation, (name) => (name === parameter ? 'a%00b' : (PATH_VALUES[name] ?? randomUUID())));
    // A body of the declared type, so that the path is what the server refuses (a multipart upload
    // sent as JSON would be refused for its type first).
    const upload = operation.bodyTypes[0] === 'multipart/form-data' ? multipart({ File: 'x' }) : null;
    const response = upload
      ? await t.app.inject({ method: operation.method, url, headers: { ...headersOf(operation), 'content-type': upload.contentType }, payload: upload.payload })
      : await t.app.inject({ method: operation.method, url, headers: headersOf(operation), payload: operation.bodySchema ? {} : undefined });
    expectProblemNaming(response, `path.${parameter}`);
  });

  it('answers 400 naming the query parameter', async () => {
    expectProblemNaming(await t.app.inject({ method: 'GET', url: '/api/users?Name=a%00b', headers: admin }), 'query.Name');
  });
});

describe('Page beyond the integer range', () => {
  it.each(withPage.map((operation) => [operation.operationId, operation] as const))('answers 400 naming query.Page: %s', async (_name, operation) => {
    for (const page of ['2147483648', '99999999999999999999']) {
      expectProblemNaming(await t.app.inject({ method: operation.method, url: `${urlOf(operation)}?Page=${page}`, headers: headersOf(operation) }), 'query.Page');
    }
  });
});

describe('a truncated or boundary-less multipart body', () => {
  it.each(withMultipartBody.map((operation) => [operation.operationId, operation] as const))('answers 400 naming the body: %s', async (_name, operation) => {
    const url = urlOf(operation);
    const headers = headersOf(operation);
    const noBoundary = await t.app.inject({ method: operation.method, url, headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: 'x' });
    expectProblemNaming(noBoundary, '(body)');
    const { payload, contentType } = multipart({ licenseToken: 'x', Product: 'y' });
    const truncated = await t.app.inject({ method: operation.method, url, headers: { ...headers, 'content-type': contentType }, payload: payload.slice(0, payload.length - 12) });
    expectProblemNaming(truncated, '(body)');
  });
});

describe('a value the database refuses despite the limits', () => {
  it.each(Object.keys(REFUSALS))('answers 400 problem+json, never 500, for SQLSTATE %s', async (code) => {
    const response = await t.app.inject({ method: 'GET', url: `/test/refusal/${code}` });
    expectProblemNaming(response, '(request)');
  });
});
