import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { insertCollector } from '../collectors/testing/collectorFixtures';
import { collectorsRepository } from '../repositories/collectors';

// The Keyword filter of the paged lists (users, groups, collectors): a case-insensitive "contains"
// on the name, and on the description where the item has one, in which LIKE wildcards match only
// themselves; and the collectors list's weak ETag, which answers a matching If-None-Match with 304.

jest.setTimeout(30_000);

let t: TestApp;
let plant: string;
let headers: Record<string, string>;

const PRIVILEGES = ['READ_USERS', 'MANAGE_USERS', 'READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'READ_COLLECTORS', 'MANAGE_COLLECTORS'];

beforeAll(async () => {
  t = await openTestApp();
  plant = await createTestOrganization(t.db, 'Search plant');
  const admin = await createTestUser(t.db, { name: 'search-admin', privileges: { [plant]: PRIVILEGES } });
  headers = { ...(await sessionHeaders(t.ctx, admin.uuid)), 'x-organization-uuid': plant };
}, 60_000);

afterAll(async () => {
  await t?.close();
}, 30_000);

const get = (url: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { ...headers, ...extra } });
const post = async (url: string, payload: object) => {
  const response = await t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  expect(response.statusCode).toBe(201);
  return response.json<{ UUID: string }>();
};
const names = (response: { json: <T>() => T }) => response.json<{ Name: string }[]>().map((item) => item.Name);

describe('Keyword on the users list', () => {
  beforeAll(async () => {
    for (const name of ['Anna Boiler', 'anna_b', 'annaXb', 'Bert Turbine']) {
      await post('/users', { Name: name, Password: 'a-long-password-1' });
    }
  });

  it('matches the name whatever its case, and counts the matches in x-total-count', async () => {
    const response = await get('/users?Keyword=BOILER');
    expect(names(response)).toEqual(['Anna Boiler']);
    expect(response.headers['x-total-count']).toBe('1');
  });

  it('takes an underscore as itself, not as any character', async () => {
    expect(names(await get('/users?Keyword=anna_'))).toEqual(['anna_b']);
  });

  it('takes a percent sign as itself', async () => {
    const response = await get('/users?Keyword=%25');
    expect(names(response)).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('pages the matches: the total counts them all, the page holds Limit of them', async () => {
    const response = await get('/users?Keyword=anna&Limit=2&Page=2');
    expect(response.headers['x-total-count']).toBe('3');
    expect(names(response)).toEqual(['annaXb']);
  });

  it('lists everybody for a blank keyword', async () => {
    const all = await get('/users');
    expect((await get('/users?Keyword=%20%20')).headers['x-total-count']).toBe(all.headers['x-total-count']);
  });
});

describe('Keyword on the groups list', () => {
  beforeAll(async () => {
    await post('/user-groups', { Name: 'Shift leads', Description: 'Night and day shift' });
    await post('/user-groups', { Name: 'Maintenance', Description: 'Keeps the BOILERS running' });
  });

  it('matches the name or the description, case aside', async () => {
    expect(names(await get('/user-groups?Keyword=shift'))).toEqual(['Shift leads']);
    expect(names(await get('/user-groups?Keyword=boilers'))).toEqual(['Maintenance']);
  });

  it('pages the groups and sends their total', async () => {
    const all = await get('/user-groups');
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.json<unknown[]>().length);
    const first = await get('/user-groups?Limit=1');
    expect(first.json<unknown[]>()).toHaveLength(1);
    expect(first.headers['x-total-count']).toBe(String(total));
  });
});

describe('Keyword on the collectors list', () => {
  beforeAll(async () => {
    await post('/collectors', { Name: 'Line 1 OPC', Description: 'Press hall' });
    await post('/collectors', { Name: 'Line 2 MQTT', Description: 'Paint shop 100%' });
  });

  it('matches the name or the description, case aside, and counts the matches', async () => {
    const byName = await get('/collectors?Keyword=opc');
    expect(names(byName)).toEqual(['Line 1 OPC']);
    expect(byName.headers['x-total-count']).toBe('1');
    expect(names(await get('/collectors?Keyword=PAINT'))).toEqual(['Line 2 MQTT']);
  });

  it('takes a percent sign as itself', async () => {
    expect(names(await get('/collectors?Keyword=0%25'))).toEqual(['Line 2 MQTT']);
  });
});

describe('the ETag of the collectors list', () => {
  it('answers a matching If-None-Match with 304 and no body, private and no-cache', async () => {
    const first = await get('/collectors');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/collectors', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
  });

  it('changes with a health report, a new collector and the query', async () => {
    const before = String((await get('/collectors')).headers.etag);
    const uuid = await insertCollector(t.db, plant, { name: 'Reporting collector' });
    const added = String((await get('/collectors')).headers.etag);
    expect(added).not.toBe(before);
    await collectorsRepository(t.db).recordHealth(uuid, 'Healthy');
    const reported = await get('/collectors', { 'if-none-match': added });
    expect(reported.statusCode).toBe(200);
    expect(reported.headers.etag).not.toBe(added);
    expect((await get('/collectors?Keyword=line', { 'if-none-match': String(reported.headers.etag) })).statusCode).toBe(200);
  });

  it('moves with every change to a listed value, whichever statement makes it, and the answer kept under it follows', async () => {
    const uuid = await insertCollector(t.db, plant, { name: 'Acknowledging collector' });
    const listed = async () => {
      const response = await get('/collectors?Limit=500');
      const item = response.json<Array<{ UUID: string; AppliedSettingsVersion: number | null; Description: string }>>().find((c) => c.UUID === uuid);
      return { etag: String(response.headers.etag), item };
    };
    const before = await listed();
    expect(before.item?.AppliedSettingsVersion).toBeNull();
    // What an agent's health report acknowledges: no statement of it names updated_at.
    await collectorsRepository(t.db).acknowledge(uuid, 1, null);
    const acknowledged = await listed();
    expect(acknowledged.etag).not.toBe(before.etag);
    expect(acknowledged.item?.AppliedSettingsVersion).toBe(1);
    // Nor does a change made straight in the database.
    await t.db.query('UPDATE collectors SET description = $1 WHERE uuid = $2', ['changed by hand', uuid]);
    const edited = await listed();
    expect(edited.etag).not.toBe(acknowledged.etag);
    expect(edited.item?.Description).toBe('changed by hand');
  });

  it('is no other organization’s: the same If-None-Match in another organization gets the list', async () => {
    const etag = String((await get('/collectors')).headers.etag);
    const other = await createTestOrganization(t.db, 'Other plant');
    const admin = await createTestUser(t.db, { privileges: { [other]: ['READ_COLLECTORS'] } });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/collectors',
      headers: { ...(await sessionHeaders(t.ctx, admin.uuid)), 'x-organization-uuid': other, 'if-none-match': etag },
    });
    expect(response.statusCode).toBe(200);
  });
});
