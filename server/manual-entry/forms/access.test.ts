import { AUTHOR, MANAGE_FORMS, openFormsFixture, READ_FORMS, type Caller, type FormsFixture } from './testFixture';

// The groups' levels on a form on PGlite (server/manual-entry/README.md, "Access" and "Who may do
// what"): GET and PUT …/access, the grant rule (nobody sets or takes away a level above their
// own), system groups fixed, groups of the organization only, one transaction, the audit entry of
// a level; memberships and mappings that would hand out a level the caller lacks; and
// GET /current-user/manual-entry-form-privileges.

jest.setTimeout(30_000);

type Json = Record<string, unknown>;
type Level = 'disabled' | 'default' | 'elevated';

let f: FormsFixture;
let administrator: Caller;
let form: string;
let other: string;
/** Groups of the organization, made empty: Crew A, Crew B, Crew C. */
const groups = {} as { a: string; b: string; c: string };

const group = async (name: string, organization = f.organization) =>
  (await f.db.query<{ uuid: string }>('INSERT INTO user_groups (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [organization, name])).rows[0].uuid;
const put = (who: Caller, items: { UserGroupUUID: string; AccessLevel: Level }[], uuid = form) => f.as(who, 'PUT', `/manual-entry-forms/${uuid}/access`, items);
const levelOf = async (uuid: string, formUuid = form) =>
  (await f.as(administrator, 'GET', `/manual-entry-forms/${formUuid}/access`)).json<Json[]>().find((item) => item.UserGroupUUID === uuid)?.AccessLevel;

beforeAll(async () => {
  f = await openFormsFixture();
  administrator = await f.administrator();
  const created = async (name: string) => {
    const response = await f.as(administrator, 'POST', '/manual-entry-forms', f.eventsForm(name));
    expect(response.statusCode).toBe(201);
    return response.json<{ UUID: string }>().UUID;
  };
  form = await created('Shift log');
  other = await created('Lab log');
  groups.a = await group('Crew A');
  groups.b = await group('Crew B');
  groups.c = await group('crew C');
}, 60_000);

afterAll(async () => {
  await f?.close();
});

describe('GET and PUT …/access', () => {
  it('lists every group of the organization by name with its level, the system group last and elevated', async () => {
    const response = await f.as(administrator, 'GET', `/manual-entry-forms/${form}/access`);
    expect(response.statusCode).toBe(200);
    const items = response.json<Json[]>();
    const ours = items.filter((item) => [groups.a, groups.b, groups.c].includes(item.UserGroupUUID as string));
    expect(ours).toEqual([
      { UserGroupUUID: groups.a, UserGroupName: 'Crew A', IsSystem: false, AccessLevel: 'disabled' },
      { UserGroupUUID: groups.b, UserGroupName: 'Crew B', IsSystem: false, AccessLevel: 'disabled' },
      { UserGroupUUID: groups.c, UserGroupName: 'crew C', IsSystem: false, AccessLevel: 'disabled' },
    ]);
    expect(items[items.length - 1]).toEqual({ UserGroupUUID: await f.systemGroup(), UserGroupName: 'Administrators', IsSystem: true, AccessLevel: 'elevated' });
    expect(items.filter((item) => item.IsSystem)).toHaveLength(1);
  });

  it('sets the levels of the groups named and keeps the others; a level is one row of the form’s organization', async () => {
    const response = await put(administrator, [
      { UserGroupUUID: groups.a, AccessLevel: 'default' },
      { UserGroupUUID: groups.b, AccessLevel: 'elevated' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json<Json[]>().filter((item) => item.UserGroupUUID === groups.a || item.UserGroupUUID === groups.b).map((item) => item.AccessLevel)).toEqual(['default', 'elevated']);
    expect((await put(administrator, [{ UserGroupUUID: groups.a, AccessLevel: 'elevated' }])).statusCode).toBe(200);
    const { rows } = await f.db.query('SELECT user_group_uuid, organization_uuid, name FROM manual_entry_form_privileges WHERE manual_entry_form_uuid = $1 ORDER BY name, user_group_uuid', [form]);
    expect(rows).toEqual(
      [groups.a, groups.b].sort().map((uuid) => ({ user_group_uuid: uuid, organization_uuid: f.organization, name: 'MANUAL_ENTRY_FORM_ELEVATED' })),
    );
    expect((await put(administrator, [{ UserGroupUUID: groups.a, AccessLevel: 'disabled' }])).statusCode).toBe(200);
    expect(await levelOf(groups.a)).toBe('disabled');
    expect(await levelOf(groups.b)).toBe('elevated');
    expect(await levelOf(groups.b, other)).toBe('disabled');
  });

  it('refuses a group of another organization or none (400 on the item), one named twice, and changes nothing', async () => {
    const theirs = await group('Their crew', f.otherOrganization);
    const foreign = await put(administrator, [
      { UserGroupUUID: groups.c, AccessLevel: 'default' },
      { UserGroupUUID: theirs, AccessLevel: 'default' },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ errors: { '[1].UserGroupUUID': [expect.any(String)] } });
    const twice = await put(administrator, [
      { UserGroupUUID: groups.c, AccessLevel: 'default' },
      { UserGroupUUID: groups.c, AccessLevel: 'elevated' },
    ]);
    expect(twice.json()).toMatchObject({ status: 400, errors: { '[1].UserGroupUUID': [expect.any(String)] } });
    expect((await put(administrator, [{ UserGroupUUID: '00000000-0000-4000-8000-000000000001', AccessLevel: 'default' }])).json()).toMatchObject({
      status: 400,
      errors: { '[0].UserGroupUUID': [expect.any(String)] },
    });
    expect(await levelOf(groups.c)).toBe('disabled');
  });

  it('keeps a system group elevated (409 manual_entry.errors.system_group), and takes it named as it is', async () => {
    const system = await f.systemGroup();
    const lowered = await put(administrator, [{ UserGroupUUID: system, AccessLevel: 'default' }]);
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json()).toMatchObject({ code: 'manual_entry.errors.system_group' });
    expect((await put(administrator, [{ UserGroupUUID: system, AccessLevel: 'elevated' }])).statusCode).toBe(200);
    expect((await f.db.query('SELECT 1 FROM manual_entry_form_privileges WHERE user_group_uuid = $1', [system])).rows).toHaveLength(0);
  });

  it('files a level’s change in the area ManualEntry, named by the level privilege, in the form’s organization', async () => {
    const crew = await group('Audited crew');
    expect((await put(administrator, [{ UserGroupUUID: crew, AccessLevel: 'default' }])).statusCode).toBe(200);
    const level = (await f.db.query<{ uuid: string }>('SELECT uuid FROM manual_entry_form_privileges WHERE user_group_uuid = $1', [crew])).rows[0].uuid;
    expect((await put(administrator, [{ UserGroupUUID: crew, AccessLevel: 'elevated' }])).statusCode).toBe(200);
    expect((await put(administrator, [{ UserGroupUUID: crew, AccessLevel: 'disabled' }])).statusCode).toBe(200);
    const { rows } = await f.db.query(
      `SELECT action, area, subject_type, subject_name, organization_uuid, user_uuid FROM audit_logs
        WHERE subject_type = 'ManualEntryFormPrivilege' AND subject_uuid = $1 ORDER BY sequence`,
      [level],
    );
    const common = { area: 'ManualEntry', subject_type: 'ManualEntryFormPrivilege', organization_uuid: f.organization, user_uuid: administrator.uuid };
    expect(rows).toEqual([
      { ...common, action: 'Create', subject_name: 'MANUAL_ENTRY_FORM_DEFAULT' },
      { ...common, action: 'Update', subject_name: 'MANUAL_ENTRY_FORM_ELEVATED' },
      { ...common, action: 'Delete', subject_name: 'MANUAL_ENTRY_FORM_ELEVATED' },
    ]);
  });
});

describe('the grant rule: nobody sets or takes away a level above their own on the form', () => {
  let defaultManager: Caller;
  let elevatedCrew: string;
  let defaultCrew: string;

  beforeAll(async () => {
    defaultManager = await f.caller(MANAGE_FORMS);
    await f.level(form, defaultManager.group, 'default');
    elevatedCrew = await group('Elevated crew');
    defaultCrew = await group('Default crew');
    await f.level(form, elevatedCrew, 'elevated');
  });

  it('a default-level manager grants and takes away default', async () => {
    expect((await put(defaultManager, [{ UserGroupUUID: defaultCrew, AccessLevel: 'default' }])).statusCode).toBe(200);
    expect((await put(defaultManager, [{ UserGroupUUID: defaultCrew, AccessLevel: 'disabled' }])).statusCode).toBe(200);
  });

  it('a default-level manager cannot make a group elevated nor demote or remove an elevated one (403, nothing changed)', async () => {
    for (const items of [
      [{ UserGroupUUID: defaultCrew, AccessLevel: 'elevated' as const }],
      [{ UserGroupUUID: elevatedCrew, AccessLevel: 'default' as const }],
      [
        { UserGroupUUID: defaultCrew, AccessLevel: 'default' as const },
        { UserGroupUUID: elevatedCrew, AccessLevel: 'disabled' as const },
      ],
    ]) {
      const response = await put(defaultManager, items);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'access.errors.grant_beyond_own', errors: { [`[${items.length - 1}].AccessLevel`]: [expect.stringContaining('MANUAL_ENTRY_FORM_ELEVATED')] } });
    }
    expect(await levelOf(defaultCrew)).toBe('disabled');
    expect(await levelOf(elevatedCrew)).toBe('elevated');
  });

  it('a manager without a level on the form grants none; on another form the default manager holds none either', async () => {
    const plainManager = await f.caller(MANAGE_FORMS);
    expect((await put(plainManager, [{ UserGroupUUID: defaultCrew, AccessLevel: 'default' }])).json()).toMatchObject({ status: 403, code: 'access.errors.grant_beyond_own' });
    expect((await put(defaultManager, [{ UserGroupUUID: defaultCrew, AccessLevel: 'default' }], other)).statusCode).toBe(403);
    // Naming groups as they are changes nothing and needs nothing.
    expect((await put(plainManager, [{ UserGroupUUID: elevatedCrew, AccessLevel: 'elevated' }])).statusCode).toBe(200);
  });

  it('an administrator (the system group) does all of it', async () => {
    expect((await put(administrator, [{ UserGroupUUID: elevatedCrew, AccessLevel: 'disabled' }])).statusCode).toBe(200);
    expect((await put(administrator, [{ UserGroupUUID: defaultCrew, AccessLevel: 'elevated' }])).statusCode).toBe(200);
    expect(await levelOf(defaultCrew)).toBe('elevated');
  });
});

describe('memberships and mappings hand out the group’s levels too', () => {
  const USER_GROUPS = ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS', 'READ_USERS'];
  let leveled: string;
  let provider: string;
  let newcomer: Caller;

  beforeAll(async () => {
    leveled = await group('Leveled crew');
    await f.level(other, leveled, 'default');
    provider = (await f.db.query<{ uuid: string }>("INSERT INTO authentication_providers (provider_name, provider_type) VALUES ('corp', 'oidc') RETURNING uuid")).rows[0].uuid;
    newcomer = await f.caller([READ_FORMS]);
  });

  it('refuses adding a member to, or mapping onto, a group holding a level the caller lacks (403 access.errors.grant_beyond_own)', async () => {
    const groupManager = await f.caller(USER_GROUPS);
    const member = await f.as(groupManager, 'POST', '/user-group-users', { UserGroupUUID: leveled, UserUUID: newcomer.uuid });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: 'access.errors.grant_beyond_own', errors: { UserGroupUUID: [expect.stringContaining('MANUAL_ENTRY_FORM_DEFAULT')] } });
    const mapping = await f.as(groupManager, 'POST', `/user-groups/${leveled}/mapping`, { AuthenticationProviderUUID: provider, ExternalGroup: 'operators' });
    expect(mapping.statusCode).toBe(403);
    expect(mapping.json()).toMatchObject({ code: 'access.errors.grant_beyond_own', errors: { 'path.id': [expect.any(String)] } });
    // Not into the system group either: it holds elevated on every form.
    const everything = await f.caller(USER_GROUPS.concat(AUTHOR));
    const system = await f.as(everything, 'POST', '/user-group-users', { UserGroupUUID: await f.systemGroup(), UserUUID: newcomer.uuid });
    expect(system.json()).toMatchObject({ status: 403, code: 'access.errors.grant_beyond_own' });
  });

  it('takes them from whoever holds the level; a group without levels needs none', async () => {
    const holder = await f.caller(USER_GROUPS);
    await f.level(other, holder.group, 'default');
    expect((await f.as(holder, 'POST', '/user-group-users', { UserGroupUUID: leveled, UserUUID: newcomer.uuid })).statusCode).toBe(201);
    const mapping = await f.as(holder, 'POST', `/user-groups/${leveled}/mapping`, { AuthenticationProviderUUID: provider, ExternalGroup: 'operators' });
    expect(mapping.statusCode).toBe(201);
    const plain = await group('Plain crew');
    const groupManager = await f.caller(USER_GROUPS);
    expect((await f.as(groupManager, 'POST', '/user-group-users', { UserGroupUUID: plain, UserUUID: newcomer.uuid })).statusCode).toBe(201);
    expect((await f.as(administrator, 'PUT', `/user-groups/${leveled}/mapping/${mapping.json<{ UUID: string }>().UUID}`, { AuthenticationProviderUUID: provider, ExternalGroup: 'shift' })).statusCode).toBe(200);
    expect((await f.as(groupManager, 'PUT', `/user-groups/${leveled}/mapping/${mapping.json<{ UUID: string }>().UUID}`, { AuthenticationProviderUUID: provider, ExternalGroup: 'other' })).statusCode).toBe(403);
  });
});

