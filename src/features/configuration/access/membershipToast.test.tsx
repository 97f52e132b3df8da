import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { User } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { GroupMembers } from './GroupMembers';
import { UserGroupsSection } from './UserGroupsSection';

// Adding a member, from the group's side or the user's, says that the member was added.

const GROUP_UUID = '66666666-6666-4666-8666-666666666666';
const olga: User = { UUID: '77777777-7777-4777-8777-777777777777', Name: 'olga' };
const ADMIN = ['READ_USERS', 'MANAGE_USERS', 'READ_USER_GROUPS', 'MANAGE_USER_GROUPS'].map((name) => aPrivilege(name, ORG_A_UUID));

function renderWithMemberships(ui: React.ReactElement) {
  document.cookie = 'XSRF-TOKEN=test';
  let added = 0;
  server.use(
    noTranslationOverrides(),
    http.get('/api/user-group-users', () => HttpResponse.json([])),
    http.get('/api/users', () => HttpResponse.json([olga])),
    http.get('/api/user-groups', () => HttpResponse.json([{ UUID: GROUP_UUID, Name: 'Operators', IsSystem: false }])),
    http.post('/api/user-group-users', () => {
      added += 1;
      return HttpResponse.json({ UUID: '88888888-8888-4888-8888-888888888888', UserGroupUUID: GROUP_UUID, UserUUID: olga.UUID }, { status: 201 });
    }),
    // The signed-in user's own access is read again after a membership change.
    http.get('/api/current-user/privileges', () => HttpResponse.json([])),
    http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
    http.get('/api/current-user/organizations', () => HttpResponse.json([])),
  );
  const rendered = renderWithProviders(
    <>
      {ui}
      <ToastViewport />
    </>,
    {
      preloadedState: {
        session: aSession({ userPrivileges: ADMIN }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, added: () => added };
}

describe('membership toasts', () => {
  it('adding a member from the group says the member was added', async () => {
    const { user, added } = renderWithMemberships(<GroupMembers groupUuid={GROUP_UUID} canManage />);
    await user.selectOptions(screen.getByLabelText('User'), await screen.findByRole('option', { name: 'olga' }));
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('The member is added to the group.')).toBeInTheDocument();
    expect(screen.queryByText('The user is saved.')).not.toBeInTheDocument();
    expect(added()).toBe(1);
  });

  it('adding the user to a group from the user page says the member was added', async () => {
    const { user, added } = renderWithMemberships(<UserGroupsSection user={olga} canManage />);
    await user.selectOptions(await screen.findByLabelText('Add to group'), await screen.findByRole('option', { name: 'Operators' }));
    await user.click(screen.getByRole('button', { name: 'Add to group' }));
    expect(await screen.findByText('The member is added to the group.')).toBeInTheDocument();
    expect(screen.queryByText('The user is saved.')).not.toBeInTheDocument();
    expect(added()).toBe(1);
  });
});
