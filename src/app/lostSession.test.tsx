import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Persistor } from 'redux-persist';
import { authListHandler, completionHandlers, loginHandler } from '../features/auth/authTestHandlers';
import { createTestI18n } from '../i18n/testI18n';
import { organizationSwitched } from '../state/organization';
import { loggedIn, privilegesLoaded } from '../state/session';
import { aCurrentUser, anAuthOption, anOrganization, aPrivilege, ORG_A_UUID } from '../testing/fixtures';
import { server } from '../testing/server';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { makePersistedStore } from './store';

// SPEC §4 "Session check", §8 (401): a stored session whose cookies are gone (browser restarted,
// cookies cleared) is dropped, and the sign-in form shows once instead of the shell and the login
// page sending the user back and forth until the browser gives up.

/** One redirect to /login takes a few history entries; a loop takes hundreds. */
const MAX_NAVIGATIONS = 6;

async function bootstrapped(persistor: Persistor): Promise<void> {
  await new Promise<void>((resolve) => {
    const check = () => persistor.getState().bootstrapped && resolve();
    persistor.subscribe(check);
    check();
  });
}

/** A previous visit: signed in, organization chosen, all of it in local storage. */
async function storeSignedInSession(): Promise<void> {
  const { store, persistor } = makePersistedStore();
  await bootstrapped(persistor);
  store.dispatch(loggedIn({ userId: 'u1', userName: 'operator', userProvider: 'local', loginType: 'form' }));
  store.dispatch(privilegesLoaded({ privileges: [aPrivilege('READ_COLLECTORS')], manualEntryFormPrivileges: [] }));
  store.dispatch(organizationSwitched({ UUID: ORG_A_UUID, Name: 'Org A' }));
  await persistor.flush();
  persistor.pause();
}

/** Counts route changes: HashRouter navigates with the history API, the transport with the hash. */
function countNavigations(): () => number {
  let count = 0;
  const push = jest.spyOn(window.history, 'pushState');
  const replace = jest.spyOn(window.history, 'replaceState');
  const onHashChange = () => (count += 1);
  window.addEventListener('hashchange', onHashChange);
  return () => count + push.mock.calls.length + replace.mock.calls.length;
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('a lost session (SPEC §4 session check)', () => {
  it('drops the stored session and shows the sign-in form once when the session cookie is gone', async () => {
    // Whatever else the shell asks for answers an empty list (handlers used later win).
    server.use(http.get('/api/*', () => HttpResponse.json([])));
    server.use(
      authListHandler([anAuthOption()]),
      loginHandler(aCurrentUser({ Name: 'operator' })),
      ...completionHandlers().handlers,
    );
    await storeSignedInSession();
    window.location.hash = '#/collectors';
    const navigations = countNavigations();

    // The reload: a new store reads the stored session back; no XSRF-TOKEN cookie is set.
    const { store, persistor } = makePersistedStore();
    const user = userEvent.setup();
    render(
      <AppProviders store={store} persistor={persistor} i18n={createTestI18n()}>
        <AppRouter />
      </AppProviders>,
    );

    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 })).toBeInTheDocument();
    await act(() => persistor.flush());
    expect(navigations()).toBeLessThanOrEqual(MAX_NAVIGATIONS);
    expect(window.location.hash).toBe('#/login');
    expect(store.getState().session.userName).toBeNull();
    expect(window.localStorage.getItem('historian.session') ?? '').not.toContain('operator');

    // The form works, and leads back to the page the user was on.
    server.use(
      http.post('/api/auth/:provider/login', () => {
        document.cookie = 'XSRF-TOKEN=new-session; path=/';
        return HttpResponse.json({ User: aCurrentUser({ Name: 'operator' }) });
      }),
      http.get('/api/current-user/organizations', () => HttpResponse.json([anOrganization()])),
    );
    await user.type(screen.getByLabelText('User name'), 'operator');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Collectors' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
