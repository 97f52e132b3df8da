import type { Write } from '../../../domain/contract';
import { createTestUser, sessionHeaders, type SessionHeaders } from '../../auth/testing/testUsers';
import { openEventsFixture, type EventsFixture } from '../../events/events/testFixture';
import { insertBuiltinDatabase, insertMeasurement } from '../../ingestion/testing/fixtures';
import { createTimeseriesStores, type TimeseriesStores } from '../../timeseries/stores';
import type { PointValue, StoredPoint, ValueType } from '../../timeseries/types';
import { LEVEL_PRIVILEGE } from '../access';

// Tests only: the events fixture (a real app on PGlite, two organizations, assets, event types,
// configurations, events) plus what the manual entry grid stands on, inserted with SQL so that
// these tests need neither the forms' calls nor the processor: forms (Config as the contract
// writes it), users holding a level on a form through a group of their own, measurements in a
// built-in time-series database, asset properties bound to them, and points in the store.

export type FormConfig = Write<'ManualEntryFormConfig'>;

export interface FormOptions {
  name?: string;
  maxEditAge?: string;
  maxElevatedEditAge?: string;
  maxTimeRange?: string;
  organization?: string;
}

export interface Operator {
  headers: SessionHeaders;
  uuid: string;
  name: string;
}

export interface EntriesFixture extends EventsFixture {
  stores: TimeseriesStores;
  form(type: 'Events' | 'Asset Properties', config: FormConfig, options?: FormOptions): Promise<string>;
  /** A user of the organization holding `privileges` and, when given, `level` on `form` (through another group). */
  operator(form: string | null, level: 'default' | 'elevated' | null, privileges?: readonly string[]): Promise<Operator>;
  measurement(datatype?: ValueType, organization?: string): Promise<string>;
  assetProperty(asset: string, name: string, measurement: string | null, organization?: string): Promise<string>;
  points(measurement: string, datatype: ValueType, points: readonly [number, PointValue][]): Promise<void>;
  pointAt(measurement: string, datatype: ValueType, time: number): Promise<StoredPoint | undefined>;
}

const one = async (f: EventsFixture, sql: string, params: unknown[]) => (await f.db.query<{ uuid: string }>(sql, params)).rows[0].uuid;

export async function openEntriesFixture(): Promise<EntriesFixture> {
  const f = await openEventsFixture();
  const stores = createTimeseriesStores(f.db);
  const databases = new Map<string, string>();
  const collectors = new Map<string, string>();
  const placeOf = async (organization: string) => {
    if (!databases.has(organization)) {
      databases.set(organization, await insertBuiltinDatabase(f.db, organization));
      collectors.set(
        organization,
        await one(f, `INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, 'Manual', 'simulation') RETURNING uuid`, [organization]),
      );
    }
    return { database: databases.get(organization)!, collector: collectors.get(organization)! };
  };

  return {
    ...f,
    stores,
    async form(type, config, options = {}) {
      return one(
        f,
        `INSERT INTO manual_entry_forms (organization_uuid, name, form_type, max_edit_age, max_elevated_edit_age, max_time_range, config)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING uuid`,
        [
          options.organization ?? f.organization,
          options.name ?? `Form ${Math.random().toString(36).slice(2, 8)}`,
          type,
          options.maxEditAge ?? '1h',
          options.maxElevatedEditAge ?? '48h',
          options.maxTimeRange ?? '7d',
          JSON.stringify(config),
        ],
      );
    },
    async operator(form, level, privileges = []) {
      const name = `op-${Math.random().toString(36).slice(2, 8)}`;
      const user = await createTestUser(f.db, { name, privileges: { [f.organization]: privileges } });
      if (form && level) {
        const group = await one(f, 'INSERT INTO user_groups (organization_uuid, name) VALUES ($1, $2) RETURNING uuid', [f.organization, `Operators ${name}`]);
        await f.db.query('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2)', [group, user.uuid]);
        await f.db.query('INSERT INTO manual_entry_form_privileges (manual_entry_form_uuid, organization_uuid, user_group_uuid, name) VALUES ($1, $2, $3, $4)', [
          form,
          f.organization,
          group,
          LEVEL_PRIVILEGE[level],
        ]);
      }
      return { headers: await sessionHeaders(f.t.ctx, user.uuid), uuid: user.uuid, name };
    },
    async measurement(datatype = 'number', organization = f.organization) {
      const { database, collector } = await placeOf(organization);
      return insertMeasurement(f.db, { organizationUuid: organization, collectorUuid: collector, databaseUuid: database, datatype });
    },
    async assetProperty(asset, name, measurement, organization = f.organization) {
      return one(f, 'INSERT INTO asset_properties (organization_uuid, asset_uuid, name, measurement_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid', [
        organization,
        asset,
        name,
        measurement,
      ]);
    },
    async points(measurement, datatype, points) {
      const { rows } = await f.db.query<{ database_uuid: string }>('SELECT database_uuid FROM measurements WHERE uuid = $1', [measurement]);
      const store = await stores.forDatabase(rows[0].database_uuid);
      await store.writePoints(
        measurement,
        datatype,
        points.map(([time, value]) => ({ time, value, quality: 192 })),
      );
    },
    async pointAt(measurement, datatype, time) {
      const { rows } = await f.db.query<{ database_uuid: string }>('SELECT database_uuid FROM measurements WHERE uuid = $1', [measurement]);
      const store = await stores.forDatabase(rows[0].database_uuid);
      return (await store.readRaw(measurement, datatype, { from: time, to: time + 1, limit: 1 }))[0];
    },
    async close() {
      await stores.close();
      await f.close();
    },
  };
}
