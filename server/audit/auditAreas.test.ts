import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZERO_UUID } from '../../domain/constants';
import { insertMeasurement } from '../assets/testing/assetFixtures';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { bearer, multipart, registration, SIMULATION_SCHEMA } from '../collectors/testing/collectorFixtures';
import { generateLicenceKeyPair, issueLicenceToken } from '../licence/issue';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/registry';

// The audit trail covers every area that has a changing call (21 CFR 11.10(e)): one change through
// HTTP, made by a user holding just the privileges it needs, writes exactly one entry for the
// subject it changed, with its author, organization, reason and before/after, and no entry holds a
// secret that was sent or answered. One row of AREAS per change; a new area is one more row.
// (Translation overrides have no changing call in the contract, so they have no row.)

jest.setTimeout(30_000);

const vendor = generateLicenceKeyPair('ed25519');
let t: TestApp;
let dataDir: string;
let root: string;
let plant: string;
let auditor: Record<string, string>;
/** Every secret any row sent or received: the whole log is searched for them at the end. */
const allSecrets: string[] = [];

interface Entry {
  UUID: string;
  Sequence: number;
  Action: string;
  Area: string;
  SubjectType: string;
  SubjectName: string;
  SubjectUUID: string;
  UserName: string;
  OrganizationUUID: string | null;
  Reason: string | null;
  Before: Record<string, unknown> | null;
  After: Record<string, unknown> | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Actor {
  name: string;
  uuid: string;
  /** One call as the acting user, in the row's organization, with the row's audit reason. */
  call(method: Method, url: string, payload?: object | string | Buffer, headers?: Record<string, string>): Promise<{ statusCode: number; body: string; json<T = Record<string, unknown>>(): T }>;
}

interface Prepared {
  [key: string]: string;
}

interface Change {
  /** The subject's id, or its name where the API answers no id for it (SubjectTypes narrows the search). */
  subject: string;
  /** Values sent or answered that no entry may hold. */
  secrets?: string[];
  /** Subjects of the same type the call must leave without an entry. */
  untouched?: string[];
  /** The entry's organization when it is not the one the call was made in. */
  organization?: string | null;
  subjectName: string;
  before: unknown;
  after: unknown;
}

interface AreaCase {
  name: string;
  action: 'Create' | 'Update' | 'Delete';
  area: string;
  subjectType: string;
  /** The organization the calls name in x-organization-uuid. */
  in: 'root' | 'plant';
  /** Just the privileges the change needs, by organization. */
  privileges: { root?: string[]; plant?: string[] };
  /** What the change needs first; entries it writes do not count. */
  prepare?(actor: Actor): Promise<Prepared>;
  /** The one change. */
  change(actor: Actor, prepared: Prepared): Promise<Change>;
}

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const LDAP_SETTINGS = { url: 'ldap://127.0.0.1:1', bindDn: 'cn=historian,dc=example,dc=test', userBase: 'ou=people,dc=example,dc=test', timeoutMs: 500 };

async function expectStatus<T>(response: { statusCode: number; body: string; json<J>(): J }, status: number): Promise<T> {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return (response.body === '' ? undefined : response.json<T>()) as T;
}

async function privilegeUuid(name: string): Promise<string> {
  const { rows } = await t.db.query<{ uuid: string }>('SELECT uuid FROM privileges WHERE name = $1', [name]);
  return rows[0].uuid;
}

async function createGroup(actor: Actor, name = unique('Audit group')): Promise<Prepared> {
  const created = await expectStatus<{ UUID: string }>(await actor.call('POST', '/user-groups', { Name: name, Description: 'kept as it is' }), 201);
  return { group: created.UUID, groupName: name };
}

async function createCollector(actor: Actor): Promise<Prepared> {
  const name = unique('Audit collector');
  const created = await expectStatus<{ UUID: string }>(await actor.call('POST', '/collectors', { Name: name }), 201);
  return { collector: created.UUID, collectorName: name };
}

const AREAS: AreaCase[] = [
  {
    name: 'organizations: create (its PostgreSQL password is no column)',
    action: 'Create', area: 'Organizations', subjectType: 'Organization', in: 'root',
    privileges: { root: ['MANAGE_ORGANIZATIONS'] },
    async change(actor) {
      const name = unique('Audit plant');
      const password = `pg-${randomUUID()}`;
      const postgresUser = `ro_${randomUUID().slice(0, 8)}`;
      const created = await expectStatus<{ UUID: string }>(
        await actor.call('POST', '/organizations', { Name: name, Description: 'North site', PostgresUser: postgresUser, PostgresPassword: password, PostgresPasswordConfirm: password, LicenseUUID: ZERO_UUID }),
        201,
      );
      return {
        subject: created.UUID, subjectName: name, secrets: [password], organization: created.UUID,
        before: null, after: expect.objectContaining({ uuid: created.UUID, name, description: 'North site', postgres_user: postgresUser, status: 'Active' }),
      };
    },
  },
  {
    name: 'organizations: change the description, with a new PostgreSQL password',
    action: 'Update', area: 'Organizations', subjectType: 'Organization', in: 'root',
    privileges: { root: ['MANAGE_ORGANIZATIONS'] },
    async prepare() {
      const name = unique('Audit site');
      const { rows } = await t.db.query<{ uuid: string }>('INSERT INTO organizations (name, postgres_user) VALUES ($1, $2) RETURNING uuid', [name, `ro_${randomUUID().slice(0, 8)}`]);
      return { organization: rows[0].uuid, organizationName: name };
    },
    async change(actor, { organization, organizationName }) {
      const password = `pg-${randomUUID()}`;
      await expectStatus(
        await actor.call('PUT', `/organizations/${organization}`, { UUID: organization, Name: organizationName, Description: 'South site', PostgresPassword: password, PostgresPasswordConfirm: password }),
        200,
      );
      return { subject: organization, subjectName: organizationName, secrets: [password], organization, before: { description: '' }, after: { description: 'South site' } };
    },
  },
  {
    name: 'users: create a local user with a password',
    action: 'Create', area: 'Users', subjectType: 'User', in: 'plant',
    privileges: { plant: ['MANAGE_USERS'] },
    async change(actor) {
      const name = unique('audited-worker').replace(' ', '-');
      const password = `pw-${randomUUID()}`;
      const created = await expectStatus<{ UUID: string }>(await actor.call('POST', '/users', { Name: name, Password: password }), 201);
      return {
        subject: created.UUID, subjectName: name, secrets: [password],
        before: null, after: expect.objectContaining({ uuid: created.UUID, name, password_hash: '********', organization_uuid: plant }),
      };
    },
  },
  {
    name: 'users: a new password shows only that it changed',
    action: 'Update', area: 'Users', subjectType: 'User', in: 'root',
    privileges: { root: ['MANAGE_USERS'] },
    async prepare() {
      const user = await createTestUser(t.db);
      return { user: user.uuid, userName: user.name };
    },
    async change(actor, { user, userName }) {
      const password = `pw-${randomUUID()}`;
      await expectStatus(await actor.call('PATCH', `/users/${user}/password`, { Password: password }), 204);
      return {
        subject: user, subjectName: userName, secrets: [password], organization: root,
        before: { password_hash: null }, after: { password_hash: '******** (changed)' },
      };
    },
  },
  {
    name: 'users: change one’s own locale through an API token (the token’s user is the author)',
    action: 'Update', area: 'Users', subjectType: 'User', in: 'plant',
    privileges: { plant: ['READ_COLLECTORS'] },
    async prepare(actor) {
      const { Token } = await expectStatus<{ Token: string }>(await actor.call('POST', '/current-user/tokens', { Name: unique('script') }), 201);
      return { token: Token };
    },
    async change(actor, { token }) {
      await expectStatus(await actor.call('PUT', '/current-user', { Name: actor.name, Attributes: { Locale: 'de' } }, { ...bearer(token), cookie: '', 'x-xsrf-token': '' }), 200);
      return {
        subject: actor.uuid, subjectName: actor.name, secrets: [token], organization: plant,
        before: { attributes: expect.objectContaining({ Locale: 'en' }) }, after: { attributes: expect.objectContaining({ Locale: 'de' }) },
      };
    },
  },
  {
    name: 'groups: rename',
    action: 'Update', area: 'UserGroups', subjectType: 'UserGroup', in: 'plant',
    privileges: { plant: ['MANAGE_USER_GROUPS'] },
    prepare: (actor) => createGroup(actor),
    async change(actor, { group, groupName }) {
      const renamed = unique('Renamed group');
      await expectStatus(await actor.call('PUT', `/user-groups/${group}`, { Name: renamed, Description: 'kept as it is' }), 200);
      return { subject: group, subjectName: renamed, before: { name: groupName }, after: { name: renamed } };
    },
  },
  {
    name: 'memberships: add a user to a group',
    action: 'Create', area: 'UserGroups', subjectType: 'UserGroupMember', in: 'plant',
    privileges: { plant: ['MANAGE_USER_GROUPS'] },
    async prepare(actor) {
      const user = await createTestUser(t.db, { privileges: { [plant]: [] } });
      return { ...(await createGroup(actor)), user: user.uuid, userName: user.name };
    },
    async change(actor, { group, groupName, user, userName }) {
      const created = await expectStatus<{ UUID: string }>(await actor.call('POST', '/user-group-users', { UserGroupUUID: group, UserUUID: user }), 201);
      return {
        subject: created.UUID, subjectName: `${userName} @ ${groupName}`,
        before: null, after: expect.objectContaining({ uuid: created.UUID, user_group_uuid: group, user_uuid: user }),
      };
    },
  },
  {
    name: 'group privileges: setting the whole set records the grant, not the privilege it kept',
    action: 'Create', area: 'UserGroups', subjectType: 'UserGroupPrivilege', in: 'plant',
    privileges: { plant: ['MANAGE_USER_GROUPS', 'MANAGE_PRIVILEGES', 'READ_COLLECTORS'] },
    async prepare(actor) {
      const prepared = await createGroup(actor);
      await t.db.query('INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid) VALUES ($1, $2)', [prepared.group, await privilegeUuid('READ_ASSETS')]);
      return { ...prepared, assets: await privilegeUuid('READ_ASSETS'), collectors: await privilegeUuid('READ_COLLECTORS') };
    },
    async change(actor, { group, groupName, assets, collectors }) {
      await expectStatus(await actor.call('PUT', `/user-groups/${group}/privileges`, { PrivilegeUUIDs: [assets, collectors] }), 200);
      const name = `READ_COLLECTORS @ ${groupName}`;
      return {
        subject: name, subjectName: name, untouched: [`READ_ASSETS @ ${groupName}`],
        before: null, after: expect.objectContaining({ user_group_uuid: group, privilege_uuid: collectors }),
      };
    },
  },
  {
    name: 'group mappings: map an external group',
    action: 'Create', area: 'UserGroups', subjectType: 'UserGroupMapping', in: 'plant',
    privileges: { plant: ['MANAGE_USER_GROUPS'] },
    async prepare(actor) {
      const { rows } = await t.db.query<{ uuid: string }>("INSERT INTO authentication_providers (provider_name, provider_type) VALUES ($1, 'oidc') RETURNING uuid", [
        `corp-${randomUUID().slice(0, 8)}`,
      ]);
      return { ...(await createGroup(actor)), provider: rows[0].uuid };
    },
    async change(actor, { group, provider }) {
      const external = `operators-${randomUUID().slice(0, 8)}`;
      const created = await expectStatus<{ UUID: string }>(await actor.call('POST', `/user-groups/${group}/mapping`, { ExternalGroup: external, AuthenticationProviderUUID: provider }), 201);
      return {
        subject: created.UUID, subjectName: external,
        before: null, after: expect.objectContaining({ uuid: created.UUID, user_group_uuid: group, external_group: external, provider_uuid: provider }),
      };
    },
  },
  {
    name: 'authentication providers: create LDAP with a bind password',
    action: 'Create', area: 'AuthProviders', subjectType: 'AuthProvider', in: 'root',
    privileges: { root: ['MANAGE_SETTINGS'] },
    async change(actor) {
      const name = `ldap-${randomUUID().slice(0, 8)}`;
      const bindPassword = `bind-${randomUUID()}`;
      const created = await expectStatus<{ UUID: string }>(
        await actor.call('POST', '/authentication-providers', { ProviderName: name, ProviderType: 'ldap', Settings: LDAP_SETTINGS, SecureSettings: { bindPassword } }),
        201,
      );
      return {
        subject: created.UUID, subjectName: name, secrets: [bindPassword],
        before: null,
        after: expect.objectContaining({ provider_name: name, provider_type: 'ldap', settings: expect.objectContaining({ bindDn: LDAP_SETTINGS.bindDn }), secure_settings: { bindPassword: '********' } }),
      };
    },
  },
  {
    name: 'authentication providers: replace the bind password',
    action: 'Update', area: 'AuthProviders', subjectType: 'AuthProvider', in: 'root',
    privileges: { root: ['MANAGE_SETTINGS'] },
    async prepare(actor) {
      const name = `ldap-${randomUUID().slice(0, 8)}`;
      const first = `bind-${randomUUID()}`;
      allSecrets.push(first);
      const created = await expectStatus<{ UUID: string }>(
        await actor.call('POST', '/authentication-providers', { ProviderName: name, ProviderType: 'ldap', Settings: LDAP_SETTINGS, SecureSettings: { bindPassword: first } }),
        201,
      );
      return { provider: created.UUID, providerName: name, first };
    },
    async change(actor, { provider, providerName, first }) {
      const second = `bind-${randomUUID()}`;
      await expectStatus(
        await actor.call('PUT', `/authentication-providers/${provider}`, { ProviderName: providerName, ProviderType: 'ldap', Settings: LDAP_SETTINGS, SecureSettings: { bindPassword: second } }),
        200,
      );
      return {
        subject: provider, subjectName: providerName, secrets: [first, second],
        before: { secure_settings: { bindPassword: '********' } }, after: { secure_settings: { bindPassword: '******** (changed)' } },
      };
    },
  },
  {
    name: 'authentication providers: create OIDC with a client secret',
    action: 'Create', area: 'AuthProviders', subjectType: 'AuthProvider', in: 'root',
    privileges: { root: ['MANAGE_SETTINGS'] },
    async change(actor) {
      const name = `oidc-${randomUUID().slice(0, 8)}`;
      const clientSecret = `client-${randomUUID()}`;
      const created = await expectStatus<{ UUID: string }>(
        await actor.call('POST', '/authentication-providers', { ProviderName: name, ProviderType: 'oidc', Settings: { issuer: 'https://login.example.test', clientId: 'historian' }, SecureSettings: { clientSecret } }),
        201,
      );
      return {
        subject: created.UUID, subjectName: name, secrets: [clientSecret],
        before: null, after: expect.objectContaining({ provider_type: 'oidc', settings: { issuer: 'https://login.example.test', clientId: 'historian' }, secure_settings: { clientSecret: '********' } }),
      };
    },
  },
  {
    name: 'settings: change one value',
    // Every known setting belongs to the installation, so it lives in the root organization.
    action: 'Update', area: 'Settings', subjectType: 'Setting', in: 'root',
    privileges: { root: ['READ_SETTINGS', 'MANAGE_SETTINGS'] },
    async prepare(actor) {
      await expectStatus(await actor.call('PUT', '/settings/batch', [{ Name: 'auth.session_inactive_duration', Value: '2h' }]), 200);
      const settings = await expectStatus<Array<{ UUID: string; Name: string }>>(await actor.call('GET', '/settings'), 200);
      const setting = settings.find((s) => s.Name === 'auth.session_inactive_duration');
      if (!setting) throw new Error('the setting was not saved');
      return { setting: setting.UUID, body: JSON.stringify(setting) };
    },
    async change(actor, { setting, body }) {
      await expectStatus(await actor.call('PUT', `/settings/${setting}`, { ...(JSON.parse(body) as object), Value: '2h30m' }), 200);
      return { subject: setting, subjectName: 'auth.session_inactive_duration', before: { value: '2h' }, after: { value: '2h30m' } };
    },
  },
  {
    name: 'settings: save the organization’s default table layout',
    action: 'Create', area: 'Settings', subjectType: 'TableLayout', in: 'plant',
    privileges: { plant: ['P-ADM-SD'] },
    async change(actor) {
      const table = `audit-table-${randomUUID().slice(0, 8)}`;
      const saved = await expectStatus<{ PK: number }>(await actor.call('POST', '/table_settings', { ID: table, ColumnsShown: ['Name'], ColumnsOrder: ['Name', 'Status'], IsDefault: true }), 201);
      return {
        subject: String(saved.PK), subjectName: table,
        before: null, after: expect.objectContaining({ table_id: table, user_uuid: null, columns_shown: ['Name'], columns_order: ['Name', 'Status'], organization_uuid: plant }),
      };
    },
  },
  {
    name: 'settings: the audit log’s retention',
    action: 'Create', area: 'Settings', subjectType: 'Setting', in: 'root',
    privileges: { root: ['READ_SETTINGS', 'MANAGE_SETTINGS'] },
    async change(actor) {
      await expectStatus(await actor.call('PUT', '/settings/batch', [{ Name: 'audit.retention_days', Value: '3650' }]), 200);
      const settings = await expectStatus<Array<{ UUID: string; Name: string }>>(await actor.call('GET', '/settings'), 200);
      const setting = settings.find((s) => s.Name === 'audit.retention_days');
      if (!setting) throw new Error('the setting was not saved');
      return { subject: setting.UUID, subjectName: 'audit.retention_days', before: null, after: expect.objectContaining({ name: 'audit.retention_days', value: '3650' }) };
    },
  },
  {
    name: 'task schedulers: stop one (its run bookkeeping is not recorded)',
    action: 'Update', area: 'TaskSchedulers', subjectType: 'TaskScheduler', in: 'plant',
    privileges: { plant: ['READ_TASK_SCHEDULERS', 'MANAGE_TASK_SCHEDULERS'] },
    async prepare(actor) {
      const name = unique('Audit export');
      const body = {
        Name: name, Description: '', RRule: 'FREQ=DAILY;BYHOUR=2;BYMINUTE=0', Timezone: 'Europe/Amsterdam', TaskType: 'parquet_export', State: 'running',
        Settings: { StartOffset: '0s', Period: '1d', FileInterval: '1h', Directory: 'audit', AllowOverwrite: false, MeasurementUUIDs: [], Labels: ['line-1'] },
      };
      const created = await expectStatus<{ UUID: string }>(await actor.call('POST', '/task-schedulers', body), 201);
      return { scheduler: created.UUID, name, body: JSON.stringify(body) };
    },
    async change(actor, { scheduler, name, body }) {
      await expectStatus(await actor.call('PUT', `/task-schedulers/${scheduler}`, { ...(JSON.parse(body) as object), State: 'stopped' }), 200);
      return { subject: scheduler, subjectName: name, before: { state: 'running' }, after: { state: 'stopped' } };
    },
  },
  {
    name: 'licences: activate a licence token',
    action: 'Create', area: 'Licences', subjectType: 'Licence', in: 'root',
    privileges: { root: ['MANAGE_SETTINGS'] },
    async prepare(actor) {
      const { token } = await expectStatus<{ token: string }>(await actor.call('GET', '/license/fingerprint'), 200);
      return { fingerprint: token };
    },
    async change(actor, { fingerprint }) {
      const uuid = randomUUID();
      const name = unique('Acme');
      const token = await issueLicenceToken({
        privateKeyPem: vendor.privateKeyPem, fingerprint, uuid, name,
        features: { Calculations: true, Events: true, ManualEntry: 5 },
        expiresAt: Math.floor(Date.now() / 1000) + 365 * 86_400,
      });
      await expectStatus(await actor.call('POST', '/license', `licenseToken=${encodeURIComponent(token)}`, { 'content-type': 'application/x-www-form-urlencoded' }), 200);
      return {
        subject: uuid, subjectName: name, secrets: [token, ...token.split('.').filter((part) => part.length >= 16)],
        before: null, after: expect.objectContaining({ uuid, name, token: '********', claimed_organization: null }),
      };
    },
  },
  {
    name: 'time-series databases: create with a password',
    action: 'Create', area: 'TimeseriesDatabases', subjectType: 'TimeseriesDatabase', in: 'plant',
    privileges: { plant: ['MANAGE_TIMESERIES_DATABASES'] },
    async change(actor) {
      const name = unique('Audit store');
      const password = `db-${randomUUID()}`;
      const created = await expectStatus<{ UUID: string }>(
        await actor.call('POST', '/timeseries-databases?createDatabase=true', { Name: name, TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'builtin' }, SecureSettings: { password } }),
        201,
      );
      return {
        subject: created.UUID, subjectName: name, secrets: [password],
        before: null, after: expect.objectContaining({ name, organization_uuid: plant, settings: { mode: 'builtin' }, secure_settings: { password: '********' } }),
      };
    },
  },
  {
    name: 'time-series databases: replace the password',
    action: 'Update', area: 'TimeseriesDatabases', subjectType: 'TimeseriesDatabase', in: 'plant',
    privileges: { plant: ['MANAGE_TIMESERIES_DATABASES'] },
    async prepare(actor) {
      const name = unique('Audit store');
      const first = `db-${randomUUID()}`;
      allSecrets.push(first);
      const body = { Name: name, TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID, Settings: { mode: 'builtin' } };
      const created = await expectStatus<{ UUID: string }>(await actor.call('POST', '/timeseries-databases?createDatabase=true', { ...body, SecureSettings: { password: first } }), 201);
      return { database: created.UUID, body: JSON.stringify(body), first };
    },
    async change(actor, { database, body, first }) {
      const second = `db-${randomUUID()}`;
      const sent = JSON.parse(body) as { Name: string };
      await expectStatus(await actor.call('PUT', `/timeseries-databases/${database}`, { ...sent, UUID: database, SecureSettings: { password: second } }), 200);
      return {
        subject: database, subjectName: sent.Name, secrets: [first, second],
        before: { secure_settings: { password: '********' } }, after: { secure_settings: { password: '******** (changed)' } },
      };
    },
  },
  {
    name: 'collectors: create',
    action: 'Create', area: 'Collectors', subjectType: 'Collector', in: 'plant',
    privileges: { plant: ['MANAGE_COLLECTORS'] },
    async change(actor) {
      const name = unique('Audit collector');
      const created = await expectStatus<{ UUID: string }>(await actor.call('POST', '/collectors', { Name: name, Description: 'Line 4' }), 201);
      return {
        subject: created.UUID, subjectName: name,
        before: null, after: expect.objectContaining({ uuid: created.UUID, name, description: 'Line 4', status: 'Initial', organization_uuid: plant }),
      };
    },
  },
  {
    name: 'collectors: change the status',
    action: 'Update', area: 'Collectors', subjectType: 'Collector', in: 'plant',
    privileges: { plant: ['MANAGE_COLLECTORS'] },
    prepare: createCollector,
    async change(actor, { collector, collectorName }) {
      await expectStatus(await actor.call('PATCH', `/collectors/${collector}/status`, { Status: 'Paused' }), 200);
      return { subject: collector, subjectName: collectorName, before: { status: 'Initial' }, after: { status: 'Paused' } };
    },
  },
  {
    name: 'collectors: issue a token',
    action: 'Update', area: 'Collectors', subjectType: 'Collector', in: 'plant',
    privileges: { plant: ['MANAGE_COLLECTORS'] },
    prepare: createCollector,
    async change(actor, { collector, collectorName }) {
      const { Token } = await expectStatus<{ Token: string }>(await actor.call('GET', `/collectors/${collector}/token`), 200);
      return { subject: collector, subjectName: collectorName, secrets: [Token], before: { token_hash: null }, after: { token_hash: '******** (changed)' } };
    },
  },
  {
    name: 'collectors: change the settings with a secure API key',
    action: 'Update', area: 'Collectors', subjectType: 'Collector', in: 'plant',
    privileges: { plant: ['MANAGE_COLLECTORS'] },
    async prepare(actor) {
      const prepared = await createCollector(actor);
      const { Token } = await expectStatus<{ Token: string }>(await actor.call('GET', `/collectors/${prepared.collector}/token`), 200);
      allSecrets.push(Token);
      await expectStatus(await t.app.inject({ method: 'POST', url: '/api/collector-api/register', headers: bearer(Token), payload: registration() }), 200);
      return prepared;
    },
    async change(actor, { collector, collectorName }) {
      const apiKey = `key-${randomUUID()}`;
      await expectStatus(await actor.call('PUT', `/collectors/${collector}`, { Name: collectorName, Settings: { SampleIntervalMs: 500 }, SecureSettings: { ApiKey: apiKey } }), 200);
      return {
        subject: collector, subjectName: collectorName, secrets: [apiKey],
        before: { settings: {}, secure_settings: {}, settings_version: 1 },
        after: { settings: { SampleIntervalMs: 500 }, secure_settings: { ApiKey: '******** (changed)' }, settings_version: 2 },
      };
    },
  },
  {
    name: 'collectors: replacing one of two secure settings marks only that one changed',
    action: 'Update', area: 'Collectors', subjectType: 'Collector', in: 'plant',
    privileges: { plant: ['MANAGE_COLLECTORS'] },
    async prepare(actor) {
      const prepared = await createCollector(actor);
      const { Token } = await expectStatus<{ Token: string }>(await actor.call('GET', `/collectors/${prepared.collector}/token`), 200);
      const schema = { ...SIMULATION_SCHEMA, properties: { ...SIMULATION_SCHEMA.properties, Password: { type: 'string', title: 'Password', secure: true, order: 4 } } };
      await expectStatus(await t.app.inject({ method: 'POST', url: '/api/collector-api/register', headers: bearer(Token), payload: registration({ SettingsSchema: schema }) }), 200);
      const apiKey = `key-${randomUUID()}`;
      const password = `pw-${randomUUID()}`;
      allSecrets.push(Token, apiKey, password);
      await expectStatus(await actor.call('PUT', `/collectors/${prepared.collector}`, { Name: prepared.collectorName, Settings: { SampleIntervalMs: 500 }, SecureSettings: { ApiKey: apiKey, Password: password } }), 200);
      return prepared;
    },
    async change(actor, { collector, collectorName }) {
      const password = `pw-${randomUUID()}`;
      await expectStatus(await actor.call('PUT', `/collectors/${collector}`, { Name: collectorName, Settings: { SampleIntervalMs: 500 }, SecureSettings: { Password: password } }), 200);
      return {
        subject: collector, subjectName: collectorName, secrets: [password],
        before: { secure_settings: { ApiKey: '********', Password: '********' }, settings_version: 2 },
        after: { secure_settings: { ApiKey: '********', Password: '******** (changed)' }, settings_version: 3 },
      };
    },
  },
  {
    name: 'product updates: upload a build',
    action: 'Create', area: 'ProductUpdates', subjectType: 'ProductUpdate', in: 'root',
    privileges: { root: ['MANAGE_COLLECTORS'] },
    async change(actor) {
      const version = `9.${Math.floor(Math.random() * 1000)}.0`;
      const body = multipart({ ProductType: 'simulation', Product: 'Simulation collector', OS: 'linux', Arch: 'x64', Version: version }, { name: 'File', bytes: Buffer.from(`build ${version}`) });
      const created = await expectStatus<{ UUID: string; Checksum: string }>(await actor.call('POST', '/product-updates', body.payload, body.headers), 201);
      return {
        subject: created.UUID, subjectName: `Simulation collector ${version} linux x64`,
        before: null, after: expect.objectContaining({ uuid: created.UUID, product_type: 'simulation', version, os: 'linux', arch: 'x64', checksum: created.Checksum }),
      };
    },
  },
  {
    name: 'API tokens: create one for oneself',
    action: 'Create', area: 'ApiTokens', subjectType: 'ApiToken', in: 'plant',
    privileges: { plant: ['READ_COLLECTORS'] },
    async change(actor) {
      const name = unique('script');
      const created = await expectStatus<{ UUID: string; Token: string }>(await actor.call('POST', '/current-user/tokens', { Name: name }), 201);
      return {
        subject: created.UUID, subjectName: name, secrets: [created.Token],
        before: null, after: expect.objectContaining({ uuid: created.UUID, name, user_uuid: actor.uuid, token_hash: '********' }),
      };
    },
  },
  {
    name: 'API tokens: an administrator mints one for another user',
    action: 'Create', area: 'ApiTokens', subjectType: 'ApiToken', in: 'root',
    privileges: { root: ['MANAGE_USERS', 'READ_USERS'] },
    async prepare() {
      const user = await createTestUser(t.db, { privileges: { [root]: ['READ_USERS'] } });
      return { user: user.uuid };
    },
    async change(actor, { user }) {
      const name = unique('reporting');
      const created = await expectStatus<{ UUID: string; Token: string }>(await actor.call('POST', `/users/${user}/tokens`, { Name: name }), 201);
      return {
        subject: created.UUID, subjectName: name, secrets: [created.Token],
        before: null, after: expect.objectContaining({ uuid: created.UUID, name, user_uuid: user, token_hash: '********' }),
      };
    },
  },
  {
    name: 'API tokens: revoke one’s own token',
    action: 'Delete', area: 'ApiTokens', subjectType: 'ApiToken', in: 'plant',
    privileges: { plant: ['READ_COLLECTORS'] },
    async prepare(actor) {
      const name = unique('old script');
      const created = await expectStatus<{ UUID: string; Token: string }>(await actor.call('POST', '/current-user/tokens', { Name: name }), 201);
      allSecrets.push(created.Token);
      return { token: created.UUID, tokenName: name, value: created.Token };
    },
    async change(actor, { token, tokenName, value }) {
      await expectStatus(await actor.call('DELETE', `/current-user/tokens/${token}`), 204);
      return {
        subject: token, subjectName: tokenName, secrets: [value],
        before: expect.objectContaining({ uuid: token, name: tokenName, user_uuid: actor.uuid, token_hash: '********' }), after: null,
      };
    },
  },
  {
    name: 'manual entry forms: create a form',
    action: 'Create', area: 'ManualEntry', subjectType: 'ManualEntryForm', in: 'plant',
    privileges: { plant: ['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS', 'READ_ASSETS', 'MANAGE_MEASUREMENT_DATA'] },
    async prepare() {
      const measurement = await insertMeasurement(t.db, plant, unique('LT'));
      const asset = (await t.db.query<{ uuid: string }>("INSERT INTO assets (organization_uuid, name, path) VALUES ($1, 'Tank', 'Tank') RETURNING uuid", [plant])).rows[0].uuid;
      const property = await t.db.query<{ uuid: string }>("INSERT INTO asset_properties (organization_uuid, asset_uuid, name, measurement_uuid) VALUES ($1, $2, 'Level', $3) RETURNING uuid", [plant, asset, measurement]);
      return { property: property.rows[0].uuid };
    },
    async change(actor, { property }) {
      const name = unique('Tank rounds');
      const created = await expectStatus<{ UUID: string }>(
        await actor.call('POST', '/manual-entry-forms', { Name: name, Type: 'Asset Properties', Config: { Groups: [{ Name: 'Tank', AssetPropertyUUIDs: [property] }] } }),
        201,
      );
      return { subject: created.UUID, subjectName: name, before: null, after: expect.objectContaining({ uuid: created.UUID, name, form_type: 'Asset Properties', organization_uuid: plant }) };
    },
  },
  {
    name: 'manual entry forms: a group’s level on a form',
    action: 'Create', area: 'ManualEntry', subjectType: 'ManualEntryFormPrivilege', in: 'plant',
    privileges: { plant: ['MANAGE_MANUAL_ENTRY_FORMS'] },
    async prepare(actor) {
      const form = (await t.db.query<{ uuid: string }>("INSERT INTO manual_entry_forms (organization_uuid, name, form_type) VALUES ($1, $2, 'Events') RETURNING uuid", [plant, unique('Shift log')])).rows[0].uuid;
      // The grant rule: the actor holds the level they hand out.
      await t.db.query(
        "INSERT INTO manual_entry_form_privileges (manual_entry_form_uuid, organization_uuid, user_group_uuid, name) SELECT $1, $2, user_group_uuid, 'MANUAL_ENTRY_FORM_DEFAULT' FROM user_group_users WHERE user_uuid = $3",
        [form, plant, actor.uuid],
      );
      const group = (await t.db.query<{ uuid: string }>('INSERT INTO user_groups (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [plant, unique('Crew')])).rows[0].uuid;
      return { form, group };
    },
    async change(actor, { form, group }) {
      await expectStatus(await actor.call('PUT', `/manual-entry-forms/${form}/access`, [{ UserGroupUUID: group, AccessLevel: 'default' }]), 200);
      const { rows } = await t.db.query<{ uuid: string }>('SELECT uuid FROM manual_entry_form_privileges WHERE manual_entry_form_uuid = $1 AND user_group_uuid = $2', [form, group]);
      return {
        subject: rows[0].uuid, subjectName: 'MANUAL_ENTRY_FORM_DEFAULT',
        before: null, after: expect.objectContaining({ manual_entry_form_uuid: form, user_group_uuid: group, organization_uuid: plant, name: 'MANUAL_ENTRY_FORM_DEFAULT' }),
      };
    },
  },
];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-audit-areas-'));
  t = await openTestApp({ HISTORIAN_LICENSE_PUBLIC_KEY: vendor.publicKeyPem, HISTORIAN_DATA_DIR: dataDir });
  root = await rootOrganizationUuid(t.db);
  plant = await createTestOrganization(t.db, unique('Audited plant'));
  auditor = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_AUDIT_LOGS'] } })).uuid)), 'x-organization-uuid': root };
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function auditEntries(query: string): Promise<Entry[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/audit-logs?AllOrganizations=true&${query}`, headers: auditor });
  return expectStatus<Entry[]>(response, 200);
}

/** The sequence number of the newest sealed entry. */
async function lastSequence(): Promise<number> {
  const [newest] = await auditEntries('Limit=1');
  return newest?.Sequence ?? 0;
}

async function actorFor(row: AreaCase, reason: string): Promise<Actor> {
  const privileges: Record<string, readonly string[]> = {};
  if (row.privileges.root) privileges[root] = row.privileges.root;
  if (row.privileges.plant) privileges[plant] = row.privileges.plant;
  const user = await createTestUser(t.db, { name: `auditee-${randomUUID().slice(0, 8)}`, privileges });
  const headers = { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': row.in === 'root' ? root : plant, 'x-audit-reason': encodeURIComponent(reason) };
  return {
    ...user,
    call: (method, url, payload, extra = {}) =>
      t.app.inject({ method, url: `/api${url}`, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) }),
  };
}

const matches = (entry: Entry, subjectType: string, subject: string) => entry.SubjectType === subjectType && (entry.SubjectUUID === subject || entry.SubjectName === subject);

describe('one change in each area writes exactly one entry for its subject, with no secret', () => {
  it.each(AREAS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const reason = `Audit coverage: ${row.name}`;
    const actor = await actorFor(row, reason);
    const prepared = row.prepare ? await row.prepare(actor) : {};
    const mark = await lastSequence();
    const change = await row.change(actor, prepared);
    allSecrets.push(...(change.secrets ?? []));

    // Through the filters a reader would use: the subject (id or name), its type and the action.
    const found = await auditEntries(`Subject=${encodeURIComponent(change.subject)}&SubjectTypes[0]=${row.subjectType}&Actions[0]=${row.action}&Limit=100`);
    const written = found.filter((entry) => entry.Sequence > mark && matches(entry, row.subjectType, change.subject));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      Action: row.action,
      Area: row.area,
      SubjectType: row.subjectType,
      SubjectName: change.subjectName,
      UserName: actor.name,
      OrganizationUUID: change.organization === undefined ? (row.in === 'root' ? root : plant) : change.organization,
      Reason: reason,
    });
    expect(written[0].Before).toEqual(change.before);
    expect(written[0].After).toEqual(change.after);

    // Everything the call wrote: one entry for the subject whatever the action, none for the
    // subjects it had to leave alone, and no secret in any of them.
    const fresh = (await auditEntries('Limit=1000')).filter((entry) => entry.Sequence > mark);
    expect(fresh.filter((entry) => matches(entry, row.subjectType, change.subject))).toHaveLength(1);
    for (const other of change.untouched ?? []) expect(fresh.filter((entry) => matches(entry, row.subjectType, other))).toEqual([]);
    const text = JSON.stringify(fresh);
    for (const secret of change.secrets ?? []) expect(text).not.toContain(secret);
  });

  it('the whole log, listed and exported, holds none of the secrets sent or answered', async () => {
    // Long random values, so that finding none of them in the text means something.
    for (const secret of allSecrets) expect(secret.length).toBeGreaterThanOrEqual(16);
    const listed = JSON.stringify(await auditEntries('Limit=10000'));
    const exported = await t.app.inject({ method: 'GET', url: '/api/audit-logs/export?AllOrganizations=true', headers: auditor });
    expect(exported.statusCode).toBe(200);
    for (const secret of allSecrets) {
      expect(listed).not.toContain(secret);
      expect(exported.body).not.toContain(secret);
    }
  });
});
