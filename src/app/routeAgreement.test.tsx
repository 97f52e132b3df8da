import { act, screen } from '@testing-library/react';
import { ALL_PRIVILEGE_NAMES } from '../../domain/privilegeNames';
import { LICENSED_FEATURES } from '../../domain/licenceFeatures';
import type { AccessGrant } from '../api/generated/historian.gen';
import { Guard } from '../components/Guard';
import { explainMenu, holdingsOfGrants } from '../features/configuration/access/explainMenu';
import { selectVisibleConfigurationLinks } from '../state/configurationMenu';
import { licenceInfoLoaded } from '../state/licence';
import { selectVisibleMenu, type MenuItem } from '../state/menu';
import { manualEntryFormsCounted } from '../state/organization';
import { ROUTES, SIDEBAR_GROUPS, type AppRoute } from '../state/routes';
import { privilegesLoaded } from '../state/session';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../testing/fixtures';
import { aLicence, noTranslationOverrides } from '../testing/licence';
import { renderWithProviders } from '../testing/renderWithProviders';
import { server } from '../testing/server';

// One route table (state/routes.ts) decides who may open a page. For many privilege sets, drawn at
// random from a fixed seed plus a few chosen ones, the sidebar, the configuration index, the
// router's guard (rendered) and explain access (over the same privileges sent as grants) must say
// the same of every route.

interface Holding {
  here: string[];
  root: string[];
  features: Record<string, boolean>;
  hasManualEntryForms: boolean;
}

/** A small seeded generator (mulberry32): the same sets on every run, so a failure reproduces. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomHoldings(count: number): Holding[] {
  const random = seeded(20240611);
  return Array.from({ length: count }, () => ({
    here: ALL_PRIVILEGE_NAMES.filter(() => random() < 0.2),
    root: ALL_PRIVILEGE_NAMES.filter(() => random() < 0.1),
    features: Object.fromEntries(LICENSED_FEATURES.map((feature) => [feature, random() < 0.6])),
    hasManualEntryForms: random() < 0.5,
  }));
}

const ALL_FEATURES = Object.fromEntries(LICENSED_FEATURES.map((feature) => [feature, true]));
const CHOSEN: Holding[] = [
  { here: [], root: [], features: {}, hasManualEntryForms: false },
  { here: [...ALL_PRIVILEGE_NAMES], root: [...ALL_PRIVILEGE_NAMES], features: ALL_FEATURES, hasManualEntryForms: true },
  { here: ['READ_COLLECTORS'], root: [], features: {}, hasManualEntryForms: false },
  { here: [], root: ['READ_LOGS'], features: ALL_FEATURES, hasManualEntryForms: false },
  { here: ['READ_MANUAL_ENTRY_FORMS'], root: [], features: { ManualEntry: true }, hasManualEntryForms: false },
  { here: ['READ_MANUAL_ENTRY_FORMS'], root: [], features: { ManualEntry: true }, hasManualEntryForms: true },
  { here: ['READ_EVENTS', 'READ_MEASUREMENTS'], root: [], features: { Events: false, Calculations: true }, hasManualEntryForms: false },
  // Root privileges held in the current organization open no root page.
  { here: ['READ_ORGANIZATIONS', 'MANAGE_SETTINGS', 'READ_LOGS'], root: ['READ_USERS'], features: {}, hasManualEntryForms: false },
];

const grantsOf = ({ here, root }: Holding): AccessGrant[] =>
  [...here.map((name) => [name, ORG_A_UUID]), ...root.map((name) => [name, ROOT_ORG_UUID])].map(([name, organization], index) => ({
    PrivilegeUUID: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    PrivilegeName: name,
    OrganizationUUID: organization,
    GroupUUID: '88888888-8888-4888-8888-888888888888',
    GroupName: 'Crew',
    GroupIsSystem: false,
    ViaMapping: false,
    Mappings: [],
  }));

const flatten = (items: readonly MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);

/** Every route behind its guard at once, as the router wraps it; each says whether it let the user in. */
function GuardedRoutes() {
  return (
    <ul>
      {ROUTES.map((route) => (
        <li key={route.id} aria-label={route.id}>
          <Guard route={route.id}>
            <span>opened</span>
          </Guard>
        </li>
      ))}
    </ul>
  );
}

/** The guards drawn once; each privilege set is then given to the same store, as a sign-in would. */
function renderGuards() {
  const { store } = renderWithProviders(<GuardedRoutes />, {
    preloadedState: {
      session: aSession(),
      organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
    },
  });
  return store;
}

