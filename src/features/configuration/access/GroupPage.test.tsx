import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserGroup } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { configurationPath } from '../../../lib/paths';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { GroupPage } from './GroupPage';

// ARCHITECTURE "Configuration routes": /configuration/group?id=… edits a group, and without an id
// the same page creates one.

const GROUP_ADMIN = ['READ_USER_GROUPS', 'MANAGE_USER_GROUPS'].map((name) => aPrivilege(name, ORG_A_UUID));
const NEW_GROUP_UUID = '88888888-8888-4888-8888-888888888888';

function renderAt(route: string) {
  document.cookie = 'XSRF-TOKEN=test';
  return renderWithProviders(
    <>
      <GroupPage />
      <ToastViewport />
    </>,
    {
      route,
      routePath: configurationPath('group'),
      preloadedState: {
        session: aSession({ userPrivileges: GROUP_ADMIN }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
}

describe('group page', () => {
  it('a group that cannot be read says it could not be loaded, not saved', async () => {
    server.use(
      noTranslationOverrides(),
      http.get('/api/user-groups/:id', () => HttpResponse.json({ title: 'Not Found', status: 404, detail: 'No such group' }, { status: 404, headers: { 'content-type': 'application/problem+json' } })),
    );
    renderAt(`${configurationPath('group')}?id=${NEW_GROUP_UUID}`);
    expect(await screen.findByText('The group could not be loaded.')).toHaveAttribute('role', 'alert');
  });

  it('without an id is the create-group form, empty, not an error', async () => {
    const sent: UserGroup[] = [];
    server.use(
      noTranslationOverrides(),
      http.post('/api/user-groups', async ({ request }) => {
        const body = (await request.json()) as UserGroup;
        sent.push(body);
        return HttpResponse.json({ ...body, UUID: NEW_GROUP_UUID, IsSystem: false }, { status: 201 });
      }),
      http.get('/api/user-groups/:id', ({ params }) =>
        params.id === NEW_GROUP_UUID ? HttpResponse.json({ UUID: NEW_GROUP_UUID, Name: 'Engineers', IsSystem: false }) : new HttpResponse(null, { status: 404 }),
      ),
      // The new group's members, privileges and mappings, once the page shows it: none yet.
      http.get('/api/*', () => HttpResponse.json([])),
    );
    const { user } = renderAt(configurationPath('group'));
    expect(screen.getByRole('heading', { level: 1, name: 'Create group' })).toBeInTheDocument();
    expect(screen.queryByText('The group could not be saved.')).not.toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('');
    await user.type(name, 'Engineers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Engineers' })).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ Name: 'Engineers' })]);
    expect(screen.getByText('The group is saved.')).toBeInTheDocument();
  });

  it('without an id refuses an empty name next to the field', async () => {
    server.use(noTranslationOverrides());
    const { user } = renderAt(configurationPath('group'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/required/i);
  });
});
