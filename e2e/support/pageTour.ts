import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTES } from '../../src/state/routes';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './adminApi';
import { AXE_TAGS, axeViolations } from './axe';
import { signInWithForm } from './authPages';
import { launchBrowser, newContext } from './browser';
import { startServer, type RunningServer } from './server';

// The tour of every real page of the route table (src/state/routes.ts) on the real server with
// real data (an organization, a collector, a group, a user, a database, a sign-on provider): each
// page is photographed (under E2E_SHOTS_DIR, or a temp directory) and must not scroll sideways,
// must pass axe-core without any violation and must draw no emoji as icons. The tour is split
// into files (one per theme, one in German) so that two Jest workers share it; each file starts
// one server and one browser and keeps one session.

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'historian-e2e-pages-'));

export type Catalogue = Record<string, string>;

function flatten(tree: unknown, prefix = '', into: Catalogue = {}): Catalogue {
  if (typeof tree === 'string') into[prefix] = tree;
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

export const catalogue = (language: string): Catalogue =>
  flatten(JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'locales', language, 'general.json'), 'utf8')));

export interface PageTour {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page, for the test's last assertion. */
  pageErrors: string[];
  admin: AdminApi;
  /** Route id → the address that shows it with real data (detail pages name a record by ?id=). */
  addresses: Map<string, string>;
  /** Names and descriptions of the records on the pages: data, shown as stored in every language. */
  dataNames: Set<string>;
  shotsDir: string;
  stop(): Promise<void>;
}

interface Created {
  UUID: string;
}

/** One server with the scene's data and one browser page (reduced motion), not yet signed in. */
export async function startPageTour(): Promise<PageTour> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await prepareAdmin(server.url);
  const organizations = await admin.json<Array<{ UUID: string; IsRoot: boolean }>>('GET', '/current-user/organizations');
  const root = organizations.find((organization) => organization.IsRoot)?.UUID ?? '';
  const north = await admin.json<Created>('POST', '/organizations', {
    body: { Name: 'North plant', PostgresUser: 'north_reader', PostgresPassword: 'north-secret-1', PostgresPasswordConfirm: 'north-secret-1' },
  });
  // The console opens in the newest organization, where its creator administers: the data goes there.
  const org = north.UUID;
  await admin.json<Created>('POST', '/collectors', { body: { Name: 'Line 1' }, organization: org });
  const group = await admin.json<Created>('POST', '/user-groups', { body: { Name: 'Operators', Description: 'Run the plant' }, organization: org });
  const user = await admin.json<Created>('POST', '/users', { body: { Name: 'olga', Password: 'olga-password-1' }, organization: org });
  await admin.json('POST', '/user-group-users', { body: { UserGroupUUID: group.UUID, UserUUID: user.UUID }, organization: org });
  // A database and a single sign-on provider, so that their pages draw the forms of their schemas.
  const types = await admin.json<Array<{ UUID: string; Name: string }>>('GET', '/timeseries-database-types', { organization: org });
  const postgresType = types.find((type) => type.Name === 'PostgreSQL')?.UUID ?? types[0].UUID;
  const database = await admin.json<Created>('POST', '/timeseries-databases', {
    body: { Name: 'Plant store', TimeseriesDatabaseTypeUUID: postgresType, Settings: { mode: 'builtin' } },
    organization: org,
  });
  const provider = await admin.json<Created>('POST', '/authentication-providers', {
    body: {
      ProviderName: 'plant-sso',
      ProviderType: 'oidc',
      Settings: { issuer: 'https://login.example.com/realms/plant', clientId: 'historian', scopes: 'openid profile email', groupClaim: 'groups' },
      SecureSettings: { clientSecret: 'plant-sign-on-secret' },
    },
    organization: root,
  });
  const records = await Promise.all(
    [
      ['/organizations', root],
      ['/collectors', org],
      ['/user-groups', org],
      ['/users', org],
      ['/timeseries-databases', org],
      ['/authentication-providers', root],
    ].map(([list, organization]) => admin.json<Array<Record<string, unknown>>>('GET', list, { organization })),
  );
  const dataNames = new Set<string>();
  for (const record of records.flat()) {
    for (const field of ['Name', 'Description', 'ProviderName']) if (typeof record[field] === 'string') dataNames.add(record[field]);
  }
  const detail: Record<string, string> = {
    edit_organization: north.UUID,
    user: user.UUID,
    group: group.UUID,
    timeseries_database: database.UUID,
    auth_provider: provider.UUID,
  };
  const addresses = new Map<string, string>();
  for (const route of ROUTES) {
    if ('placeholder' in route && route.placeholder) continue;
    addresses.set(route.id, detail[route.id] ? `${route.path}?id=${detail[route.id]}` : route.path);
  }
  const { context, page, errors: pageErrors } = await newContext(browser, server.url);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return {
    server,
    browser,
    context,
    page,
    pageErrors,
    admin,
    addresses,
    dataNames,
    shotsDir: SHOTS_DIR,
    async stop() {
      await context.close();
      await browser.close();
      await server.stop();
    },
  };
}

