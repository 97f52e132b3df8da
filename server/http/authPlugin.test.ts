import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../domain/privilegeNames';
import {
  createTestOrganization,
  createTestUser,
  grantPrivileges,
  openTestApp,
  rootOrganizationUuid,
  sessionHeaders,
  type TestApp,
} from '../auth/testing/testUsers';
import { registerAuth } from './authPlugin';
import { problemErrorHandler } from './problem';

// The authorization framework every route uses: the access declared per operation, the
// organization header, root-level privileges and the default-password gate, checked on a small
// app of declared routes over the real database, plus the real app's own routes.

let t: TestApp;
let probe: FastifyInstance;
let root: string;
let plant: string;
let otherPlant: string;

// Route schemas as fastify-openapi-glue builds them: the operation's x- extensions on the schema.
const declared = (access: string, extra: Record<string, unknown> = {}) => {
  const schema: Record<string, unknown> = { operationId: `probe_${access}`, 'x-historian-access': access, ...extra };
  return { schema };
};

async function buildProbe(ctx: TestApp['ctx']): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler(problemErrorHandler);
  await app.register(cookie);
  registerAuth(app, ctx);
  const echo = async (request: FastifyRequest) => ({ caller: request.caller ?? null });
  const echoCaller = async (request: FastifyRequest) => ({
    organizationUuid: request.caller?.organizationUuid ?? null,
    privileges: request.caller ? [...request.caller.privileges].sort() : [],
  });
  app.get('/public', declared('public'), echo);
  app.get('/session', declared('session'), echoCaller);
  app.get('/org', declared('organization', { 'x-historian-privileges': [PRIVILEGES.ReadCollectors] }), echoCaller);
  app.get('/org-any', declared('organization'), echoCaller);
  app.get('/root', declared('root', { 'x-historian-privileges': [PRIVILEGES.ReadOrganizations] }), echoCaller);
  app.get(
    '/org-optional',
    declared('organization', { 'x-historian-privileges': [PRIVILEGES.ReadTimeseriesDatabases], 'x-historian-organization-optional': true }),
    echoCaller,
  );
  app.get('/allowed-with-default', declared('session', { 'x-historian-allow-default-password': true }), echoCaller);
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await openTestApp();
  probe = await buildProbe(t.ctx);
  root = await rootOrganizationUuid(t.db);
  plant = await createTestOrganization(t.db, 'Plant A');
  otherPlant = await createTestOrganization(t.db, 'Plant B');
}, 60_000);

