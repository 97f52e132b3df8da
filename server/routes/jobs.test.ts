import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { enqueueJob } from '../jobs/queue';
import { registerJobType } from '../jobs/registry';

// GET /jobs, /jobs/{id}, /jobs/{id}/logs and POST /jobs/{id}/pause|resume|cancel: who sees a job,
// who may act on it, and the transitions of DOMAIN.md §8 answered 409 when not allowed.

let t: TestApp;
let plant: string;
let other: string;
let starter: { uuid: string; name: string };
let starterHeaders: SessionHeaders;
let colleague: SessionHeaders;
let auditor: SessionHeaders;
let manager: SessionHeaders;

const EXPORT = 'test.routes_export';
const PLAIN = 'test.routes_plain';

beforeAll(async () => {
  t = await openTestApp();
  registerJobType(EXPORT, { resumable: true, managePrivilege: 'MANAGE_TASK_SCHEDULERS', run: async () => null });
  registerJobType(PLAIN, { run: async () => null });
  const root = await rootOrganizationUuid(t.db);
  plant = await createTestOrganization(t.db);
  other = await createTestOrganization(t.db);
  starter = await createTestUser(t.db, { privileges: { [plant]: ['MANAGE_TASK_SCHEDULERS'], [other]: ['READ_COLLECTORS'] } });
  starterHeaders = await sessionHeaders(t.ctx, starter.uuid);
  colleague = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: ['MANAGE_TASK_SCHEDULERS'] } })).uuid);
  auditor = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_LOGS'], [plant]: ['READ_COLLECTORS'] } })).uuid);
  manager = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['READ_LOGS'], [plant]: ['MANAGE_TASK_SCHEDULERS'] } })).uuid);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const inOrg = (headers: SessionHeaders, organization = plant) => ({ ...headers, 'x-organization-uuid': organization });
const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const post = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'POST', url: `/api${url}`, headers });

async function aJob(type = EXPORT, organization = plant, state: 'pending' | 'running' | 'paused' | 'done' = 'pending'): Promise<string> {
  const { uuid } = await enqueueJob(t.db, { type, organizationUuid: organization, payload: { n: 1 }, createdBy: starter });
  if (state === 'running') {
    await t.db.query(`UPDATE jobs SET state = 'running', runner_id = 'elsewhere', lease_expires_at = now() + interval '1 hour', started_at = now() WHERE uuid = $1`, [uuid]);
  } else if (state !== 'pending') {
    await t.db.query(`UPDATE jobs SET state = $2, finished_at = CASE WHEN $2 = 'done' THEN now() END WHERE uuid = $1`, [uuid, state]);
  }
  return uuid;
}

describe('seeing jobs', () => {
  it('the starter sees their job with its fields; a colleague without READ_LOGS sees neither it in the list nor by id', async () => {
    const uuid = await aJob();
    const mine = await get(inOrg(starterHeaders), '/jobs');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ UUID: uuid, Type: EXPORT, State: 'pending', Progress: 0, CreatedByUUID: starter.uuid, CreatedByName: starter.name, Pausable: true, Result: null }),
      ]),
    );
    const theirs = await get(inOrg(colleague), '/jobs');
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
    expect((await get(inOrg(colleague), `/jobs/${uuid}`)).statusCode).toBe(404);
    expect((await get(inOrg(colleague), `/jobs/${uuid}/logs`)).statusCode).toBe(404);
  });

  it('READ_LOGS (held at root) shows every job of the organization; Mine narrows it to the caller\'s own', async () => {
    const uuid = await aJob(PLAIN);
    const all = await get(inOrg(auditor), '/jobs');
    expect(all.json<{ UUID: string }[]>().map((job) => job.UUID)).toContain(uuid);
    expect((await get(inOrg(auditor), `/jobs/${uuid}`)).json()).toMatchObject({ UUID: uuid, Pausable: false });
    expect((await get(inOrg(auditor), '/jobs?Mine=true')).json()).toEqual([]);
  });

  it('lists newest first with filters by state and type, paged with x-total-count', async () => {
    const first = await aJob(PLAIN, plant, 'done');
    const second = await aJob(PLAIN, plant, 'running');
    const third = await aJob(PLAIN, plant, 'paused');
    const page = await get(inOrg(starterHeaders), `/jobs?Types[]=${PLAIN}&States[]=done&States[]=running&States[]=paused&Limit=2&Page=1`);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ UUID: string }[]>().map((job) => job.UUID)).toEqual([third, second]);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const done = await get(inOrg(starterHeaders), `/jobs?Types[]=${PLAIN}&States[]=done`);
    expect(done.json<{ UUID: string; State: string }[]>().every((job) => job.State === 'done')).toBe(true);
    expect(done.json<{ UUID: string }[]>().map((job) => job.UUID)).toContain(first);
  });

  it('a job of another organization answers 404, also to its starter', async () => {
    const uuid = await aJob(EXPORT, other);
    expect((await get(inOrg(starterHeaders), `/jobs/${uuid}`)).statusCode).toBe(404);
    expect((await post(inOrg(starterHeaders), `/jobs/${uuid}/cancel`)).statusCode).toBe(404);
    expect((await get(inOrg(starterHeaders, other), `/jobs/${uuid}`)).statusCode).toBe(200);
  });

  it('answers a job\'s log lines oldest first', async () => {
    const uuid = await aJob();
    await t.db.query(`INSERT INTO job_logs (job_uuid, level, message) VALUES ($1, 'info', 'first'), ($1, 'warn', 'second')`, [uuid]);
    const logs = await get(inOrg(starterHeaders), `/jobs/${uuid}/logs`);
    expect(logs.json()).toEqual([
      expect.objectContaining({ Level: 'info', Message: 'first' }),
      expect.objectContaining({ Level: 'warn', Message: 'second' }),
    ]);
  });
});

