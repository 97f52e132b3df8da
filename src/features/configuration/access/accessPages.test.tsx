import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { OrganizationWrite, UserGroupRead } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { ZERO_UUID } from '../../../../domain/constants';
import { anOrganization, aPrivilege, aSession, aUserGroup, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { aLicence, licenceInfoHandler, noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { GroupsPage } from './GroupsPage';
import { OrganizationPage } from './OrganizationPage';

// The organization form of SPEC §5 and the group list that updates locally after create and
// delete (SPEC §4 "Lists").

const ROOT_ADMIN = ['READ_ORGANIZATIONS', 'MANAGE_ORGANIZATIONS'].map((name) => aPrivilege(name, ROOT_ORG_UUID));
const GROUP_ADMIN = ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS'].map((name) => aPrivilege(name, ORG_A_UUID));

function render(ui: React.ReactElement, privileges = ROOT_ADMIN, route = '/') {
  document.cookie = 'XSRF-TOKEN=test';
  return renderWithProviders(
    <>
      {ui}
      <ToastViewport />
    </>,
    {
      route,
      preloadedState: {
        session: aSession({ userPrivileges: privileges }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
}

describe('organization form (SPEC §5)', () => {
  const free = aLicence({ UUID: '44444444-4444-4444-8444-444444444444', Name: 'Free licence', OrganizationUUID: undefined });
  const taken = aLicence({ UUID: '55555555-5555-4555-8555-555555555555', Name: 'Taken licence', OrganizationUUID: ORG_A_UUID });

  it('on create, password and confirmation must be equal: general.passwords_must_be_equal', async () => {
    server.use(noTranslationOverrides(), licenceInfoHandler({ LicenseClaims: [free, taken] }));
    const { user } = render(<OrganizationPage />);
    await user.type(await screen.findByLabelText(/^Name/), 'North');
    await user.type(screen.getByLabelText(/^PostgreSQL user/), 'north_ro');
    await user.type(screen.getByLabelText(/^PostgreSQL password/), 'one-password');
    await user.type(screen.getByLabelText(/^Confirm the PostgreSQL password/), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The passwords must be equal.')).toBeInTheDocument();
  });

  it('offers only unused licences, sends the organization, and shows configurations.errors.create_organization when refused', async () => {
    const sent: OrganizationWrite[] = [];
    server.use(
      noTranslationOverrides(),
      licenceInfoHandler({ LicenseClaims: [free, taken] }),
      http.post('/api/organizations', async ({ request }) => {
        sent.push((await request.json()) as OrganizationWrite);
        return HttpResponse.json({ title: 'Conflict', status: 409, errors: { Name: ['is already in use'] } }, { status: 409, headers: { 'content-type': 'application/problem+json' } });
      }),
    );
    const { user } = render(<OrganizationPage />);
    await screen.findByRole('option', { name: 'Free licence' });
    expect(within(screen.getByLabelText(/^Licence/)).getAllByRole('option').map((option) => option.textContent)).toEqual(['No licence', 'Free licence']);
    await user.type(screen.getByLabelText(/^Name/), 'North');
    await user.type(screen.getByLabelText(/^PostgreSQL user/), 'north_ro');
    await user.type(screen.getByLabelText(/^PostgreSQL password/), 'one-password');
    await user.type(screen.getByLabelText(/^Confirm the PostgreSQL password/), 'one-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The organization could not be created.')).toBeInTheDocument();
    expect(await screen.findByText('Already in use.')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ Name: 'North', PostgresUser: 'north_ro', PostgresPassword: 'one-password', LicenseUUID: ZERO_UUID })]);
  });

  it('on edit, PostgresUser is locked, and the root organization shows no licence or Postgres fields', async () => {
    server.use(
      noTranslationOverrides(),
      licenceInfoHandler({ LicenseClaims: [] }),
      http.get('/api/organizations/:id', ({ params }) =>
        HttpResponse.json(params.id === ROOT_ORG_UUID ? { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true, LicenseUUID: ZERO_UUID } : { UUID: ORG_A_UUID, Name: 'A', PostgresUser: 'a_ro', LicenseUUID: ZERO_UUID }),
      ),
    );
    const first = render(<OrganizationPage />, ROOT_ADMIN, `/?id=${ORG_A_UUID}`);
    expect(await screen.findByRole('group', { name: 'PostgreSQL user' })).toHaveTextContent('a_ro');
    expect(screen.queryByRole('textbox', { name: /PostgreSQL user/ })).not.toBeInTheDocument();
    first.unmount();
    render(<OrganizationPage />, ROOT_ADMIN, `/?id=${ROOT_ORG_UUID}`);
    expect(await screen.findByDisplayValue('Root')).toBeInTheDocument();
    expect(screen.queryByLabelText(/PostgreSQL/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Licence/)).not.toBeInTheDocument();
  });
});

describe('user groups list', () => {
  it('updates locally after create and delete, system groups after user groups, without loading the list again', async () => {
    let listLoads = 0;
    const groups: UserGroupRead[] = [
      aUserGroup({ UUID: '66666666-6666-4666-8666-666666666666', Name: 'Operators', IsSystem: false }),
      aUserGroup({ UUID: '77777777-7777-4777-8777-777777777777', Name: 'Administrators', IsSystem: true }),
    ];
    server.use(
      noTranslationOverrides(),
      http.get('/api/table_setting/', () => HttpResponse.json(null)),
      http.get('/api/user-groups', () => {
        listLoads += 1;
        return HttpResponse.json(groups);
      }),
      http.post('/api/user-groups', async ({ request }) => HttpResponse.json({ ...((await request.json()) as UserGroupRead), UUID: '88888888-8888-4888-8888-888888888888', IsSystem: false }, { status: 201 })),
      http.delete('/api/user-groups/:id', () => new HttpResponse(null, { status: 204 })),
      // Deleting a group reads the user's own access again (state/ownAccess): unchanged here.
      http.get('/api/current-user/privileges', () => HttpResponse.json(GROUP_ADMIN)),
      http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
      http.get('/api/current-user/organizations', () => HttpResponse.json([anOrganization({ UUID: ORG_A_UUID, Name: 'A' }), anOrganization({ UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true })])),
    );
    const { user } = render(<GroupsPage />, GROUP_ADMIN);
    const grid = await screen.findByRole('grid', { name: 'User groups' });
    await within(grid).findByText('Operators');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText(/^Name/), 'Engineers');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await within(grid).findByText('Engineers');
    const names = () => within(grid).getAllByRole('row').slice(1).map((row) => within(row).queryAllByRole('gridcell')[0]?.textContent);
    expect(names()).toEqual(['Engineers', 'Operators', 'Administrators']);
    await user.click(within(grid).getAllByRole('button', { name: 'Delete group' })[0]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(grid).queryByText('Engineers')).not.toBeInTheDocument());
    expect(listLoads).toBe(1);
  });

  it('a group created while the list is searched joins it only when it matches the search, and the count follows', async () => {
    let created = 0;
    const groups: UserGroupRead[] = [
      aUserGroup({ UUID: '66666666-6666-4666-8666-666666666666', Name: 'Operators', IsSystem: false }),
      aUserGroup({ UUID: '77777777-7777-4777-8777-777777777777', Name: 'Administrators', IsSystem: true }),
    ];
    server.use(
      noTranslationOverrides(),
      http.get('/api/table_setting/', () => HttpResponse.json(null)),
      http.get('/api/user-groups', ({ request }) => {
        const keyword = (new URL(request.url).searchParams.get('Keyword') ?? '').toLowerCase();
        const matching = groups.filter((group) => group.Name.toLowerCase().includes(keyword));
        return HttpResponse.json(matching, { headers: { 'x-total-count': String(matching.length) } });
      }),
      http.post('/api/user-groups', async ({ request }) => {
        created += 1;
        return HttpResponse.json({ ...((await request.json()) as UserGroupRead), UUID: `88888888-8888-4888-8888-00000000000${created}`, IsSystem: false }, { status: 201 });
      }),
    );
    const { user } = render(<GroupsPage />, GROUP_ADMIN);
    const grid = await screen.findByRole('grid', { name: 'User groups' });
    await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'oper');
    expect(await screen.findByText('1 group')).toBeInTheDocument();
    const createGroup = async (name: string) => {
      await user.click(screen.getByRole('button', { name: 'Create group' }));
      await user.type(within(screen.getByRole('dialog')).getByLabelText(/^Name/), name);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await createGroup('Engineers');
    expect(within(grid).queryByText('Engineers')).not.toBeInTheDocument();
    expect(screen.getByText('1 group')).toBeInTheDocument();
    await createGroup('Night operators');
    expect(await within(grid).findByText('Night operators')).toBeInTheDocument();
    expect(screen.getByText('2 groups')).toBeInTheDocument();
  });
});
