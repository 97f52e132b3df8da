// `npm run bench -- manualEntry`: the operator grid's calls on PGlite (server/manual-entry/README.md,
// "Entries" and "Writes"). An Events form over 4 configurations (4 visible properties each, 3 with
// a value) holding 2,000 events in the last 7 days, and an Asset Properties form of 10 properties
// whose measurements hold 2,000 points each in the same 7 days (one every ~5 minutes), in the
// built-in store. Prints the median of 5 runs through the real app (app.inject: routing, auth,
// the contract's request checks; answers unchecked) of: the entries of the 7 days of each form,
// one event's 4 values typed, and 20 values typed (10 properties at 2 timestamps). BENCH_ME_EVENTS=200 for a quick
// check that the bench still runs. Figures only, never pass/fail.
import { buildApp } from '../server/app';
import { createTestOrganization, createTestUser, sessionHeaders } from '../server/auth/testing/testUsers';
import { loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { openTestDatabase } from '../server/db/testing/testDatabase';
import { insertBuiltinDatabase, insertMeasurement } from '../server/ingestion/testing/fixtures';
import { createTimeseriesStores } from '../server/timeseries/stores';

const RUNS = 5;
const EVENTS = Number(process.env.BENCH_ME_EVENTS ?? 2_000);
const CONFIGURATIONS = 4;
const PROPERTIES = 10;
const DAY = 86_400_000;
const RANGE = 7 * DAY;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

async function timed(fn: (run: number) => Promise<unknown>): Promise<number> {
  await fn(-1); // warm: plans and caches
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    await fn(i);
    runs.push(ms(started));
  }
  return median(runs);
}

