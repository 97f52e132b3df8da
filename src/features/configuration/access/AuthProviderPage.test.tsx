import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuthenticationProviderRead, AuthenticationProviderType } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { AuthProviderPage } from './AuthProviderPage';

// The identity provider editor: a stored secret goes only to the directory or issuer it was stored
// for (ARCHITECTURE "Security model"), and the form says so next to the secret's field.

const PROVIDER_UUID = '77777777-7777-4777-8777-777777777777';
const LDAP_TYPE: AuthenticationProviderType = {
  Name: 'ldap',
  SettingsSchema: {
    type: 'object',
    properties: {
      url: { title: 'Server URL', type: 'string', order: 1 },
      bindDn: { title: 'Bind DN', type: 'string', order: 4 },
      bindPassword: { title: 'Bind password', type: 'string', secure: true, password: true, order: 5 },
      userBase: { title: 'User base', type: 'string', order: 6 },
    },
    required: ['url', 'bindDn', 'bindPassword', 'userBase'],
  },
};
const STORED: AuthenticationProviderRead = {
  UUID: PROVIDER_UUID,
  ProviderName: 'corp-ldap',
  ProviderType: 'ldap',
  Settings: { url: 'ldaps://ldap.plant.example', bindDn: 'cn=historian,dc=plant,dc=example', userBase: 'ou=people,dc=plant,dc=example' },
};
const SECURE_HELP =
  'Leave empty to keep the stored secret, as long as the server URL, TLS settings, bind DN, issuer and client ID stay the same. If you change any of them, enter the secret again.';
const REFUSAL = 'Enter it again: a stored secret is only sent to the host and user it was stored for.';

const reentry = () =>
  HttpResponse.json(
    {
      title: 'Bad Request',
      status: 400,
      detail: 'A stored secret is only used where it was stored for: enter SecureSettings.bindPassword again',
      code: 'form.errors.secret_reentry',
      errors: { 'SecureSettings.bindPassword': ['must be entered again, because url changed'] },
    },
    { status: 400, headers: { 'content-type': 'application/problem+json' } },
  );

function renderEditor() {
  document.cookie = 'XSRF-TOKEN=test';
  const sent: unknown[] = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/authentication-provider-types', () => HttpResponse.json([LDAP_TYPE])),
    http.get(`/api/authentication-providers/${PROVIDER_UUID}`, () => HttpResponse.json(STORED)),
    http.post('/api/authentication-providers/test', async ({ request }) => {
      sent.push(await request.json());
      return reentry();
    }),
  );
  const privileges = ['READ_SETTINGS', 'MANAGE_SETTINGS'].map((name) => aPrivilege(name, ROOT_ORG_UUID));
  const rendered = renderWithProviders(
    <>
      <AuthProviderPage />
      <ToastViewport />
    </>,
    {
      route: `/configuration/auth_provider?id=${PROVIDER_UUID}`,
      preloadedState: {
        session: aSession({ userPrivileges: privileges }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, sent };
}

describe('identity provider editor', () => {
  it('names the kind of provider, not its code', async () => {
    renderEditor();
    expect(await screen.findByText('LDAP')).toBeInTheDocument();
    expect(screen.queryByText('ldap')).not.toBeInTheDocument();
  });

  it('tells next to a stored secret that it must be entered again when the server, TLS or account changes', async () => {
    renderEditor();
    expect(await screen.findByLabelText('Bind password')).toHaveAccessibleDescription(SECURE_HELP);
  });

  it('shows the server’s refusal to test a stored secret against a changed URL on the secret’s field, translated', async () => {
    const { user, sent } = renderEditor();
    const url = await screen.findByRole('textbox', { name: /^Server URL/ });
    await user.clear(url);
    await user.type(url, 'ldaps://elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Test settings' }));
    await waitFor(() => expect(screen.getByLabelText('Bind password')).toHaveAccessibleDescription(expect.stringContaining(REFUSAL)));
    expect(screen.getByLabelText('Bind password')).toHaveAttribute('aria-invalid', 'true');
    // The form never had the stored secret, so it sent none: the server decides whether it may go.
    expect(sent).toEqual([expect.objectContaining({ UUID: PROVIDER_UUID, Settings: expect.objectContaining({ url: 'ldaps://elsewhere.example' }), SecureSettings: {} })]);
  });
});
