import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import { createDefaultCollectors, CALCULATION_COLLECTOR_TYPE } from '../../collectors/defaults';
import { insertCollector } from '../../collectors/testing/collectorFixtures';
import { JobInterrupted, type JobContext } from '../../jobs/registry';
import { SETTING_NAMES } from '../../../domain/settingNames';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../../timeseries/registry';
import { createTimeseriesStores, type TimeseriesStores } from '../../timeseries/stores';
import { createSandbox, type Sandbox } from '../sandbox/sandbox';
import { CALCULATION_BACKFILL, runCalculationBackfill, type BackfillJobResult } from './backfillJob';

// The calculation_backfill job and POST /calculations/{id}/backfill (DOMAIN.md §2): a backfill
// recomputes a calculation and then those reading it in dependency order, a dry run compares old
// and new values and writes nothing, a paused calculation can be backfilled, and a paused job
// continues from its checkpoint.

const T0 = Date.UTC(2026, 0, 5);
const DAY = 86_400_000;
const FIVE_MINUTES = 300_000;

let t: TestApp;
let runner: FastifyInstance;
let stores: TimeseriesStores;
let plant: string;
let otherPlant: string;
let databaseUuid: string;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let userUuid: string;
let x: string;
let a: string;
let b: string;

const call = (method: 'GET' | 'POST', url: string, as: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: as, ...(payload ? { payload } : {}) });

async function createMeasurement(body: Record<string, unknown>): Promise<string> {
  const response = await call('POST', '/measurements', headers, { DatabaseUUID: databaseUuid, Datatype: 'number', Status: 'Active', Labels: [], ...body });
  expect(response.statusCode).toBe(201);
  return response.json<{ UUID: string }>().UUID;
}

const sampled = (alias: string, input: string, script: string) => ({
  Type: 'sampled',
  Interval: '10m',
  IntervalOffset: 0,
  EvaluateInsufficientData: false,
  Inputs: [{ Alias: alias, MeasurementUUID: input, Aggregation: 'mean' }],
  Script: script,
});

/** X holds `value` every 5 minutes over [from, to[. */
async function writeX(value: number, from = T0, to = T0 + 2 * DAY) {
  const points = [];
  for (let time = from; time < to; time += FIVE_MINUTES) points.push({ time, value, quality: 192 });
  await (await stores.forDatabase(databaseUuid)).writePoints(x, 'number', points);
}

async function stored(measurement: string, from = T0, to = T0 + 2 * DAY): Promise<number[]> {
  const points = await (await stores.forDatabase(databaseUuid)).readRaw(measurement, 'number', { from, to, limit: 100_000 });
  return points.map((point) => Number(point.value));
}

interface JobBody {
  State: string;
  Error: string | null;
  Result: BackfillJobResult | null;
}

