import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { startMosquitto, type MosquittoServer } from '../../testing/mosquittoServer';
import { freePort } from '../../testing/services';
import { openSecretTrap } from '../../testing/secretTrap';

// /sinks and /sink-types on PGlite, with a real Mosquitto that signs users in by password: CRUD,
// settings errors by field path, the 409s, secrets never answered and only sent where they were
// stored for, privileges, and the step-by-step test.

let t: TestApp;
let broker: MosquittoServer;
let organization: string;
let admin: SessionHeaders;
let reader: SessionHeaders;
let otherAdmin: SessionHeaders;

const PASSWORD = 'broker-secret-1';

beforeAll(async () => {
  [t, broker] = await Promise.all([openTestApp(), startMosquitto({ users: { historian: PASSWORD } })]);
  organization = await createTestOrganization(t.db);
  const other = await createTestOrganization(t.db);
  const manage = ['READ_SINKS', 'MANAGE_SINKS'];
  admin = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: manage } })).uuid)), 'x-organization-uuid': organization };
  reader = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_SINKS'] } })).uuid)), 'x-organization-uuid': organization };
  otherAdmin = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [other]: manage } })).uuid)), 'x-organization-uuid': other };
}, 60_000);

afterAll(async () => {
  await Promise.all([t?.close(), broker?.close()]);
});

const inject = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const mqttSink = (name: string, extra: Record<string, unknown> = {}) => ({
  Name: name,
  Type: 'MQTT',
  Settings: { BrokerURL: broker.url, Username: 'historian', ...extra },
  SecureSettings: { Password: PASSWORD },
});

async function created(body: object): Promise<string> {
  const response = await inject(admin, 'POST', '/sinks', body);
  expect(response.statusCode).toBe(201);
  return response.json().UUID;
}

const storedSecrets = async (id: string) => (await t.db.query<{ secure_settings: Record<string, unknown> }>('SELECT secure_settings FROM sinks WHERE uuid = $1', [id])).rows[0].secure_settings;

describe('kinds', () => {
  it('lists MQTT and SparkplugB with their settings, Password and ClientKey secure', async () => {
    const response = await inject(reader, 'GET', '/sink-types');
    expect(response.statusCode).toBe(200);
    const kinds = response.json() as Array<{ Type: string; SettingsSchema: { properties: Record<string, { secure?: boolean }>; required: string[] } }>;
    expect(kinds.map((kind) => kind.Type)).toEqual(['MQTT', 'SparkplugB']);
    const sparkplug = kinds[1].SettingsSchema;
    expect(sparkplug.required).toEqual(expect.arrayContaining(['BrokerURL', 'GroupID', 'NodeID']));
    expect(sparkplug.properties.Password.secure).toBe(true);
    expect(sparkplug.properties.ClientKey.secure).toBe(true);
    expect(sparkplug.properties).toHaveProperty('BufferMaxDiskSpace');
  });
});

