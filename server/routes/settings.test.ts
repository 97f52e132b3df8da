import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';

// Settings: GET /settings (current organization, with READ_SETTINGS), GET
// /settings?OrganizationUUID=, PUT /settings/{UUID} and PUT /settings/batch, with the known names
// of SPEC §3 and the value rules of SPEC §5 (the same module the client validates with).

let t: TestApp;
let root: string;
let plant: string;
let admin: SessionHeaders;
let reader: SessionHeaders;
let plantAdmin: SessionHeaders;

interface SettingJson {
  UUID: string;
  OrganizationUUID: string;
  Name: string;
  Value: string;
}

beforeAll(async () => {
  t = await openTestApp();
  root = await rootOrganizationUuid(t.db);
  plant = await createTestOrganization(t.db);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_SETTINGS', 'MANAGE_SETTINGS'] } })).uuid);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_SETTINGS'], [plant]: ['READ_COLLECTORS'] } })).uuid);
  plantAdmin = await sessionHeaders(
    t.ctx,
    (await createTestUser(t.db, { privileges: { [plant]: ['READ_SETTINGS', 'MANAGE_SETTINGS'] } })).uuid,
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const inRoot = (headers: SessionHeaders) => ({ ...headers, 'x-organization-uuid': root });
const inPlant = (headers: SessionHeaders) => ({ ...headers, 'x-organization-uuid': plant });

const getSettings = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/settings${query}`, headers });
const putBatch = (headers: Record<string, string>, body: object[]) => t.app.inject({ method: 'PUT', url: '/api/settings/batch', headers, payload: body });

const batchErrors = async (settings: Array<{ Name: string; Value: string; OrganizationUUID?: string }>) => {
  const response = await putBatch(inRoot(admin), settings);
  expect(response.statusCode).toBe(400);
  return response.json<{ errors: Record<string, string[]> }>().errors;
};

describe('GET /settings', () => {
  it('returns the settings of the current organization to a holder of READ_SETTINGS', async () => {
    const response = await getSettings(inRoot(admin));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual(expect.objectContaining({ Name: 'setup.done', Value: 'false', OrganizationUUID: root }));
  });

  it('refuses the current organization without READ_SETTINGS', async () => {
    expect((await getSettings(inPlant(reader))).statusCode).toBe(403);
  });

  it('with OrganizationUUID returns that organization’s settings when READ_SETTINGS is held there', async () => {
    const plantReader = await sessionHeaders(
      t.ctx,
      (await createTestUser(t.db, { privileges: { [plant]: ['READ_SETTINGS'], [root]: ['READ_SETTINGS'] } })).uuid,
    );
    const response = await getSettings(inPlant(plantReader), `?OrganizationUUID=${root}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<SettingJson[]>().every((setting) => setting.OrganizationUUID === root)).toBe(true);
  });

  it('with OrganizationUUID refuses an organization where READ_SETTINGS is not held', async () => {
    expect((await getSettings(inPlant(plantAdmin), `?OrganizationUUID=${root}`)).statusCode).toBe(403);
  });
});

