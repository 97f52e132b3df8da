// `npm run bench -- measurements`: the measurements list over 100,000 measurements of one
// organization on PGlite. Inserts them with one SQL statement (4 collectors, 2 databases, a few
// labels, statuses, datatypes and qualities, a last point for each), then prints the median of 5
// runs of GET /measurements through the real app as production builds it (app.inject: routing,
// auth, the contract's request checks; answers unchecked) for a few filters, beside the two
// queries the call makes (the count for x-total-count and the page of 100) timed alone. Figures
// only, never pass/fail.
import { buildApp } from '../server/app';
import { createTestOrganization, createTestUser, sessionHeaders } from '../server/auth/testing/testUsers';
import { loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { openTestDatabase } from '../server/db/testing/testDatabase';
import { measurementsRepository, type MeasurementFilter } from '../server/repositories/measurements';

const COUNT = Number(process.env.BENCH_MEASUREMENTS ?? 100_000);
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm: plans and caches, as a list page that is used is
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    await fn();
    runs.push(ms(started));
  }
  return median(runs);
}

async function main() {
  // As in production: answers are not checked against the contract on the way out.
  const database = await openTestDatabase();
  const ctx: AppContext = { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), version: 'bench' };
  const t = { db: database.db, ctx, app: await buildApp(ctx, { strictResponses: false, logLevel: 'silent' }) };
  try {
    const plant = await createTestOrganization(t.db);
    const headers = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_MEASUREMENTS'] } })).uuid)), 'x-organization-uuid': plant };
    const collectors: string[] = [];
    for (const [name, type] of [['OPC UA', 'opc-ua'], ['MQTT', 'mqtt'], ['Simulator', 'simulation'], ['Formulas', 'calculation']]) {
      const { rows } = await t.db.query<{ uuid: string }>('INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, $2, $3) RETURNING uuid', [plant, name, type]);
      collectors.push(rows[0].uuid);
    }
    const databases: string[] = [];
    for (const name of ['Line 1', 'Line 2']) {
      const { rows } = await t.db.query<{ uuid: string }>('INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, $2, gen_random_uuid()) RETURNING uuid', [plant, name]);
      databases.push(rows[0].uuid);
    }

    const started = process.hrtime.bigint();
    // A fixture, not a change anyone made: the audit trigger would write an entry per row.
    await t.db.query('ALTER TABLE measurements DISABLE TRIGGER USER');
    await t.db.query(
      `INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, description, datatype, status, quality, uom, labels)
       SELECT $1, ($2::uuid[])[1 + i % 4], ($3::uuid[])[1 + i % 2],
              'area-' || (i % 50) || '/unit-' || (i % 997) || '/sensor-' || i,
              (ARRAY['temperature', 'pressure', 'flow', 'level', 'speed'])[1 + i % 5] || ' of unit ' || (i % 997),
              (ARRAY['number', 'number', 'number', 'boolean', 'string'])[1 + i % 5],
              (ARRAY['Active', 'Active', 'Active', 'Paused', 'Deleted', 'Discovered'])[1 + i % 6],
              CASE WHEN i % 100 = 0 THEN 'BadInvalidDataType' ELSE 'Good' END,
              '°C',
              CASE WHEN i % 10 = 0 THEN ARRAY['critical', 'hall-' || (i % 3)] ELSE ARRAY['hall-' || (i % 3)] END
         FROM generate_series(1, $4::int) AS i`,
      [plant, collectors, databases, COUNT],
    );
    await t.db.query("UPDATE measurements SET database_uuid = NULL WHERE status = 'Discovered' AND organization_uuid = $1", [plant]);
    await t.db.query('ALTER TABLE measurements ENABLE TRIGGER USER');
    await t.db.query(
      `INSERT INTO measurement_last_points (measurement_uuid, time, value, quality)
       SELECT uuid, now(), to_jsonb(random()), 192 FROM measurements WHERE organization_uuid = $1`,
      [plant],
    );
    await t.db.query('ANALYZE measurements');
    await t.db.query('ANALYZE measurement_last_points');
    console.log(`inserted ${COUNT.toLocaleString('en')} measurements and their last points in ${ms(started).toFixed(0)} ms`);

    const cases: { name: string; query: string; filter: Omit<MeasurementFilter, 'limit' | 'page'> }[] = [
      { name: 'no filter (first page of 100)', query: '', filter: {} },
      { name: 'keyword "unit-42/"', query: 'Keyword=unit-42%2F', filter: { keyword: 'unit-42/' } },
      { name: 'regex /^area-7\\/unit-1[0-9]\\//', query: `Keyword=${encodeURIComponent('/^area-7\\/unit-1[0-9]\\//')}`, filter: { regex: '^area-7\\/unit-1[0-9]\\/' } },
      { name: 'label "critical"', query: 'Labels[]=critical', filter: { labels: ['critical'] } },
      {
        name: 'statuses Active+Paused, database Line 1',
        query: `Statuses[]=Active&Statuses[]=Paused&DatabaseUUIDs[]=${databases[0]}`,
        filter: { statuses: ['Active', 'Paused'], databaseUuids: [databases[0]] },
      },
      { name: 'no filter, page 500 (of 100)', query: 'Page=500', filter: {} },
      { name: 'keyword nothing matches (the call itself)', query: 'Keyword=nothing-like-this', filter: { keyword: 'nothing-like-this' } },
    ];
    const repository = measurementsRepository(t.db);
    const rows: string[][] = [];
    for (const entry of cases) {
      let total = '';
      const call = await timed(async () => {
        const response = await t.app.inject({ method: 'GET', url: `/api/measurements?Limit=100${entry.query ? `&${entry.query}` : ''}`, headers });
        if (response.statusCode !== 200) throw new Error(`${entry.name}: ${response.statusCode} ${response.body}`);
        total = String(response.headers['x-total-count']);
      });
      const filter = { ...entry.filter, limit: 100, page: entry.query.startsWith('Page=') ? 500 : 1 };
      const count = await timed(() => repository.count(plant, filter));
      const page = await timed(() => repository.page(plant, filter));
      rows.push([entry.name, total, call.toFixed(1), count.toFixed(1), page.toFixed(1)]);
    }
    const header = ['GET /measurements', 'x-total-count', 'call ms', 'count ms', 'page ms'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(`\nmedian of ${RUNS} runs over ${COUNT.toLocaleString('en')} measurements (PGlite)`);
    console.log(line(header));
    for (const row of rows) console.log(line(row));
  } finally {
    await t.app.close();
    await database.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
