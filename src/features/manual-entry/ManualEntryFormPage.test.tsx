import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventConfigurationRead, EventTypePropertyRead, AssetPropertyRead, ManualEntryForm, ManualEntryFormAccess, ManualEntryFormAccessRead, ManualEntryFormRead } from '../../api/generated/historian.gen';
import { paths } from '../../lib/paths';
import { anOrganization, aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { ManualEntryFormPage } from './ManualEntryFormPage';

// The configuration page follows the rulebook (server/manual-entry/README.md "Forms", "Access"):
// it sends what the manager chose, refuses what the server would refuse, and shows the server's
// refusals on the fields they name.

const FORM_UUID = '10000000-0000-4000-8000-000000000001';
const CONFIG_UUID = '20000000-0000-4000-8000-000000000001';
const TYPE_UUID = '30000000-0000-4000-8000-000000000001';
const DENSITY_UUID = '40000000-0000-4000-8000-000000000001';
const PROFILE_UUID = '40000000-0000-4000-8000-000000000002';
const TEMPERATURE_UUID = '50000000-0000-4000-8000-000000000001';
const UNBOUND_UUID = '50000000-0000-4000-8000-000000000002';
const OPERATORS_UUID = '60000000-0000-4000-8000-000000000001';
const ADMINS_UUID = '60000000-0000-4000-8000-000000000002';
const MANAGER = ['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS'];

const aConfiguration: EventConfigurationRead = {
  UUID: CONFIG_UUID,
  AssetUUID: '70000000-0000-4000-8000-000000000001',
  AssetPath: 'Plant/Reactor 1',
  EventTypeUUID: TYPE_UUID,
  EventTypeName: 'Batch',
  StartSource: 'manual',
  State: 'running',
};
const properties: EventTypePropertyRead[] = [
  { UUID: DENSITY_UUID, EventTypeUUID: TYPE_UUID, Name: 'Density', Datatype: 'number', Type: 'simple', UoM: 'kg/m³' },
  { UUID: PROFILE_UUID, EventTypeUUID: TYPE_UUID, Name: 'Temperature profile', Datatype: 'number', Type: 'periodic' },
];
const assetProperties: AssetPropertyRead[] = [
  { UUID: TEMPERATURE_UUID, AssetUUID: '70000000-0000-4000-8000-000000000001', AssetPath: 'Plant/Tank 1', Name: 'Temperature', MeasurementUUID: '80000000-0000-4000-8000-000000000001', MeasurementName: 'tank1.temp', LinkStatus: 'NotLinked' },
  { UUID: UNBOUND_UUID, AssetUUID: '70000000-0000-4000-8000-000000000001', AssetPath: 'Plant/Tank 1', Name: 'Level', MeasurementUUID: null, LinkStatus: 'NotLinked' },
];
const aForm = (overrides: Partial<ManualEntryFormRead> = {}): ManualEntryFormRead => ({
  UUID: FORM_UUID,
  Name: 'Lab results',
  Description: 'Samples',
  Type: 'Events',
  DefaultTimeRange: '24h',
  MaxTimeRange: '7d',
  AutoRefreshInterval: '30s',
  MaxEditAge: '24h',
  MaxElevatedEditAge: '48h',
  Config: { EventConfigurations: [{ EventConfigurationUUID: CONFIG_UUID, AssetPath: 'Plant/Reactor 1', EventTypeUUID: TYPE_UUID, EventTypeName: 'Batch', Properties: [{ EventTypePropertyUUID: DENSITY_UUID, Visible: true, Editable: true }] }] },
  Access: { Level: 'elevated', CanManage: true },
  UpdatedAt: '2026-11-27T03:00:00Z',
  ...overrides,
});
const problem = (status: number, body: object) => HttpResponse.json({ title: 'Refused', status, ...body }, { status, headers: { 'content-type': 'application/problem+json' } });

function renderPage(route: string, privileges: string[] = MANAGER) {
  document.cookie = 'XSRF-TOKEN=test';
  server.use(
    noTranslationOverrides(),
    http.get('/api/event-configurations', () => HttpResponse.json([aConfiguration])),
    http.get('/api/event-type-properties', () => HttpResponse.json(properties)),
    http.get('/api/asset-properties', () => HttpResponse.json(assetProperties)),
    // A saved form or level changes what the user holds: the client reads its own access again.
    http.get('/api/current-user/privileges', () => HttpResponse.json(privileges.map((name) => aPrivilege(name, ORG_A_UUID)))),
    http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
    http.get('/api/current-user/organizations', () => HttpResponse.json([anOrganization()])),
  );
  return renderWithProviders(<ManualEntryFormPage />, {
    route,
    routePath: paths.manualEntryForm,
    preloadedState: {
      session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name, ORG_A_UUID)) }),
      organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: true },
    },
  });
}

