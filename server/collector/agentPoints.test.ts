import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertBuiltinDatabase, insertMeasurement } from '../ingestion/testing/fixtures';
import { createAgent, type Agent } from './agent';
import { createCollectorClient } from './collectorClient';
import { openAgentHarness, waitFor, type AgentHarness } from './testing/agentHarness';

// The reference collector's points against a real server over HTTP: the measurements assigned to
// it are sampled and stored; pausing the collector stops them; a measurement added later is picked
// up through the health answer's MeasurementsVersion.

let h: AgentHarness;
let database: string;
const running: Agent[] = [];
const workDirs: string[] = [];

beforeAll(async () => {
  h = await openAgentHarness();
  database = await insertBuiltinDatabase(h.t.db, h.plant);
}, 60_000);

afterAll(async () => {
  await Promise.all(running.splice(0).map((agent) => agent.stop()));
  await h?.close();
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

const count = async (measurement: string) =>
  (await h.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM timeseries_points WHERE measurement_uuid = $1', [measurement])).rows[0].n;

it('stores the values of its measurements, stops when paused, and picks up a new measurement', async () => {
  const collector = await h.newCollector();
  const fast = { Signal: 'sine', SampleIntervalMs: 100, PeriodSeconds: 10, Amplitude: 5 };
  const first = await insertMeasurement(h.t.db, { organizationUuid: h.plant, collectorUuid: collector.uuid, databaseUuid: database, settings: fast });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'historian-agent-points-'));
  workDirs.push(workDir);
  const lines: string[] = [];
  const agent = createAgent({ client: createCollectorClient({ url: h.url, token: collector.token }), workDir, intervalMs: 150, flushIntervalMs: 150, log: (line) => lines.push(line) });
  running.push(agent);
  await agent.start();

  await waitFor(() => count(first), (n) => n >= 5);
  await waitFor(() => h.collectorRow(collector.uuid), (row) => row.health === 'Collecting');
  const last = (await h.t.db.query<{ value: number }>('SELECT value FROM measurement_last_points WHERE measurement_uuid = $1', [first])).rows[0];
  expect(Math.abs(last.value)).toBeLessThanOrEqual(5);

  const second = await insertMeasurement(h.t.db, { organizationUuid: h.plant, collectorUuid: collector.uuid, databaseUuid: database, datatype: 'string', settings: { Signal: 'states', SampleIntervalMs: 100 } });
  await waitFor(() => count(second), (n) => n >= 3);

  await h.t.db.query("UPDATE collectors SET status = 'Paused' WHERE uuid = $1", [collector.uuid]);
  await waitFor(() => h.collectorRow(collector.uuid), (row) => row.health === 'Paused');
  // What was sampled before the pause may still arrive with the next flush; then nothing more.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const paused = await count(first);
  await new Promise((resolve) => setTimeout(resolve, 800));
  expect(await count(first)).toBe(paused);
  expect(agent.snapshot().points).toMatchObject({ measurements: 2, buffered: 0, dropped: 0 });
}, 60_000);