describe('pause, resume and cancel', () => {
  it('pause asks a running job to pause; resume puts a paused job back to pending', async () => {
    const running = await aJob(EXPORT, plant, 'running');
    const paused = await post(inOrg(starterHeaders), `/jobs/${running}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ State: 'running', PauseRequested: true });
    const stopped = await aJob(EXPORT, plant, 'paused');
    expect((await post(inOrg(starterHeaders), `/jobs/${stopped}/resume`)).json()).toMatchObject({ State: 'pending' });
  });

  it('a transition DOMAIN.md §8 does not allow answers 409 with a translatable code', async () => {
    const pending = await aJob();
    const refused = await post(inOrg(starterHeaders), `/jobs/${pending}/pause`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'jobs.errors.not_allowed', detail: 'A pending job cannot be paused.' });
    const done = await aJob(EXPORT, plant, 'done');
    expect((await post(inOrg(starterHeaders), `/jobs/${done}/cancel`)).statusCode).toBe(409);
    expect((await post(inOrg(starterHeaders), `/jobs/${done}/resume`)).statusCode).toBe(409);
    const plain = await aJob(PLAIN, plant, 'running');
    expect((await post(inOrg(starterHeaders), `/jobs/${plain}/pause`)).json()).toMatchObject({ status: 409, code: 'jobs.errors.not_pausable' });
  });

  it('cancel ends a pending job at once and asks a running one to stop', async () => {
    const pending = await aJob();
    expect((await post(inOrg(starterHeaders), `/jobs/${pending}/cancel`)).json()).toMatchObject({ State: 'canceled', FinishedAt: expect.any(String) });
    const running = await aJob(EXPORT, plant, 'running');
    expect((await post(inOrg(starterHeaders), `/jobs/${running}/cancel`)).json()).toMatchObject({ State: 'running', CancelRequested: true });
  });

  it("acting on someone else's job needs READ_LOGS and the privilege that manages its type", async () => {
    const uuid = await aJob();
    expect((await post(inOrg(colleague), `/jobs/${uuid}/cancel`)).statusCode).toBe(404);
    expect((await post(inOrg(auditor), `/jobs/${uuid}/cancel`)).statusCode).toBe(403);
    expect((await post(inOrg(manager), `/jobs/${uuid}/cancel`)).json()).toMatchObject({ State: 'canceled' });
  });

  it('least privilege: seeing every job (READ_LOGS) does not let anyone but its starter act on a job of a type that names no manage privilege', async () => {
    const uuid = await aJob(PLAIN, plant, 'running');
    expect((await post(inOrg(manager), `/jobs/${uuid}/cancel`)).statusCode).toBe(403);
    expect((await post(inOrg(starterHeaders), `/jobs/${uuid}/cancel`)).json()).toMatchObject({ CancelRequested: true });
  });

  it('least privilege: the starter who no longer holds what manages the type cannot act on the job', async () => {
    const uuid = await aJob(EXPORT, other);
    expect((await post(inOrg(starterHeaders, other), `/jobs/${uuid}/cancel`)).statusCode).toBe(403);
  });

  it('state-changing calls need the XSRF header', async () => {
    const uuid = await aJob();
    const { cookie } = starterHeaders;
    expect((await post({ cookie, 'x-organization-uuid': plant }, `/jobs/${uuid}/cancel`)).statusCode).toBe(403);
  });
});
