import type { Browser, Page } from 'playwright-core';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin } from './support/adminApi';
import { signInWithForm } from './support/authPages';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// SPEC §4 "Session check" and §8 (401): a lost session (cookies gone, the stored session still
// there) drops the stored session and shows the sign-in form once, not a loop between #/login and
// #/ that ends in a blank page.

/** Well above what one redirect to the sign-in form takes, far below the ~200 of a loop. */
const MAX_NAVIGATIONS = 6;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await prepareAdmin(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every navigation of the page's main frame from now on, hash and history changes included. */
function countNavigations(page: Page): { urls: string[] } {
  const seen = { urls: [] as string[] };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.urls.push(frame.url());
  });
  return seen;
}

describe('a session lost while the stored session remains', () => {
  it('drops the stored session and shows the sign-in form once, and the console works afterwards', async () => {
    const { context, page, errors } = await newContext(browser, server.url);
    await page.goto('/#/collectors');
    await signInWithForm(page, ADMIN, ADMIN_PASSWORD);
    await page.getByRole('grid', { name: 'Collectors' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('historian.session'))).toContain(ADMIN);

    // The browser restarted (session cookies gone) or the user cleared cookies; storage stays.
    await context.clearCookies();
    const navigations = countNavigations(page);
    await page.reload();
    await page.getByLabel('User name').waitFor();
    // Time for a loop to show itself: the page settles, then the route is still the sign-in form.
    await page.waitForLoadState('networkidle');
    await page.getByLabel('User name').waitFor();

    expect(page.url()).toMatch(/#\/login$/);
    expect(navigations.urls.length).toBeLessThanOrEqual(MAX_NAVIGATIONS);
    const stored = await page.evaluate(() => window.localStorage.getItem('historian.session'));
    expect(stored ?? '').not.toContain(ADMIN);

    // The form works: signing in again brings the user back to the page they were on.
    await signInWithForm(page, ADMIN, ADMIN_PASSWORD);
    await page.getByRole('grid', { name: 'Collectors' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Collectors' }).click();
    await page.getByRole('grid', { name: 'Collectors' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
