import type { LightMyRequestResponse } from 'fastify';
import { ALL_PRIVILEGE_NAMES } from '../../../domain/privilegeNames';
import { insertMeasurement } from '../../assets/testing/assetFixtures';
import { createTestUser, sessionHeaders, type SessionHeaders } from '../../auth/testing/testUsers';
import { openEventsFixture, type EventsFixture } from '../../events/events/testFixture';

// Tests only: the events fixture (a real app on PGlite, two organizations) with what forms name
// (a plant with two event configurations, asset properties bound or not, one of each in the other
// organization), the callers of the forms' rules, and a form of each type to start from.

export const READ_FORMS = 'READ_MANUAL_ENTRY_FORMS';
export const MANAGE_FORMS = ['READ_MANUAL_ENTRY_FORMS', 'MANAGE_MANUAL_ENTRY_FORMS'];
/** What an author of either form type holds. */
export const AUTHOR = [...MANAGE_FORMS, 'READ_EVENT_CONFIGURATIONS', 'READ_EVENTS', 'MANAGE_EVENTS', 'READ_ASSETS', 'MANAGE_MEASUREMENT_DATA'];

export interface Caller {
  uuid: string;
  headers: SessionHeaders;
  /** The group createTestUser put them in (holding their privileges). */
  group: string;
}

export interface FormsFixture extends EventsFixture {
  /** A user of the organization (or another) holding `privileges` through a group of their own. */
  caller(privileges: readonly string[], organization?: string): Promise<Caller>;
  /** A member of the organization's system group (made once), holding every privilege. */
  administrator(organization?: string): Promise<Caller>;
  systemGroup(organization?: string): Promise<string>;
  as(caller: Caller, method: string, url: string, payload?: unknown, organization?: string): Promise<LightMyRequestResponse>;
  /** Sets a group's level on a form straight in the table. */
  level(form: string, group: string, level: 'default' | 'elevated', organization?: string): Promise<void>;
  ids: {
    plant: string;
    batch: string;
    temperature: string;
    curve: string;
    operator: string;
    cleaning: string;
    cleaningDuration: string;
    batchOnPlant: string;
    cleaningOnPlant: string;
    theirConfiguration: string;
    tankLevel: string;
    tankTemperature: string;
    unbound: string;
    theirProperty: string;
    measurement: string;
  };
  eventsForm(name: string, extra?: object): object;
  assetForm(name: string, extra?: object): object;
}

export async function openFormsFixture(): Promise<FormsFixture> {
  const f = await openEventsFixture();
  const { db, organization, otherOrganization } = f;
  const one = async (sql: string, params: unknown[]) => (await db.query<{ uuid: string }>(sql, params)).rows[0].uuid;

  const plant = await f.asset('Plant');
  const batch = await f.eventType('Batch', [{ name: 'Temperature' }, { name: 'Curve', type: 'periodic' }, { name: 'Operator', datatype: 'string' }]);
  const cleaning = await f.eventType('Cleaning', [{ name: 'Duration' }]);
  const theirAsset = await f.asset('Their plant', null, otherOrganization);
  const theirType = await f.eventType('Their batch', [{ name: 'X' }], otherOrganization);
  const measurement = await insertMeasurement(db, organization, 'LT-101');
  const theirMeasurement = await insertMeasurement(db, otherOrganization, 'LT-900');
  const property = (org: string, asset: string, name: string, bound: string | null) =>
    one('INSERT INTO asset_properties (organization_uuid, asset_uuid, name, measurement_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid', [org, asset, name, bound]);
  const ids = {
    plant,
    batch: batch.uuid,
    temperature: batch.properties.Temperature,
    curve: batch.properties.Curve,
    operator: batch.properties.Operator,
    cleaning: cleaning.uuid,
    cleaningDuration: cleaning.properties.Duration,
    batchOnPlant: await f.configuration(plant, batch.uuid),
    cleaningOnPlant: await f.configuration(plant, cleaning.uuid),
    theirConfiguration: await f.configuration(theirAsset, theirType.uuid, { organization: otherOrganization }),
    tankLevel: await property(organization, plant, 'Tank level', measurement),
    tankTemperature: await property(organization, plant, 'Tank temperature', measurement),
    unbound: await property(organization, plant, 'Not bound', null),
    theirProperty: await property(otherOrganization, theirAsset, 'Their level', theirMeasurement),
    measurement,
  };

  const systemGroups = new Map<string, string>();
  const systemGroup = async (org = organization) => {
    const known = systemGroups.get(org);
    if (known) return known;
    const uuid = await one("INSERT INTO user_groups (organization_uuid, name, is_system) VALUES ($1, 'Administrators', true) RETURNING uuid", [org]);
    systemGroups.set(org, uuid);
    return uuid;
  };
  const caller = async (privileges: readonly string[], org = organization): Promise<Caller> => {
    const user = await createTestUser(db, { privileges: { [org]: privileges } });
    const group = await one('SELECT user_group_uuid AS uuid FROM user_group_users WHERE user_uuid = $1', [user.uuid]);
    return { uuid: user.uuid, headers: await sessionHeaders(f.t.ctx, user.uuid), group };
  };

  return {
    ...f,
    ids,
    caller,
    systemGroup,
    async administrator(org = organization) {
      const admin = await caller(ALL_PRIVILEGE_NAMES, org);
      await db.query('INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2)', [await systemGroup(org), admin.uuid]);
      return admin;
    },
    as: (who, method, url, payload, org = organization) => f.call(method, url, payload, who.headers, org),
    async level(form, group, level, org = organization) {
      await db.query('INSERT INTO manual_entry_form_privileges (manual_entry_form_uuid, organization_uuid, user_group_uuid, name) VALUES ($1, $2, $3, $4)', [
        form,
        org,
        group,
        level === 'elevated' ? 'MANUAL_ENTRY_FORM_ELEVATED' : 'MANUAL_ENTRY_FORM_DEFAULT',
      ]);
    },
    eventsForm: (name, extra = {}) => ({
      Name: name,
      Type: 'Events',
      Config: {
        EventConfigurations: [
          {
            EventConfigurationUUID: ids.batchOnPlant,
            Properties: [
              { EventTypePropertyUUID: ids.temperature, Visible: true, Editable: true },
              { EventTypePropertyUUID: ids.curve, Visible: true, Editable: false },
            ],
          },
        ],
      },
      ...extra,
    }),
    assetForm: (name, extra = {}) => ({ Name: name, Type: 'Asset Properties', Config: { Groups: [{ Name: 'Tank', AssetPropertyUUIDs: [ids.tankLevel] }] }, ...extra }),
  };
}
