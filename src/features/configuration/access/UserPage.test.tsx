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
    expect(password).toHaveAccessibleDescription(/^A local user needs a password\./);
    expect(posts()).toBe(0);
  });

  it('a password shorter than the contract’s 8 characters is refused when the field is left, translated, and not sent', async () => {
    const { user, posts } = renderCreate();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'olga');
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'short');
    await user.tab();
    expect(password).toHaveAccessibleDescription(/^Must be at least 8 characters\./);
    await user.type(screen.getByLabelText(/^Confirm the password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(password).toHaveFocus();
    expect(posts()).toBe(0);
  });

  it('a name longer than the contract’s 200 characters is refused next to the name and nothing is sent', async () => {
    const { user, posts } = renderCreate();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.click(name);
    await user.paste('n'.repeat(201));
    await user.type(screen.getByLabelText(/^Password/), 'long enough');
    await user.type(screen.getByLabelText(/^Confirm the password/), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription(/^Must be at most 200 characters\./);
    expect(name).toHaveFocus();
    expect(posts()).toBe(0);
  });

  it('an empty required name says so when the field is left, and the form says what the mark means', async () => {
    const { user } = renderCreate();
    expect(screen.getByText('Required field')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.click(name);
    await user.tab();
    expect(name).toHaveAccessibleDescription(/^This field is required\./);
    await user.type(name, 'olga');
    expect(name).not.toHaveAccessibleDescription(/required/);
  });

  it('shows a raw validator sentence of the server on its field, translated', async () => {
    const { user } = renderCreate();
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json(
          { title: 'Bad Request', status: 400, errors: { Name: ['must match pattern "^[a-z]+$"'], Password: ['must NOT have more than 20 characters'] } },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Olga');
    await user.type(screen.getByLabelText(/^Password/), 'long enough');
    await user.type(screen.getByLabelText(/^Confirm the password/), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Does not have the expected form.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(/^Must be at most 20 characters\./);
    expect(screen.queryByText(/must match pattern|must NOT have/)).not.toBeInTheDocument();
  });

  it('offers each language by its name, not by its code', async () => {
    renderCreate();
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(language).toHaveDisplayValue('English');
    expect(screen.getByRole('option', { name: 'Deutsch' })).toHaveValue('de');
    expect(screen.queryByRole('option', { name: 'de' })).not.toBeInTheDocument();
  });
});
