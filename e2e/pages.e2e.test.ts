import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTES } from '../src/state/routes';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Every real page of the route table (src/state/routes.ts), in both themes and at both sizes, on
// the real server with real data (an organization, a collector, a group, a user): each one is
// photographed (under E2E_SHOTS_DIR, or a temp directory) and must not scroll sideways, must pass
// axe-core without any violation and must draw no emoji as icons. Then the
// administrator switches to German in the profile, and no visible text may still be its English
// catalogue value where the German one differs (the names of the data excepted). One browser, one
// server, one session.

const THEMES = ['light', 'dark'] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'historian-e2e-pages-'));
/** Names and descriptions of the records on the pages: data, shown as stored in every language. */
const dataNames = new Set<string>();

type Catalogue = Record<string, string>;

function flatten(tree: unknown, prefix = '', into: Catalogue = {}): Catalogue {
  if (typeof tree === 'string') into[prefix] = tree;
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const catalogue = (language: string): Catalogue =>
  flatten(JSON.parse(readFileSync(path.join(__dirname, '..', 'locales', language, 'general.json'), 'utf8')));

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let admin: AdminApi;
/** Route id → the address that shows it with real data (detail pages name a record by ?id=). */
const addresses = new Map<string, string>();

interface Created {
  UUID: string;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await prepareAdmin(server.url);
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
  for (const route of ROUTES) {
    if ('placeholder' in route && route.placeholder) continue;
    addresses.set(route.id, detail[route.id] ? `${route.path}?id=${detail[route.id]}` : route.path);
  }
  ({ context, page, errors: pageErrors } = await newContext(browser, server.url));
  await page.emulateMedia({ reducedMotion: 'reduce' });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function setSetupDone(done: boolean) {
  const organizations = await admin.json<Array<{ UUID: string; IsRoot: boolean }>>('GET', '/current-user/organizations');
  const root = organizations.find((organization) => organization.IsRoot)?.UUID ?? '';
  await admin.json('PUT', '/settings/batch', { body: [{ Name: 'setup.done', Value: String(done) }], organization: root });
}

const shell = () => page.locator('.app-shell main');

/** The page has drawn its title and its data: no loading line, no busy region, two frames more. */
async function settle(routePath: string) {
  try {
    await settleOn(routePath);
  } catch (error) {
    await shoot(`failed-${routePath.replace(/[^a-z0-9]+/gi, '_')}`);
    throw new Error(`${routePath} did not settle: ${String(error)}`);
  }
}

async function settleOn(routePath: string) {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${routePath}`);
  await page.waitForFunction(
    (hash) => window.location.hash.split('?')[0] === hash.split('?')[0] && document.querySelector('main h1, [role="dialog"], dialog[open]') !== null,
    `#${routePath}`,
    { timeout: 15_000 },
  );
  await page.waitForFunction(
    () => {
      const busy = document.querySelector('[aria-busy="true"]');
      const loading = [...document.querySelectorAll('[role="status"]')].some((node) => /…|\.\.\./.test(node.textContent ?? ''));
      return !busy && !loading;
    },
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Visible text nodes, with the placeholders and accessible names the user meets as text. Drawn
 * decoration (aria-hidden) is visible too: it counts when looking for emoji, not for wording.
 */
function visibleTexts(target: Page, options: { decoration: boolean }): Promise<string[]> {
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

async function checkPage(label: string, problems: string[], options: { axe: boolean }) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth) problems.push(`${label}: scrolls sideways (${scrollWidth} > ${clientWidth})`);
  for (const text of await visibleTexts(page, { decoration: true })) {
    if (PICTOGRAPHIC.test(text.replace(ORDINARY_SIGNS, ''))) problems.push(`${label}: emoji in "${text}"`);
  }
  if (!options.axe) return;
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  for (const violation of violations) {
    problems.push(`${label}: axe ${violation.id} (${violation.impact}) on ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }
}

async function shoot(name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

async function switchTheme(theme: (typeof THEMES)[number]) {
  // Stored as lib/theme.ts writes it: the choice as JSON.
  await page.evaluate((choice) => window.localStorage.setItem('historian.theme', JSON.stringify(choice)), theme);
  await page.reload();
  await shell().waitFor();
  await page.waitForFunction((choice) => document.documentElement.dataset.theme === choice, theme);
}

describe('every real page, in both themes and at both sizes', () => {
  it('signs in, and no page scrolls sideways, fails axe or draws emoji; in German no English text is left', async () => {
    const problems: string[] = [];
    const placeholders: string[] = [];
    const english = catalogue('en');
    const placeholderText = english['app.placeholder'];

    await page.goto('/#/login');
    await page.getByLabel('User name').fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await shell().waitFor();

    // The setup wizard opens only while setup is pending; every other page once it is done.
    const setup = addresses.get('setup');
    for (const theme of THEMES) {
      await switchTheme(theme);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        if (setup) {
          await settle(setup);
          await shoot(`setup-${theme}-${size.width}`);
          await checkPage(`setup (${theme}, ${size.width})`, problems, { axe: size === SIZES[0] });
        }
      }
    }
    await setSetupDone(true);
    await page.reload();

    for (const theme of THEMES) {
      await switchTheme(theme);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const [id, address] of addresses) {
          if (id === 'setup' || placeholders.includes(id)) continue;
          await settle(address);
          if ((await page.locator('main').innerText()).includes(placeholderText)) {
            placeholders.push(id);
            continue;
          }
          await shoot(`${id}-${theme}-${size.width}`);
          // Contrast and names do not change with the width: axe runs at the first size only.
          await checkPage(`${id} (${theme}, ${size.width})`, problems, { axe: size === SIZES[0] });
        }
      }
    }

    // German, chosen as a user would, in the profile; its confirmation speaks German too.
    const german = catalogue('de');
    const untranslated = new Map<string, string>();
    for (const [key, value] of Object.entries(english)) {
      if (german[key] !== undefined && german[key] !== value && !dataNames.has(value)) untranslated.set(value, key);
    }
    await switchTheme('light');
    await page.setViewportSize(SIZES[1]);
    await settle(addresses.get('profile') ?? '/profile');
    await page.getByLabel(english['profile.language']).selectOption('de');
    await page.getByRole('heading', { level: 1, name: german['pages.profile'] }).waitFor();
    const notifications = page.getByRole('region', { name: german['toast.region'] });
    await notifications.getByText(german['profile.saved']).waitFor();
    await notifications.getByRole('button', { name: german['toast.close'] }).click();
    for (const [id, address] of addresses) {
      if (id === 'setup' || placeholders.includes(id)) continue;
      await settle(address);
      await shoot(`${id}-de-light-${SIZES[1].width}`);
      await checkPage(`${id} (German)`, problems, { axe: false });
      for (const text of await visibleTexts(page, { decoration: false })) {
        const key = untranslated.get(text);
        if (key) problems.push(`${id} (German): "${text}" is English (${key})`);
      }
    }

    // The setup wizard in German too, while setup is pending again.
    if (setup) {
      await setSetupDone(false);
      await page.reload();
      await shell().waitFor();
      await settle(setup);
      await shoot(`setup-de-light-${SIZES[1].width}`);
      await checkPage('setup (German)', problems, { axe: false });
      for (const text of await visibleTexts(page, { decoration: false })) {
        const key = untranslated.get(text);
        if (key) problems.push(`setup (German): "${text}" is English (${key})`);
      }
    }

    console.log(`pages: ${addresses.size - placeholders.length} real pages checked; placeholders skipped: ${placeholders.join(', ') || 'none'}; shots in ${SHOTS_DIR}`);
    expect([...new Set(problems)]).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
