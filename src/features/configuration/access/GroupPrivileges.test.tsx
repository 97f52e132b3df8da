import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ALL_PRIVILEGE_NAMES } from '../../../../domain/privilegeNames';
import type { GroupPrivilegeSet } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { GroupPrivileges } from './GroupPrivileges';

// The group privilege matrix: presets fill a draft, Save sends exactly the chosen set in one call,
// and nobody is offered a privilege they do not hold (README "Least privilege").

const GROUP_UUID = '88888888-8888-4888-8888-888888888888';
const uuidOf = (name: string) => `00000000-0000-4000-8000-${String(ALL_PRIVILEGE_NAMES.indexOf(name)).padStart(12, '0')}`;
const nameOf = (uuid: string) => ALL_PRIVILEGE_NAMES.find((name) => uuidOf(name) === uuid);
const CATALOGUE = ALL_PRIVILEGE_NAMES.map((name) => ({ UUID: uuidOf(name), Name: name, IsSystem: true }));

/** What the signed-in group administrator holds in organization A. */
const CALLER = [
  'READ_USER_GROUPS',
  'MANAGE_USER_GROUPS',
  'MANAGE_PRIVILEGES',
  'READ_COLLECTORS',
  'MANAGE_COLLECTORS',
  'READ_MEASUREMENTS',
  'MANAGE_MEASUREMENT_DATA',
  'READ_EVENTS',
  'MANAGE_EVENTS',
  'READ_ASSETS',
  'READ_ORGANIZATIONS',
];

interface Setup {
  groupHolds?: string[];
  organization?: string;
  answer?: (body: GroupPrivilegeSet) => Response;
}

function renderMatrix({ groupHolds = [], organization = ORG_A_UUID, answer }: Setup = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const sent: string[][] = [];
  const reasons: Array<string | null> = [];
  let held = groupHolds;
  const groupPrivileges = () => held.map((name) => ({ UUID: `gp-${name}`, GroupUUID: GROUP_UUID, PrivilegeUUID: uuidOf(name), PrivilegeName: name }));
  server.use(
    noTranslationOverrides(),
    http.get('/api/privileges', () => HttpResponse.json(CATALOGUE)),
    http.get('/api/user-groups/:id/privileges', () => HttpResponse.json(groupPrivileges())),
    http.put('/api/user-groups/:id/privileges', async ({ request }) => {
      const body = (await request.json()) as GroupPrivilegeSet;
      sent.push(body.PrivilegeUUIDs.map((uuid) => nameOf(uuid) ?? uuid).sort());
      reasons.push(request.headers.get('x-audit-reason'));
      if (answer) return answer(body);
      held = body.PrivilegeUUIDs.flatMap((uuid) => nameOf(uuid) ?? []);
      return HttpResponse.json(groupPrivileges());
    }),
    // A change to group privileges reads the caller's own access again (state/ownAccess.ts).
    http.get('/api/current-user/privileges', () => HttpResponse.json(CALLER.map((name) => aPrivilege(name, organization)))),
    http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
    http.get('/api/current-user/organizations', () => HttpResponse.json([])),
  );
  const view = renderWithProviders(
    <>
      <GroupPrivileges groupUuid={GROUP_UUID} isSystem={false} canManage />
      <ToastViewport />
    </>,
    {
      preloadedState: {
        session: aSession({ userPrivileges: CALLER.map((name) => aPrivilege(name, organization)) }),
        organization: {
          current: organization === ROOT_ORG_UUID ? { UUID: ROOT_ORG_UUID, Name: 'Root' } : { UUID: ORG_A_UUID, Name: 'A' },
          root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true },
          hasManualEntryForms: false,
        },
      },
    },
  );
  return { ...view, sent, reasons };
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const checkedNames = () =>
  screen
    .getAllByRole('checkbox')
    .filter((input) => input instanceof HTMLInputElement && input.checked)
    .map((input) => input.getAttribute('title'))
    .sort();

const CALLER_READS_HERE = ['READ_ASSETS', 'READ_COLLECTORS', 'READ_EVENTS', 'READ_MEASUREMENTS', 'READ_USER_GROUPS'];