describe('acting on a user needs their form levels too', () => {
  it('refuses renaming an elevated user to a manager with default (403 users.errors.holds_more_privileges), allows it once elevated', async () => {
    const target = await f.caller([READ_FORMS]);
    await f.level(form, target.group, 'elevated');
    const manager = await f.caller([READ_FORMS, 'READ_USERS', 'MANAGE_USERS']);
    await f.level(form, manager.group, 'default');
    const refused = await f.as(manager, 'PUT', `/users/${target.uuid}`, { Name: 'renamed-operator' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'users.errors.holds_more_privileges', detail: expect.stringContaining('MANUAL_ENTRY_FORM_ELEVATED') });
    await f.db.query("UPDATE manual_entry_form_privileges SET name = 'MANUAL_ENTRY_FORM_ELEVATED' WHERE user_group_uuid = $1", [manager.group]);
    expect((await f.as(manager, 'PUT', `/users/${target.uuid}`, { Name: 'renamed-operator' })).statusCode).toBe(200);
  });
});

describe('GET /current-user/manual-entry-form-privileges', () => {
  it('answers an administrator elevated on every form of the organization', async () => {
    const response = await f.as(administrator, 'GET', '/current-user/manual-entry-form-privileges');
    expect(response.statusCode).toBe(200);
    const mine = response.json<Json[]>().filter((row) => row.OrganizationUUID === f.organization);
    expect(mine.map((row) => [row.ManualEntryFormUUID, row.Name]).sort()).toEqual(
      [form, other].sort().map((uuid) => [uuid, 'MANUAL_ENTRY_FORM_ELEVATED']),
    );
  });

  it('answers a group member their group’s level, and nothing on other forms', async () => {
    const member = await f.caller([READ_FORMS]);
    await f.level(other, member.group, 'default');
    expect((await f.as(member, 'GET', '/current-user/manual-entry-form-privileges')).json()).toEqual([
      expect.objectContaining({ ManualEntryFormUUID: other, OrganizationUUID: f.organization, Name: 'MANUAL_ENTRY_FORM_DEFAULT' }),
    ]);
  });
});
