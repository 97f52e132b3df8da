import { mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { taskSchedulersRepository } from '../repositories/taskSchedulers';
import { ExportPathError } from '../schedulers/exportRoot';
import { runParquetExport } from '../schedulers/parquetExport';
import { tickSchedulers, type LoopLog } from '../schedulers/schedulerLoop';
import { testJobContext } from '../schedulers/testing/jobContext';
import { startJobRunner } from '../jobs/runner';
import { createTimeseriesDrivers, POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/registry';

// /task-schedulers (DOMAIN §8) on PGlite: CRUD with privileges and organizations, the rule and
// zone checks, the DST-flagged preview, run now, the scheduler loop's one job per occurrence, and
// the Parquet export under the export root.

const MANAGE = ['READ_TASK_SCHEDULERS', 'MANAGE_TASK_SCHEDULERS', 'READ_MEASUREMENTS'];

let t: TestApp;
let organization: string;
let otherOrganization: string;
let admin: SessionHeaders;
let reader: SessionHeaders;
let stranger: SessionHeaders;
let otherAdmin: SessionHeaders;
let measurement: string;
let otherMeasurement: string;
let exportRoot: string;

async function createMeasurement(organizationUuid: string, name: string): Promise<string> {
  const collector = await t.db.query<{ uuid: string }>("INSERT INTO collectors (organization_uuid, name) VALUES ($1, $2) RETURNING uuid", [organizationUuid, `c-${name}`]);
  // A measurement that is not Discovered has a time-series database (migration 065).
  const database = await t.db.query<{ uuid: string }>('INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, $2, gen_random_uuid()) RETURNING uuid', [organizationUuid, `db-${name}`]);
  const row = await t.db.query<{ uuid: string }>('INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name) VALUES ($1, $2, $3, $4) RETURNING uuid', [
    organizationUuid,
    collector.rows[0].uuid,
    database.rows[0].uuid,
    name,
  ]);
  return row.rows[0].uuid;
}

beforeAll(async () => {
  exportRoot = await mkdtemp(path.join(os.tmpdir(), 'historian-exports-'));
  t = await openTestApp({ HISTORIAN_EXPORT_DIR: exportRoot });
  organization = await createTestOrganization(t.db);
  otherOrganization = await createTestOrganization(t.db);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: MANAGE } })).uuid);
  reader = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_TASK_SCHEDULERS'] } })).uuid);
  stranger = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_USERS'] } })).uuid);
  otherAdmin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [otherOrganization]: MANAGE } })).uuid);
  measurement = await createMeasurement(organization, 'Boiler temperature');
  otherMeasurement = await createMeasurement(otherOrganization, 'Elsewhere');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await rm(exportRoot, { recursive: true, force: true });
});

const headersIn = (headers: SessionHeaders, org = organization) => ({ ...headers, 'x-organization-uuid': org });
interface JobRow {
  uuid: string;
  type: string;
  organization_uuid: string;
  task_scheduler_uuid: string | null;
  dedupe_key: string | null;
  created_by_name: string;
}
const listJobs = async (): Promise<JobRow[]> =>
  (await t.db.query<JobRow>('SELECT uuid, type, organization_uuid, task_scheduler_uuid, dedupe_key, created_by_name FROM jobs ORDER BY created_at')).rows;

const scheduler = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Nightly export',
  Description: 'Yesterday, hour by hour',
  RRule: 'FREQ=DAILY;BYHOUR=2;BYMINUTE=0',
  Timezone: 'Europe/Amsterdam',
  TaskType: 'parquet_export',
  State: 'running',
  Settings: { StartOffset: '0s', Period: '1d', FileInterval: '1h', Directory: 'nightly', AllowOverwrite: false, MeasurementUUIDs: [measurement], Labels: [] },
  ...overrides,
});
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

