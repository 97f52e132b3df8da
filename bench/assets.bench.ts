// `npm run bench -- assets`: the asset tree of one organization on PGlite, 10 sites × 10 areas ×
// 100 lines × 10 machines (110,110 assets, 100,000 of them machines), inserted level by level with
// one SQL statement each. Then prints the median of 5 runs of GET /assets through the real app as
// production builds it (app.inject: routing, auth, the contract's request checks; answers
// unchecked): the first level, one level deep in the tree, keyword searches for a rare and a common
// word and the subtree of a site (first page of 100 each), beside the query plan's use of indexes.
// Figures only, never pass/fail.
import { buildApp } from '../server/app';
import { createTestOrganization, createTestUser, sessionHeaders } from '../server/auth/testing/testUsers';
import { loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { openTestDatabase } from '../server/db/testing/testDatabase';

const RUNS = 5;
const MACHINE_KINDS = ['Filler', 'Capper', 'Labeler', 'Conveyor', 'Palletizer', 'Wrapper', 'Inspector', 'Mixer', 'Press', 'Pasteurizer'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm: plans and caches, as a tree that is used is
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
  const ctx: AppContext = { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), version: 'bench' };
  const t = { db: database.db, ctx, app: await buildApp(ctx, { strictResponses: false, logLevel: 'silent' }) };
  try {
    const plant = await createTestOrganization(t.db);
    const headers = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['READ_ASSETS'] } })).uuid)), 'x-organization-uuid': plant };

    const started = process.hrtime.bigint();
    // A fixture, not a change anyone made: the audit trigger would write an entry per row.
    await t.db.query('ALTER TABLE assets DISABLE TRIGGER USER');
    await t.db.query(
      `INSERT INTO assets (organization_uuid, name, description, path, depth)
       SELECT $1, 'Site ' || lpad(s::text, 2, '0'), 'Plant number ' || s, 'Site ' || lpad(s::text, 2, '0'), 0 FROM generate_series(1, 10) AS s`,
      [plant],
    );
    const level = (depth: number, count: number, name: string, description: string) =>
      t.db.query(
        `INSERT INTO assets (organization_uuid, parent_uuid, name, description, path, depth, metadata)
         SELECT $1, p.uuid, n.name, ${description}, p.path || '/' || n.name, $2::int, jsonb_build_object('Position', i)
           FROM assets p
          CROSS JOIN generate_series(1, $3::int) AS i
          CROSS JOIN LATERAL (SELECT ${name} AS name) AS n
          WHERE p.organization_uuid = $1 AND p.depth = $2::int - 1`,
        [plant, depth, count],
      );
    await level(1, 10, "'Area ' || lpad(i::text, 2, '0')", "''");
    await level(2, 100, "'Line ' || lpad(i::text, 3, '0')", "'Packaging line'");
    await level(3, 10, `(ARRAY['${MACHINE_KINDS.join("', '")}'])[i] || ' ' || lpad(i::text, 2, '0')`, "CASE WHEN i = 10 THEN 'Heats the product' ELSE 'Machine' END");
    // One rare word: a single machine of the whole plant.
    await t.db.query("UPDATE assets SET description = 'Spare Homogenizer' WHERE organization_uuid = $1 AND path = 'Site 07/Area 03/Line 042/Mixer 08'", [plant]);
    await t.db.query('ALTER TABLE assets ENABLE TRIGGER USER');
    await t.db.query('ANALYZE assets');
    const { rows } = await t.db.query<{ total: number }>('SELECT count(*)::int AS total FROM assets WHERE organization_uuid = $1', [plant]);
    const total = rows[0].total;
    console.log(`inserted ${total.toLocaleString('en')} assets in ${ms(started).toFixed(0)} ms`);

    const uuidOf = async (path: string) => (await t.db.query<{ uuid: string }>('SELECT uuid FROM assets WHERE organization_uuid = $1 AND path = $2', [plant, path])).rows[0].uuid;
    const line = await uuidOf('Site 04/Area 09/Line 077');
    const area = await uuidOf('Site 04/Area 09');
    const cases = [
      { name: 'first level (Roots)', query: 'Roots=true' },
      { name: 'one area: its 100 lines (ParentUUIDs)', query: `ParentUUIDs=${area}` },
      { name: 'one line: its 10 machines (ParentUUIDs)', query: `ParentUUIDs=${line}` },
      { name: 'keyword, rare: "homogenizer"', query: 'Keyword=homogenizer' },
      { name: 'keyword, 10,000 hits: "pasteurizer 10"', query: 'Keyword=pasteurizer%2010' },
      { name: 'keyword, common: "machine"', query: 'Keyword=machine' },
      { name: 'subtree of a site (Path=Site 07)', query: 'Path=Site%2007' },
    ];
    const table: string[][] = [];
    for (const entry of cases) {
      let count = '';
      const call = await timed(async () => {
        const response = await t.app.inject({ method: 'GET', url: `/api/assets?Limit=100&${entry.query}`, headers });
        if (response.statusCode !== 200) throw new Error(`${entry.name}: ${response.statusCode} ${response.body}`);
        count = String(response.headers['x-total-count']);
      });
      table.push([entry.name, count, call.toFixed(1)]);
    }
    const header = ['GET /assets (Limit=100)', 'x-total-count', 'median ms'];
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
    const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(`\nmedian of ${RUNS} runs over ${total.toLocaleString('en')} assets (PGlite)`);
    console.log(format(header));
    for (const row of table) console.log(format(row));
  } finally {
    await t.app.close();
    await database.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