const shell = (tour: PageTour) => tour.page.locator('.app-shell main');

/** The administrator signs in with the form, as a user would; resolves once the shell shows. */
export async function signInAsAdmin(tour: PageTour): Promise<void> {
  await tour.page.goto('/#/login');
  await signInWithForm(tour.page, ADMIN, ADMIN_PASSWORD);
  await shell(tour).waitFor();
}

export async function setSetupDone(tour: PageTour, done: boolean): Promise<void> {
  const organizations = await tour.admin.json<Array<{ UUID: string; IsRoot: boolean }>>('GET', '/current-user/organizations');
  const root = organizations.find((organization) => organization.IsRoot)?.UUID ?? '';
  await tour.admin.json('PUT', '/settings/batch', { body: [{ Name: 'setup.done', Value: String(done) }], organization: root });
}

/** Reloads the console (after a change of setup or theme) and waits for its shell. */
export async function reloadShell(tour: PageTour): Promise<void> {
  await tour.page.reload();
  await shell(tour).waitFor();
}

/** The page has drawn its title and its data: no loading line, no busy region, two frames more. */
export async function settle(tour: PageTour, routePath: string): Promise<void> {
  try {
    await settleOn(tour.page, routePath);
  } catch (error) {
    await shoot(tour, `failed-${routePath.replace(/[^a-z0-9]+/gi, '_')}`);
    throw new Error(`${routePath} did not settle: ${String(error)}`);
  }
}

/** Opens a route by its hash and waits until its heading shows and nothing is loading. */
export async function settleOn(page: Page, routePath: string, timeoutMs = 15_000) {
  // The page we leave keeps its heading until the next page's code has loaded: it is marked, so
  // that its heading is not taken for the new page's (checks would then run on a loading page).
  const moved = await page.evaluate((hash) => {
    const leaving = window.location.hash !== hash;
    if (leaving) for (const heading of document.querySelectorAll('main h1')) heading.setAttribute('data-tour-left', '');
    window.location.hash = hash;
    return leaving;
  }, `#${routePath}`);
  const arrived = (selector: string, timeout: number) =>
    page.waitForFunction(
      ([hash, wanted]) => window.location.hash.split('?')[0] === hash.split('?')[0] && document.querySelector(wanted) !== null,
      [`#${routePath}`, selector] as const,
      { timeout },
    );
  // Two routes drawn by one component keep its heading element: after a while any heading will do.
  const fresh = moved ? await arrived('main h1:not([data-tour-left]), [role="dialog"], dialog[open]', Math.min(2_000, timeoutMs)).then(() => true, () => false) : false;
  if (!fresh) await arrived('main h1, [role="dialog"], dialog[open]', timeoutMs);
  await page.waitForFunction(
    () => {
      const busy = document.querySelector('[aria-busy="true"]');
      const loading = [...document.querySelectorAll('[role="status"]')].some((node) => /…|\.\.\./.test(node.textContent ?? ''));
      return !busy && !loading;
    },
    undefined,
    { timeout: timeoutMs },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Whether the settled page is a titled placeholder (its text in the given catalogue). */
export async function isPlaceholder(tour: PageTour, language: Catalogue): Promise<boolean> {
  return (await tour.page.locator('main').innerText()).includes(language['app.placeholder']);
}

/**
 * Visible text nodes, with the placeholders and accessible names the user meets as text. Drawn
 * decoration (aria-hidden) is visible too: it counts when looking for emoji, not for wording.
 */
export function visibleTexts(target: Page, options: { decoration: boolean }): Promise<string[]> {
  return target.evaluate(({ decoration }) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!parent || !text || parent.closest('script, style')) continue;
      if (!decoration && parent.closest('[aria-hidden="true"]')) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      texts.push(text);
    }
    for (const element of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  }, options);
}

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
// ©, ® and ™ are pictographic to Unicode but are ordinary text here.
const ORDINARY_SIGNS = /[\u00a9\u00ae\u2122]/gu;

