import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { anAuthOption } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { authListHandler } from './authTestHandlers';
import { LoginPage } from './LoginPage';

// The sign-in form checks its required fields itself: an empty one is named next to the field and
// nothing is sent, instead of the server answering it as a wrong password.

function renderLogin() {
  let attempts = 0;
  server.use(
    authListHandler([anAuthOption()]),
    http.post('/api/auth/:provider/login', () => {
      attempts += 1;
      return HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401, headers: { 'content-type': 'application/problem+json' } });
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { route: '/login' },
  );
  return { ...rendered, attempts: () => attempts };
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test';
  window.location.hash = '#/login';
});

describe('sign-in form', () => {
  it('an empty user name and password are named next to their fields and no sign-in is sent', async () => {
    const { user, attempts } = renderLogin();
    const name = await screen.findByLabelText('User name');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(name).toHaveAccessibleDescription('Enter your user name.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(screen.queryByText('Sign-in failed. Check your user name and password.')).not.toBeInTheDocument();
    expect(attempts()).toBe(0);
  });

  it('a user name without a password asks for the password only, and sends nothing', async () => {
    const { user, attempts } = renderLogin();
    await user.type(await screen.findByLabelText('User name'), 'operator');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('User name')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(attempts()).toBe(0);
  });
});