afterAll(async () => {
  await probe?.close();
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) => probe.inject({ method: 'GET', url, headers });

describe('declared access', () => {
  it('public routes run without a caller', async () => {
    const response = await probe.inject({ method: 'GET', url: '/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ caller: null });
  });

  it('every other route answers 401 without a session or token', async () => {
    for (const url of ['/session', '/org', '/root']) expect((await probe.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('an organization route checks the privileges held in the organization named by x-organization-uuid', async () => {
    const user = await createTestUser(t.db, { privileges: { [plant]: [PRIVILEGES.ReadCollectors] } });
    const headers = await sessionHeaders(t.ctx, user.uuid);
    const response = await get('/org', { ...headers, 'x-organization-uuid': plant });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ organizationUuid: plant, privileges: [PRIVILEGES.ReadCollectors] });
  });

  it('a privilege held in another organization does not count', async () => {
    const user = await createTestUser(t.db, { privileges: { [plant]: [PRIVILEGES.ReadCollectors], [otherPlant]: [PRIVILEGES.ReadUsers] } });
    const headers = await sessionHeaders(t.ctx, user.uuid);
    const response = await get('/org', { ...headers, 'x-organization-uuid': otherPlant });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toContain(PRIVILEGES.ReadCollectors);
  });

  it('an organization that is not the user’s and one that does not exist answer the same 403', async () => {
    const user = await createTestUser(t.db, { privileges: { [plant]: [PRIVILEGES.ReadCollectors] } });
    const headers = await sessionHeaders(t.ctx, user.uuid);
    const foreign = await get('/org-any', { ...headers, 'x-organization-uuid': otherPlant });
    const missing = await get('/org-any', { ...headers, 'x-organization-uuid': '6f1c7a52-0000-4000-8000-000000000000' });
    expect(foreign.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(foreign.json().detail).toBe(missing.json().detail);
  });

  it('an organization route without the header answers 400; a malformed header answers 400', async () => {
    const user = await createTestUser(t.db, { privileges: { [plant]: [PRIVILEGES.ReadCollectors] } });
    const headers = await sessionHeaders(t.ctx, user.uuid);
    expect((await get('/org', headers)).statusCode).toBe(400);
    expect((await get('/org', { ...headers, 'x-organization-uuid': 'not-a-uuid' })).statusCode).toBe(400);
  });

  it('membership of a group without privileges is enough to act in that organization', async () => {
    const user = await createTestUser(t.db, { privileges: { [plant]: [] } });
    const response = await get('/org-any', { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': plant });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ organizationUuid: plant, privileges: [] });
  });

  it('a root route checks privileges held in the root organization, whatever organization is selected', async () => {
    const rootReader = await createTestUser(t.db, { privileges: { [root]: [PRIVILEGES.ReadOrganizations] } });
    const plantReader = await createTestUser(t.db, { privileges: { [plant]: [PRIVILEGES.ReadOrganizations] } });
    expect((await get('/root', { ...(await sessionHeaders(t.ctx, rootReader.uuid)), 'x-organization-uuid': plant })).statusCode).toBe(200);
    expect((await get('/root', { ...(await sessionHeaders(t.ctx, plantReader.uuid)), 'x-organization-uuid': plant })).statusCode).toBe(403);
  });

  it('a session route ignores an organization header that is not the user’s instead of failing', async () => {
    const user = await createTestUser(t.db, { privileges: { [plant]: [] } });
    const response = await get('/session', { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': otherPlant });
    expect(response.statusCode).toBe(200);
    expect(response.json().organizationUuid).toBeNull();
  });

  it('an organization-optional route without the header checks the privilege at root level', async () => {
    const rootUser = await createTestUser(t.db, { privileges: { [root]: [PRIVILEGES.ReadTimeseriesDatabases] } });
    const plantUser = await createTestUser(t.db, { privileges: { [plant]: [PRIVILEGES.ReadTimeseriesDatabases] } });
    expect((await get('/org-optional', await sessionHeaders(t.ctx, rootUser.uuid))).statusCode).toBe(200);
    expect((await get('/org-optional', await sessionHeaders(t.ctx, plantUser.uuid))).statusCode).toBe(403);
    const inPlant = await get('/org-optional', { ...(await sessionHeaders(t.ctx, plantUser.uuid)), 'x-organization-uuid': plant });
    expect(inPlant.statusCode).toBe(200);
  });

  it('a user holding the default password passes only routes that allow it', async () => {
    const user = await createTestUser(t.db, { mustChangePassword: true, privileges: { [root]: [PRIVILEGES.ReadOrganizations] } });
    const headers = await sessionHeaders(t.ctx, user.uuid);
    expect((await get('/allowed-with-default', headers)).statusCode).toBe(200);
    const refused = await get('/root', headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'users.errors.default_password' });
  });

  it('a contract route without a valid declaration stops the start-up', async () => {
    const app = Fastify();
    registerAuth(app, t.ctx);
    const undeclared: Record<string, unknown> = { operationId: 'undeclared' };
    const typo: Record<string, unknown> = { operationId: 'typo', 'x-historian-access': 'root', 'x-historian-privileges': ['READ_EVERYTHING'] };
    expect(() => app.get('/undeclared', { schema: undeclared }, async () => 'x')).toThrow(/x-historian-access/);
    expect(() => app.get('/typo', { schema: typo }, async () => 'x')).toThrow(/READ_EVERYTHING/);
    await app.close();
  });
});

describe('the contract routes carry their declarations (fastify-openapi-glue passes x- extensions)', () => {
  it('a root call needs the root privilege declared in openapi/historian.yaml', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations' })).statusCode).toBe(401);
    const user = await createTestUser(t.db, { privileges: { [plant]: [PRIVILEGES.ReadOrganizations] } });
    const response = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: await sessionHeaders(t.ctx, user.uuid) });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Missing privilege: READ_ORGANIZATIONS');
  });

  it('a granted privilege takes effect on the next call', async () => {
    const user = await createTestUser(t.db, { privileges: { [plant]: [] } });
    const headers = { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': plant };
    expect((await get('/org', headers)).statusCode).toBe(403);
    await grantPrivileges(t.db, user.uuid, plant, [PRIVILEGES.ReadCollectors]);
    expect((await get('/org', headers)).statusCode).toBe(200);
  });
});
