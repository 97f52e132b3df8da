import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { REDIRECT_AFTER_LOGIN_STORAGE_KEY } from '../../api/transport/sessionStorage';
import { selectVisibleMenu } from '../../state/menu';
import { anAuthOption, aCurrentUser, aPrivilege, ORG_A_UUID, ORG_B_UUID } from '../../testing/fixtures';
import { aLicence } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { authListHandler, completionHandlers, loginHandler, problem } from './authTestHandlers';
import { LoginPage } from './LoginPage';

const azure = anAuthOption({ UUID: '00000000-0000-4000-8000-000000000009', ProviderName: 'Azure', ProviderType: 'oidc', AuthPath: '/api/auth/Azure/start' });

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<h1>Home page</h1>} />
      <Route path="/collectors" element={<h1>Collectors page</h1>} />
    </Routes>,
    { route: '/login' },
  );
}

async function signIn(user: ReturnType<typeof renderLogin>['user'], name = 'operator', password = 'secret-password') {
  await user.type(await screen.findByLabelText('User name'), name);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  // The server sets the XSRF-TOKEN cookie with the session; the transport checks for it.
  document.cookie = 'XSRF-TOKEN=test';
  // The transport reads the route from the hash: on /login a 401 is an answer, not a lost session.
  window.location.hash = '#/login';
});

describe('Login page (SPEC §2)', () => {
  it('shows only the form when no external providers exist', async () => {
    server.use(authListHandler([anAuthOption()]));
    renderLogin();
    expect(await screen.findByLabelText('User name')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /login with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'basic login' })).not.toBeInTheDocument();
  });

  it('lists local and ldap providers first, local first, then by name', async () => {
    server.use(
      authListHandler([
        anAuthOption({ UUID: '00000000-0000-4000-8000-000000000003', ProviderName: 'zeta-ldap', ProviderType: 'ldap' }),
        anAuthOption({ UUID: '00000000-0000-4000-8000-000000000002', ProviderName: 'alpha-ldap', ProviderType: 'ldap' }),
        anAuthOption({ UUID: '00000000-0000-4000-8000-000000000001', ProviderName: 'local', ProviderType: 'local' }),
      ]),
    );
    renderLogin();
    const select = await screen.findByLabelText('Sign-in method');
    const names = Array.from(select.querySelectorAll('option')).map((o) => o.textContent);
    expect(names).toEqual(['local', 'alpha-ldap', 'zeta-ldap']);
    expect(select).toHaveValue('local');
  });

  it("shows external providers as 'login with {provider}' buttons and a 'basic login' switch back to the form", async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    server.use(authListHandler([anAuthOption(), azure]));
    const { user } = renderLogin();
    expect(await screen.findByLabelText('User name')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'login with Azure' }));
    expect(screen.queryByLabelText('User name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'basic login' }));
    expect(screen.getByLabelText('User name')).toBeInTheDocument();
  });

  it('shows historian.errors.no_authentication_options when no options exist', async () => {
    server.use(authListHandler([]));
    renderLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent('No sign-in methods are configured');
    expect(screen.queryByLabelText('User name')).not.toBeInTheDocument();
  });
});

