// Screenshots of the real TrendView (bench/trend/harness.tsx) with five measurements: two
// temperatures (°C, one with limits), a pressure (bar), a boolean and a string lane. The calls it
// makes are answered here with synthetic data. `npx tsx bench/trend/shots.ts [outDir]`.
import { mkdirSync } from 'node:fs';
import { encodeColumns, type ColumnSeries } from '../../domain/timeseriesColumns';
import { launchBrowser } from '../../e2e/support/browser';
import { buildHarness, serveHarness } from './buildHarness';

const outDir = process.argv[2] ?? '/work/shots/trend';

interface Fake {
  name: string;
  datatype: 'number' | 'boolean' | 'string';
  uom: string;
  config: Record<string, number | string>;
  value: (t: number) => number | string;
}

const HOUR = 3_600_000;
const FAKES: Record<string, Fake> = {
  m1: { name: 'Oven 1 temperature', datatype: 'number', uom: '°C', config: { UoM: '°C', ValueMin: 0, ValueMax: 300, LimitLo: 150, LimitHi: 230 }, value: (t) => 190 + 35 * Math.sin(t / (3 * HOUR)) + 6 * Math.sin(t / 400_000) + (Math.floor(t / 60_000) % 97 === 0 ? 25 : 0) },
  m2: { name: 'Oven 1 return temperature', datatype: 'number', uom: '°C', config: { UoM: '°C' }, value: (t) => 120 + 20 * Math.sin(t / (3 * HOUR) - 0.6) + 3 * Math.sin(t / 250_000) },
  m3: { name: 'Line pressure', datatype: 'number', uom: 'bar', config: { UoM: 'bar' }, value: (t) => 4.2 + 0.8 * Math.sin(t / (5 * HOUR)) + 0.15 * Math.sin(t / 120_000) },
  m4: { name: 'Door open', datatype: 'boolean', uom: '', config: {}, value: (t) => (Math.sin(t / (1.3 * HOUR)) > 0.75 ? 1 : 0) },
  m5: { name: 'Mode', datatype: 'string', uom: '', config: {}, value: (t) => ['Heating', 'Holding', 'Cooling', 'Holding'][Math.floor(t / (2.5 * HOUR)) % 4] },
};

function series(uuid: string, start: number, end: number, aggregation: { Name: string; Period: string } | undefined): ColumnSeries {
  const fake = FAKES[uuid];
  const periodText = aggregation?.Period ?? '60s';
  const unit = { s: 1_000, m: 60_000, h: HOUR, d: 24 * HOUR }[periodText.slice(-1)] ?? 1_000;
  const period = Number.parseInt(periodText, 10) * unit;
  const first = Math.ceil(start / period) * period;
  const count = Math.max(0, Math.ceil((end - first) / period));
  const times = new Float64Array(count).map((_, i) => first + i * period);
  const base = { measurementUuid: uuid, name: fake.name, database: 'plant', datatype: fake.datatype, uom: fake.uom, lastKnown: null, truncated: false };
  if (fake.datatype === 'string') {
    const field = aggregation ? aggregation.Name : 'value';
    return { ...base, fields: ['time', field], times, columns: { [field]: Array.from(times, (t) => String(fake.value(t))) } };
  }
  const at = (t: number) => Number(fake.value(t));
  if (!aggregation) return { ...base, fields: ['time', 'value'], times, columns: { value: times.map(at) } };
  const samples = (t: number) => Array.from({ length: 10 }, (_, k) => at(t + (k * period) / 10));
  return {
    ...base,
    fields: ['time', aggregation.Name, 'min', 'max'],
    times,
    columns: {
      [aggregation.Name]: times.map((t) => samples(t).reduce((a, b) => a + b, 0) / 10),
      min: times.map((t) => Math.min(...samples(t))),
      max: times.map((t) => Math.max(...samples(t))),
    },
  };
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  await buildHarness();
  const site = await serveHarness((request, body) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/translations/')) return { status: 200, type: 'application/json', body: '[]' };
    const measurement = /^\/api\/measurements\/(m\d)$/.exec(url.pathname);
    if (measurement && FAKES[measurement[1]]) {
      const fake = FAKES[measurement[1]];
      const entity = { UUID: measurement[1], Name: fake.name, CollectorUUID: 'c1', DatabaseUUID: 'd1', Datatype: fake.datatype, Status: 'Active', Attributes: { Config: fake.config } };
      return { status: 200, type: 'application/json', body: JSON.stringify(entity) };
    }
    if (url.pathname === '/api/timeseries/query' && request.method === 'POST') {
      const query = JSON.parse(body.toString()) as { MeasurementUUIDs: string[]; Start: string; End: string; Aggregation?: { Name: string; Period: string } };
      const answer = { series: query.MeasurementUUIDs.map((uuid) => series(uuid, Date.parse(query.Start), Date.parse(query.End), query.Aggregation)) };
      return { status: 200, type: 'application/vnd.historian.columns', body: Buffer.from(encodeColumns(answer)) };
    }
    return null;
  });
  const browser = await launchBrowser();
  try {
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
    ]) {
      for (const theme of ['light', 'dark']) {
        const page = await browser.newPage({ viewport: { width, height } });
        page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
        await page.goto(`${site.url}/index.html?theme=${theme}#view${encodeURIComponent('?trend=m1,m2,m3,m4,m5&from=now-24h&to=now')}`);
        await page.locator('.u-over').waitFor();
        await page.waitForTimeout(800);
        const over = await page.locator('.u-over').boundingBox();
        if (over) await page.mouse.move(over.x + over.width * 0.62, over.y + over.height / 2);
        await page.waitForTimeout(200);
        const file = `${outDir}/trend-${width}x${height}-${theme}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