/** Answers POST with the form as created, and GET of it afterwards; collects the bodies sent. */
function acceptCreate(sent: ManualEntryForm[]) {
  server.use(
    http.post('/api/manual-entry-forms', async ({ request }) => {
      const body = (await request.json()) as ManualEntryForm;
      sent.push(body);
      return HttpResponse.json({ ...body, UUID: FORM_UUID, Access: { Level: 'elevated', CanManage: true } }, { status: 201 });
    }),
    http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())),
  );
}

describe('manual entry form configuration', () => {
  it('creating an Events form sends the configurations with the visible and editable properties', async () => {
    const sent: ManualEntryForm[] = [];
    acceptCreate(sent);
    const { user } = renderPage(`${paths.manualEntryForm}?id=new`);
    expect(screen.getByRole('heading', { level: 1, name: 'New manual entry form' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create form' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Lab results');
    await user.click(screen.getByRole('tab', { name: 'Fields' }));
    await user.click(screen.getByRole('combobox', { name: 'Add an event configuration' }));
    await user.click(await screen.findByRole('option', { name: /Plant\/Reactor 1/ }));
    const density = await screen.findByRole('checkbox', { name: 'Density visible' });
    expect(screen.getByRole('checkbox', { name: 'Density editable' })).toBeDisabled();
    await user.click(density);
    await user.click(screen.getByRole('checkbox', { name: 'Density editable' }));
    await user.click(screen.getByRole('checkbox', { name: 'Temperature profile visible' }));
    // Only a visible simple property may be editable: a periodic one never.
    expect(screen.getByRole('checkbox', { name: 'Temperature profile editable' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Asset label in the form' }), 'Reactor');
    await user.click(screen.getByRole('button', { name: 'Create form' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lab results' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        Name: 'Lab results',
        Description: '',
        Type: 'Events',
        DefaultTimeRange: '24h',
        MaxTimeRange: '7d',
        AutoRefreshInterval: '30s',
        MaxEditAge: '24h',
        MaxElevatedEditAge: '24h',
        Config: {
          EventConfigurations: [
            {
              EventConfigurationUUID: CONFIG_UUID,
              AssetDisplayName: 'Reactor',
              Properties: [
                { EventTypePropertyUUID: DENSITY_UUID, Visible: true, Editable: true },
                { EventTypePropertyUUID: PROFILE_UUID, Visible: true, Editable: false },
              ],
            },
          ],
        },
      },
    ]);
  });

  it('creating an Asset Properties form sends its named groups of bound properties', async () => {
    const sent: ManualEntryForm[] = [];
    acceptCreate(sent);
    const { user } = renderPage(paths.manualEntryForm);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Rounds');
    await user.click(screen.getByRole('radio', { name: /Asset properties/ }));
    await user.click(screen.getByRole('tab', { name: 'Fields' }));
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'Tanks');
    await user.click(screen.getByRole('combobox', { name: 'Add an asset property to Tanks' }));
    // Only properties bound to a measurement can be picked.
    expect(await screen.findByRole('option', { name: /Temperature/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Level/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Temperature/ }));
    expect(screen.getByRole('list', { name: 'Properties of Tanks' })).toHaveTextContent('Plant/Tank 1 › Temperature');
    await user.click(screen.getByRole('button', { name: 'Create form' }));
    await screen.findByRole('heading', { level: 1, name: 'Lab results' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ Name: 'Rounds', Type: 'Asset Properties', Config: { Groups: [{ Name: 'Tanks', AssetPropertyUUIDs: [TEMPERATURE_UUID] }] } });
    expect(sent[0].Config.EventConfigurations).toBeUndefined();
  });

  it('a MaxElevatedEditAge below MaxEditAge is refused in the page, on its field', async () => {
    server.use(http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())));
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}`);
    const elevated = await screen.findByRole('textbox', { name: /Maximum edit age \(elevated users\)/ });
    await user.clear(elevated);
    await user.type(elevated, '12h');
    expect(screen.getByText(/12h = 12 hours/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(elevated).toHaveAccessibleDescription(/Must be at least the maximum edit age of default users/);
  });

  it('a duration not in the w d h m s format is refused in the page', async () => {
    server.use(http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())));
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}`);
    const refresh = await screen.findByRole('textbox', { name: /Auto refresh/ });
    await user.clear(refresh);
    await user.type(refresh, '2 minutes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(refresh).toHaveAccessibleDescription(/Write a duration such as 24h/);
    await user.clear(refresh);
    await user.type(refresh, '2s');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(refresh).toHaveAccessibleDescription(/0s \(never\) or at least 5s/);
  });

  it('the server 409 on Name lands on the Name field', async () => {
    server.use(
      http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())),
      http.put(`/api/manual-entry-forms/${FORM_UUID}`, () => problem(409, { errors: { Name: ['is already in use'] } })),
    );
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}`);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/in use/i, { selector: '.field-error' });
    expect(name).toHaveAccessibleDescription(/in use/i);
  });

  it('the server 400 on a configuration lands on that configuration, on the Fields tab', async () => {
    server.use(
      http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())),
      http.put(`/api/manual-entry-forms/${FORM_UUID}`, () => problem(400, { errors: { 'Config.EventConfigurations[0].Properties[0].Editable': ['only a visible simple property may be editable'] } })),
    );
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}`);
    await user.type(await screen.findByRole('textbox', { name: /^Description/ }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('tab', { name: /Fields/, selected: true })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Plant/Reactor 1 · Batch' });
    expect(within(card).getByRole('alert')).toHaveTextContent('only a visible simple property may be editable');
  });

  it('the server 403 for an author lacking the events privileges is said in words', async () => {
    server.use(
      http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())),
      http.put(`/api/manual-entry-forms/${FORM_UUID}`, () => problem(403, { code: 'manual_entry.errors.events_not_permitted', detail: 'no MANAGE_EVENTS' })),
    );
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}`);
    await user.type(await screen.findByRole('textbox', { name: /^Description/ }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Saving an Events form needs the privileges/);
  });

  it('a configuration that no longer exists is shown as such and can be removed', async () => {
    const missing = aForm({ Config: { EventConfigurations: [{ EventConfigurationUUID: CONFIG_UUID, Missing: true, Properties: [] }] } });
    server.use(http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(missing)));
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}&tab=fields`);
    expect(await screen.findByRole('heading', { name: 'Event configuration no longer exists' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Remove / }));
    expect(screen.queryByRole('heading', { name: 'Event configuration no longer exists' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('the access tab sends PUT with the levels changed, system groups fixed', async () => {
    const groups: ManualEntryFormAccessRead[] = [
      { UserGroupUUID: ADMINS_UUID, UserGroupName: 'Administrators', IsSystem: true, AccessLevel: 'elevated' },
      { UserGroupUUID: OPERATORS_UUID, UserGroupName: 'Operators', AccessLevel: 'disabled' },
    ];
    const sent: ManualEntryFormAccess[][] = [];
    server.use(
      http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())),
      http.get(`/api/manual-entry-forms/${FORM_UUID}/access`, () => HttpResponse.json(groups)),
      http.put(`/api/manual-entry-forms/${FORM_UUID}/access`, async ({ request }) => {
        sent.push((await request.json()) as ManualEntryFormAccess[]);
        return HttpResponse.json(groups);
      }),
    );
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}&tab=access`);
    const admins = await screen.findByRole('radiogroup', { name: 'Level of Administrators' });
    expect(within(admins).getByRole('radio', { name: 'Elevated' })).toBeChecked();
    expect(within(admins).getByRole('radio', { name: 'Default' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save access' })).toBeDisabled();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Level of Operators' })).getByRole('radio', { name: 'Default' }));
    await user.click(screen.getByRole('button', { name: 'Save access' }));
    await screen.findByRole('button', { name: 'Save access' });
    expect(sent).toEqual([[{ UserGroupUUID: OPERATORS_UUID, AccessLevel: 'default' }]]);
  });

  it('the access tab shows the refusal to grant beyond one own level in words', async () => {
    server.use(
      http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())),
      http.get(`/api/manual-entry-forms/${FORM_UUID}/access`, () => HttpResponse.json([{ UserGroupUUID: OPERATORS_UUID, UserGroupName: 'Operators', AccessLevel: 'default' }])),
      http.put(`/api/manual-entry-forms/${FORM_UUID}/access`, () => problem(403, { code: 'access.errors.grant_beyond_own', detail: 'You cannot grant form levels you do not hold: MANUAL_ENTRY_FORM_ELEVATED' })),
    );
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}&tab=access`);
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Level of Operators' })).getByRole('radio', { name: 'Elevated' }));
    await user.click(screen.getByRole('button', { name: 'Save access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/You can only give or take away levels you hold on this form yourself/);
  });

  it('an access refusal naming an item of the list sent lands on that group', async () => {
    server.use(
      http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())),
      http.get(`/api/manual-entry-forms/${FORM_UUID}/access`, () =>
        HttpResponse.json([
          { UserGroupUUID: ADMINS_UUID, UserGroupName: 'Administrators', IsSystem: true, AccessLevel: 'elevated' },
          { UserGroupUUID: OPERATORS_UUID, UserGroupName: 'Operators', AccessLevel: 'disabled' },
        ]),
      ),
      http.put(`/api/manual-entry-forms/${FORM_UUID}/access`, () => problem(400, { errors: { '[0].UserGroupUUID': ['is not a user group of this organization'] } })),
    );
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}&tab=access`);
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Level of Operators' })).getByRole('radio', { name: 'Elevated' }));
    await user.click(screen.getByRole('button', { name: 'Save access' }));
    const operators = await screen.findByRole('row', { name: /Operators/ });
    expect(await within(operators).findByText('is not a user group of this organization')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Administrators/ })).queryByText('is not a user group of this organization')).not.toBeInTheDocument();
  });

  it('without MANAGE_MANUAL_ENTRY_FORMS the configuration is read only', async () => {
    server.use(http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm({ Access: { Level: 'default', CanManage: false } }))));
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}`, ['READ_MANUAL_ENTRY_FORMS']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lab results' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Fields' }));
    expect(await screen.findByRole('checkbox', { name: 'Density editable' })).toBeDisabled();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('delete asks first and says the values typed stay', async () => {
    let deleted = false;
    server.use(
      http.get(`/api/manual-entry-forms/${FORM_UUID}`, () => HttpResponse.json(aForm())),
      http.delete(`/api/manual-entry-forms/${FORM_UUID}`, () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage(`${paths.manualEntryForm}?id=${FORM_UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Lab results?' });
    expect(dialog).toHaveTextContent('The values typed through it stay where they are');
    expect(deleted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
  });
});
