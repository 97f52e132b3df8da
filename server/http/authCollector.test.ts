import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { createApiToken } from '../auth/tokens';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { findCollectorByToken } from '../collectors/collectorTokens';
import { collectorWithToken } from '../collectors/testing/collectorFixtures';
import { registerAuth, type AuthPluginOptions } from './authPlugin';
import { problemErrorHandler } from './problem';

// The `collector` access level: collector tokens act as their collector on collector routes, and
// as nobody anywhere else; user credentials do not open collector routes.

let t: TestApp;
let withResolver: FastifyInstance;
let withoutResolver: FastifyInstance;
let plant: string;

// Route schemas as fastify-openapi-glue builds them: the operation's x- extensions on the schema.
const declared = (access: string) => {
  const schema: Record<string, unknown> = { operationId: `probe_${access}`, 'x-historian-access': access };
  return { schema };
};

async function buildProbe(ctx: TestApp['ctx'], options: AuthPluginOptions): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler(problemErrorHandler);
  await app.register(cookie);
  registerAuth(app, ctx, options);
  const echo = async (request: FastifyRequest) => ({ collector: request.collector ?? null, caller: request.caller?.userUuid ?? null });
  app.get('/collector', declared('collector'), echo);
  app.get('/session', declared('session'), echo);
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await openTestApp();
  plant = await createTestOrganization(t.db);
  withResolver = await buildProbe(t.ctx, { collectorResolver: findCollectorByToken });
  withoutResolver = await buildProbe(t.ctx, {});
}, 60_000);

afterAll(async () => {
  await withResolver?.close();
  await withoutResolver?.close();
  await t?.close();
}, 30_000);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('x-historian-access: collector', () => {
  it('resolves the collector and its organization from the token, and no user', async () => {
    const agent = await collectorWithToken(t.db, plant);
    const response = await withResolver.inject({ method: 'GET', url: '/collector', headers: bearer(agent.token) });
    expect(response.json()).toEqual({ collector: { collectorUuid: agent.uuid, organizationUuid: plant, collectorName: expect.any(String) }, caller: null });
  });

  it('refuses a session cookie, a user API token, a forged token and none at all with 401', async () => {
    const user = await createTestUser(t.db);
    const { Token } = await createApiToken(t.db, user.uuid, 'probe');
    for (const headers of [await sessionHeaders(t.ctx, user.uuid), bearer(Token), bearer('historian_col_nope'), {}]) {
      expect((await withResolver.inject({ method: 'GET', url: '/collector', headers })).statusCode).toBe(401);
    }
  });

  it('a user route refuses a collector token with 401', async () => {
    const agent = await collectorWithToken(t.db, plant);
    expect((await withResolver.inject({ method: 'GET', url: '/session', headers: bearer(agent.token) })).statusCode).toBe(401);
  });

  it('without a collector resolver every collector route answers 401', async () => {
    const agent = await collectorWithToken(t.db, plant);
    expect((await withoutResolver.inject({ method: 'GET', url: '/collector', headers: bearer(agent.token) })).statusCode).toBe(401);
  });
});
