import { buildApp } from '../app';
import { createTestOrganization, createTestUser, sessionHeaders, type SessionHeaders } from '../auth/testing/testUsers';
import { createDefaultCollectors } from '../collectors/defaults';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { jobsRepository } from '../jobs/jobsRepository';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/postgres/driver';

// Tests only: a server with a job runner on PGlite, an organization with a time-series database
// and measurements, another organization, and callers with the privileges the contract asks.

export const ALL = ['READ_ASSETS', 'MANAGE_ASSETS', 'READ_PROTOTYPES', 'MANAGE_PROTOTYPES', 'READ_MEASUREMENTS', 'MANAGE_MEASUREMENTS'];

export interface PrototypeFixture {
  ctx: AppContext;
  organization: string;
  otherOrganization: string;
  database: string;
  admin: SessionHeaders;
  outsider: SessionHeaders;
  call(method: string, url: string, payload?: unknown, headers?: SessionHeaders, organization?: string): Promise<{ statusCode: number; json: () => unknown; body: string; headers: Record<string, unknown> }>;
  measurement(name: string, organization?: string): Promise<string>;
  user(privileges: readonly string[]): Promise<SessionHeaders>;
  waitForJob(uuid: string): Promise<string>;
  close(): Promise<void>;
}


export async function openPrototypeFixture(): Promise<PrototypeFixture> {
  const database: TestDatabase = await openTestDatabase();
  const db = database.db;
  const ctx: AppContext = { db, config: loadConfig({ NODE_ENV: 'test' }), version: '0.0.0-test' };
  const app = await buildApp(ctx, { strictResponses: true, logLevel: 'silent', jobRunner: { pollMs: 20, recoverEveryMs: 60_000 } });
  const organization = await createTestOrganization(db);
  const otherOrganization = await createTestOrganization(db);
  await createDefaultCollectors(db, organization);
  await createDefaultCollectors(db, otherOrganization);
  const addDatabase = async (org: string) =>
    (
      await db.query<{ uuid: string }>("INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings) VALUES ($1, $2, $3, '{\"mode\":\"builtin\"}') RETURNING uuid", [
        org,
        `historian ${org.slice(0, 8)}`,
        POSTGRES_TIMESERIES_TYPE_UUID,
      ])
    ).rows[0].uuid;
  const databases = new Map([
    [organization, await addDatabase(organization)],
    [otherOrganization, await addDatabase(otherOrganization)],
  ]);
  const user = async (privileges: readonly string[]) => sessionHeaders(ctx, (await createTestUser(db, { privileges: { [organization]: privileges } })).uuid);
  const admin = await user(ALL);
  const outsider = await sessionHeaders(ctx, (await createTestUser(db, { privileges: { [otherOrganization]: ALL } })).uuid);
  return {
    ctx,
    organization,
    otherOrganization,
    database: databases.get(organization) ?? '',
    admin,
    outsider,
    call: async (method, url, payload, headers = admin, org = organization) => {
      const response = await app.inject({ method: method as 'GET', url: `/api${url}`, headers: { ...headers, 'x-organization-uuid': org }, payload: payload as object | undefined });
      return { statusCode: response.statusCode, json: () => response.json(), body: response.body, headers: response.headers };
    },
    measurement: async (name, org = organization) =>
      (
        await db.query<{ uuid: string }>(
          "INSERT INTO measurements (organization_uuid, collector_uuid, name, database_uuid, datatype, status) SELECT $1, uuid, $2, $3, 'number', 'Active' FROM collectors WHERE organization_uuid = $1 AND collector_type = 'internal' RETURNING uuid",
          [org, name, databases.get(org)],
        )
      ).rows[0].uuid,
    user,
    waitForJob: async (uuid) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const job = await jobsRepository(db).get(uuid, organization);
        if (job && ['done', 'failed', 'canceled'].includes(job.state)) {
          if (job.state !== 'done') throw new Error(`job ${job.state}: ${JSON.stringify(job)}`);
          return job.state;
        }
        if (Date.now() > deadline) throw new Error('the job did not end');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      await app.close();
      await database.cleanup();
    },
  };
}
