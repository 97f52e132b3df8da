import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { SIDEBAR_STORAGE_KEY } from '../lib/sidebarPreference';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../testing/fixtures';
import { aTrial } from '../testing/licence';
import { renderWithProviders } from '../testing/renderWithProviders';
import { server } from '../testing/server';
import { AppShell } from './AppShell';
import type { RootState } from './store';

const preloadedState: Partial<RootState> = {
  session: aSession({
    userPrivileges: [aPrivilege('READ_COLLECTORS'), aPrivilege('READ_USERS'), aPrivilege('READ_EVENTS'), aPrivilege('READ_EVENT_CONFIGURATIONS')],
  }),
  organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
  licence: { loaded: true, error: null, claims: [aTrial()] },
};

function renderShell(route = '/') {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<AppShell />}>
        <Route index element={<h1>Home page</h1>} />
        <Route path="configuration/users" element={<h1>Users page</h1>} />
        <Route path="configuration/user" element={<h1>User page</h1>} />
        <Route path="event_types" element={<h1>Event types page</h1>} />
        <Route path="collectors" element={<h1>Collectors page</h1>} />
      </Route>
    </Routes>,
    { preloadedState, route },
  );
}

const sidebar = () => screen.getByRole('complementary');
const breadcrumbs = () => screen.getByRole('navigation', { name: 'Breadcrumb' });
const crumbs = () => within(breadcrumbs()).getAllByRole('listitem').map((item) => item.textContent);

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=x';
  server.use(
    http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])),
    http.get('/api/license/info', () => HttpResponse.json({ LicenseClaims: [aTrial()] })),
    // The setup gate's settings: this test is about the frame, not what the banners say.
    http.get('/api/*', () => HttpResponse.json([])),
  );
});

describe('the shell: sidebar', () => {
  it('every sidebar entry has an icon and is named by its translated label', async () => {
    const { user } = renderShell();
    const menu = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    await user.click(menu.getByRole('button', { name: 'Events' }));
    for (const name of ['Collectors', 'Events', 'Event types', 'Overview', 'Configuration']) {
      const entry = menu.getByRole(name === 'Events' ? 'button' : 'link', { name });
      const icon = entry.querySelector('svg');
      expect(icon).not.toBeNull();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('collapses to icons, keeps the entries named, and this device remembers it (historian.sidebar)', async () => {
    const { user, unmount } = renderShell();
    expect(sidebar().closest('.app-shell')).toHaveAttribute('data-sidebar', 'expanded');
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar().closest('.app-shell')).toHaveAttribute('data-sidebar', 'collapsed');
    expect(JSON.parse(localStorage.getItem(SIDEBAR_STORAGE_KEY) ?? 'null')).toBe('collapsed');
    // Icons only on screen, but each entry keeps its label as its name (and tooltip).
    expect(within(sidebar()).getByRole('link', { name: 'Collectors' }).querySelector('svg')).not.toBeNull();

    unmount();
    renderShell();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(sidebar().closest('.app-shell')).toHaveAttribute('data-sidebar', 'collapsed');

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBeNull();
  });
});

describe('the shell: header', () => {
  it('breadcrumbs show the route trail from the route table, the page last and not a link', async () => {
    renderShell('/configuration/user?id=42');
    expect(await screen.findByRole('heading', { name: 'User page' })).toBeInTheDocument();
    expect(crumbs()).toEqual(['Home', 'Configuration', 'Users', 'User']);
    const trail = within(breadcrumbs());
    expect(trail.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/configuration/users');
    expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(trail.queryByRole('link', { name: 'User' })).not.toBeInTheDocument();
    expect(trail.getByText('User')).toHaveAttribute('aria-current', 'page');
  });

  it('breadcrumbs follow navigation, and a sidebar group is a crumb without a link', async () => {
    const { user } = renderShell('/collectors');
    expect(crumbs()).toEqual(['Home', 'Collectors']);
    await user.click(screen.getByRole('button', { name: 'Events' }));
    await user.click(screen.getByRole('link', { name: 'Event types' }));
    expect(await screen.findByRole('heading', { name: 'Event types page' })).toBeInTheDocument();
    expect(crumbs()).toEqual(['Home', 'Events', 'Event types']);
    expect(within(breadcrumbs()).queryByRole('link', { name: 'Events' })).not.toBeInTheDocument();
  });

  it('the home page is the only crumb on home', () => {
    renderShell('/');
    expect(crumbs()).toEqual(['Home']);
  });

  it('shows the organization one click from the switcher, and the user menu', async () => {
    server.use(http.get('/api/current-user/organizations', () => HttpResponse.json([])));
    const { user } = renderShell();
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('list', { name: 'User menu' })).toBeInTheDocument();
    expect(header.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(header.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await user.click(header.getByRole('button', { name: 'Plant A, switch organization' }));
    expect(await screen.findByRole('dialog', { name: 'Switch organization' })).toBeInTheDocument();
  });
});

describe('the shell: collapsed sidebar groups', () => {
  it('a group opens its entries beside the collapsed sidebar, and choosing one closes it', async () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, JSON.stringify('collapsed'));
    const { user } = renderShell('/collectors');
    const events = screen.getByRole('button', { name: 'Events' });
    await user.click(events);
    expect(events).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Event types' }));
    expect(await screen.findByRole('heading', { name: 'Event types page' })).toBeInTheDocument();
    expect(events).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the shell: jobs', () => {
  it('the user menu opens the jobs panel, which loads on demand', async () => {
    server.use(http.get('/api/jobs', () => HttpResponse.json([], { headers: { 'x-total-count': '0' } })));
    const { user } = renderShell();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('list', { name: 'User menu' })).getByRole('button', { name: 'Jobs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Background jobs' });
    expect(await within(dialog).findByText('No jobs yet. Exports, imports and backfills you start appear here.')).toBeInTheDocument();
  });
});