export async function checkPage(tour: PageTour, label: string, problems: string[], options: { axe: boolean }): Promise<void> {
  const { page } = tour;
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth) problems.push(`${label}: scrolls sideways (${scrollWidth} > ${clientWidth})`);
  for (const text of await visibleTexts(page, { decoration: true })) {
    if (PICTOGRAPHIC.test(text.replace(ORDINARY_SIGNS, ''))) problems.push(`${label}: emoji in "${text}"`);
  }
  if (!options.axe) return;
  for (const violation of await axeViolations(page, { tags: AXE_TAGS })) {
    problems.push(`${label}: axe ${violation.id} (${violation.impact}) on ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }
}

/**
 * Pictures of every page for people to look at (not compared by any test). CI, where nobody looks,
 * skips them (HISTORIAN_E2E_SHOTS=1 takes them there too): a full-page shot per page, size and theme
 * cost about a tenth of the browser tests' time.
 */
const SHOTS = process.env.HISTORIAN_E2E_SHOTS === '1' || !process.env.CI;

export async function shoot(tour: PageTour, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(tour.shotsDir, { recursive: true });
  await tour.page.screenshot({ path: path.join(tour.shotsDir, `${name}.png`), fullPage: true });
}

export async function switchTheme(tour: PageTour, theme: Theme): Promise<void> {
  // Stored as lib/theme.ts writes it: the choice as JSON.
  await tour.page.evaluate((choice) => window.localStorage.setItem('historian.theme', JSON.stringify(choice)), theme);
  await reloadShell(tour);
  await tour.page.waitForFunction((choice) => document.documentElement.dataset.theme === choice, theme);
}

/**
 * Signs in and checks, in one theme and at both sizes, the setup wizard while setup is pending and
 * then every other page once it is done. Returns the problems found and the ids of the routes that
 * only show a placeholder (skipped).
 */
export async function tourTheme(tour: PageTour, theme: Theme): Promise<{ problems: string[]; placeholders: string[] }> {
  const { page, addresses } = tour;
  const problems: string[] = [];
  const placeholders: string[] = [];
  const english = catalogue('en');
  await signInAsAdmin(tour);

  // The setup wizard opens only while setup is pending; every other page once it is done.
  const setup = addresses.get('setup');
  await switchTheme(tour, theme);
  if (setup) {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await settle(tour, setup);
      await shoot(tour, `setup-${theme}-${size.width}`);
      await checkPage(tour, `setup (${theme}, ${size.width})`, problems, { axe: size === SIZES[0] });
    }
  }
  await setSetupDone(tour, true);
  await reloadShell(tour);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const [id, address] of addresses) {
      if (id === 'setup' || placeholders.includes(id)) continue;
      await settle(tour, address);
      if (await isPlaceholder(tour, english)) {
        placeholders.push(id);
        continue;
      }
      await shoot(tour, `${id}-${theme}-${size.width}`);
      // Contrast and names do not change with the width: axe runs at the first size only.
      await checkPage(tour, `${id} (${theme}, ${size.width})`, problems, { axe: size === SIZES[0] });
    }
  }
  return { problems: [...new Set(problems)], placeholders };
}
