import type { LightMyRequestResponse } from 'fastify';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../../auth/testing/testUsers';
import type { Db } from '../../db/db';

// Tests only: a real app on PGlite with two organizations and callers, and the rows the events
// calls stand on (assets, event types with properties, configurations, property configurations,
// events with values), inserted with SQL directly so that these tests need neither the
// definitions' calls nor the processor.

export const READ = ['READ_EVENTS'];
export const MANAGE = ['READ_EVENTS', 'MANAGE_EVENTS'];

type Scalar = number | string | boolean;
export interface PropertySpec {
  name: string;
  datatype?: 'number' | 'boolean' | 'string';
  type?: 'simple' | 'periodic' | 'periodic_with_dimension';
}
export interface EventSpec {
  start: string;
  stop?: string | null;
  status?: 'processed' | 'open' | 'pending' | 'incomplete';
  source?: 'auto' | 'manual';
  parent?: string | null;
  /** By property name: a simple value, or { series } for a periodic one; `manual` marks typed ones. */
  values?: Record<string, Scalar | { series: { T: number[]; V: (number | null)[] } }>;
  manual?: string[];
}

export interface EventsFixture {
  t: TestApp;
  db: Db;
  organization: string;
  otherOrganization: string;
  admin: SessionHeaders;
  reader: SessionHeaders;
  outsider: SessionHeaders;
  call(method: string, url: string, payload?: unknown, headers?: SessionHeaders, organization?: string): Promise<LightMyRequestResponse>;
  user(privileges: readonly string[]): Promise<SessionHeaders>;
  asset(name: string, parent?: string | null, organization?: string): Promise<string>;
  eventType(name: string, properties?: PropertySpec[], organization?: string): Promise<{ uuid: string; properties: Record<string, string> }>;
  configuration(assetUuid: string, typeUuid: string, options?: { parent?: string | null; startSource?: string; organization?: string }): Promise<string>;
  propertyConfiguration(configurationUuid: string, propertyUuid: string, options?: { mode?: string; possibleValues?: { Label: string; Value: Scalar }[] }): Promise<string>;
  event(configurationUuid: string, spec: EventSpec): Promise<string>;
  close(): Promise<void>;
}

const one = async (db: Db, sql: string, params: unknown[]) => (await db.query<{ uuid: string }>(sql, params)).rows[0].uuid;

export async function openEventsFixture(): Promise<EventsFixture> {
  const t = await openTestApp();
  const db = t.db;
  const organization = await createTestOrganization(db);
  const otherOrganization = await createTestOrganization(db);
  const user = async (privileges: readonly string[], org = organization) => sessionHeaders(t.ctx, (await createTestUser(db, { privileges: { [org]: privileges } })).uuid);
  const admin = await user(MANAGE);
  const reader = await user(READ);
  const outsider = await user(MANAGE, otherOrganization);
  // Configurations and their property configurations are definitions someone made; rows made here are fixtures.
  const typeProperties = new Map<string, Record<string, string>>();

  const fixture: EventsFixture = {
    t,
    db,
    organization,
    otherOrganization,
    admin,
    reader,
    outsider,
    call: async (method, url, payload, headers = admin, org = organization) => {
      return t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: { ...headers, 'x-organization-uuid': org }, payload: payload as object | undefined });
    },
    user: (privileges) => user(privileges),
    async asset(name, parent = null, org = organization) {
      const parentPath = parent ? (await db.query<{ path: string }>('SELECT path FROM assets WHERE uuid = $1', [parent])).rows[0].path : null;
      return one(db, 'INSERT INTO assets (organization_uuid, parent_uuid, name, path, depth) VALUES ($1, $2, $3, $4, $5) RETURNING uuid', [
        org,
        parent,
        name,
        parentPath ? `${parentPath}/${name}` : name,
        parentPath ? parentPath.split('/').length : 0,
      ]);
    },
    async eventType(name, properties = [], org = organization) {
      const uuid = await one(db, 'INSERT INTO event_types (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [org, name]);
      const byName: Record<string, string> = {};
      for (const property of properties) {
        byName[property.name] = await one(db, 'INSERT INTO event_type_properties (event_type_uuid, name, datatype, type) VALUES ($1, $2, $3, $4) RETURNING uuid', [
          uuid,
          property.name,
          property.datatype ?? 'number',
          property.type ?? 'simple',
        ]);
      }
      typeProperties.set(uuid, byName);
      return { uuid, properties: byName };
    },
    async configuration(assetUuid, typeUuid, options = {}) {
      return one(
        db,
        'INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, parent_configuration_uuid, start_source) VALUES ($1, $2, $3, $4, $5) RETURNING uuid',
        [options.organization ?? organization, assetUuid, typeUuid, options.parent ?? null, options.startSource ?? 'historian'],
      );
    },
    async propertyConfiguration(configurationUuid, propertyUuid, options = {}) {
      const mode = options.mode ?? 'manual';
      return one(
        db,
        'INSERT INTO event_property_configurations (configuration_uuid, event_type_property_uuid, mode, source, possible_values) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING uuid',
        [configurationUuid, propertyUuid, mode, mode === 'historian' ? 'data_reference' : null, JSON.stringify(options.possibleValues ?? [])],
      );
    },
    async event(configurationUuid, spec) {
      const { rows } = await db.query<{ organization_uuid: string; asset_uuid: string; event_type_uuid: string }>(
        'SELECT organization_uuid, asset_uuid, event_type_uuid FROM event_configurations WHERE uuid = $1',
        [configurationUuid],
      );
      const configuration = rows[0];
      const stop = spec.stop === undefined ? null : spec.stop;
      const uuid = await one(
        db,
        `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, parent_uuid, start_time, stop_time, status, source)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING uuid`,
        [
          configuration.organization_uuid,
          configurationUuid,
          configuration.asset_uuid,
          configuration.event_type_uuid,
          spec.parent ?? null,
          spec.start,
          stop,
          spec.status ?? (stop ? 'processed' : 'open'),
          spec.source ?? 'auto',
        ],
      );
      const properties = typeProperties.get(configuration.event_type_uuid) ?? {};
      for (const [name, value] of Object.entries(spec.values ?? {})) {
        const series = typeof value === 'object' ? value.series : null;
        await db.query('INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value, series, manual) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5)', [
          uuid,
          properties[name],
          series ? null : JSON.stringify(value),
          series ? JSON.stringify(series) : null,
          spec.manual?.includes(name) ?? false,
        ]);
      }
      return uuid;
    },
    close: () => t.close(),
  };
  return fixture;
}
