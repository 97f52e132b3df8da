import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../testing/server';
import { anAuthOption } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { LoginPage } from './LoginPage';

const authList = (options: unknown[]) => http.get('/api/auth/list', () => HttpResponse.json(options));

describe('Login page (SPEC §2)', () => {
  it('shows only the form when no external providers exist', async () => {
    server.use(authList([anAuthOption()]));
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(await screen.findByLabelText('User name')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /login with/ })).not.toBeInTheDocument();
  });

  it('lists local and ldap providers first, local first, then by name', async () => {
    server.use(
      authList([
        anAuthOption({ UUID: '00000000-0000-4000-8000-000000000003', ProviderName: 'zeta-ldap', ProviderType: 'ldap' }),
        anAuthOption({ UUID: '00000000-0000-4000-8000-000000000002', ProviderName: 'alpha-ldap', ProviderType: 'ldap' }),
        anAuthOption({ UUID: '00000000-0000-4000-8000-000000000001', ProviderName: 'local', ProviderType: 'local' }),
      ]),
    );
    renderWithProviders(<LoginPage />, { route: '/login' });
    const select = await screen.findByLabelText('Sign-in method');
    const names = Array.from(select.querySelectorAll('option')).map((o) => o.textContent);
    expect(names).toEqual(['local', 'alpha-ldap', 'zeta-ldap']);
  });

  it("shows external providers as 'login with {provider}' buttons and a 'basic login' switch back to the form", async () => {
    server.use(authList([anAuthOption(), anAuthOption({ UUID: '00000000-0000-4000-8000-000000000009', ProviderName: 'Azure', ProviderType: 'oidc' })]));
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.click(await screen.findByRole('button', { name: 'login with Azure' }));
    expect(screen.queryByLabelText('User name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'basic login' }));
    expect(screen.getByLabelText('User name')).toBeInTheDocument();
  });

  it('shows historian.errors.no_authentication_options when no options exist', async () => {
    server.use(authList([]));
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No sign-in methods are configured');
  });
});
