import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a fresh server', () => {
  it('shows the sign-in page', async () => {
    const { context, page, errors } = await newContext(browser, server.url);
    await page.goto('/');
    await page.getByLabel('User name').waitFor();
    expect(page.url()).toMatch(/#\/login$/);
    expect(await page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Password').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('remembers the intended route for after sign-in', async () => {
    const { context, page } = await newContext(browser, server.url);
    await page.goto('/#/collectors');
    await page.getByLabel('User name').waitFor();
    const remembered = await page.evaluate(() => window.localStorage.getItem('historian.redirectAfterLogin'));
    expect(remembered).toContain('/collectors');
    await context.close();
  });
});
