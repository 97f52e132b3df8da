// `npm run bench -- eventsOverview`: the events overview's query time over 1,000,000 events on
// PGlite (server/events/README.md, "Bench"). One organization, 10 lines with a Batch
// configuration each, 100,000 consecutive batches per line (10 minutes each, the last one open),
// each with a simple number property Temp; 1 % incomplete, 0.5 % pending. The rows are written
// in batches of 100,000 by multi-row INSERT … SELECT unnest of arrays built here. Then prints the
// median of 5 runs of GET /events through the real app (app.inject: routing, auth, the contract's
// request checks; answers unchecked), 1000 events a page as the overview asks. Figures only,
// never pass/fail.
import { buildApp } from '../server/app';
import { createTestOrganization, createTestUser, sessionHeaders } from '../server/auth/testing/testUsers';
import { loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { openTestDatabase } from '../server/db/testing/testDatabase';

const RUNS = 5;
const LINES = 10;
// EVENTS_PER_LINE=1000 for a quick check that the bench still runs.
const PER_LINE = Number(process.env.EVENTS_PER_LINE ?? 100_000);
const BATCH = 100_000;
const MINUTE = 60_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm: plans and caches, as an overview that is used is
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    await fn();
    runs.push(ms(started));
  }
  return median(runs);
}

async function main() {
  const database = await openTestDatabase();
  const db = database.db;
  const ctx: AppContext = { db, config: loadConfig({ NODE_ENV: 'test' }), version: 'bench' };
  const app = await buildApp(ctx, { strictResponses: false, logLevel: 'silent' });
  try {
    const plant = await createTestOrganization(db);
    const headers = { ...(await sessionHeaders(ctx, (await createTestUser(db, { privileges: { [plant]: ['READ_EVENTS'] } })).uuid)), 'x-organization-uuid': plant };
    const one = async (sql: string, params: unknown[]) => (await db.query<{ uuid: string }>(sql, params)).rows[0].uuid;
    const site = await one("INSERT INTO assets (organization_uuid, name, path) VALUES ($1, 'Site', 'Site') RETURNING uuid", [plant]);
    const type = await one("INSERT INTO event_types (organization_uuid, name) VALUES ($1, 'Batch') RETURNING uuid", [plant]);
    const temp = await one("INSERT INTO event_type_properties (event_type_uuid, name, datatype, type) VALUES ($1, 'Temp', 'number', 'simple') RETURNING uuid", [type]);
    const lines: { asset: string; configuration: string }[] = [];
    for (let l = 1; l <= LINES; l += 1) {
      const name = `Line ${String(l).padStart(2, '0')}`;
      const asset = await one('INSERT INTO assets (organization_uuid, parent_uuid, name, path, depth) VALUES ($1, $2, $3, $4, 1) RETURNING uuid', [plant, site, name, `Site/${name}`]);
      const configuration = await one('INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, start_source) VALUES ($1, $2, $3, $4) RETURNING uuid', [
        plant,
        asset,
        type,
        'historian',
      ]);
      lines.push({ asset, configuration });
    }

    const started = process.hrtime.bigint();
    const origin = Date.UTC(2025, 0, 1);
    for (const line of lines) {
      for (let from = 0; from < PER_LINE; from += BATCH) {
        const starts: string[] = [];
        const stops: (string | null)[] = [];
        const statuses: string[] = [];
        const temps: number[] = [];
        for (let i = from; i < Math.min(from + BATCH, PER_LINE); i += 1) {
          const start = origin + i * 11 * MINUTE + lines.indexOf(line) * 17_000;
          const open = i === PER_LINE - 1;
          starts.push(new Date(start).toISOString());
          stops.push(open ? null : new Date(start + 10 * MINUTE).toISOString());
          statuses.push(open ? 'open' : i % 100 === 7 ? 'incomplete' : i % 200 === 3 ? 'pending' : 'processed');
          temps.push((i % 1000) / 10);
        }
        await db.query(
          `WITH rows AS (
             SELECT * FROM unnest($4::timestamptz[], $5::timestamptz[], $6::text[], $7::float8[]) AS r(start_time, stop_time, status, temp)
           ), inserted AS (
             INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source)
             SELECT $1, $2, $3, $8, start_time, stop_time, status, 'auto' FROM rows
             RETURNING uuid, start_time
           )
           INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value)
           SELECT inserted.uuid, $9, to_jsonb(rows.temp) FROM inserted JOIN rows ON rows.start_time = inserted.start_time`,
          [plant, line.configuration, line.asset, starts, stops, statuses, temps, type, temp],
        );
      }
    }
    await db.query('VACUUM ANALYZE events');
    await db.query('VACUUM ANALYZE event_property_values');
    const { rows } = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM events WHERE organization_uuid = $1', [plant]);
    const total = rows[0].total;
    console.log(`inserted ${total.toLocaleString('en')} events with a property value each in ${ms(started).toFixed(0)} ms`);

    const filter = (conditions: object[]) => `PropertyFilter=${encodeURIComponent(JSON.stringify(conditions))}`;
    const cases = [
      { name: 'first page, newest first', query: '' },
      { name: 'status filter (incomplete, 1 %)', query: 'Statuses=incomplete' },
      { name: 'property filter (Temp > 99, 1 %)', query: filter([{ Property: 'Temp', Operator: '>', Value: 99 }]) },
      { name: 'property filter (Temp = 50 OR Temp = 51)', query: filter([{ Property: 'Temp', Operator: '=', Value: 50 }, { Property: 'Temp', Operator: '=', Value: 51, Condition: 'OR' }]) },
      { name: 'sorted by StopTime (open first)', query: 'Sort=StopTime' },
      { name: 'sorted by ParentUUID', query: 'Sort=ParentUUID' },
      { name: 'page 100 (offset 99,000)', query: 'Page=100' },
      { name: 'one line, one week', query: `AssetUUIDs=${lines[3].asset}&StartTime=2025-06-01T00:00:00Z&StopTime=2025-06-08T00:00:00Z` },
    ];
    const table: string[][] = [];
    for (const entry of cases) {
      let count = '';
      let size = 0;
      const call = await timed(async () => {
        const response = await app.inject({ method: 'GET', url: `/api/events?${entry.query}`, headers });
        if (response.statusCode !== 200) throw new Error(`${entry.name}: ${response.statusCode} ${response.body}`);
        count = String(response.headers['x-total-count']);
        size = (response.json() as unknown[]).length;
      });
      table.push([entry.name, String(size), count, call.toFixed(1)]);
    }
    const header = ['GET /events (Limit=1000)', 'rows', 'x-total-count', 'median ms'];
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
    const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(`\nmedian of ${RUNS} runs over ${total.toLocaleString('en')} events (PGlite)`);
    console.log(format(header));
    for (const row of table) console.log(format(row));
  } finally {
    await app.close();
    await database.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