describe('task schedulers: CRUD, privileges and organizations', () => {
  let uuid: string;

  it('creates a running scheduler with its next run computed in its zone', async () => {
    const response = await call('POST', '/task-schedulers', headersIn(admin), scheduler());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    uuid = body.UUID;
    expect(body).toMatchObject({ Name: 'Nightly export', State: 'running', OrganizationUUID: organization, LastRunAt: null });
    // 02:00 in Amsterdam is 00:00 or 01:00 UTC.
    expect(new Date(body.NextRunAt).getUTCHours()).toBeLessThanOrEqual(1);
    expect(new Date(body.NextRunAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('lists by name with a count and a keyword; readers may read', async () => {
    await call('POST', '/task-schedulers', headersIn(admin), scheduler({ Name: 'Weekly archive', State: 'stopped' }));
    const list = await call('GET', '/task-schedulers?Limit=1&Page=2', headersIn(reader));
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json()).toEqual([expect.objectContaining({ Name: 'Weekly archive', NextRunAt: null })]);
    const found = await call('GET', '/task-schedulers?Keyword=nightly', headersIn(reader));
    expect(found.json().map((s: { Name: string }) => s.Name)).toEqual(['Nightly export']);
    expect((await call('GET', `/task-schedulers/${uuid}`, headersIn(reader))).json()).toMatchObject({ UUID: uuid });
  });

  it('needs READ_TASK_SCHEDULERS to read and MANAGE_TASK_SCHEDULERS to change or run', async () => {
    expect((await call('GET', '/task-schedulers', headersIn(stranger))).statusCode).toBe(403);
    expect((await call('POST', '/task-schedulers', headersIn(reader), scheduler({ Name: 'No' }))).statusCode).toBe(403);
    expect((await call('PUT', `/task-schedulers/${uuid}`, headersIn(reader), scheduler())).statusCode).toBe(403);
    expect((await call('DELETE', `/task-schedulers/${uuid}`, headersIn(reader))).statusCode).toBe(403);
    expect((await call('POST', `/task-schedulers/${uuid}/run`, headersIn(reader))).statusCode).toBe(403);
  });

  it('answers 404 for a scheduler of another organization, as for one that does not exist', async () => {
    const other = headersIn(otherAdmin, otherOrganization);
    expect((await call('GET', `/task-schedulers/${uuid}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/task-schedulers/${uuid}`, other, scheduler({ Settings: { Period: '1d', FileInterval: '1h', MeasurementUUIDs: [otherMeasurement] } }))).statusCode).toBe(404);
    expect((await call('DELETE', `/task-schedulers/${uuid}`, other)).statusCode).toBe(404);
    expect((await call('POST', `/task-schedulers/${uuid}/run`, other)).statusCode).toBe(404);
    expect((await call('GET', '/task-schedulers', other)).json()).toEqual([]);
  });

  it('refuses a bad rule, zone, folder or measurement with field errors', async () => {
    const response = await call(
      'POST',
      '/task-schedulers',
      headersIn(admin),
      scheduler({ Name: 'Bad', RRule: 'FREQ=DAILY;BYHOUR=26', Timezone: 'Europe/Atlantis', Settings: { Period: '1h', FileInterval: '1d', Directory: '../etc', MeasurementUUIDs: [otherMeasurement] } }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['RRule', 'Settings.Directory', 'Settings.FileInterval', 'Settings.MeasurementUUIDs', 'Timezone']);
    const absolute = await call('POST', '/task-schedulers', headersIn(admin), scheduler({ Name: 'Abs', Settings: { Period: '1d', FileInterval: '1h', Directory: '/etc', MeasurementUUIDs: [measurement] } }));
    expect(absolute.json().errors).toHaveProperty(['Settings.Directory']);
  });

  it('refuses to run a schedule whose rule never runs, and stores it stopped', async () => {
    const never = scheduler({ Name: 'Never', RRule: 'FREQ=MINUTELY;INTERVAL=60;BYMINUTE=30' });
    const running = await call('POST', '/task-schedulers', headersIn(admin), never);
    expect(running.statusCode).toBe(400);
    expect(running.json().errors).toEqual({ RRule: ['has no run ahead'] });
    const stopped = await call('POST', '/task-schedulers', headersIn(admin), { ...never, State: 'stopped' });
    expect(stopped.statusCode).toBe(201);
    await call('DELETE', `/task-schedulers/${stopped.json().UUID}`, headersIn(admin));
  });

  it('answers 409 on the Name field for a name in use, case aside', async () => {
    const again = await call('POST', '/task-schedulers', headersIn(admin), scheduler({ Name: 'NIGHTLY EXPORT' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toHaveProperty('Name');
  });

  it('stopping a scheduler clears its next run, so the loop runs it no more', async () => {
    const stopped = await call('PUT', `/task-schedulers/${uuid}`, headersIn(admin), scheduler({ State: 'stopped' }));
    expect(stopped.json()).toMatchObject({ State: 'stopped', NextRunAt: null });
    await t.db.query("UPDATE task_schedulers SET next_run_at = now() - interval '1 hour' WHERE uuid = $1", [uuid]);
    const before = (await listJobs()).length;
    await tickSchedulers(t.db, Date.now(), silentLog());
    expect((await listJobs()).length).toBe(before);
  });

  it('runs now as a job of the task type, for the scheduler, stopped or not', async () => {
    const response = await call('POST', `/task-schedulers/${uuid}/run`, headersIn(admin));
    expect(response.statusCode).toBe(202);
    const job = (await listJobs()).find((j) => j.uuid === response.json().JobUUID);
    expect(job).toMatchObject({ type: 'parquet_export', organization_uuid: organization, task_scheduler_uuid: uuid });
    expect((await call('GET', `/task-schedulers/${uuid}`, headersIn(reader))).json().LastRunAt).not.toBeNull();
  });

  it('deletes', async () => {
    expect((await call('DELETE', `/task-schedulers/${uuid}`, headersIn(admin))).statusCode).toBe(204);
    expect((await call('GET', `/task-schedulers/${uuid}`, headersIn(admin))).statusCode).toBe(404);
  });

  it('offers the organization’s measurements only, and only to a reader of measurements', async () => {
    const list = await call('GET', '/task-schedulers/measurements', headersIn(admin));
    expect(list.json()).toEqual([{ UUID: measurement, Name: 'Boiler temperature' }]);
    expect((await call('GET', '/task-schedulers/measurements', headersIn(reader))).statusCode).toBe(403);
  });
});

describe('task scheduler preview', () => {
  const preview = (rrule: string, timezone = 'Europe/Amsterdam', count = 3) =>
    call('GET', `/task-schedulers/preview?RRule=${encodeURIComponent(rrule)}&Timezone=${encodeURIComponent(timezone)}&Count=${count}`, headersIn(reader));

  it('flags every run on the last Sunday of March at 02:30 in Amsterdam as a gap, run an hour later', async () => {
    const response = await preview('FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;BYHOUR=2;BYMINUTE=30');
    expect(response.statusCode).toBe(200);
    const runs = response.json().Occurrences;
    expect(runs).toHaveLength(3);
    for (const run of runs) {
      expect(run.Dst).toBe('gap');
      expect(run.Local).toMatch(/-03-\d\dT02:30:00$/);
      // 03:30 summer time is 01:30 UTC.
      expect(run.At).toMatch(/T01:30:00\.000Z$/);
    }
  });

  it('flags every run on the last Sunday of October at 02:30 in Amsterdam as an overlap, run at the first', async () => {
    const runs = (await preview('FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;BYHOUR=2;BYMINUTE=30')).json().Occurrences;
    expect(runs.map((run: { Dst: string }) => run.Dst)).toEqual(['overlap', 'overlap', 'overlap']);
    for (const run of runs) expect(run.At).toMatch(/T00:30:00\.000Z$/);
  });

  it('marks ordinary runs none and answers ten by default', async () => {
    const response = await call('GET', `/task-schedulers/preview?RRule=${encodeURIComponent('FREQ=DAILY;BYHOUR=12')}&Timezone=UTC`, headersIn(reader));
    const runs = response.json().Occurrences;
    expect(runs).toHaveLength(10);
    expect(new Set(runs.map((run: { Dst: string }) => run.Dst))).toEqual(new Set(['none']));
  });

  it('answers field errors for a bad rule or zone', async () => {
    const response = await preview('FREQ=NEVER', 'Nowhere/Land');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['RRule', 'Timezone']);
  });
});

function silentLog(lines: string[] = []): LoopLog {
  return { info: (_data, message) => lines.push(`info ${message}`), warn: (_data, message) => lines.push(`warn ${message}`), error: (_data, message) => lines.push(`error ${message}`) };
}

describe('the scheduler loop', () => {
  async function dueScheduler(name: string, rrule: string, nextRunAt: Date): Promise<string> {
    const created = await call('POST', '/task-schedulers', headersIn(admin), scheduler({ Name: name, RRule: rrule, Timezone: 'UTC' }));
    const uuid: string = created.json().UUID;
    await t.db.query('UPDATE task_schedulers SET next_run_at = $2 WHERE uuid = $1', [uuid, nextRunAt.toISOString()]);
    return uuid;
  }
  const jobsOf = async (uuid: string) => (await listJobs()).filter((job) => job.task_scheduler_uuid === uuid);

  it('enqueues exactly one job for a due occurrence even when two loops tick at once', async () => {
    const now = Date.now();
    const occurrence = new Date(Math.floor(now / 60_000) * 60_000);
    const uuid = await dueScheduler('Every minute', 'FREQ=MINUTELY', occurrence);
    await Promise.all([tickSchedulers(t.db, now, silentLog()), tickSchedulers(t.db, now, silentLog())]);
    await tickSchedulers(t.db, now, silentLog());
    const made = await jobsOf(uuid);
    expect(made).toHaveLength(1);
    expect(made[0].dedupe_key).toBe(`${uuid}@${occurrence.toISOString()}`);
    const row = await taskSchedulersRepository(t.db).find(organization, uuid);
    expect(row?.next_run_at?.getTime()).toBeGreaterThan(now);
    expect(row?.last_run_at?.toISOString()).toBe(occurrence.toISOString());
  });

  it('never makes a second job for an occurrence claimed again (the dedupe key)', async () => {
    const now = Date.now();
    const occurrence = new Date(Math.floor(now / 60_000) * 60_000);
    const uuid = await dueScheduler('Claimed twice', 'FREQ=MINUTELY', occurrence);
    await tickSchedulers(t.db, now, silentLog());
    // As if another server had read the old next run before this one moved it.
    await t.db.query('UPDATE task_schedulers SET next_run_at = $2 WHERE uuid = $1', [uuid, occurrence.toISOString()]);
    await tickSchedulers(t.db, now, silentLog());
    expect(await jobsOf(uuid)).toHaveLength(1);
  });

  it('after a downtime runs only the latest missed occurrence, and logs the skipped ones', async () => {
    const now = Date.now();
    const hour = 3_600_000;
    const uuid = await dueScheduler('Hourly after downtime', 'FREQ=HOURLY;BYMINUTE=0', new Date(Math.floor(now / hour) * hour - 5 * hour));
    const lines: string[] = [];
    await tickSchedulers(t.db, now, silentLog(lines));
    const made = await jobsOf(uuid);
    expect(made).toHaveLength(1);
    expect(made[0].dedupe_key).toBe(`${uuid}@${new Date(Math.floor(now / hour) * hour).toISOString()}`);
    expect(lines).toContain('warn task scheduler missed runs while no server was up; running only the latest');
  });
});

describe('parquet export', () => {
  const HOUR = 3_600_000;
  const runAt = Date.UTC(2026, 5, 2, 0, 0);

  beforeAll(async () => {
    const driver = createTimeseriesDrivers({ serverDb: t.db }).byTypeUuid(POSTGRES_TIMESERIES_TYPE_UUID);
    const store = await driver!.open({ mode: 'builtin' }, {});
    await store.writePoints(measurement, 'number', [
      { time: runAt - 2 * HOUR + 60_000, value: 1.5, quality: 192 },
      { time: runAt - 2 * HOUR + 120_000, value: 99, quality: 0 },
      { time: runAt - HOUR + 60_000, value: 2.5 },
      { time: runAt + 60_000, value: 3.5, quality: 192 },
    ]);
    await store.close();
  });

  const payload = (settings: Record<string, unknown>) => ({
    TaskSchedulerUUID: '00000000-0000-4000-8000-000000000001',
    TaskSchedulerName: 'Nightly export',
    RunAt: new Date(runAt).toISOString(),
    Settings: { StartOffset: '0s', Period: '2h', FileInterval: '1h', Directory: 'plant/a', AllowOverwrite: false, MeasurementUUIDs: [measurement], Labels: [], ...settings },
  });

  it('writes one readable file per interval under the export root, with only Good-quality points', async () => {
    const { ctx, reported } = testJobContext(t.db, { organizationUuid: organization, payload: payload({}) });
    const result = await runParquetExport(ctx, exportRoot);
    expect(result.Files).toEqual(['Nightly_export_20260601T220000Z_20260601T230000Z.parquet', 'Nightly_export_20260601T230000Z_20260602T000000Z.parquet']);
    const folder = path.join(exportRoot, 'plant', 'a');
    expect((await readdir(folder)).sort()).toEqual(result.Files);
    const first = await parquetReadObjects({ file: new Uint8Array(await readFile(path.join(folder, result.Files[0]))).buffer });
    expect(first).toEqual([expect.objectContaining({ measurement_uuid: measurement, measurement: 'Boiler temperature', value_number: 1.5, quality: 192 })]);
    const second = await parquetReadObjects({ file: new Uint8Array(await readFile(path.join(folder, result.Files[1]))).buffer });
    expect(second).toEqual([expect.objectContaining({ value_number: 2.5, quality: null, time: new Date(runAt - HOUR + 60_000) })]);
    expect(reported.progress).toEqual([0.5, 1]);
    expect(reported.checkpoints).toEqual([{ nextFile: 1 }, { nextFile: 2 }]);
  });

  it('leaves existing files alone unless overwriting is allowed, and resumes after the last file done', async () => {
    const again = testJobContext(t.db, { organizationUuid: organization, payload: payload({}) });
    expect((await runParquetExport(again.ctx, exportRoot)).Skipped).toHaveLength(2);
    const resumed = testJobContext(t.db, { organizationUuid: organization, payload: payload({ AllowOverwrite: true }) }, { nextFile: 1 });
    expect((await runParquetExport(resumed.ctx, exportRoot)).Files).toEqual(['Nightly_export_20260601T230000Z_20260602T000000Z.parquet']);
  });

  it('a due occurrence becomes a job that a job runner runs to the end, writing its files', async () => {
    const created = await call('POST', '/task-schedulers', headersIn(admin), scheduler({ Name: 'Runner export', RRule: 'FREQ=DAILY;BYHOUR=0;BYMINUTE=0', Timezone: 'UTC', Settings: { Period: '2h', FileInterval: '2h', Directory: 'runner', MeasurementUUIDs: [measurement] } }));
    const uuid: string = created.json().UUID;
    await t.db.query('UPDATE task_schedulers SET next_run_at = $2 WHERE uuid = $1', [uuid, new Date(runAt).toISOString()]);
    await tickSchedulers(t.db, runAt + 1000, silentLog());
    const runner = startJobRunner(t.db, { pollMs: 50, onError: () => undefined });
    try {
      await runner.idle();
    } finally {
      await runner.stop();
    }
    const { rows } = await t.db.query<{ state: string; progress: number; result: { Files: string[] } }>('SELECT state, progress, result FROM jobs WHERE task_scheduler_uuid = $1', [uuid]);
    expect(rows).toEqual([{ state: 'done', progress: 1, result: expect.objectContaining({ Files: ['Runner_export_20260601T220000Z_20260602T000000Z.parquet'] }) }]);
    const file = await readFile(path.join(exportRoot, 'runner', rows[0].result.Files[0]));
    expect(await parquetReadObjects({ file: new Uint8Array(file).buffer })).toHaveLength(2);
  });

  it('refuses a folder that leads out of the export root, through .. or a symbolic link', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'historian-outside-'));
    try {
      await symlink(outside, path.join(exportRoot, 'escape'));
      const viaLink = testJobContext(t.db, { organizationUuid: organization, payload: payload({ Directory: 'escape/deeper' }) });
      await expect(runParquetExport(viaLink.ctx, exportRoot)).rejects.toBeInstanceOf(ExportPathError);
      const viaDots = testJobContext(t.db, { organizationUuid: organization, payload: payload({ Directory: 'plant/../../x' }) });
      await expect(runParquetExport(viaDots.ctx, exportRoot)).rejects.toBeInstanceOf(ExportPathError);
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
