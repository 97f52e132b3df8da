import { readFileSync } from 'node:fs';
import path from 'node:path';
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

  it('loads only what the sign-in screen needs, within the budget the build enforces on its entry', async () => {
    // The build counts the entry's files; this counts every script the page fetches, lazy ones too.
    const report: { budgetBytes: number; chunks: { file: string; chunk: string; gzipBytes: number }[] } = JSON.parse(
      readFileSync(path.resolve(__dirname, '../dist/bundle-report.json'), 'utf8'),
    );
    const { context, page } = await newContext(browser, server.url);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.replace(/^\//, ''));
    });
    await page.goto('/#/collectors');
    await page.getByLabel('User name').waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = scripts.map((file) => report.chunks.find((chunk) => chunk.file === file));
    expect(loaded.every(Boolean)).toBe(true);
    // The entry and the sign-in steps (signIn.ts with completeLogin.ts, named after the latter;
    // loaded once the form is drawn), not the console (FullApp: router and i18next).
    expect(loaded.map((chunk) => chunk?.chunk)).toEqual(['main', 'src/features/auth/completeLogin.ts']);
    expect(loaded.reduce((sum, chunk) => sum + (chunk?.gzipBytes ?? 0), 0)).toBeLessThanOrEqual(report.budgetBytes);
    await context.close();
  });
});
