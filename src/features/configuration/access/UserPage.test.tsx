import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, anAuthOption, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { UserPage } from './UserPage';

// /configuration/user without an id creates a user; a local user signs in with a password only.

const USER_ADMIN = ['READ_USERS', 'MANAGE_USERS'].map((name) => aPrivilege(name, ORG_A_UUID));

function renderCreate() {
  document.cookie = 'XSRF-TOKEN=test';
  let posts = 0;
  server.use(
    noTranslationOverrides(),
    http.get('/api/auth/list', () => HttpResponse.json([anAuthOption()])),
    http.post('/api/users', () => {
      posts += 1;
      return HttpResponse.json({ title: 'Bad Request', status: 400 }, { status: 400, headers: { 'content-type': 'application/problem+json' } });
    }),
  );
  const rendered = renderWithProviders(
    <>
      <UserPage />
      <ToastViewport />
    </>,
    {
      preloadedState: {
        session: aSession({ userPrivileges: USER_ADMIN }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, posts: () => posts };
}

describe('user page', () => {
  it('requires a password for a new local user, with the message next to the field, and sends nothing', async () => {
    const { user, posts } = renderCreate();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'olga');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(password).toHaveAccessibleDescription('A local user needs a password.');
    expect(posts()).toBe(0);
  });

  it('offers each language by its name, not by its code', async () => {
    renderCreate();
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(language).toHaveDisplayValue('English');
    expect(screen.getByRole('option', { name: 'Deutsch' })).toHaveValue('de');
    expect(screen.queryByRole('option', { name: 'de' })).not.toBeInTheDocument();
  });
});