describe('PUT /settings/batch', () => {
  it('saves the API settings in the root organization, trimmed, and returns them', async () => {
    const response = await putBatch(inRoot(admin), [
      { Name: 'auth.base_url', Value: '  https://historian.example.com  ', OrganizationUUID: root },
      { Name: 'api.grpc_port', Value: '4001' },
      { Name: 'api.rest_port', Value: '4000' },
      { Name: 'api.url', Value: 'historian.example.com:4001' },
      { Name: 'auth.session_inactive_duration', Value: '1h30m' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual(expect.objectContaining({ Name: 'auth.base_url', Value: 'https://historian.example.com' }));
    const saved = (await getSettings(inRoot(admin))).json<SettingJson[]>();
    expect(saved).toContainEqual(expect.objectContaining({ Name: 'auth.session_inactive_duration', Value: '1h30m' }));
    expect(saved).toContainEqual(expect.objectContaining({ Name: 'api.grpc_port', Value: '4001' }));
  });

  it('updates an existing setting instead of adding a second one', async () => {
    await putBatch(inRoot(admin), [{ Name: 'setup.done', Value: 'true' }, { Name: 'setup.trial_mode', Value: 'true' }]);
    const saved = (await getSettings(inRoot(admin))).json<SettingJson[]>().filter((setting) => setting.Name === 'setup.done');
    expect(saved).toEqual([expect.objectContaining({ Value: 'true' })]);
  });

  it('session inactive duration must be digit groups with w, d, h, m or s', async () => {
    expect(await batchErrors([{ Name: 'auth.session_inactive_duration', Value: '90' }])).toEqual({ '0.Value': ['settings.errors.duration'] });
    expect(await batchErrors([{ Name: 'auth.session_inactive_duration', Value: '1 h' }])).toEqual({ '0.Value': ['settings.errors.duration'] });
    expect(await batchErrors([{ Name: 'auth.session_inactive_duration', Value: ' ' }])).toEqual({ '0.Value': ['settings.errors.required'] });
  });

  it('base URL, URL and ports are required once trimmed; ports are 1 to 65535', async () => {
    const errors = await batchErrors([
      { Name: 'auth.base_url', Value: '   ' },
      { Name: 'api.url', Value: '' },
      { Name: 'api.grpc_port', Value: ' ' },
      { Name: 'api.rest_port', Value: '70000' },
    ]);
    expect(errors).toEqual({
      '0.Value': ['settings.errors.required'],
      '1.Value': ['settings.errors.required'],
      '2.Value': ['settings.errors.required'],
      '3.Value': ['settings.errors.port'],
    });
  });

  it('refuses a base URL that is not an http(s) address, naming the field', async () => {
    expect(await batchErrors([{ Name: 'auth.base_url', Value: 'not a url' }])).toEqual({ '0.Value': ['settings.errors.url'] });
    expect(await batchErrors([{ Name: 'auth.base_url', Value: 'ftp://historian.example.com' }])).toEqual({ '0.Value': ['settings.errors.url'] });
  });

  it('accepts only the known names, and never the licence token (POST /license verifies it)', async () => {
    expect(await batchErrors([{ Name: 'api.colour', Value: 'blue' }])).toEqual({ '0.Name': ['settings.errors.unknown'] });
    expect(await batchErrors([{ Name: 'license.token', Value: 'a.b.c' }])).toEqual({ '0.Value': ['settings.errors.license_token'] });
    expect(await batchErrors([{ Name: 'setup.done', Value: 'yes' }])).toEqual({ '0.Value': ['settings.errors.boolean'] });
  });

  it('saves all or nothing', async () => {
    await batchErrors([
      { Name: 'api.url', Value: 'not-saved.example.com' },
      { Name: 'api.rest_port', Value: 'abc' },
    ]);
    const saved = (await getSettings(inRoot(admin))).json<SettingJson[]>();
    expect(saved).not.toContainEqual(expect.objectContaining({ Value: 'not-saved.example.com' }));
  });

  it('keeps installation settings in the root organization', async () => {
    const response = await putBatch(inPlant(plantAdmin), [{ Name: 'api.url', Value: 'x' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { '0.OrganizationUUID': ['settings.errors.root_only'] } });
  });

  it('needs MANAGE_SETTINGS in the organization of every setting', async () => {
    expect((await putBatch(inRoot(reader), [{ Name: 'api.url', Value: 'x' }])).statusCode).toBe(403);
    const response = await putBatch(inPlant(plantAdmin), [{ Name: 'api.url', Value: 'x', OrganizationUUID: root }]);
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /settings/{UUID}', () => {
  async function setupDone(): Promise<SettingJson> {
    const found = (await getSettings(inRoot(admin))).json<SettingJson[]>().find((setting) => setting.Name === 'setup.done');
    if (!found) throw new Error('setup.done is missing');
    return found;
  }

  it('updates the value of one setting', async () => {
    const setting = await setupDone();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/${setting.UUID}`,
      headers: inRoot(admin),
      payload: { ...setting, Value: 'false' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...setting, Value: 'false' });
  });

  it('validates like the batch and never renames', async () => {
    const setting = await setupDone();
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/settings/${setting.UUID}`, headers: inRoot(admin), payload });
    expect((await put({ ...setting, Value: 'maybe' })).json()).toMatchObject({ errors: { Value: ['settings.errors.boolean'] } });
    expect((await put({ ...setting, Name: 'setup.trial_mode' })).statusCode).toBe(400);
  });

  it('answers 404 for a setting the caller may not manage', async () => {
    const setting = await setupDone();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/${setting.UUID}`,
      headers: inPlant(plantAdmin),
      payload: { ...setting, Value: 'true' },
    });
    expect(response.statusCode).toBe(404);
  });
});
