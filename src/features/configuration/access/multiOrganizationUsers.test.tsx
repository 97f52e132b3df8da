import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserGroupUserCreate, UserPrivilege, UserRead } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ORG_B_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { GroupMembers } from './GroupMembers';
import { UsersPage } from './UsersPage';

// SPEC §1: users belong to one or more organizations. An administrator gives an existing user of
// another organization access by exact user name (a root user administrator picks from every
// user), and the user list shows each user's organizations.

const GROUP_UUID = '66666666-6666-4666-8666-666666666666';
const GROUP_ADMIN = ['READ_USERS', 'READ_USER_GROUPS', 'MANAGE_USER_GROUPS'].map((name) => aPrivilege(name, ORG_A_UUID));
const ROOT_USER_ADMIN = [...GROUP_ADMIN, ...['READ_USERS', 'MANAGE_USERS'].map((name) => aPrivilege(name, ROOT_ORG_UUID))];
const OWN: UserRead = {
  UUID: '77777777-7777-4777-8777-777777777777',
  Name: 'own-operator',
  Organizations: [
    { UUID: ORG_A_UUID, Name: 'Plant A', IsRoot: false },
    { UUID: ORG_B_UUID, Name: 'North', IsRoot: false },
  ],
};
const ELSEWHERE: UserRead = { UUID: '88888888-8888-4888-8888-888888888888', Name: 'north-operator', Organizations: [{ UUID: ORG_B_UUID, Name: 'North', IsRoot: false }] };

function render(ui: React.ReactElement, privileges: UserPrivilege[]) {
  document.cookie = 'XSRF-TOKEN=test';
  const added: UserGroupUserCreate[] = [];
  const listed: string[] = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json(null)),
    http.get('/api/user-group-users', () => HttpResponse.json([])),
    http.get('/api/users', ({ request }) => {
      const all = new URL(request.url).searchParams.get('AllOrganizations') === 'true';
      listed.push(all ? 'all' : 'organization');
      return HttpResponse.json(all ? [OWN, ELSEWHERE] : [OWN]);
    }),
    http.post('/api/user-group-users', async ({ request }) => {
      const body = (await request.json()) as UserGroupUserCreate;
      added.push(body);
      return HttpResponse.json({ UUID: '99999999-9999-4999-8999-999999999999', UserGroupUUID: body.UserGroupUUID, UserUUID: ELSEWHERE.UUID }, { status: 201 });
    }),
    http.get('/api/current-user/privileges', () => HttpResponse.json(privileges)),
    http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
    http.get('/api/current-user/organizations', () => HttpResponse.json([{ UUID: ORG_A_UUID, Name: 'Plant A' }])),
  );
  const rendered = renderWithProviders(
    <>
      {ui}
      <ToastViewport />
    </>,
    {
      preloadedState: {
        session: aSession({ userPrivileges: privileges }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, added, listed };
}

describe('users in several organizations', () => {
  it('an organization administrator adds an existing user of another organization by exact user name, and is offered only the organization’s own users', async () => {
    const { user, added, listed } = render(<GroupMembers groupUuid={GROUP_UUID} canManage />, GROUP_ADMIN);
    const picker = await screen.findByRole('combobox', { name: 'User' });
    await within(picker).findByRole('option', { name: 'own-operator' });
    expect(within(picker).queryByRole('option', { name: 'north-operator' })).not.toBeInTheDocument();
    expect(listed).toEqual(['organization']);
    await user.type(screen.getByRole('textbox', { name: 'User name' }), ' north-operator ');
    await user.click(screen.getByRole('button', { name: 'Add by user name' }));
    await waitFor(() => expect(added).toEqual([{ UserGroupUUID: GROUP_UUID, UserName: 'north-operator' }]));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'User name' })).toHaveValue(''));
  });

  it('a root user administrator chooses from every user of the installation', async () => {
    const { listed } = render(<GroupMembers groupUuid={GROUP_UUID} canManage />, ROOT_USER_ADMIN);
    const picker = await screen.findByRole('combobox', { name: 'User' });
    expect(await within(picker).findByRole('option', { name: 'north-operator' })).toBeInTheDocument();
    expect(listed).toEqual(['all']);
  });

  it('the user list shows the organizations each user belongs to', async () => {
    render(<UsersPage />, GROUP_ADMIN);
    const grid = await screen.findByRole('grid', { name: 'Users' });
    expect(within(grid).getByRole('columnheader', { name: /Organizations/ })).toBeInTheDocument();
    const row = (await within(grid).findByText('own-operator')).closest('[role="row"]');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Plant A, North')).toBeInTheDocument();
  });
});
