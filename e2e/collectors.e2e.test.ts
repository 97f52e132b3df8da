import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { makeBuildSource } from '../server/collector/builds';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './support/adminApi';
import { axeViolations } from './support/axe';
import { launchBrowser, newContext } from './support/browser';
import { startCollector, type RunningCollector } from './support/collectorProcess';
import { startServer, type RunningServer } from './support/server';

// Collectors end to end: the real server, two reference collector processes holding tokens issued
// through the API, and the console in Chromium watching them register and report health, pausing
// one, changing a setting of the other, uploading a newer build and watching it update to it.

let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let plant: string;
const collectors: RunningCollector[] = [];
const tokens: string[] = [];
let buildDir: string;

interface Created {
  UUID: string;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await prepareAdmin(server.url);
  const organization = await admin.json<Created>('POST', '/organizations', {
    body: { Name: 'Plant A', PostgresUser: 'plant_a_reader', PostgresPassword: 'plant-a-secret-1', PostgresPasswordConfirm: 'plant-a-secret-1' },
  });
  plant = organization.UUID;
  for (const name of ['Line 1', 'Line 2']) {
    const collector = await admin.json<Created>('POST', '/collectors', { body: { Name: name }, organization: plant });
    const { Token } = await admin.json<{ Token: string }>('GET', `/collectors/${collector.UUID}/token`, { organization: plant });
    tokens.push(Token);
    collectors.push(startCollector(server.url, Token));
  }
  buildDir = mkdtempSync(path.join(os.tmpdir(), 'historian-e2e-build-'));
}, 120_000);

afterAll(async () => {
  await Promise.all(collectors.map((collector) => collector.stop()));
  await browser?.close();
  await server?.stop();
  rmSync(buildDir, { recursive: true, force: true });
}, 60_000);

async function signIn(page: Page) {
  await page.goto('/#/collectors');
  await page.getByLabel('User name').fill(ADMIN);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Collectors', level: 1 }).waitFor();
}

const rowOf = (page: Page, name: string): Locator => page.getByRole('grid', { name: 'Collectors' }).getByRole('row').filter({ hasText: name });

async function waitForCell(row: Locator, text: string, timeout = 30_000) {
  await row.getByText(text, { exact: true }).first().waitFor({ timeout });
}

describe('collectors, end to end', () => {
  it('two collectors register, report health, pause, take a setting and update to a newer build', async () => {
    const { context, page, errors } = await newContext(browser, server.url);
    await signIn(page);
    const [line1, line2] = collectors;

    // Both register (Initial → Active) and report Collecting on their own.
    for (const name of ['Line 1', 'Line 2']) {
      const row = rowOf(page, name);
      await waitForCell(row, 'Collecting');
      await waitForCell(row, '1.0.0');
      await waitForCell(row, 'simulation');
    }
    // Every organization has its internal collector too.
    await waitForCell(rowOf(page, 'Internal'), 'internal');

    // Pause Line 1: the process stops sampling, says so, and reports Paused.
    await rowOf(page, 'Line 1').getByRole('gridcell', { name: /^Line 1/ }).click();
    const panel1 = page.getByRole('region', { name: 'Line 1' });
    await panel1.getByRole('button', { name: 'Pause' }).click();
    await waitForCell(rowOf(page, 'Line 1'), 'Paused');
    await line1.waitForOutput('paused: collecting stopped');
    // The health history: a uPlot timeline, and the latest changes, Paused on top.
    await panel1.getByRole('img', { name: 'Health of Line 1 over time' }).locator('canvas').first().waitFor();
    await panel1.getByRole('table', { name: 'Latest health changes of Line 1' }).getByRole('row').nth(1).getByText('Paused').waitFor();
    const violations = (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(violations).toEqual([]);

    // A setting of Line 2 changes; the running process applies it and reports it in effect.
    await rowOf(page, 'Line 2').getByRole('gridcell', { name: /^Line 2/ }).click();
    const panel2 = page.getByRole('region', { name: 'Line 2' });
    await panel2.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Line 2' });
    await dialog.getByRole('spinbutton', { name: /Sample interval/ }).fill('500');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await line2.waitForOutput('applied: SampleIntervalMs=500');
    await waitForCell(rowOf(page, 'Line 2'), 'In effect');
    // Applied without a restart: still the one registration of the process.
    expect(line2.output().match(/registered as Line 2/g)).toHaveLength(1);

    // A newer build is uploaded on the product updates page, with its progress bar.
    const buildFile = path.join(buildDir, 'simulation-1.1.0.js');
    writeFileSync(buildFile, makeBuildSource('1.1.0'));
    await page.getByRole('link', { name: 'Product updates' }).click();
    const form = page.getByRole('form', { name: 'Upload a build' });
    await form.getByLabel('Collector type').fill('simulation');
    await form.getByLabel('Product').fill('Historian simulation collector');
    await form.getByLabel('OS').fill(process.platform);
    await form.getByLabel('Architecture').fill(process.arch);
    await form.getByLabel('Version').fill('1.1.0');
    await form.getByLabel('Build file').setInputFiles(buildFile);
    await form.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Build 1.1.0 is uploaded.').waitFor();
    await page.getByRole('grid', { name: 'Product updates' }).getByText('1.1.0', { exact: true }).waitFor();

    // Back on the collectors page the update shows as newer; Line 2 installs it.
    await page.getByRole('link', { name: 'Back to the collectors' }).click();
    await waitForCell(rowOf(page, 'Line 2'), 'newer 1.1.0 available');
    await rowOf(page, 'Line 2').getByRole('gridcell', { name: /^Line 2/ }).click();
    await page.getByRole('region', { name: 'Line 2' }).getByRole('button', { name: 'Update to 1.1.0' }).click();
    await waitForCell(rowOf(page, 'Line 2'), 'Upgrading', 5_000);
    await line2.waitForOutput('switching from 1.0.0 to 1.1.0');
    await waitForCell(rowOf(page, 'Line 2'), '1.1.0');
    await waitForCell(rowOf(page, 'Line 2'), 'Collecting');
    // Line 1 stays paused, on its old build, with the update still on offer.
    await waitForCell(rowOf(page, 'Line 1'), 'Paused');
    await waitForCell(rowOf(page, 'Line 1'), 'newer 1.1.0 available');

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('a collector token of organization A gets nothing of organization B', async () => {
    const other = await admin.json<Created>('POST', '/organizations', {
      body: { Name: 'Plant B', PostgresUser: 'plant_b_reader', PostgresPassword: 'plant-b-secret-1', PostgresPasswordConfirm: 'plant-b-secret-1' },
    });
    const theirs = await admin.json<Created>('POST', '/collectors', { body: { Name: 'B line' }, organization: other.UUID });
    const asA = { authorization: `Bearer ${tokens[0]}`, 'x-organization-uuid': other.UUID };
    for (const [method, url] of [
      ['GET', '/api/collectors'],
      ['GET', `/api/collectors/${theirs.UUID}/collector-health-history`],
      ['GET', `/api/collectors/${theirs.UUID}/token`],
      ['DELETE', `/api/collectors/${theirs.UUID}`],
    ]) {
      expect((await fetch(`${server.url}${url}`, { method, headers: asA })).status).toBe(401);
    }
    const own = await (await fetch(`${server.url}/api/collector-api/settings`, { headers: asA })).json();
    expect(own).toEqual(expect.objectContaining({ OrganizationUUID: plant, Name: 'Line 1' }));
  });
});