async function backfill(calculation: string, body: { Start: string; End: string; DryRun: boolean }): Promise<JobBody> {
  const started = await call('POST', `/calculations/${calculation}/backfill`, headers, body);
  expect(started.statusCode).toBe(202);
  const { JobUUID } = started.json<{ JobUUID: string }>();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await call('GET', `/jobs/${JobUUID}`, headers)).json<JobBody>();
    if (['done', 'failed', 'canceled'].includes(job.State)) return job;
    if (Date.now() > deadline) throw new Error(`job ${JobUUID} still ${job.State}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const report = (job: JobBody, uuid: string) => job.Result?.Calculations.find((calc) => calc.UUID === uuid);

beforeAll(async () => {
  t = await openTestApp();
  // A second app on the same database runs the jobs, as the server's own runner would.
  runner = await buildApp(t.ctx, { logLevel: 'silent', jobRunner: { pollMs: 50, recoverEveryMs: 60_000 } });
  stores = createTimeseriesStores(t.db);
  plant = await createTestOrganization(t.db);
  otherPlant = await createTestOrganization(t.db);
  await createDefaultCollectors(t.db, plant);
  const user = await createTestUser(t.db, { privileges: { [plant]: ['MANAGE_MEASUREMENTS', 'READ_MEASUREMENTS'] } });
  userUuid = user.uuid;
  headers = { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': plant };
  const other = await createTestUser(t.db, { privileges: { [otherPlant]: ['MANAGE_MEASUREMENTS', 'READ_MEASUREMENTS'] } });
  otherHeaders = { ...(await sessionHeaders(t.ctx, other.uuid)), 'x-organization-uuid': otherPlant };
  databaseUuid = (
    await t.db.query<{ uuid: string }>(
      "INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings) VALUES ($1, 'historian', $2, '{\"mode\":\"builtin\"}') RETURNING uuid",
      [plant, POSTGRES_TIMESERIES_TYPE_UUID],
    )
  ).rows[0].uuid;
  const { rows } = await t.db.query<{ uuid: string }>('SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = $2', [plant, CALCULATION_COLLECTOR_TYPE]);
  const calculations = rows[0].uuid;
  const plc = await insertCollector(t.db, plant, { name: 'PLC' });
  x = await createMeasurement({ Name: 'Flow', CollectorUUID: plc, Settings: {} });
  a = await createMeasurement({ Name: 'A doubled', CollectorUUID: calculations, Settings: sampled('X', x, '_X.Value * 2') });
  b = await createMeasurement({ Name: 'B plus one', CollectorUUID: calculations, Settings: sampled('A', a, '_A.Value + 1') });
}, 60_000);

afterAll(async () => {
  await stores?.close();
  await runner?.close();
  await t?.close();
}, 30_000);

describe('calculation backfill', () => {
  it('a backfill of A then B (B reads A) in order: after A’s input changes, B is recomputed from A’s new values', async () => {
    await writeX(1);
    const first = await backfill(a, { Start: iso(T0), End: iso(T0 + DAY), DryRun: false });
    expect(first.State).toBe('done');
    expect(first.Result?.Calculations.map((calc) => calc.UUID)).toEqual([a, b]);
    expect(await stored(b, T0, T0 + DAY)).toEqual(Array(144).fill(3));

    await writeX(5);
    const second = await backfill(a, { Start: iso(T0), End: iso(T0 + DAY), DryRun: false });
    expect(second.State).toBe('done');
    expect(await stored(a, T0, T0 + DAY)).toEqual(Array(144).fill(10));
    expect(await stored(b, T0, T0 + DAY)).toEqual(Array(144).fill(11));
    expect(report(second, a)).toMatchObject({ Evaluations: 144, Changed: 144, Added: 0, Written: 144 });
    expect(report(second, b)).toMatchObject({ Evaluations: 144, Changed: 144, Written: 144 });
  });

  it('a dry run writes nothing and reports Added and Changed with the old and new values', async () => {
    await writeX(7);
    // Day 1 holds values (10 and 11) from the test before; day 2 holds none yet.
    const job = await backfill(a, { Start: iso(T0), End: iso(T0 + 2 * DAY), DryRun: true });
    expect(job.State).toBe('done');
    expect(job.Result?.DryRun).toBe(true);
    const reportA = report(job, a)!;
    expect(reportA).toMatchObject({ Evaluations: 288, Changed: 144, Added: 144, Unchanged: 0, OnlyOld: 0, Written: 0 });
    expect(reportA.Sample).toHaveLength(100);
    expect(reportA.Sample[0]).toEqual({ T: T0, Old: 10, New: 14 });
    // B reads A's new values (15), not the stored ones (which would give 11 again).
    const reportB = report(job, b)!;
    expect(reportB).toMatchObject({ Changed: 144, Added: 144, Written: 0 });
    expect(reportB.Sample[0]).toEqual({ T: T0, Old: 11, New: 15 });
    expect(await stored(a)).toEqual(Array(144).fill(10));
    expect(await stored(b)).toEqual(Array(144).fill(11));
  });

  it('a paused calculation is backfilled (pause, fix, backfill, resume)', async () => {
    await t.db.query("UPDATE measurements SET status = 'Paused' WHERE uuid = ANY($1::uuid[])", [[a, b]]);
    try {
      const job = await backfill(a, { Start: iso(T0 + DAY), End: iso(T0 + 2 * DAY), DryRun: false });
      expect(job.State).toBe('done');
      expect(await stored(a, T0 + DAY)).toEqual(Array(144).fill(14));
      expect(await stored(b, T0 + DAY)).toEqual(Array(144).fill(15));
    } finally {
      await t.db.query("UPDATE measurements SET status = 'Active' WHERE uuid = ANY($1::uuid[])", [[a, b]]);
    }
  });

  it('a job paused mid-way continues from its checkpoint without computing the chunks done again', async () => {
    await writeX(2);
    const sandbox = await createSandbox();
    let evaluated = 0;
    const counting: Sandbox = {
      compile: (script) => sandbox.compile(script),
      evaluate: (script, evaluation) => {
        evaluated += 1;
        return sandbox.evaluate(script, evaluation);
      },
      release: (script) => sandbox.release(script),
      dispose: () => sandbox.dispose(),
    };
    const saved: unknown[] = [];
    const context = (checkpointState: unknown, stopAfter: number | null): JobContext => ({
      db: t.db,
      job: {
        uuid: '00000000-0000-4000-8000-000000000000',
        type: CALCULATION_BACKFILL,
        organizationUuid: plant,
        payload: { CalculationUUID: a, From: iso(T0), To: iso(T0 + 2 * DAY), DryRun: false },
        createdByUuid: userUuid,
        createdByName: 'test',
        taskSchedulerUuid: null,
      },
      checkpointState,
      signal: new AbortController().signal,
      progress: async () => {},
      log: async () => {},
      checkpointWithin: async () => undefined,
      checkpoint: async (state) => {
        saved.push(state);
        if (stopAfter !== null && saved.length >= stopAfter) throw new JobInterrupted('pause');
      },
    });
    try {
      // Two days in 6-hour chunks: 8 chunks of 36 windows for each of A and B.
      await expect(runCalculationBackfill(context(null, 3), { timeseries: stores, sandbox: counting })).rejects.toBeInstanceOf(JobInterrupted);
      expect(evaluated).toBe(3 * 36 * 2);
      expect(saved[2]).toMatchObject({ chunk: 3 });
      evaluated = 0;
      const result = await runCalculationBackfill(context(saved[2], null), { timeseries: stores, sandbox: counting });
      expect(evaluated).toBe(5 * 36 * 2);
      // The counts carried over the pause add up to the whole range, each window once.
      expect(result.Calculations.map((calc) => [calc.UUID, calc.Evaluations, calc.Written])).toEqual([
        [a, 288, 288],
        [b, 288, 288],
      ]);
      expect(await stored(b)).toEqual(Array(288).fill(5));
    } finally {
      sandbox.dispose();
    }
  });
  it('evaluates each window once when windows do not fall on chunk bounds (7 minutes, 30 s offset)', async () => {
    const settings = { ...sampled('X', x, '_X.Value'), Interval: '7m', IntervalOffset: 30 };
    const calculations = (await t.db.query<{ uuid: string }>('SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = $2', [plant, CALCULATION_COLLECTOR_TYPE])).rows[0].uuid;
    const odd = await createMeasurement({ Name: 'Odd windows', CollectorUUID: calculations, Settings: settings });
    const job = await backfill(odd, { Start: iso(T0), End: iso(T0 + 2 * DAY), DryRun: false });
    expect(job.State).toBe('done');
    const starts: number[] = [];
    for (let start = Math.ceil((T0 - 30_000) / 420_000) * 420_000 + 30_000; start + 420_000 <= T0 + 2 * DAY; start += 420_000) starts.push(start);
    expect(report(job, odd)).toMatchObject({ Evaluations: starts.length, Added: starts.length, Written: starts.length, Errors: 0 });
    const points = await (await stores.forDatabase(databaseUuid)).readRaw(odd, 'number', { from: T0, to: T0 + 2 * DAY, limit: 10_000 });
    expect(points.map((point) => point.time.getTime())).toEqual(starts);
  });
});

describe('POST /calculations/{id}/backfill', () => {
  it('answers 404 for a measurement that is not a calculation of the organization', async () => {
    const body = { Start: iso(T0), End: iso(T0 + DAY), DryRun: true };
    expect((await call('POST', `/calculations/${x}/backfill`, headers, body)).statusCode).toBe(404);
    expect((await call('POST', `/calculations/${a}/backfill`, otherHeaders, body)).statusCode).toBe(404);
    expect((await call('POST', '/calculations/00000000-0000-4000-8000-000000000000/backfill', headers, body)).statusCode).toBe(404);
  });

  it('answers 400 for an End not after Start, a range over 366 days or a Start in the future', async () => {
    const refused = async (body: object) => {
      const response = await call('POST', `/calculations/${a}/backfill`, headers, body);
      expect(response.statusCode).toBe(400);
      return response.json<{ code: string; errors: Record<string, string[]> }>();
    };
    expect(await refused({ Start: iso(T0), End: iso(T0), DryRun: true })).toMatchObject({ code: 'calculations.errors.backfill_end', errors: { End: [expect.any(String)] } });
    expect(await refused({ Start: iso(T0 - 367 * DAY), End: iso(T0), DryRun: true })).toMatchObject({ code: 'calculations.errors.backfill_too_long', errors: { End: [expect.any(String)] } });
    expect(await refused({ Start: iso(Date.now() + DAY), End: iso(Date.now() + 2 * DAY), DryRun: true })).toMatchObject({ code: 'calculations.errors.backfill_future' });
  });

  it('clamps an End in the future to now', async () => {
    const response = await call('POST', `/calculations/${a}/backfill`, headers, { Start: iso(Date.now() - 60_000), End: iso(Date.now() + DAY), DryRun: true });
    expect(response.statusCode).toBe(202);
    const { rows } = await t.db.query<{ payload: { To: string } }>('SELECT payload FROM jobs WHERE uuid = $1', [response.json<{ JobUUID: string }>().JobUUID]);
    expect(Date.parse(rows[0].payload.To)).toBeLessThanOrEqual(Date.now());
  });

  it('answers 403 without the Calculations licence feature', async () => {
    // No licence and no trial: no feature.
    await t.db.query('INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3)', [await rootOrganizationUuid(t.db), SETTING_NAMES.trialMode, 'false']);
    const response = await call('POST', `/calculations/${a}/backfill`, headers, { Start: iso(T0), End: iso(T0 + DAY), DryRun: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'calculations.errors.unlicensed' });
  });
});