describe('group privilege matrix', () => {
  it('the Viewer preset fills every Read the caller may grant, and nothing is sent until Save, which sends exactly that set', async () => {
    const { user, sent } = renderMatrix({ groupHolds: ['MANAGE_COLLECTORS', 'READ_COLLECTORS'] });
    await user.click(await screen.findByRole('button', { name: 'Viewer' }));
    expect(checkedNames()).toEqual(CALLER_READS_HERE);
    expect(box('Collectors: manage')).not.toBeChecked();
    expect(screen.getByText('Unsaved changes: nothing is stored until you save.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save privileges' }));
    expect(await screen.findByText('The group’s privileges are saved.')).toBeInTheDocument();
    expect(sent).toEqual([CALLER_READS_HERE]);
    expect(screen.getByRole('button', { name: 'Save privileges' })).toBeDisabled();
    expect(checkedNames()).toEqual(CALLER_READS_HERE);
  });

  it('a reason typed with the change goes to the audit log with it (x-audit-reason, percent-encoded), and is gone once saved', async () => {
    const { user, reasons } = renderMatrix();
    expect(screen.queryByLabelText('Reason for the change (optional)')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Viewer' }));
    await user.type(screen.getByLabelText('Reason for the change (optional)'), 'Audit #7: operators für Linie 2');
    await user.click(screen.getByRole('button', { name: 'Save privileges' }));
    expect(await screen.findByText('The group’s privileges are saved.')).toBeInTheDocument();
    expect(reasons).toEqual([encodeURIComponent('Audit #7: operators für Linie 2')]);
    expect(screen.queryByLabelText('Reason for the change (optional)')).not.toBeInTheDocument();
  });

  it('a change saved without a reason sends no reason header', async () => {
    const { user, reasons } = renderMatrix();
    await user.click(await screen.findByRole('button', { name: 'Viewer' }));
    await user.click(screen.getByRole('button', { name: 'Save privileges' }));
    await waitFor(() => expect(reasons).toHaveLength(1));
    expect(reasons[0]).toBeNull();
  });

  it('the Operator preset adds the managing of measurement data and events, not of configuration', async () => {
    const { user, sent } = renderMatrix();
    await user.click(await screen.findByRole('button', { name: 'Operator' }));
    await user.click(screen.getByRole('button', { name: 'Save privileges' }));
    await screen.findByText('The group’s privileges are saved.');
    expect(sent).toEqual([[...CALLER_READS_HERE, 'MANAGE_EVENTS', 'MANAGE_MEASUREMENT_DATA'].sort()]);
  });

  it('the Administrator preset gives everything the caller may grant here, and no more', async () => {
    const { user, sent } = renderMatrix();
    await user.click(await screen.findByRole('button', { name: 'Administrator' }));
    await user.click(screen.getByRole('button', { name: 'Save privileges' }));
    await screen.findByText('The group’s privileges are saved.');
    // READ_ORGANIZATIONS is root-only: not offered for a group of organization A.
    expect(sent).toEqual([CALLER.filter((name) => name !== 'READ_ORGANIZATIONS').sort()]);
  });

  it('a privilege the caller does not hold is disabled with the reason, and kept as the group has it', async () => {
    const { user, sent } = renderMatrix({ groupHolds: ['READ_SETTINGS'] });
    const manageAssets = await screen.findByRole('checkbox', { name: 'Assets: manage' });
    expect(manageAssets).toBeDisabled();
    expect(manageAssets).toHaveAccessibleDescription('Assets: manage: you do not hold it, so you cannot grant or withdraw it.');
    expect(box('Settings: read')).toBeChecked();
    expect(box('Settings: read')).toBeDisabled();
    // Without Read of users the caller cannot give Manage either: it needs a Read they cannot grant.
    expect(box('Users: manage')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Viewer' }));
    await user.click(screen.getByRole('button', { name: 'Save privileges' }));
    await screen.findByText('The group’s privileges are saved.');
    expect(sent).toEqual([[...CALLER_READS_HERE, 'READ_SETTINGS'].sort()]);
  });

  it('ticking Manage ticks the Read it needs; unticking Read unticks Manage', async () => {
    const { user } = renderMatrix();
    await user.click(await screen.findByRole('checkbox', { name: 'Collectors: manage' }));
    expect(box('Collectors: read')).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Measurement data: manage' }));
    expect(box('Measurements: read')).toBeChecked();
    await user.click(box('Collectors: read'));
    expect(box('Collectors: manage')).not.toBeChecked();
    await user.click(box('Measurements: read'));
    expect(box('Measurement data: manage')).not.toBeChecked();
  });

  it('shows the root-only privileges only for a group of the root organization', async () => {
    const first = renderMatrix();
    await screen.findByRole('checkbox', { name: 'Collectors: read' });
    expect(screen.queryByText('Root organization only')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Organizations: read' })).not.toBeInTheDocument();
    first.unmount();

    renderMatrix({ organization: ROOT_ORG_UUID });
    const table = await screen.findByRole('table', { name: 'Privileges' });
    expect(within(table).getByText('Root organization only')).toBeInTheDocument();
    expect(box('Organizations: read')).toBeEnabled();
    expect(box('Organizations: manage')).toBeDisabled();
    expect(box('Logs: read')).toBeDisabled();
  });

  it('a refused save shows the server’s reason under the matrix and keeps the draft', async () => {
    const { user, sent } = renderMatrix({
      answer: () =>
        HttpResponse.json(
          { title: 'Forbidden', status: 403, code: 'access.errors.grant_beyond_own', errors: { PrivilegeUUIDs: ['grants privileges you do not hold: READ_EVENTS'] } },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Events: read' }));
    await user.click(screen.getByRole('button', { name: 'Save privileges' }));
    const section = screen.getByRole('region', { name: 'Privileges' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('grants privileges you do not hold: READ_EVENTS');
    expect(await screen.findByText('The group’s privileges could not be saved.')).toBeInTheDocument();
    expect(sent).toEqual([['READ_EVENTS']]);
    expect(box('Events: read')).toBeChecked();
  });

  it('Discard goes back to what the group holds', async () => {
    const { user } = renderMatrix({ groupHolds: ['READ_COLLECTORS'] });
    await user.click(await screen.findByRole('button', { name: 'Administrator' }));
    expect(box('Events: manage')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(checkedNames()).toEqual(['READ_COLLECTORS']);
  });
});
