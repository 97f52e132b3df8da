// Screenshots of the trend on the measurements page of the real server (production build): four
// measurements of a collector (two temperatures in °C, one with limits, a pressure in bar and a
// door switch), 24 h of points sent through the collector API, drawn over the last 24 hours.
// `npx tsx bench/trend/serverShots.ts [outDir]`; BENCH_CLIENT_DIR reuses a finished build.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { prepareAdmin } from '../../e2e/support/adminApi';
import { ADMIN, ADMIN_PASSWORD } from '../../e2e/support/adminApi';
import { launchBrowser } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';

const root = path.resolve(__dirname, '../..');
const outDir = process.argv[2] ?? '/work/shots/trend';
const HOUR = 3_600_000;

interface Created {
  UUID: string;
}

const MEASUREMENTS = [
  { Name: 'oven1.temperature', Datatype: 'number', Config: { UoM: '°C', ValueMin: 0, ValueMax: 300, LimitLo: 150, LimitHi: 230 }, value: (t: number) => 190 + 35 * Math.sin(t / (3 * HOUR)) + 6 * Math.sin(t / 400_000) },
  { Name: 'oven1.return_temperature', Datatype: 'number', Config: { UoM: '°C' }, value: (t: number) => 120 + 20 * Math.sin(t / (3 * HOUR) - 0.6) },
  { Name: 'line.pressure', Datatype: 'number', Config: { UoM: 'bar' }, value: (t: number) => 4.2 + 0.8 * Math.sin(t / (5 * HOUR)) + 0.1 * Math.sin(t / 200_000) },
  { Name: 'oven1.door_open', Datatype: 'boolean', Config: {}, value: (t: number) => Math.sin(t / (1.3 * HOUR)) > 0.75 },
];

async function main() {
  mkdirSync(outDir, { recursive: true });
  let clientDir = process.env.BENCH_CLIENT_DIR;
  if (!clientDir) {
    clientDir = path.join(root, '.tmp/trend-client');
    console.log('building the client into .tmp/trend-client…');
    spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', clientDir, '--optimization-emit-on-errors'], { cwd: root, encoding: 'utf8' });
  }
  const server = await startServer({ HISTORIAN_CLIENT_DIR: clientDir });
  const browser = await launchBrowser();
  try {
    const admin = await prepareAdmin(server.url);
    const plant = (await admin.json<Created>('POST', '/organizations', { body: { Name: 'Plant A', PostgresUser: 'plant_a_reader', PostgresPassword: 'plant-a-secret-1', PostgresPasswordConfirm: 'plant-a-secret-1' } })).UUID;
    const collector = await admin.json<Created>('POST', '/collectors', { body: { Name: 'Line 1' }, organization: plant });
    const types = await admin.json<Array<{ UUID: string; Name: string }>>('GET', '/timeseries-database-types', { organization: plant });
    const postgresType = types.find((type) => type.Name === 'PostgreSQL')?.UUID ?? types[0].UUID;
    const database = await admin.json<Created>('POST', '/timeseries-databases', { body: { Name: 'Plant store', TimeseriesDatabaseTypeUUID: postgresType, Settings: { mode: 'builtin' } }, organization: plant });
    const uuids: string[] = [];
    for (const measurement of MEASUREMENTS) {
      const created = await admin.json<Created>('POST', '/measurements', {
        body: { Name: measurement.Name, CollectorUUID: collector.UUID, DatabaseUUID: database.UUID, Datatype: measurement.Datatype, Status: 'Active', Settings: { Signal: 'sine', SampleIntervalMs: 1000 }, Attributes: { Config: measurement.Config } },
        organization: plant,
      });
      uuids.push(created.UUID);
    }
    const { Token } = await admin.json<{ Token: string }>('GET', `/collectors/${collector.UUID}/token`, { organization: plant });
    const now = Date.now();
    const times = Array.from({ length: 24 * 120 }, (_, i) => now - 24 * HOUR + i * 30_000);
    const sent = await fetch(`${server.url}/api/collector-api/points`, {
      method: 'POST',
      headers: { authorization: `Bearer ${Token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ BatchKey: 'trend-shots-1', Points: MEASUREMENTS.map((measurement, i) => ({ MeasurementUUID: uuids[i], T: times, V: times.map((time): number | boolean => measurement.value(time)) })) }),
    });
    if (!sent.ok) throw new Error(`points: ${sent.status} ${await sent.text()}`);

    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
      await context.addInitScript((chosen) => window.localStorage.setItem('historian.theme', JSON.stringify(chosen)), theme);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
      await page.goto(`/#/measurements?trend=${uuids.join(',')}&from=now-24h&to=now`);
      await page.getByLabel('User name').fill(ADMIN);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const organization = page.getByRole('button', { name: /Plant A/ });
      if (await organization.isVisible().catch(() => false)) await organization.click();
      await page.locator('.u-over').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(1000);
      const file = `${outDir}/server-trend-1440x900-${theme}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      // The compact trend in the drawer of one measurement.
      await page.goto(`/#/measurements?Measurement=${uuids[0]}`);
      await page.getByRole('tab', { name: 'Trend' }).click();
      await page.locator('.measurement-trend .u-over').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(800);
      const drawer = `${outDir}/server-drawer-1440x900-${theme}.png`;
      await page.screenshot({ path: drawer });
      console.log(drawer);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
