import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openTestDatabase, type TestDatabase } from './db/testing/testDatabase';

// The skeleton's rules: the contract validates requests (400 problem+json naming the field), bad
// input never gets a 500, unknown routes answer problem+json, and in strict mode an answer that
// does not match the contract fails loudly.

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(
    { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), version: '9.9.9' },
    { strictResponses: true, logLevel: 'silent' },
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.cleanup();
});

const problemOf = (response: { headers: Record<string, unknown>; json: () => unknown }) => {
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  return response.json() as { status: number; title: string; errors?: Record<string, string[]> };
};

describe('the server skeleton', () => {
  it('GET /api/info returns the version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/info' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Version: '9.9.9' });
  });

  it('a body that does not match the contract gets 400 problem+json naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { Name: 'admin' } });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toHaveProperty('Password');
  });

  it('a wrong type gets 400 naming the field, never a 500', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { Name: ['x'], Password: 'p' } });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toHaveProperty('Name');
  });

  it('a malformed JSON body gets 400, never a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/local/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"Name": "admin", ',
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).status).toBe(400);
  });

  it('a path parameter outside its enumeration gets 400 naming it, never a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/translations/xx/general' });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toHaveProperty(['path.lng']);
  });

  it('an invalid UUID in a query parameter gets 400 naming it, never a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/local/start?id=not-a-uuid&from=/' });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toHaveProperty(['query.id']);
  });

  it('an unknown route answers 404 problem+json', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(problemOf(response).title).toBe('Not Found');
  });
});

describe('strict response validation', () => {
  it('turns an answer that does not match the contract into a 500 that names the mismatch in the log', async () => {
    const strict = await buildApp(
      { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), version: '1.0.0' },
      { strictResponses: true, logLevel: 'silent' },
    );
    // A deliberately wrong answer: Info.Version must be a string.
    strict.addHook('preHandler', async (request, reply) => {
      if (request.url === '/api/info') return reply.send({ Version: 42 });
      return undefined;
    });
    const response = await strict.inject({ method: 'GET', url: '/api/info' });
    await strict.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('stack');
  });
});

describe('validators and serializers compiled on first use (server/http/lazySchemas.ts)', () => {
  const ctx = () => ({ db: database.db, config: loadConfig({ NODE_ENV: 'test' }), version: '1.0.0' });
  const badLogin = { method: 'POST' as const, url: '/api/auth/local/login', payload: { Name: 42 } };

  it('all compile when the app starts if asked, and answer exactly as the lazily compiled ones', async () => {
    // The one place that compiles every operation's schemas: one that does not compile fails ready().
    const eager = await buildApp(ctx(), { strictResponses: true, logLevel: 'silent', compileSchemasAtStart: true });
    try {
      await eager.ready();
      const [eagerInfo, lazyInfo] = [await eager.inject({ method: 'GET', url: '/api/info' }), await app.inject({ method: 'GET', url: '/api/info' })];
      expect(eagerInfo.statusCode).toBe(200);
      expect(Object.keys(eagerInfo.json() as object).sort()).toEqual(Object.keys(lazyInfo.json() as object).sort());
      const [eagerBad, lazyBad] = [await eager.inject(badLogin), await app.inject(badLogin)];
      expect(lazyBad.statusCode).toBe(400);
      expect(eagerBad.statusCode).toBe(400);
      expect(lazyBad.json()).toEqual(eagerBad.json());
    } finally {
      await eager.close();
    }
  }, 120_000);

  it('a lazily compiled serializer still writes only the members the contract declares', async () => {
    const loose = await buildApp(ctx(), { logLevel: 'silent' });
    loose.addHook('preHandler', async (request, reply) => {
      if (request.url === '/api/info') return reply.send({ Version: '1.0.0', Undeclared: 'dropped' });
      return undefined;
    });
    try {
      const first = await loose.inject({ method: 'GET', url: '/api/info' });
      const second = await loose.inject({ method: 'GET', url: '/api/info' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ Version: '1.0.0' });
      expect(second.body).toBe(first.body);
    } finally {
      await loose.close();
    }
  });
});

describe('operations without a handler', () => {
  it('answer 501 problem+json naming the operation, not a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/product-updates' });
    expect([501, 401]).toContain(response.statusCode);
    if (response.statusCode === 501) expect(problemOf(response).title).toBe('Not Implemented');
  });
});
