import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import type { Persistor } from 'redux-persist';
import { REDIRECT_AFTER_LOGIN_STORAGE_KEY } from '../api/transport/sessionStorage';
import { authListHandler, completionHandlers, loginHandler } from '../features/auth/authTestHandlers';
import { createTranslate, type SignInTexts } from '../i18n/signInTexts';
import { loggedIn } from '../state/session';
import { anAuthOption, aCurrentUser } from '../testing/fixtures';
import { server } from '../testing/server';
import { AppRoot } from './AppRoot';
import { makePersistedStore } from './store';

// The browser's root: signed out, the sign-in screen without router or i18next; signed in, or
// once the sign-in has moved on, the whole console (FullApp), whose i18next loads then.

const catalogue = { app: { name: 'Historian Console', loading: 'Loading…' }, login: { title: 'Anmelden', username: 'Benutzername', password: 'Passwort', submit: 'Einloggen' } };

/** Sign-in texts whose i18next never arrives: the console stays in its loading state. */
function textsWithoutI18next() {
  const loadI18next = jest.fn(() => new Promise<i18n>(() => {}));
  const texts: SignInTexts = { language: 'de', t: createTranslate([catalogue]), loadI18next };
  return { texts, loadI18next };
}

async function bootstrapped(persistor: Persistor): Promise<void> {
  await new Promise<void>((resolve) => {
    const check = () => persistor.getState().bootstrapped && resolve();
    persistor.subscribe(check);
    check();
  });
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=test';
});

describe('the root of the app', () => {
  it('signed out on a route that needs a session: remembers it and shows the sign-in screen in the stored language, without loading i18next', async () => {
    server.use(authListHandler([anAuthOption()]));
    window.location.hash = '#/configuration/user?id=u7';
    const { texts, loadI18next } = textsWithoutI18next();
    const { store, persistor } = makePersistedStore();
    render(<AppRoot store={store} persistor={persistor} texts={texts} />);

    expect(await screen.findByLabelText('Benutzername')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Anmelden');
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(JSON.parse(localStorage.getItem(REDIRECT_AFTER_LOGIN_STORAGE_KEY) ?? 'null')).toBe('/configuration/user?id=u7');
    expect(loadI18next).not.toHaveBeenCalled();
  });

  it('a completed sign-in moves to the remembered route, then the console loads with i18next', async () => {
    const user = userEvent.setup();
    server.use(authListHandler([anAuthOption()]), loginHandler(aCurrentUser()), ...completionHandlers().handlers);
    window.location.hash = '#/collectors';
    const { texts, loadI18next } = textsWithoutI18next();
    const { store, persistor } = makePersistedStore();
    render(<AppRoot store={store} persistor={persistor} texts={texts} />);

    await user.type(await screen.findByLabelText('Benutzername'), 'operator');
    await user.type(screen.getByLabelText('Passwort'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Einloggen' }));

    await waitFor(() => expect(loadI18next).toHaveBeenCalled());
    expect(window.location.hash).toBe('#/collectors');
    expect(screen.queryByLabelText('Benutzername')).not.toBeInTheDocument();
  });

  it('signed in on arrival: the console loads at once, and no sign-in screen shows', async () => {
    const earlier = makePersistedStore();
    await bootstrapped(earlier.persistor);
    earlier.store.dispatch(loggedIn({ userId: 'u1', userName: 'operator', userProvider: 'local', loginType: 'form' }));
    await earlier.persistor.flush();
    earlier.persistor.pause();
    window.location.hash = '#/collectors';

    const { texts, loadI18next } = textsWithoutI18next();
    const { store, persistor } = makePersistedStore();
    await act(async () => {
      render(<AppRoot store={store} persistor={persistor} texts={texts} />);
      await bootstrapped(persistor);
    });
    await waitFor(() => expect(loadI18next).toHaveBeenCalled());
    expect(screen.queryByLabelText('Benutzername')).not.toBeInTheDocument();
    expect(window.location.hash).toBe('#/collectors');
  });
});
