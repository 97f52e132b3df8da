import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../app';
import { createTestOrganization, createTestUser, sessionHeaders, type SessionHeaders } from '../../../auth/testing/testUsers';
import { loadConfig } from '../../../config';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/db';
import { openTestDatabase } from '../../../db/testing/testDatabase';
import { startFakeLlm, type FakeLlm } from './fakeLlm';

// Tests only: a real app on PGlite whose log lines are kept (to search them for the key), two
// organizations, the fake model server, and users holding what the assistant's rules name.

export const MANAGER = ['READ_LLM', 'MANAGE_LLM'];
export const FAKE_KEY = 'sk-fake-0123456789abcdef-the-stored-key';

export interface LlmUser {
  uuid: string;
  name: string;
  headers: SessionHeaders;
}

export interface LlmFixture {
  app: FastifyInstance;
  db: Db;
  organization: string;
  otherOrganization: string;
  fake: FakeLlm;
  /** Everything the server logged. */
  logs: string[];
  user(privileges: readonly string[], organization?: string): Promise<LlmUser>;
  call(who: LlmUser, method: string, url: string, payload?: unknown, extraHeaders?: Record<string, string>, organization?: string): Promise<LightMyRequestResponse>;
  /** A configuration of the fake server with its key, enabled, all given tools allowed. */
  configuration(extra?: Record<string, unknown>): Record<string, unknown>;
  close(): Promise<void>;
}

export async function openLlmFixture(): Promise<LlmFixture> {
  const database = await openTestDatabase();
  const logs: string[] = [];
  const ctx: AppContext = { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), version: '0.0.0-test' };
  const app = await buildApp(ctx, { strictResponses: true, logLevel: 'trace', logStream: { write: (line: string) => void logs.push(line) } });
  const db = database.db;
  const organization = await createTestOrganization(db);
  const otherOrganization = await createTestOrganization(db);
  const fake = await startFakeLlm({ apiKey: FAKE_KEY });
  return {
    app,
    db,
    organization,
    otherOrganization,
    fake,
    logs,
    async user(privileges, org = organization) {
      const created = await createTestUser(db, { privileges: { [org]: privileges } });
      return { ...created, headers: await sessionHeaders(ctx, created.uuid) };
    },
    call: (who, method, url, payload, extraHeaders = {}, org = organization) =>
      app.inject({ method: method as 'GET', url: `/api${url}`, headers: { ...who.headers, 'x-organization-uuid': org, ...extraHeaders }, payload: payload as object | undefined }),
    configuration: (extra = {}) => ({
      Enabled: true,
      Provider: 'openai_compatible',
      BaseURL: fake.baseUrl,
      Model: 'fake-model',
      TimeoutSeconds: 5,
      MaxOutputTokens: 256,
      AllowedTools: ['list_measurements', 'get_measurement', 'query_data', 'list_assets', 'list_events', 'list_event_types'],
      SecureSettings: { ApiKey: FAKE_KEY },
      ...extra,
    }),
    async close() {
      await fake.close();
      await app.close();
      await database.cleanup();
    },
  };
}
