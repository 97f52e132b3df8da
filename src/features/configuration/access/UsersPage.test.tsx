import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserRead } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { UsersPage } from './UsersPage';

// The users list: searched and paged on the server (Keyword, Limit, Page, x-total-count), its
// count, its empty state and its row actions.

const READER = [aPrivilege('READ_USERS')];
const MANAGER = ['READ_USERS', 'MANAGE_USERS'].map((name) => aPrivilege(name));

let counter = 0;
const aUser = (Name: string): UserRead => {
  counter += 1;
  return { UUID: `99999999-9999-4999-8999-${String(counter).padStart(12, '0')}`, Name, ProviderName: 'Local', UserType: 'user', CreatedAt: '2026-05-01T10:00:00.000Z', Organizations: [] };
};

/** The users call as the server answers it; every query it was asked with. */
function usersServer(users: UserRead[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json(null)),
    http.get('/api/users', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const keyword = (params.get('Keyword') ?? '').toLowerCase();
      const limit = Number(params.get('Limit') ?? 100);
      const page = Number(params.get('Page') ?? 1);
      const matching = users.filter((user) => user.Name.toLowerCase().includes(keyword));
      return HttpResponse.json(matching.slice((page - 1) * limit, page * limit), { headers: { 'x-total-count': String(matching.length) } });
    }),
    http.delete('/api/users/:id', () => new HttpResponse(null, { status: 204 })),
  );
  return queries;
}

function render(privileges = MANAGER) {
  document.cookie = 'XSRF-TOKEN=test';
  return renderWithProviders(
    <>
      <UsersPage />
      <ToastViewport />
    </>,
    {
      preloadedState: {
        session: aSession({ userPrivileges: privileges }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
}

const grid = () => screen.findByRole('grid', { name: 'Users' });
const names = async () => within(await grid()).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell')[0].textContent);

describe('users list', () => {
  it('follows the page template: title, description and the create action', async () => {
    usersServer([aUser('anna')]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText(/sign in to this organization/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create user' })).toBeInTheDocument();
    expect(await screen.findByText('1 user')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and counts the matches', async () => {
    const queries = usersServer([aUser('anna'), aUser('annika'), aUser('bert')]);
    const { user } = render();
    expect(await screen.findByText('3 users')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ann');
    expect(await screen.findByText('2 users')).toBeInTheDocument();
    expect(await names()).toEqual(['anna', 'annika']);
    // Debounced: one call for the word, not one per keystroke.
    expect(queries.map((params) => params.get('Keyword'))).toEqual([null, 'ann']);
  });

  it('sends the page and its size, and shows where the page lies in the total', async () => {
    const queries = usersServer(Array.from({ length: 120 }, (_, index) => aUser(`user ${String(index).padStart(3, '0')}`)));
    const { user } = render();
    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(await screen.findByText('1–100 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('101–120 of 120')).toBeInTheDocument();
    const last = queries.at(-1);
    expect([last?.get('Limit'), last?.get('Page')]).toEqual(['100', '2']);
  });

  it('an empty organization tells a manager what to do next, with the link for it', async () => {
    usersServer([]);
    render();
    const table = await grid();
    expect(await within(table).findByText(/There is no user in this organization yet\. Create one/)).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Create the first user' })).toHaveAttribute('href', expect.stringContaining('/configuration/user'));
  });

  it('an empty organization shows a reader no action they may not take', async () => {
    usersServer([]);
    render(READER);
    const table = await grid();
    expect(await within(table).findByText('There is no user in this organization yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Create/ })).not.toBeInTheDocument();
  });

  it('has labelled icon buttons as row actions; delete asks first, then deletes', async () => {
    usersServer([aUser('anna')]);
    const deleted: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'DELETE') deleted.push(new URL(request.url).pathname);
    });
    const { user } = render();
    const row = await within(await grid()).findByRole('row', { name: /anna/ });
    expect(within(row).getByRole('button', { name: 'Edit user' })).toHaveAttribute('title', 'Edit user');
    await user.click(within(row).getByRole('button', { name: 'Delete user' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([expect.stringMatching(/^\/api\/users\/9{8}-/)]));
    server.events.removeAllListeners();
  });

  it('a reader may open a user but not delete one', async () => {
    usersServer([aUser('anna')]);
    render(READER);
    const row = await within(await grid()).findByRole('row', { name: /anna/ });
    expect(within(row).getByRole('button', { name: 'Edit user' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete user' })).not.toBeInTheDocument();
  });

  it('goes back to the last page when the one it shows no longer exists', async () => {
    const users = Array.from({ length: 60 }, (_, index) => aUser(`user ${String(index).padStart(2, '0')}`));
    usersServer(users);
    // Another administrator deletes twenty users while this one reads the second page.
    server.use(
      http.delete('/api/users/:id', () => {
        users.splice(0, 20);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    const row = await within(await grid()).findByRole('row', { name: /user 55/ });
    await user.click(within(row).getByRole('button', { name: 'Delete user' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1–40 of 40')).toBeInTheDocument();
    expect(await within(await grid()).findByText('user 20')).toBeInTheDocument();
  });
});
