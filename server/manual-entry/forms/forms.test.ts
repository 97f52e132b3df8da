import { SETTING_NAMES } from '../../../domain/settingNames';
import { createTestUser, rootOrganizationUuid, sessionHeaders } from '../../auth/testing/testUsers';
import { AUTHOR, openFormsFixture, READ_FORMS, type Caller, type FormsFixture } from './testFixture';

// /manual-entry-forms on PGlite (server/manual-entry/README.md, "Who may do what" and "Forms"):
// defaults, every validation rule and its field, the Type fixed, the read-only fills, delete,
// least privilege, the list and the form opened only by whoever may, organization scoping, the
// audit trail in the area ManualEntry and the licence.

jest.setTimeout(30_000);

let f: FormsFixture;
let manager: Caller;

type Json = Record<string, unknown>;
const errorsOf = (response: { json: () => Json }) => Object.keys((response.json().errors ?? {}) as Json);

async function created(body: object, who: Caller = manager): Promise<Json & { UUID: string }> {
  const response = await f.as(who, 'POST', '/manual-entry-forms', body);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  f = await openFormsFixture();
  manager = await f.caller(AUTHOR);
}, 60_000);

afterAll(async () => {
  await f?.close();
});

describe('create, get, update, delete', () => {
  it('creates a form with the default durations, answers the fills of its configurations and the caller’s access', async () => {
    const form = await created(f.eventsForm('Batch log', { Description: 'Lab values' }));
    expect(form).toMatchObject({
      Name: 'Batch log',
      Description: 'Lab values',
      Type: 'Events',
      DefaultTimeRange: '24h',
      MaxTimeRange: '7d',
      AutoRefreshInterval: '30s',
      MaxEditAge: '24h',
      MaxElevatedEditAge: '24h',
      Access: { Level: 'disabled', CanManage: true },
      Config: {
        Groups: [],
        EventConfigurations: [
          {
            EventConfigurationUUID: f.ids.batchOnPlant,
            AssetPath: 'Plant',
            EventTypeUUID: f.ids.batch,
            EventTypeName: 'Batch',
            Missing: false,
            Properties: [
              { EventTypePropertyUUID: f.ids.temperature, Visible: true, Editable: true },
              { EventTypePropertyUUID: f.ids.curve, Visible: true, Editable: false },
            ],
          },
        ],
      },
    });
    const read = await f.as(manager, 'GET', `/manual-entry-forms/${form.UUID}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(form);
  });

  it('creates an Asset Properties form with its groups', async () => {
    const form = await created(
      f.assetForm('Tank rounds', { MaxTimeRange: '30d', DefaultTimeRange: '2d', AutoRefreshInterval: '0s', Config: { Groups: [{ Name: ' Tank ', AssetPropertyUUIDs: [f.ids.tankLevel, f.ids.tankTemperature] }] } }),
    );
    expect(form).toMatchObject({ Type: 'Asset Properties', MaxTimeRange: '30d', DefaultTimeRange: '2d', AutoRefreshInterval: '0s' });
    expect(form.Config).toEqual({ EventConfigurations: [], Groups: [{ Name: 'Tank', AssetPropertyUUIDs: [f.ids.tankLevel, f.ids.tankTemperature] }] });
  });

  it('keeps names unique in the organization, case aside (409 on Name), on create and update', async () => {
    const form = await created(f.eventsForm('Unique name'));
    const again = await f.as(manager, 'POST', '/manual-entry-forms', f.eventsForm('UNIQUE NAME'));
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)).toEqual(['Name']);
    const other = await created(f.eventsForm('Another name'));
    const renamed = await f.as(manager, 'PUT', `/manual-entry-forms/${other.UUID}`, f.eventsForm('unique Name'));
    expect(renamed.statusCode).toBe(409);
    expect(errorsOf(renamed)).toEqual(['Name']);
    expect((await f.as(manager, 'PUT', `/manual-entry-forms/${form.UUID}`, f.eventsForm('Unique NAME'))).statusCode).toBe(200);
  });

  it('updates everything but the Type (400 on Type)', async () => {
    const form = await created(f.eventsForm('To change'));
    const changed = await f.as(manager, 'PUT', `/manual-entry-forms/${form.UUID}`, {
      ...f.eventsForm('Changed', { MaxEditAge: '1h', MaxElevatedEditAge: '2d' }),
      Config: {
        EventConfigurations: [
          { EventConfigurationUUID: f.ids.cleaningOnPlant, AssetDisplayName: 'Washer', ColumnWidth: 120, Properties: [{ EventTypePropertyUUID: f.ids.cleaningDuration, Visible: true, Editable: false }] },
        ],
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      Name: 'Changed',
      MaxEditAge: '1h',
      MaxElevatedEditAge: '2d',
      Config: { EventConfigurations: [{ EventConfigurationUUID: f.ids.cleaningOnPlant, AssetDisplayName: 'Washer', ColumnWidth: 120, EventTypeName: 'Cleaning' }] },
    });
    const retyped = await f.as(manager, 'PUT', `/manual-entry-forms/${form.UUID}`, f.assetForm('Changed'));
    expect(retyped.statusCode).toBe(400);
    expect(errorsOf(retyped)).toEqual(['Type']);
  });

  it('takes its own answer back as it is, the read-only members included', async () => {
    const form = await created(f.eventsForm('Round trip'));
    const again = await f.as(manager, 'PUT', `/manual-entry-forms/${form.UUID}`, form);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...form, UpdatedAt: expect.any(String) });
  });

  it('answers Missing for a configuration deleted after the form was saved, and still saves the form', async () => {
    const asset = await f.asset('Temporary');
    const configuration = await f.configuration(asset, f.ids.batch);
    const body = f.eventsForm('Outlived', {
      Config: {
        EventConfigurations: [
          { EventConfigurationUUID: f.ids.batchOnPlant, Properties: [] },
          { EventConfigurationUUID: configuration, Properties: [{ EventTypePropertyUUID: f.ids.temperature, Visible: true, Editable: false }] },
        ],
      },
    });
    const form = await created(body);
    await f.db.query('DELETE FROM event_configurations WHERE uuid = $1', [configuration]);
    const read = (await f.as(manager, 'GET', `/manual-entry-forms/${form.UUID}`)).json();
    expect(read.Config.EventConfigurations[1]).toEqual({ EventConfigurationUUID: configuration, Properties: [{ EventTypePropertyUUID: f.ids.temperature, Visible: true, Editable: false }], Missing: true });
    expect((await f.as(manager, 'PUT', `/manual-entry-forms/${form.UUID}`, body)).statusCode).toBe(200);
    // A new form may not name it.
    const fresh = await f.as(manager, 'POST', '/manual-entry-forms', { ...body, Name: 'Fresh' });
    expect(fresh.statusCode).toBe(404);
    expect(errorsOf(fresh)).toEqual(['Config.EventConfigurations[1].EventConfigurationUUID']);
  });

  it('deletes a form with its levels; values typed through it stay, without the form', async () => {
    const form = await created(f.assetForm('Short lived'));
    const group = (await f.caller([READ_FORMS])).group;
    await f.level(form.UUID, group, 'default');
    await f.db.query(
      "INSERT INTO manual_entry_values (asset_property_uuid, time, organization_uuid, measurement_uuid, form_uuid, value) VALUES ($1, now(), $2, $3, $4, '1.5')",
      [f.ids.tankLevel, f.organization, f.ids.measurement, form.UUID],
    );
    expect((await f.as(manager, 'DELETE', `/manual-entry-forms/${form.UUID}`)).statusCode).toBe(204);
    expect((await f.as(manager, 'GET', `/manual-entry-forms/${form.UUID}`)).statusCode).toBe(404);
    expect((await f.as(manager, 'DELETE', `/manual-entry-forms/${form.UUID}`)).statusCode).toBe(404);
    expect((await f.db.query('SELECT 1 FROM manual_entry_form_privileges WHERE manual_entry_form_uuid = $1', [form.UUID])).rows).toHaveLength(0);
    expect((await f.db.query('SELECT form_uuid, value FROM manual_entry_values WHERE asset_property_uuid = $1', [f.ids.tankLevel])).rows).toEqual([{ form_uuid: null, value: 1.5 }]);
  });
});

describe('validation', () => {
  it.each([
    [{ MaxTimeRange: '0s' }, 'MaxTimeRange'],
    [{ MaxTimeRange: '367d' }, 'MaxTimeRange'],
    [{ DefaultTimeRange: '0s' }, 'DefaultTimeRange'],
    [{ DefaultTimeRange: '8d' }, 'DefaultTimeRange'],
    [{ DefaultTimeRange: '2h', MaxTimeRange: '1h' }, 'DefaultTimeRange'],
    [{ AutoRefreshInterval: '4s' }, 'AutoRefreshInterval'],
    [{ MaxEditAge: '99999999999999999w' }, 'MaxEditAge'],
  ])('refuses %j with a 400 on %s', async (durations, field) => {
    const response = await f.as(manager, 'POST', '/manual-entry-forms', f.eventsForm(`Durations ${field}`, durations));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([field]);
  });

  it('takes 366d, 0s (never) and 5s, and refuses MaxElevatedEditAge below MaxEditAge with its code', async () => {
    expect((await f.as(manager, 'POST', '/manual-entry-forms', f.eventsForm('Longest', { MaxTimeRange: '366d', AutoRefreshInterval: '5s' }))).statusCode).toBe(201);
    const below = await f.as(manager, 'POST', '/manual-entry-forms', f.eventsForm('Elevated below', { MaxEditAge: '2d', MaxElevatedEditAge: '1d' }));
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ code: 'manual_entry.errors.elevated_below_default', errors: { MaxElevatedEditAge: [expect.any(String)] } });
    expect((await f.as(manager, 'POST', '/manual-entry-forms', f.eventsForm('Not a duration', { MaxEditAge: '1x' }))).statusCode).toBe(400);
    expect((await f.as(manager, 'POST', '/manual-entry-forms', f.eventsForm('   '))).json()).toMatchObject({ status: 400, errors: { Name: ['is required'] } });
  });

  const events = (configurations: object[], extra: object = {}) => ({ Name: `Events ${Math.random()}`, Type: 'Events', Config: { EventConfigurations: configurations, ...extra } });
  const batch = (properties: object[]) => ({ EventConfigurationUUID: f.ids.batchOnPlant, Properties: properties });
  const property = (uuid: string, visible = true, editable = false) => ({ EventTypePropertyUUID: uuid, Visible: visible, Editable: editable });

  it.each([
    ['no configuration', () => events([]), 400, 'Config.EventConfigurations'],
    ['groups in an Events form', () => events([batch([])], { Groups: [{ Name: 'G', AssetPropertyUUIDs: [f.ids.tankLevel] }] }), 400, 'Config.Groups'],
    ['a configuration twice', () => events([batch([]), batch([])]), 400, 'Config.EventConfigurations[1].EventConfigurationUUID'],
    ['another organization’s configuration', () => events([batch([]), { EventConfigurationUUID: f.ids.theirConfiguration, Properties: [] }]), 404, 'Config.EventConfigurations[1].EventConfigurationUUID'],
    ['a property of another type', () => events([batch([property(f.ids.cleaningDuration)])]), 400, 'Config.EventConfigurations[0].Properties[0].EventTypePropertyUUID'],
    ['a property twice', () => events([batch([property(f.ids.temperature), property(f.ids.temperature)])]), 400, 'Config.EventConfigurations[0].Properties[1].EventTypePropertyUUID'],
    ['an editable hidden property', () => events([batch([property(f.ids.temperature, false, true)])]), 400, 'Config.EventConfigurations[0].Properties[0].Editable'],
    ['an editable periodic property', () => events([batch([property(f.ids.curve, true, true)])]), 400, 'Config.EventConfigurations[0].Properties[0].Editable'],
  ])('Events form: refuses %s', async (_what, body, status, field) => {
    const response = await f.as(manager, 'POST', '/manual-entry-forms', body());
    expect(response.statusCode).toBe(status);
    expect(errorsOf(response)).toEqual([field]);
  });

  it('Events form: takes a hidden property, a string one editable, and none at all', async () => {
    expect((await f.as(manager, 'POST', '/manual-entry-forms', events([batch([property(f.ids.curve, false), property(f.ids.operator, true, true)])]))).statusCode).toBe(201);
    expect((await f.as(manager, 'POST', '/manual-entry-forms', events([batch([])]))).statusCode).toBe(201);
  });

  const assets = (groups: object[], extra: object = {}) => ({ Name: `Assets ${Math.random()}`, Type: 'Asset Properties', Config: { Groups: groups, ...extra } });
  const group = (name: string, uuids: string[]) => ({ Name: name, AssetPropertyUUIDs: uuids });

  it.each([
    ['no group', () => assets([]), 400, 'Config.Groups', undefined],
    ['configurations in an Asset Properties form', () => assets([group('A', [f.ids.tankLevel])], { EventConfigurations: [batch([])] }), 400, 'Config.EventConfigurations', undefined],
    ['two groups of one name, case aside', () => assets([group('Tank', [f.ids.tankLevel]), group('TANK', [f.ids.tankTemperature])]), 400, 'Config.Groups[1].Name', undefined],
    ['a blank group name', () => assets([group(' ', [f.ids.tankLevel])]), 400, 'Config.Groups[0].Name', undefined],
    ['a property twice in the form', () => assets([group('A', [f.ids.tankLevel]), group('B', [f.ids.tankTemperature, f.ids.tankLevel])]), 400, 'Config.Groups[1].AssetPropertyUUIDs[1]', undefined],
    ['an unbound property', () => assets([group('A', [f.ids.tankLevel, f.ids.unbound])]), 400, 'Config.Groups[0].AssetPropertyUUIDs[1]', 'manual_entry.errors.property_unbound'],
    ['another organization’s property', () => assets([group('A', [f.ids.theirProperty])]), 404, 'Config.Groups[0].AssetPropertyUUIDs[0]', undefined],
  ])('Asset Properties form: refuses %s', async (_what, body, status, field, code) => {
    const response = await f.as(manager, 'POST', '/manual-entry-forms', body());
    expect(response.statusCode).toBe(status);
    expect(errorsOf(response)).toEqual([field]);
    if (code) expect(response.json().code).toBe(code);
  });
});

describe('least privilege: what a form hands out, its author must hold', () => {
  it('an Events form needs READ_EVENT_CONFIGURATIONS and READ_EVENTS, and MANAGE_EVENTS to make a property editable', async () => {
    const noManageEvents = await f.caller(AUTHOR.filter((name) => name !== 'MANAGE_EVENTS'));
    const editable = await f.as(noManageEvents, 'POST', '/manual-entry-forms', f.eventsForm('Editable without MANAGE_EVENTS'));
    expect(editable.statusCode).toBe(403);
    expect(editable.json()).toMatchObject({ code: 'manual_entry.errors.events_not_permitted' });
    const readOnly = f.eventsForm('Read only', {
      Config: { EventConfigurations: [{ EventConfigurationUUID: f.ids.batchOnPlant, Properties: [{ EventTypePropertyUUID: f.ids.temperature, Visible: true, Editable: false }] }] },
    });
    const form = await created(readOnly, noManageEvents);
    const update = await f.as(noManageEvents, 'PUT', `/manual-entry-forms/${form.UUID}`, f.eventsForm('Read only'));
    expect(update.json()).toMatchObject({ status: 403, code: 'manual_entry.errors.events_not_permitted' });
    const noEvents = await f.caller(AUTHOR.filter((name) => name !== 'READ_EVENTS'));
    expect((await f.as(noEvents, 'POST', '/manual-entry-forms', { ...readOnly, Name: 'No events' })).json()).toMatchObject({ status: 403, code: 'manual_entry.errors.events_not_permitted' });
    const noConfigurations = await f.caller(AUTHOR.filter((name) => name !== 'READ_EVENT_CONFIGURATIONS'));
    expect((await f.as(noConfigurations, 'POST', '/manual-entry-forms', { ...readOnly, Name: 'No configurations' })).json()).toMatchObject({ status: 403, code: 'manual_entry.errors.events_not_permitted' });
  });

  it('an Asset Properties form needs READ_ASSETS and MANAGE_MEASUREMENT_DATA, on create and update', async () => {
    const noData = await f.caller(AUTHOR.filter((name) => name !== 'MANAGE_MEASUREMENT_DATA'));
    expect((await f.as(noData, 'POST', '/manual-entry-forms', f.assetForm('No data'))).json()).toMatchObject({ status: 403, code: 'manual_entry.errors.assets_not_permitted' });
    const noAssets = await f.caller(AUTHOR.filter((name) => name !== 'READ_ASSETS'));
    expect((await f.as(noAssets, 'POST', '/manual-entry-forms', f.assetForm('No assets'))).json()).toMatchObject({ status: 403, code: 'manual_entry.errors.assets_not_permitted' });
    const form = await created(f.assetForm('Somebody else’s'));
    expect((await f.as(noData, 'PUT', `/manual-entry-forms/${form.UUID}`, f.assetForm('Taken over'))).json()).toMatchObject({ status: 403, code: 'manual_entry.errors.assets_not_permitted' });
  });

  it('managing needs MANAGE_MANUAL_ENTRY_FORMS, whatever level one holds', async () => {
    const operator = await f.caller([READ_FORMS]);
    const form = await created(f.eventsForm('Not theirs to change'));
    await f.level(form.UUID, operator.group, 'elevated');
    expect((await f.as(operator, 'POST', '/manual-entry-forms', f.eventsForm('Operator’s own'))).statusCode).toBe(403);
    expect((await f.as(operator, 'PUT', `/manual-entry-forms/${form.UUID}`, f.eventsForm('Renamed'))).statusCode).toBe(403);
    expect((await f.as(operator, 'DELETE', `/manual-entry-forms/${form.UUID}`)).statusCode).toBe(403);
    expect((await f.as(operator, 'GET', `/manual-entry-forms/${form.UUID}/access`)).statusCode).toBe(403);
  });
});

describe('who may open a form', () => {
  let first: string;
  let second: string;
  let operator: Caller;
  let reader: Caller;

  beforeAll(async () => {
    // A fresh organization's forms only: the other tests' forms are not in it.
    const org = (await f.db.query<{ uuid: string }>("INSERT INTO organizations (name) VALUES ('Open forms') RETURNING uuid")).rows[0].uuid;
    const author = await f.caller(AUTHOR, org);
    const asset = await f.asset('Line', null, org);
    const type = await f.eventType('Shift', [{ name: 'Count' }], org);
    const configuration = await f.configuration(asset, type.uuid, { organization: org });
    const body = (name: string, description = '') => ({
      Name: name,
      Description: description,
      Type: 'Events',
      Config: { EventConfigurations: [{ EventConfigurationUUID: configuration, Properties: [{ EventTypePropertyUUID: type.properties.Count, Visible: true, Editable: true }] }] },
    });
    const make = async (name: string, description?: string) => {
      const response = await f.as(author, 'POST', '/manual-entry-forms', body(name, description), org);
      expect(response.statusCode).toBe(201);
      return response.json<{ UUID: string }>().UUID;
    };
    first = await make('Alpha rounds', 'Morning checks');
    second = await make('Beta rounds');
    operator = await f.caller([READ_FORMS], org);
    reader = await f.caller([READ_FORMS], org);
    await f.level(first, operator.group, 'default', org);
    openIn = org;
    managerIn = author;
  });
  let openIn: string;
  let managerIn: Caller;

  it('lists to a default user just their forms, to a manager all of them, to READ alone none', async () => {
    const mine = await f.as(operator, 'GET', '/manual-entry-forms', undefined, openIn);
    expect(mine.json()).toEqual([expect.objectContaining({ UUID: first, Name: 'Alpha rounds', Access: { Level: 'default', CanManage: false } })]);
    const all = (await f.as(managerIn, 'GET', '/manual-entry-forms', undefined, openIn)).json<Json[]>();
    expect(all.map((form) => [form.Name, form.Access])).toEqual([
      ['Alpha rounds', { Level: 'disabled', CanManage: true }],
      ['Beta rounds', { Level: 'disabled', CanManage: true }],
    ]);
    expect((await f.as(reader, 'GET', '/manual-entry-forms', undefined, openIn)).json()).toEqual([]);
  });

  it('filters the list by Keyword in the name or the description, case aside', async () => {
    const names = async (keyword: string) => (await f.as(managerIn, 'GET', `/manual-entry-forms?Keyword=${keyword}`, undefined, openIn)).json<Json[]>().map((form) => form.Name);
    expect(await names('BETA')).toEqual(['Beta rounds']);
    expect(await names('morning')).toEqual(['Alpha rounds']);
    expect(await names('rounds')).toEqual(['Alpha rounds', 'Beta rounds']);
    expect(await names('50%')).toEqual([]);
  });

  it('opens a form for a level on it or to a manager; 404 for anybody else', async () => {
    expect((await f.as(operator, 'GET', `/manual-entry-forms/${first}`, undefined, openIn)).json()).toMatchObject({ UUID: first, Access: { Level: 'default', CanManage: false } });
    expect((await f.as(operator, 'GET', `/manual-entry-forms/${second}`, undefined, openIn)).statusCode).toBe(404);
    expect((await f.as(reader, 'GET', `/manual-entry-forms/${first}`, undefined, openIn)).statusCode).toBe(404);
    expect((await f.as(managerIn, 'GET', `/manual-entry-forms/${second}`, undefined, openIn)).json()).toMatchObject({ Access: { Level: 'disabled', CanManage: true } });
  });

  it('lists elevated on every form to a member of the system group', async () => {
    const administrator = await f.administrator(openIn);
    expect((await f.as(administrator, 'GET', '/manual-entry-forms', undefined, openIn)).json<Json[]>().map((form) => form.Access)).toEqual([
      { Level: 'elevated', CanManage: true },
      { Level: 'elevated', CanManage: true },
    ]);
  });

  it('gives no level to a token someone else minted for the user; the user’s own token keeps theirs', async () => {
    const root = await rootOrganizationUuid(f.db);
    const rootAdmin = await createTestUser(f.db, { privileges: { [root]: ['READ_USERS', 'MANAGE_USERS'], [openIn]: [READ_FORMS] } });
    // Acting on the operator needs their form level too: the minter is an administrator of the organization.
    await f.db.query('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2)', [await f.systemGroup(openIn), rootAdmin.uuid]);
    const minted = await f.t.app.inject({
      method: 'POST',
      url: `/api/users/${operator.uuid}/tokens`,
      headers: { ...(await sessionHeaders(f.t.ctx, rootAdmin.uuid)), 'x-organization-uuid': root },
      payload: { Name: 'report' },
    });
    expect(minted.statusCode).toBe(201);
    const own = await f.as(operator, 'POST', '/current-user/tokens', { Name: 'mine' }, openIn);
    expect(own.statusCode).toBe(201);
    const listed = (token: string) =>
      f.t.app.inject({ method: 'GET', url: '/api/manual-entry-forms', headers: { authorization: `Bearer ${token}`, 'x-organization-uuid': openIn } });
    const capped = await listed(minted.json<{ Token: string }>().Token);
    expect(capped.statusCode).toBe(200);
    expect(capped.json()).toEqual([]);
    expect((await listed(own.json<{ Token: string }>().Token)).json()).toEqual([expect.objectContaining({ UUID: first, Access: { Level: 'default', CanManage: false } })]);
  });

  it('needs READ_MANUAL_ENTRY_FORMS for the list', async () => {
    const nobody = await f.caller(['READ_ASSETS'], openIn);
    expect((await f.as(nobody, 'GET', '/manual-entry-forms', undefined, openIn)).statusCode).toBe(403);
  });
});

describe('organization scoping', () => {
  it('answers 404 for another organization’s form on every call, and lists none of them', async () => {
    const ours = await created(f.eventsForm('Ours only'));
    const outsider = await f.caller(AUTHOR, f.otherOrganization);
    const url = `/manual-entry-forms/${ours.UUID}`;
    const theirs = (body: object) => f.as(outsider, 'PUT', url, body, f.otherOrganization);
    for (const response of [
      await f.as(outsider, 'GET', url, undefined, f.otherOrganization),
      await theirs({ Name: 'Taken', Type: 'Events', Config: { EventConfigurations: [{ EventConfigurationUUID: f.ids.theirConfiguration, Properties: [] }] } }),
      await f.as(outsider, 'DELETE', url, undefined, f.otherOrganization),
      await f.as(outsider, 'GET', `${url}/access`, undefined, f.otherOrganization),
      await f.as(outsider, 'PUT', `${url}/access`, [], f.otherOrganization),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await f.as(outsider, 'GET', '/manual-entry-forms', undefined, f.otherOrganization)).json()).toEqual([]);
    expect((await f.as(manager, 'GET', url)).json()).toMatchObject({ Name: 'Ours only' });
  });
});

describe('the audit trail', () => {
  it('files a form’s create, update and delete in the area ManualEntry', async () => {
    const form = await created(f.eventsForm('Audited'));
    expect((await f.as(manager, 'PUT', `/manual-entry-forms/${form.UUID}`, f.eventsForm('Audited again'))).statusCode).toBe(200);
    expect((await f.as(manager, 'DELETE', `/manual-entry-forms/${form.UUID}`)).statusCode).toBe(204);
    const { rows } = await f.db.query<{ action: string; area: string; subject_type: string; subject_name: string; organization_uuid: string; user_uuid: string }>(
      'SELECT action, area, subject_type, subject_name, organization_uuid, user_uuid FROM audit_logs WHERE subject_uuid = $1 ORDER BY sequence',
      [form.UUID],
    );
    const common = { area: 'ManualEntry', subject_type: 'ManualEntryForm', organization_uuid: f.organization, user_uuid: manager.uuid };
    expect(rows).toEqual([
      { ...common, action: 'Create', subject_name: 'Audited' },
      { ...common, action: 'Update', subject_name: 'Audited again' },
      { ...common, action: 'Delete', subject_name: 'Audited again' },
    ]);
  });
});

// Last: it turns the trial off for the whole installation.
describe('the ManualEntry licence feature', () => {
  it('answers 403 manual_entry.errors.unlicensed on every call without it', async () => {
    const form = await created(f.eventsForm('Licensed once'));
    await f.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(f.db), SETTING_NAMES.trialMode, 'false']);
    const url = `/manual-entry-forms/${form.UUID}`;
    for (const response of [
      await f.as(manager, 'GET', '/manual-entry-forms'),
      await f.as(manager, 'POST', '/manual-entry-forms', f.eventsForm('Unlicensed')),
      await f.as(manager, 'GET', url),
      await f.as(manager, 'PUT', url, f.eventsForm('Licensed once')),
      await f.as(manager, 'DELETE', url),
      await f.as(manager, 'GET', `${url}/access`),
      await f.as(manager, 'PUT', `${url}/access`, []),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'manual_entry.errors.unlicensed' });
    }
  });
});
