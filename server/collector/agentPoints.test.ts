import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestUser, sessionHeaders } from '../auth/testing/testUsers';
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

it('measurements made through the API with the simulation settings are collected, and one paused through the API stops', async () => {
  const collector = await h.newCollector();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'historian-agent-points-'));
  workDirs.push(workDir);
  const agent = createAgent({ client: createCollectorClient({ url: h.url, token: collector.token }), workDir, intervalMs: 150, flushIntervalMs: 150 });
  running.push(agent);
  await agent.start();
  // Registered: the server knows the collector's measurement settings schema now.
  const manager = await createTestUser(h.t.db, { privileges: { [h.plant]: ['READ_MEASUREMENTS', 'MANAGE_MEASUREMENTS', 'READ_COLLECTORS'] } });
  const headers = { ...(await sessionHeaders(h.t.ctx, manager.uuid)), 'x-organization-uuid': h.plant };
  const create = (payload: object) => h.t.app.inject({ method: 'POST', url: '/api/measurements', headers, payload });
  const base = { CollectorUUID: collector.uuid, DatabaseUUID: database, Status: 'Active' };
  const wrong = await create({ ...base, Name: 'Wrong', Datatype: 'number', Settings: { Signal: 'zigzag' } });
  expect(wrong.statusCode).toBe(400);
  const made = await Promise.all([
    create({ ...base, Name: 'Boiler.Temperature', Datatype: 'number', Settings: { Signal: 'sine', Amplitude: 20, Offset: 80, Noise: 0.5, SampleIntervalMs: 100 } }),
    create({ ...base, Name: 'Line.State', Datatype: 'string', Settings: { Signal: 'states', States: 'Idle,Running', SampleIntervalMs: 100 } }),
  ]);
  const [temperature, state] = made.map((response) => {
    expect(response.statusCode).toBe(201);
    return response.json<{ UUID: string }>().UUID;
  });
  await waitFor(() => count(temperature), (n) => n >= 3);
  await waitFor(() => count(state), (n) => n >= 3);

  const paused = await h.t.app.inject({ method: 'PATCH', url: '/api/measurements/status', headers, payload: { UUIDs: [temperature], Status: 'Paused' } });
  expect(paused.statusCode).toBe(200);
  await waitFor(() => agent.snapshot().points.measurements, (n) => n === 1);
  await new Promise((resolve) => setTimeout(resolve, 400));
  const stopped = await count(temperature);
  const before = await count(state);
  await new Promise((resolve) => setTimeout(resolve, 800));
  expect(await count(temperature)).toBe(stopped);
  expect(await count(state)).toBeGreaterThan(before);
}, 60_000);
