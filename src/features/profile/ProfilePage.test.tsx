import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Token } from '../../api/generated/historian.gen';
import { anAuthOption, aCurrentUser, aSession, ORG_A_UUID } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import type { SessionState } from '../../state/session';
import deGeneral from '../../../locales/de/general.json';
import { ToastViewport } from '../../components/Toasts/ToastViewport';
import { ProfilePage } from './ProfilePage';

const problem = (status: number, detail: string) =>
  HttpResponse.json({ title: 'Problem', status, detail }, { status, headers: { 'content-type': 'application/problem+json' } });

function renderProfile(session: Partial<SessionState> = {}) {
  return renderWithProviders(<ProfilePage />, {
    route: '/profile',
    preloadedState: {
      session: aSession(session),
      organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: null, hasManualEntryForms: false },
    },
  });
}

function tokenApi(initial: Token[] = []) {
  let tokens = [...initial];
  return [
    http.get('/api/current-user/tokens', () => HttpResponse.json(tokens)),
    http.post('/api/current-user/tokens', async ({ request }) => {
      const body: unknown = await request.json();
      const name = typeof body === 'object' && body !== null ? String(Reflect.get(body, 'Name')) : '';
      const token = { UUID: '88888888-8888-4888-8888-888888888888', Name: name, CreatedAt: '2026-01-02T03:04:05Z', LastUsedAt: null };
      tokens = [...tokens, token];
      return HttpResponse.json({ ...token, Token: 'historian_pat_secret-value' }, { status: 201 });
    }),
    http.delete('/api/current-user/tokens/:id', ({ params }) => {
      tokens = tokens.filter((token) => token.UUID !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test';
  window.location.hash = '#/profile';
  server.use(
    noTranslationOverrides(),
    http.get('/api/current-user', () => HttpResponse.json(aCurrentUser())),
    http.get('/api/auth/list', () => HttpResponse.json([anAuthOption(), anAuthOption({ UUID: '00000000-0000-4000-8000-000000000009', ProviderName: 'corp', ProviderType: 'oidc' })])),
    ...tokenApi(),
  );
});

afterEach(() => jest.restoreAllMocks());

describe('profile: name, language, password, API tokens', () => {
  it('the theme applies at once, is remembered on this device, and follows the system again when asked', async () => {
    localStorage.removeItem('historian.theme');
    delete document.documentElement.dataset.theme;
    const { user } = renderProfile();
    const choices = within(await screen.findByRole('group', { name: 'Theme' }));
    expect(choices.getByRole('radio', { name: 'Follow the system' })).toBeChecked();

    await user.click(choices.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('historian.theme') ?? 'null')).toBe('dark');
    expect(choices.getByRole('radio', { name: 'Dark' })).toBeChecked();

    await user.click(choices.getByRole('radio', { name: 'Follow the system' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem('historian.theme')).toBeNull();
  });

  it("shows the user's name", async () => {
    renderProfile();
    expect(await screen.findByText('operator')).toBeInTheDocument();
  });

  it('switching the language applies at once and saves Attributes.Locale', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/current-user', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(aCurrentUser({ Attributes: { Locale: 'nl' } }));
      }),
    );
    const { user, store, i18n } = renderProfile();
    await screen.findByText('operator');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Nederlands');
    expect(store.getState().session.userLocale).toBe('nl');
    await waitFor(() => expect(i18n.language).toBe('nl'));
    await waitFor(() => expect(bodies).toEqual([{ Name: 'operator', Attributes: { Locale: 'nl' } }]));
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'success' })]));
  });

  it('the toast confirming a language switch speaks the new language', async () => {
    server.use(http.put('/api/current-user', () => HttpResponse.json(aCurrentUser({ Attributes: { Locale: 'de' } }))));
    const { user, i18n } = renderWithProviders(
      <>
        <ProfilePage />
        <ToastViewport />
      </>,
      { route: '/profile', preloadedState: { session: aSession(), organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: null, hasManualEntryForms: false } } },
    );
    i18n.addResourceBundle('de', 'general', deGeneral);
    await screen.findByText('operator');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    const notifications = await screen.findByRole('region', { name: 'Benachrichtigungen' });
    expect(await within(notifications).findByText('Ihr Profil wurde gespeichert.')).toBeInTheDocument();
    expect(within(notifications).queryByText(/^Your profile/)).not.toBeInTheDocument();
  });

  it('a refused language change puts the previous language back and shows an error toast', async () => {
    server.use(http.put('/api/current-user', () => problem(500, 'Internal Server Error')));
    const { user, store } = renderProfile();
    await screen.findByText('operator');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'danger', messageKey: 'profile.errors.update' })]));
    expect(store.getState().session.userLocale).toBe('en');
  });

  it('experimental features are saved and bring the QA recorder toggle', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/current-user', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(aCurrentUser({ Attributes: { ExperimentalFeatures: true } }));
      }),
    );
    const { user, store } = renderProfile();
    expect(screen.queryByRole('checkbox', { name: /Record my actions/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Experimental features' }));
    expect(store.getState().session.experimentalFeatures).toBe(true);
    expect(screen.getByRole('checkbox', { name: /Record my actions/ })).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ Name: 'operator', Attributes: { ExperimentalFeatures: true } }]));
  });

  it('local users change their password here', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.patch('/api/current-user/password', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, store } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(section).getByLabelText(/^New password/), 'a-new-secret');
    await user.type(within(section).getByLabelText(/^Confirm the new password/), 'a-new-secret');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(bodies).toEqual([{ Password: 'a-new-secret' }]));
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'success', messageKey: 'users.change_password.changed' })]));
    expect(within(section).getByLabelText(/^New password/)).toHaveValue('');
  });

  it('users of an external provider have no password to change here', async () => {
    renderProfile({ userProvider: 'corp', loginType: 'external' });
    await screen.findByRole('region', { name: 'API tokens' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Change password' })).not.toBeInTheDocument());
  });
});

describe('API tokens', () => {
  it('creates a token and shows its value once, with a copy button', async () => {
    const { user, store } = renderProfile();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'nightly export');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText('historian_pat_secret-value')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('historian_pat_secret-value');
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ message: 'The token is copied to the clipboard.' })]));

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'nightly export' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('historian_pat_secret-value')).not.toBeInTheDocument();
  });

  it('a failed copy says so', async () => {
    const { user, store } = renderProfile();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.type(await screen.findByRole('textbox', { name: 'Token name' }), 'ci');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'danger', message: 'The token could not be copied.' })]));
  });

  it('deletes a token after confirmation', async () => {
    server.use(...tokenApi([{ UUID: '99999999-9999-4999-8999-999999999999', Name: 'old script', CreatedAt: '2026-01-01T00:00:00Z', LastUsedAt: null }]));
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Delete token old script' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete token' });
    expect(dialog).toHaveTextContent('Delete the token old script?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
