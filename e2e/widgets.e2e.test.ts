import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations as axe } from './support/axe';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// The shared widgets in a real browser, on the widget gallery of the production build (opened
// with localStorage['historian.gallery'] = '1', see src/features/gallery/galleryAccess.ts):
// zero axe-core violations in every state and both themes, and the 100,000-row table.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openGallery(options: { section?: string; colorScheme?: 'light' | 'dark' } = {}) {
  const { context, page, errors } = await newContext(browser, server.url);
  // Reduced motion: a toast closing on its own is either shown or gone, never measured by axe
  // half-faded (on a slow machine the first toasts close while later states are checked).
  await page.emulateMedia({ colorScheme: options.colorScheme ?? 'light', reducedMotion: 'reduce' });
  await page.addInitScript(() => window.localStorage.setItem('historian.gallery', '1'));
  await page.goto(`/#/gallery${options.section ? `?section=${options.section}` : ''}`);
  await page.getByRole('heading', { name: 'Widget gallery', level: 1 }).waitFor();
  return { context, page, errors };
}

/** Violations as short lines, so a failure names the rule and the elements. */
async function axeViolations(page: Page, state: string): Promise<string[]> {
  return (await axe(page)).map((v) => `${state}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const frames = (page: Page, count = 2) =>
  page.evaluate((n) => new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  }), count);

async function rowCount(grid: Locator): Promise<number> {
  return grid.locator('[role="row"]').count();
}

describe('widget gallery in the browser', () => {
  const THEMES = ['light', 'dark'] as const;

  it.each(THEMES)('the dialogs and toasts pass axe-core with zero violations (%s system theme)', async (colorScheme) => {
    const { context, page, errors } = await openGallery({ section: 'dialogs', colorScheme });
    const found = await axeViolations(page, 'dialogs section');
    // The error toast first: its details are opened before it closes on its own.
    await page.getByRole('button', { name: 'Show an error toast' }).click();
    await page.getByRole('button', { name: 'Show error details' }).click();
    await page.getByRole('dialog', { name: 'Error details' }).waitFor();
    found.push(...(await axeViolations(page, 'error details dialog')));
    await page.keyboard.press('Escape');
    for (const type of ['warning', 'info', 'success', 'danger', 'primary', 'default']) {
      await page.getByRole('button', { name: `Show a ${type} toast` }).click();
    }
    found.push(...(await axeViolations(page, 'every toast type')));
    await page.getByRole('button', { name: 'Open a dialog', exact: true }).click();
    await page.getByRole('dialog', { name: 'Example dialog' }).waitFor();
    found.push(...(await axeViolations(page, 'modal dialog')));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open a dialog that cannot be cancelled' }).click();
    await page.getByRole('dialog', { name: 'Answer required' }).waitFor();
    found.push(...(await axeViolations(page, 'non-cancellable dialog')));
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(THEMES)('the form fields and the schema form pass axe-core with zero violations (%s system theme)', async (colorScheme) => {
    const { context, page, errors } = await openGallery({ section: 'forms', colorScheme });
    const found = await axeViolations(page, 'forms section');
    await page.getByRole('textbox', { name: /^Name/ }).fill('');
    await page.getByRole('button', { name: 'Submit' }).first().click();
    await page.getByRole('button', { name: 'Submit' }).last().click();
    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.getByRole('checkbox', { name: 'Disable the connection fieldset' }).check();
    found.push(...(await axeViolations(page, 'errors, open and disabled fieldsets')));
    await page.getByRole('button', { name: 'Read mode' }).click();
    found.push(...(await axeViolations(page, 'read mode')));
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(THEMES)('the tables, their states and the status icons pass axe-core with zero violations (%s system theme)', async (colorScheme) => {
    const { context, page, errors } = await openGallery({ section: 'tables', colorScheme });
    const found = await axeViolations(page, 'tables section');
    const table = page.getByRole('grid', { name: 'Collectors' });
    await table.getByRole('button', { name: 'Show details' }).first().click();
    await table.getByRole('gridcell', { name: 'Collector 2', exact: true }).click();
    await table.getByRole('button', { name: 'Name' }).click();
    found.push(...(await axeViolations(page, 'detail row, selection, sorting')));
    await page.getByRole('button', { name: 'Column settings' }).click();
    await page.getByRole('dialog', { name: 'Column settings' }).waitFor();
    found.push(...(await axeViolations(page, 'column settings dialog')));
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the forced light and dark themes pass axe-core too', async () => {
    const { context, page } = await openGallery({ section: 'tables' });
    const found: string[] = [];
    for (const theme of ['Dark', 'Light']) {
      await page.getByRole('radio', { name: theme }).check();
      found.push(...(await axeViolations(page, `${theme} theme`)));
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('the axe check is not blind: faint text, an unnamed image and an unnamed button planted on the page are reported', async () => {
    const { context, page } = await openGallery({ section: 'tables' });
    await page.evaluate(() => {
      // Built with the DOM (styles through CSSOM): the page's CSP refuses inline style attributes.
      const faint = document.createElement('p');
      faint.textContent = 'faint words';
      Object.assign(faint.style, { color: '#eeeeee', background: '#ffffff' });
      const image = document.createElement('img');
      image.src = '/favicon.ico';
      document.querySelector('main')?.append(faint, image, document.createElement('button'));
    });
    const rules = (await axeViolations(page, 'planted')).map((line) => line.split(' ')[1]);
    expect(rules).toEqual(expect.arrayContaining(['color-contrast', 'image-alt', 'button-name']));
    await context.close();
  });

  it('scrolls a 100,000-row table with only the visible rows in the DOM', async () => {
    const { context, page, errors } = await openGallery({ section: 'big' });
    const grid = page.getByRole('grid', { name: '100,000 rows' });
    await grid.getByRole('row', { name: /Collector 1\b/ }).first().waitFor();
    expect(await grid.getAttribute('aria-rowcount')).toBe('100001');
    const counts: number[] = [];
    for (const fraction of [0.1, 0.5, 0.9, 1]) {
      await grid.evaluate((element, f) => {
        element.scrollTop = f * (element.scrollHeight - element.clientHeight);
      }, fraction);
      await frames(page, 3);
      counts.push(await rowCount(grid));
    }
    // The last row is reachable and the DOM never holds more than a screenful plus overscan.
    await grid.getByRole('row', { name: /Collector 100000\b/ }).waitFor();
    expect(Math.max(...counts)).toBeLessThan(100);
    expect(Math.min(...counts)).toBeGreaterThan(5);
    expect(await axeViolations(page, 'scrolled 100,000-row table')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sorts the 100,000 rows from the header and keeps the keyboard inside the grid', async () => {
    const { context, page } = await openGallery({ section: 'big' });
    const grid = page.getByRole('grid', { name: '100,000 rows' });
    await grid.getByRole('button', { name: 'Name' }).click();
    await grid.getByRole('button', { name: 'Name' }).click();
    expect(await grid.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    await grid.getByRole('row', { name: /Collector 99999\b/ }).first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+End');
    await grid.getByRole('row', { name: /Collector 1\b/ }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null)).toBe(true);
    await context.close();
  });

  it('column settings are kept per table id across a reload', async () => {
    const { context, page } = await openGallery({ section: 'tables' });
    const table = page.getByRole('grid', { name: 'Collectors' });
    await page.getByRole('button', { name: 'Column settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Column settings' });
    await dialog.getByRole('listbox', { name: 'Active columns' }).selectOption('version');
    await dialog.getByRole('button', { name: /Remove/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await table.getByRole('columnheader', { name: 'Version' }).count()).toBe(0);
    await page.reload();
    await page.getByRole('grid', { name: 'Collectors' }).waitFor();
    expect(await page.getByRole('grid', { name: 'Collectors' }).getByRole('columnheader', { name: 'Version' }).count()).toBe(0);
    expect(await page.getByRole('grid', { name: 'Collectors' }).getByRole('columnheader', { name: 'Name' }).count()).toBe(1);
    await context.close();
  });

  it('is not reachable in the production build without the flag', async () => {
    const { context, page } = await newContext(browser, server.url);
    await page.goto('/#/gallery');
    await page.getByLabel('User name').waitFor();
    expect(await page.getByRole('heading', { name: 'Widget gallery' }).count()).toBe(0);
    await context.close();
  });
});