describe('sinks', () => {
  it('creates a sink stopped, never answering a secret, and lists it with statistics and its forwarder count', async () => {
    const response = await inject(admin, 'POST', '/sinks', mqttSink('Plant broker'));
    expect(response.statusCode).toBe(201);
    const sink = response.json();
    expect(sink).toMatchObject({ Name: 'Plant broker', Type: 'MQTT', State: 'stopped', StoredSecureSettings: ['Password'], ForwarderCount: 0, Statistics: { Connected: false, Sent: 0, Dropped: 0 } });
    expect(response.body).not.toContain(PASSWORD);
    const list = await inject(reader, 'GET', '/sinks');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(expect.objectContaining({ UUID: sink.UUID, Name: 'Plant broker' }));
    expect(list.body).not.toContain(PASSWORD);
    const one = await inject(reader, 'GET', `/sinks/${sink.UUID}`);
    expect(one.json()).toMatchObject({ UUID: sink.UUID, StoredSecureSettings: ['Password'] });
    const statistics = await inject(reader, 'GET', `/sinks/${sink.UUID}/statistics`);
    expect(statistics.json()).toMatchObject({ Connected: false, Sent: 0, Buffered: 0, BufferedBytes: 0, Dropped: 0, LastError: null });
  });

  it('refuses settings that break the schema, naming each field', async () => {
    const response = await inject(admin, 'POST', '/sinks', {
      Name: 'bad',
      Type: 'SparkplugB',
      Settings: { BrokerURL: 'http://broker', QoS: 3, KeepAlive: 'soon', Password: 'in the wrong map', Nonsense: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const errors = response.json().errors;
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['Settings.BrokerURL', 'Settings.QoS', 'Settings.KeepAlive', 'Settings.Password', 'Settings.Nonsense', 'Settings.GroupID', 'Settings.NodeID']),
    );
    expect(response.body).not.toContain('in the wrong map');
    const userinfo = await inject(admin, 'POST', '/sinks', { Name: 'userinfo', Type: 'MQTT', Settings: { BrokerURL: 'mqtt://u:p@127.0.0.1:1883' } });
    expect(userinfo.statusCode).toBe(400);
    expect(userinfo.json().errors).toHaveProperty(['Settings.BrokerURL']);
  });

  it('answers 409 for a name taken in the organization, not in another', async () => {
    await created(mqttSink('Unique one'));
    const again = await inject(admin, 'POST', '/sinks', mqttSink('UNIQUE ONE'));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toHaveProperty(['Name']);
    expect((await inject(otherAdmin, 'POST', '/sinks', mqttSink('Unique one'))).statusCode).toBe(201);
  });

  it('updates: absent or empty keeps a secret, a value replaces it, null clears it', async () => {
    const id = await created(mqttSink('Secrets'));
    const base = { Name: 'Secrets', Type: 'MQTT', Settings: { BrokerURL: broker.url, Username: 'historian' } };
    expect((await inject(admin, 'PUT', `/sinks/${id}`, base)).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ Password: PASSWORD });
    expect((await inject(admin, 'PUT', `/sinks/${id}`, { ...base, SecureSettings: { Password: '' } })).statusCode).toBe(200);
    expect(await storedSecrets(id)).toEqual({ Password: PASSWORD });
    const replaced = await inject(admin, 'PUT', `/sinks/${id}`, { ...base, Description: 'changed', SecureSettings: { Password: 'other' } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ Description: 'changed', StoredSecureSettings: ['Password'] });
    expect(await storedSecrets(id)).toEqual({ Password: 'other' });
    const cleared = await inject(admin, 'PUT', `/sinks/${id}`, { ...base, SecureSettings: { Password: null } });
    expect(cleared.json().StoredSecureSettings).toEqual([]);
    expect(await storedSecrets(id)).toEqual({});
  });

  it('a stored secret must be entered again when the broker, user or certificate changes, on save and on test', async () => {
    const trap = await openSecretTrap();
    try {
      const id = await created(mqttSink('Bound'));
      const elsewhere = { Name: 'Bound', Type: 'MQTT', Settings: { BrokerURL: `mqtt://127.0.0.1:${trap.port}`, Username: 'historian' } };
      const save = await inject(admin, 'PUT', `/sinks/${id}`, elsewhere);
      expect(save.statusCode).toBe(400);
      expect(save.json()).toMatchObject({ code: 'form.errors.secret_reentry', errors: { 'SecureSettings.Password': expect.any(Array) } });
      const test = await inject(admin, 'POST', '/sinks/test', { UUID: id, Type: 'MQTT', Settings: elsewhere.Settings });
      expect(test.statusCode).toBe(400);
      expect(test.json().code).toBe('form.errors.secret_reentry');
      const otherUser = await inject(admin, 'PUT', `/sinks/${id}`, { ...elsewhere, Settings: { BrokerURL: broker.url, Username: 'someone' } });
      expect(otherUser.statusCode).toBe(400);
      expect(trap.connections).toBe(0);
      expect(await storedSecrets(id)).toEqual({ Password: PASSWORD });
      // Typed in again, it goes where the user sends it.
      expect((await inject(admin, 'PUT', `/sinks/${id}`, { ...elsewhere, SecureSettings: { Password: 'new one' } })).statusCode).toBe(200);
    } finally {
      await trap.close();
    }
  });

  it('starts and stops a sink', async () => {
    const id = await created(mqttSink('Stateful'));
    const running = await inject(admin, 'PUT', `/sinks/${id}/state`, { State: 'running' });
    expect(running.statusCode).toBe(200);
    expect(running.json().State).toBe('running');
    expect((await inject(admin, 'PUT', `/sinks/${id}/state`, { State: 'stopped' })).json().State).toBe('stopped');
    expect((await inject(admin, 'PUT', `/sinks/${id}/state`, { State: 'paused' })).statusCode).toBe(400);
  });

  it('refuses to delete a sink while a forwarder sends to it (409 sinks.errors.in_use), deletes it after', async () => {
    const id = await created(mqttSink('Used'));
    const { rows } = await t.db.query<{ uuid: string }>("INSERT INTO forwarders (organization_uuid, sink_uuid, name) VALUES ($1, $2, 'f') RETURNING uuid", [organization, id]);
    expect((await inject(reader, 'GET', `/sinks/${id}`)).json().ForwarderCount).toBe(1);
    const refused = await inject(admin, 'DELETE', `/sinks/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('sinks.errors.in_use');
    const retyped = await inject(admin, 'PUT', `/sinks/${id}`, { Name: 'Used', Type: 'SparkplugB', Settings: { BrokerURL: broker.url, Username: 'historian', GroupID: 'g', NodeID: 'n' } });
    expect(retyped.statusCode).toBe(409);
    await t.db.query('DELETE FROM forwarders WHERE uuid = $1', [rows[0].uuid]);
    expect((await inject(admin, 'DELETE', `/sinks/${id}`)).statusCode).toBe(204);
    expect((await inject(reader, 'GET', `/sinks/${id}`)).statusCode).toBe(404);
  });

  it('records the caller in the audit trail, masking the secret', async () => {
    const id = await created(mqttSink('Audited'));
    const { rows } = await t.db.query<{ user_name: string; after: unknown }>("SELECT user_name, after FROM audit_logs WHERE area = 'Sinks' AND subject_uuid = $1", [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].user_name).not.toBe('system');
    expect(JSON.stringify(rows[0].after)).not.toContain(PASSWORD);
  });

  it('READ_SINKS reads but does not change; another organization gets 404', async () => {
    const id = await created(mqttSink('Guarded'));
    expect((await inject(reader, 'POST', '/sinks', mqttSink('no'))).statusCode).toBe(403);
    expect((await inject(reader, 'PUT', `/sinks/${id}/state`, { State: 'running' })).statusCode).toBe(403);
    expect((await inject(reader, 'DELETE', `/sinks/${id}`)).statusCode).toBe(403);
    expect((await inject(reader, 'POST', '/sinks/test', { Type: 'MQTT', Settings: { BrokerURL: broker.url } })).statusCode).toBe(403);
    expect((await inject(otherAdmin, 'GET', `/sinks/${id}`)).statusCode).toBe(404);
    expect((await inject(otherAdmin, 'PUT', `/sinks/${id}`, mqttSink('Guarded'))).statusCode).toBe(404);
    expect((await inject(otherAdmin, 'DELETE', `/sinks/${id}`)).statusCode).toBe(404);
    expect((await inject(otherAdmin, 'POST', '/sinks/test', { UUID: id, Type: 'MQTT', Settings: { BrokerURL: broker.url, Username: 'historian' } })).statusCode).toBe(404);
  });
});

describe('the test (POST /sinks/test)', () => {
  it('passes every step with the right credentials, taking the stored password', async () => {
    const id = await created(mqttSink('Tested'));
    const response = await inject(admin, 'POST', '/sinks/test', { UUID: id, Type: 'MQTT', Settings: { BrokerURL: broker.url, Username: 'historian', TopicPrefix: 'site1/' } });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ Success: true });
    expect(result.Steps.map((step: { Name: string }) => step.Name)).toEqual(['resolve', 'connect', 'authenticate', 'publish']);
    expect(result.Steps[3].Message).toContain('site1/historian/test');
  });

  it('names a wrong password at authenticate, without echoing it', async () => {
    const response = await inject(admin, 'POST', '/sinks/test', { Type: 'MQTT', Settings: { BrokerURL: broker.url, Username: 'historian' }, SecureSettings: { Password: 'wrong-password-xyz' } });
    const result = response.json();
    expect(result).toMatchObject({ Success: false, FailedStep: 'authenticate' });
    expect(result.Steps.at(-1).Message).toMatch(/user name or password|authorize/);
    expect(response.body).not.toContain('wrong-password-xyz');
  });

  it('stops at connect when nothing listens, and at resolve for an unknown host', async () => {
    const port = await freePort();
    const closed = (await inject(admin, 'POST', '/sinks/test', { Type: 'MQTT', Settings: { BrokerURL: `mqtt://127.0.0.1:${port}` } })).json();
    expect(closed).toMatchObject({ Success: false, FailedStep: 'connect' });
    expect(closed.Steps).toHaveLength(2);
    const unknown = (await inject(admin, 'POST', '/sinks/test', { Type: 'MQTT', Settings: { BrokerURL: 'mqtt://no-such-host.invalid' } })).json();
    expect(unknown).toMatchObject({ Success: false, FailedStep: 'resolve' });
  });

  it('tries TLS for mqtts:// and names that step when the broker does not speak it', async () => {
    const result = (await inject(admin, 'POST', '/sinks/test', { Type: 'MQTT', Settings: { BrokerURL: `mqtts://127.0.0.1:${broker.port}` } })).json();
    expect(result).toMatchObject({ Success: false, FailedStep: 'tls' });
  });
});