describe('login completion (SPEC §4)', () => {
  it('a successful sign-in stores the session and restores the remembered route', async () => {
    const completion = completionHandlers();
    server.use(authListHandler([anAuthOption()]), loginHandler(aCurrentUser({ Name: 'operator' })), ...completion.handlers);
    localStorage.setItem(REDIRECT_AFTER_LOGIN_STORAGE_KEY, JSON.stringify('/collectors'));
    const { user, store } = renderLogin();
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Collectors page' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ userName: 'operator', userProvider: 'local', loginType: 'form' });
    expect(store.getState().session.userPrivileges).toEqual([expect.objectContaining({ Name: 'READ_COLLECTORS' })]);
    expect(store.getState().organization.current?.Name).toBe('Plant A');
  });

  it('without a remembered route the user lands on home', async () => {
    server.use(authListHandler([anAuthOption()]), loginHandler(aCurrentUser()), ...completionHandlers().handlers);
    const { user } = renderLogin();
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('loads the licence claims at sign-in, so that the menu can check licence features', async () => {
    server.use(authListHandler([anAuthOption()]), loginHandler(aCurrentUser()), ...completionHandlers().handlers);
    const { user, store } = renderLogin();
    await signIn(user);
    await screen.findByRole('heading', { name: 'Home page' });
    expect(store.getState().licence).toMatchObject({ loaded: true, claims: [expect.objectContaining({ LicensedFeatures: { Calculations: true } })] });
  });

  it('without any privilege the provider is logged out and historian.errors.missing_privileges shows', async () => {
    const completion = completionHandlers({ privileges: [], formPrivileges: [] });
    server.use(authListHandler([anAuthOption()]), loginHandler(aCurrentUser()), ...completion.handlers);
    const { user, store } = renderLogin();
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account has no privileges in any organization');
    expect(completion.calls.logouts).toEqual(['local']);
    expect(store.getState().session.userName).toBeNull();
    expect(store.getState().session.userPrivileges).toEqual([]);
  });

  it('a manual-entry-form privilege alone is enough to sign in', async () => {
    const formPrivilege = { ManualEntryFormUUID: '77777777-7777-4777-8777-777777777777', OrganizationUUID: '22222222-2222-4222-8222-222222222222', Name: 'MANUAL_ENTRY_FORM_DEFAULT' as const };
    server.use(authListHandler([anAuthOption()]), loginHandler(aCurrentUser()), ...completionHandlers({ privileges: [], formPrivileges: [formPrivilege] }).handlers);
    const { user, store } = renderLogin();
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(store.getState().session.manualEntryFormPrivileges).toEqual([formPrivilege]);
  });

  it('the manual-entry menu item appears at sign-in when the organization has forms and the ManualEntry feature and ReadManualEntryForms allow it', async () => {
    const form = (uuid: string, organization: string) => ({ ManualEntryFormUUID: uuid, OrganizationUUID: organization, Name: 'MANUAL_ENTRY_FORM_DEFAULT' as const });
    const completion = completionHandlers({
      privileges: [aPrivilege('READ_MANUAL_ENTRY_FORMS')],
      formPrivileges: [form('77777777-7777-4777-8777-777777777777', ORG_A_UUID), form('77777777-7777-4777-8777-777777777778', ORG_A_UUID)],
    });
    server.use(authListHandler([anAuthOption()]), loginHandler(aCurrentUser()), ...completion.handlers);
    server.use(http.get('/api/license/info', () => HttpResponse.json({ LicenseClaims: [aLicence({ LicensedFeatures: { ManualEntry: 1 } })] })));
    const { user, store } = renderLogin();
    await signIn(user);
    await screen.findByRole('heading', { name: 'Home page' });
    expect(store.getState().organization.hasManualEntryForms).toBe(true);
    expect(selectVisibleMenu(store.getState()).map((item) => item.id)).toEqual(['manual_entry_forms']);
  });

  it('forms the user may use only in another organization do not bring the manual-entry menu item', async () => {
    const elsewhere = { ManualEntryFormUUID: '77777777-7777-4777-8777-777777777777', OrganizationUUID: ORG_B_UUID, Name: 'MANUAL_ENTRY_FORM_DEFAULT' as const };
    const completion = completionHandlers({ privileges: [aPrivilege('READ_MANUAL_ENTRY_FORMS')], formPrivileges: [elsewhere] });
    server.use(authListHandler([anAuthOption()]), loginHandler(aCurrentUser()), ...completion.handlers);
    server.use(http.get('/api/license/info', () => HttpResponse.json({ LicenseClaims: [aLicence({ LicensedFeatures: { ManualEntry: 1 } })] })));
    const { user, store } = renderLogin();
    await signIn(user);
    await screen.findByRole('heading', { name: 'Home page' });
    expect(store.getState().organization.hasManualEntryForms).toBe(false);
    expect(selectVisibleMenu(store.getState())).toEqual([]);
  });

  it('users.errors.login on a failed sign-in', async () => {
    server.use(
      authListHandler([anAuthOption()]),
      http.post('/api/auth/:provider/login', () => problem(401, { detail: 'Wrong user name or password', code: 'users.errors.login' })),
    );
    const { user } = renderLogin();
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Check your user name and password.');
  });

  it('an unreachable directory (503) says the directory could not be reached, not that the password is wrong', async () => {
    server.use(
      authListHandler([anAuthOption({ ProviderName: 'corp-ldap', ProviderType: 'ldap' })]),
      http.post('/api/auth/:provider/login', () => problem(503, { detail: 'The directory could not be reached', code: 'login.directory_unreachable' })),
    );
    const { user } = renderLogin();
    await signIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The directory could not be reached. Try again later, or ask an administrator to check the sign-in method.');
    expect(alert).not.toHaveTextContent('Sign-in failed. Check your user name and password.');
  });

  it("a 403 shows the server's info text on the password field", async () => {
    server.use(authListHandler([anAuthOption()]), http.post('/api/auth/:provider/login', () => problem(403, { detail: 'This account is disabled.' })));
    const { user } = renderLogin();
    await signIn(user);
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('This account is disabled.'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('a throttled sign-in (429) tells on the password field how long to wait', async () => {
    server.use(
      authListHandler([anAuthOption()]),
      http.post('/api/auth/:provider/login', () => problem(429, { detail: 'Too many failed sign-ins. Try again in 300 seconds.' })),
    );
    const { user } = renderLogin();
    await signIn(user);
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Try again in 300 seconds/));
  });
});

describe('forced password change (SPEC §2, §5)', () => {
  const mustChange = aCurrentUser({ Name: 'newcomer', MustChangePassword: true });

  function passwordEndpoint(answer: (password: string) => Response) {
    const bodies: unknown[] = [];
    return {
      bodies,
      handler: http.patch('/api/current-user/password', async ({ request }) => {
        const body: unknown = await request.json();
        bodies.push(body);
        const password = typeof body === 'object' && body !== null ? String(Reflect.get(body, 'Password')) : '';
        return answer(password);
      }),
    };
  }

  it('a user with the default password changes it in a dialog that cannot be cancelled, before login completion', async () => {
    const completion = completionHandlers();
    const endpoint = passwordEndpoint(() => new HttpResponse(null, { status: 204 }));
    server.use(authListHandler([anAuthOption()]), loginHandler(mustChange), endpoint.handler, ...completion.handlers);
    const { user, store } = renderLogin();
    await signIn(user, 'newcomer', 'historian');

    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(dialog).toHaveTextContent('You signed in with the default password');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close dialog' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
    // The default password gets 403 on privileges until it is changed: nothing is asked yet.
    expect(completion.calls.privileges).toBe(0);
    expect(store.getState().session.userName).toBeNull();

    await user.type(screen.getByLabelText(/^New password/), 'a-new-secret');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(endpoint.bodies).toEqual([{ Password: 'a-new-secret' }]);
    expect(store.getState().session).toMatchObject({ userName: 'newcomer', mustChangePassword: false });
  });

  it('users.errors.passwords_not_equal when the confirmation differs', async () => {
    const endpoint = passwordEndpoint(() => new HttpResponse(null, { status: 204 }));
    server.use(authListHandler([anAuthOption()]), loginHandler(mustChange), endpoint.handler);
    const { user } = renderLogin();
    await signIn(user);
    await user.type(await screen.findByLabelText(/^New password/), 'a-new-secret');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'another-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^Confirm the new password/)).toHaveAccessibleDescription('The passwords are not equal.');
    expect(endpoint.bodies).toEqual([]);
  });

  it('users.errors.default_password when the new password is the default literal', async () => {
    const endpoint = passwordEndpoint(() => new HttpResponse(null, { status: 204 }));
    server.use(authListHandler([anAuthOption()]), loginHandler(mustChange), endpoint.handler);
    const { user } = renderLogin();
    await signIn(user);
    await user.type(await screen.findByLabelText(/^New password/), 'historian');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'historian');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('Choose a password other than the default one.');
    expect(endpoint.bodies).toEqual([]);
  });

  it("shows the server's own rule (a minimum length) on the password field, translated rather than as the server words it", async () => {
    const endpoint = passwordEndpoint(() =>
      problem(400, { detail: 'The password needs at least 16 characters', errors: { Password: ['must have at least 16 characters'] }, code: 'users.errors.update_password' }),
    );
    server.use(authListHandler([anAuthOption()]), loginHandler(mustChange), endpoint.handler);
    const { user } = renderLogin();
    await signIn(user);
    // Long enough for the client's check; the server still refuses it with its own sentence.
    await user.type(await screen.findByLabelText(/^New password/), 'long-enough-1');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('Must be at least 16 characters.'));
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
  });

  it('refuses a password shorter than the server’s minimum before sending it', async () => {
    const endpoint = passwordEndpoint(() => new HttpResponse(null, { status: 204 }));
    server.use(authListHandler([anAuthOption()]), loginHandler(mustChange), endpoint.handler);
    const { user } = renderLogin();
    await signIn(user);
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('Must be at least 8 characters.');
    expect(endpoint.bodies).toEqual([]);
  });

  it('users.errors.update_password when the change fails otherwise', async () => {
    const endpoint = passwordEndpoint(() => problem(500, { detail: 'Internal Server Error' }));
    server.use(authListHandler([anAuthOption()]), loginHandler(mustChange), endpoint.handler);
    const { user } = renderLogin();
    await signIn(user);
    await user.type(await screen.findByLabelText(/^New password/), 'a-new-secret');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The password could not be changed.')).toBeInTheDocument();
  });
});