/** Where the four readers of the table disagree for one privilege set; empty when they agree. */
function disagreements(store: ReturnType<typeof renderGuards>, holding: Holding): string[] {
  act(() => {
    const privileges = [...holding.here.map((name) => aPrivilege(name, ORG_A_UUID)), ...holding.root.map((name) => aPrivilege(name, ROOT_ORG_UUID))];
    store.dispatch(privilegesLoaded({ privileges, manualEntryFormPrivileges: [] }));
    store.dispatch(manualEntryFormsCounted(holding.hasManualEntryForms ? 1 : 0));
    store.dispatch(licenceInfoLoaded({ claims: [aLicence({ LicensedFeatures: holding.features })], error: null }));
  });
  const state = store.getState();
  const sidebar = new Set(flatten(selectVisibleMenu(state)).map((item) => item.id));
  const index = new Set(selectVisibleConfigurationLinks(state).map((link) => link.id));
  // Plain DOM reads: role queries over 40 items and 200 sets would take minutes.
  const items = [...screen.getByRole('list').querySelectorAll('li')];
  const guard = new Set(items.filter((item) => item.textContent === 'opened').map((item) => item.getAttribute('aria-label')));
  const context = { organizationUuid: ORG_A_UUID, rootUuid: ROOT_ORG_UUID, features: holding.features, hasManualEntryForms: holding.hasManualEntryForms };
  const explained = explainMenu(holdingsOfGrants(grantsOf(holding)), { ...context, rootKnown: true });
  const explainedWithoutRoot = explainMenu(holdingsOfGrants(grantsOf({ ...holding, root: [] })), { ...context, rootKnown: false });

  const problems: string[] = [];
  const check = (agree: boolean, what: string) => {
    if (!agree) problems.push(what);
  };
  for (const route of ROUTES as readonly AppRoute[]) {
    const opens = guard.has(route.id);
    const { placement } = route;
    if (placement.in === 'sidebar') {
      // A manager sees the manual entry item before the organization has a form: the list is where it is created.
      const offered = opens && (!placement.onlyWithManualEntryForms || holding.hasManualEntryForms || holding.here.includes('MANAGE_MANUAL_ENTRY_FORMS'));
      check(sidebar.has(route.id) === offered, `sidebar ${route.id}: shown ${sidebar.has(route.id)}, guard opens ${opens}`);
    } else {
      check(!sidebar.has(route.id), `sidebar shows ${route.id}, which is not placed there`);
    }
    if (placement.in === 'configuration') check(index.has(route.id) === opens, `index ${route.id}: listed ${index.has(route.id)}, guard opens ${opens}`);
    else check(!index.has(route.id), `index lists ${route.id}, which is not placed there`);
  }
  for (const group of Object.keys(SIDEBAR_GROUPS)) {
    const children = ROUTES.filter((route: AppRoute) => route.placement.in === 'sidebar' && route.placement.group === group);
    check(sidebar.has(group) === children.some((route) => sidebar.has(route.id)), `sidebar group ${group} shown without an item, or hidden with one`);
  }
  for (const [id, verdict] of explained) {
    const shown = sidebar.has(id) || index.has(id);
    check((verdict === 'granted') === shown, `explain access says ${id} is ${verdict}, shown: ${shown}`);
  }
  // A viewer who cannot see the user's root privileges: never "granted" for what needs them, never "not granted" for what shows.
  for (const [id, verdict] of explainedWithoutRoot) {
    const shown = sidebar.has(id) || index.has(id);
    if (verdict === 'granted') check(shown, `explain access without root grants says ${id} is granted, but it is not shown`);
    if (verdict === 'not_granted') check(!shown, `explain access without root grants says ${id} is not granted, but it is shown`);
  }
  return problems;
}

beforeEach(() => server.use(noTranslationOverrides()));

describe('one route table: sidebar, configuration index, router guard and explain access agree', () => {
  it.each(CHOSEN.map((holding, n) => [n, holding] as const))('for chosen privilege set %i', (_n, holding) => {
    expect(disagreements(renderGuards(), holding)).toEqual([]);
  });

  it('for 80 privilege sets drawn at random (fixed seed)', () => {
    const store = renderGuards();
    const found = randomHoldings(80).flatMap((holding, n) => disagreements(store, holding).map((problem) => `set ${n}: ${problem}`));
    expect(found).toEqual([]);
  });

  it('route ids and paths are unique, so that an id names one page and a path opens one', () => {
    const ids = ROUTES.map((route) => route.id);
    const spellings = ROUTES.flatMap((route: AppRoute) => [route.path, ...(route.aliases ?? [])]);
    expect(ids.filter((id, n) => ids.indexOf(id) !== n)).toEqual([]);
    expect(spellings.filter((path, n) => spellings.indexOf(path) !== n)).toEqual([]);
  });
});