async function main() {
  const database = await openTestDatabase();
  const db = database.db;
  const timeseries = createTimeseriesStores(db);
  const ctx: AppContext = { db, config: loadConfig({ NODE_ENV: 'test' }), version: 'bench', timeseries };
  const app = await buildApp(ctx, { strictResponses: false, logLevel: 'silent' });
  try {
    const plant = await createTestOrganization(db);
    const one = async (sql: string, params: unknown[]) => (await db.query<{ uuid: string }>(sql, params)).rows[0].uuid;
    const user = await createTestUser(db, { privileges: { [plant]: ['READ_MANUAL_ENTRY_FORMS'] } });
    const headers = { ...(await sessionHeaders(ctx, user.uuid)), 'x-organization-uuid': plant };
    const operators = await one("INSERT INTO user_groups (organization_uuid, name) VALUES ($1, 'Operators') RETURNING uuid", [plant]);
    await db.query('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2)', [operators, user.uuid]);
    const now = Math.floor(Date.now() / 1000) * 1000;
    const started = process.hrtime.bigint();

    // The Events form.
    const type = await one("INSERT INTO event_types (organization_uuid, name) VALUES ($1, 'Batch') RETURNING uuid", [plant]);
    const properties: string[] = [];
    for (const name of ['Temp', 'Weight', 'Speed', 'Note']) {
      properties.push(await one("INSERT INTO event_type_properties (event_type_uuid, name, datatype, type) VALUES ($1, $2, $3, 'simple') RETURNING uuid", [type, name, name === 'Note' ? 'string' : 'number']));
    }
    const configurations: string[] = [];
    for (let c = 0; c < CONFIGURATIONS; c += 1) {
      const asset = await one('INSERT INTO assets (organization_uuid, name, path) VALUES ($1, $2, $2) RETURNING uuid', [plant, `Line ${c + 1}`]);
      const configuration = await one('INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, start_source) VALUES ($1, $2, $3, $4) RETURNING uuid', [
        plant,
        asset,
        type,
        'historian',
      ]);
      configurations.push(configuration);
      const perLine = EVENTS / CONFIGURATIONS;
      const step = Math.floor(RANGE / perLine);
      const starts = Array.from({ length: perLine }, (_, i) => new Date(now - RANGE + 60_000 + i * step + c * 7_000).toISOString());
      await db.query(
        `WITH made AS (
           INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source)
           SELECT $1, $2, $3, $4, s, s + interval '2 minutes', 'processed', 'auto' FROM unnest($5::timestamptz[]) AS s
           RETURNING uuid
         )
         INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value)
         SELECT made.uuid, p, to_jsonb(random() * 100) FROM made, unnest($6::uuid[]) AS p`,
        [plant, configuration, asset, type, starts, properties.slice(0, 3)],
      );
    }
    const eventsForm = await one(
      `INSERT INTO manual_entry_forms (organization_uuid, name, form_type, max_elevated_edit_age, config) VALUES ($1, 'Batches', 'Events', '8d', $2::jsonb) RETURNING uuid`,
      [
        plant,
        JSON.stringify({
          EventConfigurations: configurations.map((uuid) => ({
            EventConfigurationUUID: uuid,
            Properties: properties.map((property) => ({ EventTypePropertyUUID: property, Visible: true, Editable: true })),
          })),
        }),
      ],
    );

    // The Asset Properties form.
    const points = await insertBuiltinDatabase(db, plant);
    const collector = await one("INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, 'Lab', 'simulation') RETURNING uuid", [plant]);
    const store = await timeseries.forDatabase(points);
    const tank = await one("INSERT INTO assets (organization_uuid, name, path) VALUES ($1, 'Tank', 'Tank') RETURNING uuid", [plant]);
    const assetProperties: string[] = [];
    const step = Math.floor(RANGE / EVENTS);
    for (let i = 0; i < PROPERTIES; i += 1) {
      const measurement = await insertMeasurement(db, { organizationUuid: plant, collectorUuid: collector, databaseUuid: points });
      assetProperties.push(await one('INSERT INTO asset_properties (organization_uuid, asset_uuid, name, measurement_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid', [plant, tank, `Sample ${i + 1}`, measurement]));
      await store.writePoints(
        measurement,
        'number',
        Array.from({ length: EVENTS }, (_, j) => ({ time: now - RANGE + 60_000 + j * step, value: j % 97, quality: 192 })),
      );
    }
    const assetsForm = await one(
      `INSERT INTO manual_entry_forms (organization_uuid, name, form_type, max_elevated_edit_age, config) VALUES ($1, 'Lab', 'Asset Properties', '8d', $2::jsonb) RETURNING uuid`,
      [plant, JSON.stringify({ Groups: [{ Name: 'Samples', AssetPropertyUUIDs: assetProperties }] })],
    );
    for (const form of [eventsForm, assetsForm]) {
      await db.query("INSERT INTO manual_entry_form_privileges (manual_entry_form_uuid, organization_uuid, user_group_uuid, name) VALUES ($1, $2, $3, 'MANUAL_ENTRY_FORM_ELEVATED')", [
        form,
        plant,
        operators,
      ]);
    }
    await db.query('VACUUM ANALYZE events');
    await db.query('VACUUM ANALYZE event_property_values');
    console.log(`made ${EVENTS.toLocaleString('en')} events and ${(EVENTS * PROPERTIES).toLocaleString('en')} points in ${ms(started).toFixed(0)} ms`);

    const range = `From=${encodeURIComponent(new Date(now - RANGE).toISOString())}&To=${encodeURIComponent(new Date(now).toISOString())}`;
    const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
      const response = await app.inject({ method, url: `/api${url}`, headers, payload });
      if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json<{ Events?: unknown[]; Rows?: unknown[] }>();
    };
    const { rows: latest } = await db.query<{ uuid: string }>('SELECT uuid FROM events WHERE organization_uuid = $1 ORDER BY start_time DESC LIMIT 1', [plant]);
    const table: string[][] = [];
    table.push([
      'entries of an Events form, 7 days',
      String((await call('GET', `/manual-entry-forms/${eventsForm}/entries?${range}`)).Events?.length ?? 0),
      (await timed(() => call('GET', `/manual-entry-forms/${eventsForm}/entries?${range}`))).toFixed(1),
    ]);
    table.push([
      'entries of an Asset Properties form, 7 days',
      String((await call('GET', `/manual-entry-forms/${assetsForm}/entries?${range}`)).Rows?.length ?? 0),
      (await timed(() => call('GET', `/manual-entry-forms/${assetsForm}/entries?${range}`))).toFixed(1),
    ]);
    table.push([
      "one event's 4 values typed",
      '1',
      (
        await timed((run) =>
          call('PUT', `/manual-entry-forms/${eventsForm}/events/${latest[0].uuid}`, {
            Properties: { [properties[0]]: 1000 + run, [properties[1]]: 2000 + run, [properties[2]]: 3000 + run, [properties[3]]: `run ${run}` },
            Reason: 'bench',
          }),
        )
      ).toFixed(1),
    ]);
    table.push([
      '20 values typed (10 properties at 2 timestamps)',
      '2',
      (
        await timed((run) =>
          call('POST', `/manual-entry-forms/${assetsForm}/values`, {
            Values: assetProperties.flatMap((uuid, i) => [0, 1].map((k) => ({ AssetPropertyUUID: uuid, Timestamp: new Date(now - (k + 1) * 3_600_000).toISOString(), Value: 500 + run + i }))),
            Reason: 'bench',
          }),
        )
      ).toFixed(1),
    ]);
    const header = ['call', 'rows', 'median ms'];
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
    const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(`\nmedian of ${RUNS} runs (PGlite, built-in store)`);
    console.log(format(header));
    for (const row of table) console.log(format(row));
  } finally {
    await app.close();
    await timeseries.close();
    await database.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
