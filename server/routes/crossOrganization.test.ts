import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from '../auth/testing/testUsers';

// Ids from another organization answer 404 (ARCHITECTURE security model): an administrator of
// organization A calls every route of access administration with the ids of organization B (its
// users, groups, memberships, group privileges and mappings). Every organization-scoped answer is
// 404 — exactly what an id that does not exist gets — and nothing in B changes (its rows are
// compared before and after). The root-level routes (organizations, passwords, tokens, providers)
// refuse an organization administrator outright (403).

const ALL = ['READ_USERS', 'MANAGE_USERS', 'READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'MANAGE_PRIVILEGES', 'READ_SETTINGS', 'MANAGE_SETTINGS', 'READ_ORGANIZATIONS', 'MANAGE_ORGANIZATIONS'];

// Sign-ins hash with scrypt and PGlite shares two cores with the other test files: generous limits.
jest.setTimeout(30_000);

let t: TestApp;
let a: string;
let b: string;
let asAdminOfA: Record<string, string>;
const ids = { userB: '', groupA: '', groupB: '', membershipB: '', privilegeB: '', groupPrivilegeB: '', mappingA: '', mappingB: '', provider: '', userA: '' };

async function snapshotOfB(): Promise<unknown> {
  const rows = async (sql: string) => (await t.db.query(sql, [b])).rows;
  return {
    organization: await rows('SELECT * FROM organizations WHERE uuid = $1'),
    groups: await rows('SELECT * FROM user_groups WHERE organization_uuid = $1 ORDER BY uuid'),
    memberships: await rows('SELECT m.* FROM user_group_users m JOIN user_groups g ON g.uuid = m.user_group_uuid WHERE g.organization_uuid = $1 ORDER BY m.uuid'),
    privileges: await rows('SELECT p.* FROM user_group_privileges p JOIN user_groups g ON g.uuid = p.user_group_uuid WHERE g.organization_uuid = $1 ORDER BY p.uuid'),
    mappings: await rows('SELECT m.* FROM user_group_mappings m JOIN user_groups g ON g.uuid = m.user_group_uuid WHERE g.organization_uuid = $1 ORDER BY m.uuid'),
    users: await rows('SELECT uuid, name, attributes, password_hash, updated_at FROM users WHERE organization_uuid = $1 ORDER BY uuid'),
    tokens: await rows('SELECT t.* FROM api_tokens t JOIN users u ON u.uuid = t.user_uuid WHERE u.organization_uuid = $1'),
  };
}

beforeAll(async () => {
  t = await openTestApp();
  [a, b] = [await createTestOrganization(t.db), await createTestOrganization(t.db)];
  const adminOfA = await createTestUser(t.db, { privileges: { [a]: ALL } });
  asAdminOfA = { ...(await sessionHeaders(t.ctx, adminOfA.uuid)), 'x-organization-uuid': a };
  const one = async <T>(sql: string, params: unknown[]) => (await t.db.query<T>(sql, params)).rows[0];
  ids.provider = (await one<{ uuid: string }>(`INSERT INTO authentication_providers (provider_name, provider_type) VALUES ('corp', 'oidc') RETURNING uuid`, [])).uuid;
  ids.userB = (await one<{ uuid: string }>(`INSERT INTO users (name, provider_uuid, organization_uuid) SELECT 'user-of-b', uuid, $1 FROM authentication_providers WHERE provider_name = 'local' RETURNING uuid`, [b])).uuid;
  ids.userA = (await one<{ uuid: string }>(`INSERT INTO users (name, provider_uuid, organization_uuid) SELECT 'user-of-a', uuid, $1 FROM authentication_providers WHERE provider_name = 'local' RETURNING uuid`, [a])).uuid;
  ids.groupA = (await one<{ uuid: string }>(`INSERT INTO user_groups (organization_uuid, name) VALUES ($1, 'A group') RETURNING uuid`, [a])).uuid;
  ids.groupB = (await one<{ uuid: string }>(`INSERT INTO user_groups (organization_uuid, name) VALUES ($1, 'B group') RETURNING uuid`, [b])).uuid;
  ids.membershipB = (await one<{ uuid: string }>('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2) RETURNING uuid', [ids.groupB, ids.userB])).uuid;
  ids.privilegeB = (await one<{ uuid: string }>(`SELECT uuid FROM privileges WHERE name = 'READ_ASSETS'`, [])).uuid;
  ids.groupPrivilegeB = (await one<{ uuid: string }>('INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid) VALUES ($1, $2) RETURNING uuid', [ids.groupB, ids.privilegeB])).uuid;
  ids.mappingA = (await one<{ uuid: string }>(`INSERT INTO user_group_mappings (user_group_uuid, external_group, provider_uuid) VALUES ($1, 'a-ext', $2) RETURNING uuid`, [ids.groupA, ids.provider])).uuid;
  ids.mappingB = (await one<{ uuid: string }>(`INSERT INTO user_group_mappings (user_group_uuid, external_group, provider_uuid) VALUES ($1, 'b-ext', $2) RETURNING uuid`, [ids.groupB, ids.provider])).uuid;
  await t.db.query(`INSERT INTO api_tokens (user_uuid, name, token_hash) VALUES ($1, 'b token', 'hash-of-b')`, [ids.userB]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Call = [Method, string, object?];

const organizationCalls = (): Call[] => [
  ['GET', `/users/${ids.userB}`],
  ['PUT', `/users/${ids.userB}`, { Name: 'taken-over' }],
  ['DELETE', `/users/${ids.userB}`],
  ['GET', `/users/${ids.userB}/access`],
  ['GET', `/user-groups/${ids.groupB}`],
  ['PUT', `/user-groups/${ids.groupB}`, { Name: 'renamed' }],
  ['DELETE', `/user-groups/${ids.groupB}`],
  ['GET', `/user-group-users?UserGroupUUID=${ids.groupB}`],
  ['GET', `/user-group-users?UserUUID=${ids.userB}`],
  ['POST', '/user-group-users', { UserGroupUUID: ids.groupB, UserUUID: ids.userA }],
  ['POST', '/user-group-users', { UserGroupUUID: ids.groupA, UserUUID: ids.userB }],
  ['DELETE', `/user-group-users/${ids.membershipB}`],
  ['GET', `/user-groups/${ids.groupB}/privileges`],
  ['POST', `/user-groups/${ids.groupB}/privileges`, { PrivilegeUUID: ids.privilegeB }],
  ['DELETE', `/user-groups/${ids.groupB}/privileges/${ids.privilegeB}`],
  ['DELETE', `/user-groups/${ids.groupA}/privileges/${ids.groupPrivilegeB}`],
  ['GET', `/user-groups/${ids.groupB}/mapping`],
  ['POST', `/user-groups/${ids.groupB}/mapping`, { ExternalGroup: 'x', AuthenticationProviderUUID: ids.provider }],
  ['PUT', `/user-groups/${ids.groupB}/mapping/${ids.mappingB}`, { ExternalGroup: 'x', AuthenticationProviderUUID: ids.provider }],
  ['PUT', `/user-groups/${ids.groupA}/mapping/${ids.mappingB}`, { ExternalGroup: 'x', AuthenticationProviderUUID: ids.provider }],
  ['DELETE', `/user-groups/${ids.groupB}/mapping/${ids.mappingB}`],
  ['DELETE', `/user-groups/${ids.groupA}/mapping/${ids.mappingB}`],
];

const rootCalls = (): Call[] => [
  ['GET', `/organizations/${b}`],
  ['PUT', `/organizations/${b}`, { Name: 'taken-over' }],
  ['DELETE', `/organizations/${b}?confirm=true`],
  ['PATCH', `/users/${ids.userB}/password`, { Password: 'a-new-password' }],
  ['GET', `/users/${ids.userB}/tokens`],
  ['POST', `/users/${ids.userB}/tokens`, { Name: 'mine now' }],
  ['GET', `/authentication-providers/${ids.provider}`],
];

const send = ([method, url, payload]: Call) => t.app.inject({ method, url: `/api${url}`, headers: asAdminOfA, ...(payload ? { payload } : {}) });

describe('an administrator of organization A with the ids of organization B', () => {
  it('gets 404 from every organization-scoped route, and nothing in B changes', async () => {
    const before = await snapshotOfB();
    const answers: string[] = [];
    for (const call of organizationCalls()) answers.push(`${call[0]} ${call[1]} → ${(await send(call)).statusCode}`);
    expect(answers).toEqual(organizationCalls().map((call) => `${call[0]} ${call[1]} → 404`));
    expect(await snapshotOfB()).toEqual(before);
  }, 30_000);

  it('gets 403 from the root-level routes, and nothing in B changes', async () => {
    const before = await snapshotOfB();
    for (const call of rootCalls()) expect(`${call[0]} ${call[1]} → ${(await send(call)).statusCode}`).toBe(`${call[0]} ${call[1]} → 403`);
    expect(await snapshotOfB()).toEqual(before);
  });

  it('cannot act in B by naming it in x-organization-uuid (403), and sees none of B’s users', async () => {
    const inB = await t.app.inject({ method: 'GET', url: '/api/user-groups', headers: { ...asAdminOfA, 'x-organization-uuid': b } });
    expect(inB.statusCode).toBe(403);
    const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: asAdminOfA });
    expect(users.json<Array<{ UUID: string }>>().map((u) => u.UUID)).not.toContain(ids.userB);
  });
});
