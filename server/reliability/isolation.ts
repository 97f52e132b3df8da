import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ALL_PRIVILEGE_NAMES } from '../../domain/privilegeNames';
import { createTestOrganization, createTestUser, sessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { createDefaultCollectors } from '../collectors/defaults';
import { collectorWithToken } from '../collectors/testing/collectorFixtures';
import type { Db } from '../db/db';
import { createPartitionsSql, partitionStart } from '../timeseries/postgres/partitions';
import { POSTGRES_TIMESERIES_TYPE_UUID } from '../timeseries/registry';

// Issue 22 item 4 (README.md in this folder): organization isolation derived from the contract.
// Two organizations A and B each hold one of every kind of thing an operation's id can name. A
// caller who is a full administrator of A and no member of B tries, for every operation of
// openapi/historian.yaml that takes an id in its path (and the body and query ids listed below),
// B's id with the header of A and with the header of B. Never a 2xx, never one of B's names in an
// answer, never a change: every table's content is checksummed before and after each call. The
// expected refusals: 404 with A's header for an organization-scoped operation (another
// organization's id is "not found", exactly like an id that does not exist), 403 for a root-level
// one (the caller holds no root privilege), 403 or 404 with B's header. Each fixture is read as
// B's own administrator first (200 with its name), so a wrong fixture cannot pass as "refused".
//
// Every contract operation with a path parameter must have an entry in CALLS (or in NOT_IDS with
// the reason its parameter names nothing an organization owns): a new operation fails the test
// until it is mapped. Used by server/reliability/isolation.test.ts and bench/reliability/isolation.suite.ts.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Ids of one organization's things (every kind a contract id can name), and the names that mark them. */
export interface Holdings {
  organization: string;
  marker: string;
  /** A point value only the organization's measurement holds. */
  secretValue: number;
  admin: Record<string, string>;
  /** A collector of the organization with its token (for the collector API). */
  collectorToken: string;
  ids: Record<Kind, string>;
}

const KINDS = [
  'user',
  'token',
  'group',
  'membership',
  'groupPrivilege',
  'privilege',
  'mapping',
  'provider',
  'collector',
  'calculationCollector',
  'database',
  'measurement',
  'calculation',
  'asset',
  'childAsset',
  'assetProperty',
  'prototype',
  'linkedAsset',
  'plan',
  'eventType',
  'eventTypeProperty',
  'eventConfiguration',
  'eventPropertyConfiguration',
  'event',
  'form',
  'scheduler',
  'job',
  'sink',
  'forwarder',
  'externalDatabase',
  'setting',
  'tableSetting',
  'auditLog',
  'productUpdate',
] as const;
export type Kind = (typeof KINDS)[number];

/** One call with the other organization's ids; `body` may be taken from B's own read of the thing. */
interface CallSpec {
  path: (ids: Record<Kind, string>, organization: string) => string;
  body?: (ids: Record<Kind, string>, read: (url: string) => Promise<unknown>) => Promise<unknown> | unknown;
  /** A read of the thing as its owner, answered 200 with its marker: proves the id is real. */
  control?: (ids: Record<Kind, string>, organization: string) => string;
  /** root: the operation is root-level (403 for an organization administrator, whatever the id). */
  root?: boolean;
}

/** Path parameters that name no organization's thing: language, namespace, sign-in provider names. */
export const NOT_IDS: Record<string, string> = {
  login: 'provider is a sign-in method name (local, ldap, an OIDC name), shared by all organizations',
  logout: 'provider is a sign-in method name',
  startExternalLogin: 'provider is a sign-in method name',
  completeExternalLogin: 'provider is a sign-in method name',
  getTranslations: 'language and namespace names',
  getTranslationFile: 'language and namespace names',
  addMissingTranslations: 'language and namespace names',
};

const MULTIPART = Symbol('multipart');
const later = new Date(Date.UTC(2031, 0, 1)).toISOString();
const earlier = new Date(Date.UTC(2030, 0, 1)).toISOString();

/** operationId → the call with another organization's ids. */
export const CALLS: Record<string, CallSpec> = {
  deleteCurrentUserToken: { path: (i) => `/current-user/tokens/${i.token}` },
  getAuditLog: { path: (i) => `/audit-logs/${i.auditLog}` },
  getTaskScheduler: { path: (i) => `/task-schedulers/${i.scheduler}` },
  updateTaskScheduler: {
    path: (i) => `/task-schedulers/${i.scheduler}`,
    body: async (i, read) => read(`/task-schedulers/${i.scheduler}`),
  },
  deleteTaskScheduler: {
    path: (i) => `/task-schedulers/${i.scheduler}`,
    control: (i) => `/task-schedulers/${i.scheduler}`,
  },
  runTaskScheduler: { path: (i) => `/task-schedulers/${i.scheduler}/run` },
  getMeasurement: { path: (i) => `/measurements/${i.measurement}` },
  updateMeasurement: {
    path: (i) => `/measurements/${i.measurement}`,
    body: async (i, read) => read(`/measurements/${i.measurement}`),
  },
  deleteMeasurement: {
    path: (i) => `/measurements/${i.measurement}`,
    control: (i) => `/measurements/${i.measurement}`,
  },
  getUser: { path: (i) => `/users/${i.user}` },
  updateUser: {
    path: (i) => `/users/${i.user}`,
    body: async (i, read) => read(`/users/${i.user}`),
  },
  deleteUser: {
    path: (i) => `/users/${i.user}`,
    control: (i) => `/users/${i.user}`,
  },
  updateUserPassword: {
    path: (i) => `/users/${i.user}/password`,
    body: () => ({ Password: 'a-new-password-1234' }),
    root: true,
  },
  getUserAccess: { path: (i) => `/users/${i.user}/access`, control: () => '' },
  getUserTokens: { path: (i) => `/users/${i.user}/tokens`, root: true },
  createUserToken: {
    path: (i) => `/users/${i.user}/tokens`,
    body: () => ({ Name: 'taken over' }),
    root: true,
  },
  deleteUserToken: {
    path: (i) => `/users/${i.user}/tokens/${i.token}`,
    root: true,
  },
  getOrganization: { path: (_i, o) => `/organizations/${o}`, root: true },
  updateOrganization: {
    path: (_i, o) => `/organizations/${o}`,
    body: (_i) => ({ UUID: '', Name: 'taken over' }),
    root: true,
  },
  deleteOrganization: {
    path: (_i, o) => `/organizations/${o}?confirm=true`,
    root: true,
  },
  updateSetting: {
    path: (i) => `/settings/${i.setting}`,
    body: async (i, read) => ({
      ...((await read('/settings')) as Array<{ UUID: string }>).find((s) => s.UUID === i.setting),
      Value: 'taken over',
    }),
    control: () => '/settings',
  },
  updateCollector: {
    path: (i) => `/collectors/${i.collector}`,
    body: async (i, read) => ((await read('/collectors')) as Array<{ UUID: string }>).find((c) => c.UUID === i.collector),
    control: () => '/collectors',
  },
  deleteCollector: {
    path: (i) => `/collectors/${i.collector}`,
    control: () => '/collectors',
  },
  updateCollectorStatus: {
    path: (i) => `/collectors/${i.collector}/status`,
    body: () => ({ Status: 'Paused' }),
    control: () => '/collectors',
  },
  getCollectorToken: {
    path: (i) => `/collectors/${i.collector}/token`,
    control: () => '',
  },
  getCollectorTemplate: {
    path: (i) => `/collectors/${i.collector}/template`,
    control: () => '',
  },
  getCollectorHealthHistory: {
    path: (i) => `/collectors/${i.collector}/collector-health-history`,
    control: () => '',
  },
  startCollectorUpdate: {
    path: (i) => `/collectors/${i.collector}/start-update`,
    body: () => ({ Version: '9.9.9' }),
    control: () => '/collectors',
  },
  deleteProductUpdate: {
    path: (i) => `/product-updates/${i.productUpdate}`,
    root: true,
  },
  getJob: { path: (i) => `/jobs/${i.job}` },
  getJobLogs: {
    path: (i) => `/jobs/${i.job}/logs`,
    control: (i) => `/jobs/${i.job}`,
  },
  pauseJob: {
    path: (i) => `/jobs/${i.job}/pause`,
    control: (i) => `/jobs/${i.job}`,
  },
  resumeJob: {
    path: (i) => `/jobs/${i.job}/resume`,
    control: (i) => `/jobs/${i.job}`,
  },
  cancelJob: {
    path: (i) => `/jobs/${i.job}/cancel`,
    control: (i) => `/jobs/${i.job}`,
  },
  getAsset: { path: (i) => `/assets/${i.asset}` },
  updateAsset: {
    path: (i) => `/assets/${i.asset}`,
    body: async (i, read) => read(`/assets/${i.asset}`),
  },
  deleteAsset: {
    path: (i) => `/assets/${i.asset}?cascade=true`,
    control: (i) => `/assets/${i.asset}`,
  },
  moveAsset: {
    path: (i) => `/assets/${i.childAsset}/parent`,
    body: () => ({ ParentUUID: null }),
    control: (i) => `/assets/${i.childAsset}`,
  },
  getAssetProperty: { path: (i) => `/asset-properties/${i.assetProperty}` },
  updateAssetProperty: {
    path: (i) => `/asset-properties/${i.assetProperty}`,
    body: async (i, read) => read(`/asset-properties/${i.assetProperty}`),
  },
  deleteAssetProperty: {
    path: (i) => `/asset-properties/${i.assetProperty}`,
    control: (i) => `/asset-properties/${i.assetProperty}`,
  },
  getPrototype: { path: (i) => `/prototypes/${i.prototype}` },
  updatePrototype: {
    path: (i) => `/prototypes/${i.prototype}`,
    body: async (i, read) => read(`/prototypes/${i.prototype}`),
  },
  deletePrototype: {
    path: (i) => `/prototypes/${i.prototype}`,
    control: (i) => `/prototypes/${i.prototype}`,
  },
  instantiatePrototype: {
    path: (i) => `/prototypes/${i.prototype}/instances`,
    body: (i) => ({ ParentUUID: i.asset, Instances: [{ Name: 'taken over' }] }),
    control: (i) => `/prototypes/${i.prototype}`,
  },
  linkPrototype: {
    path: (i) => `/prototypes/${i.prototype}/links`,
    body: (i) => ({ AssetUUID: i.childAsset }),
    control: (i) => `/prototypes/${i.prototype}`,
  },
  unlinkPrototype: {
    path: (i) => `/prototypes/${i.prototype}/links/${i.linkedAsset}`,
    control: (i) => `/prototypes/${i.prototype}`,
  },
  planPrototype: {
    path: (i) => `/prototypes/${i.prototype}/plans`,
    body: (i) => ({ AssetUUIDs: [i.linkedAsset] }),
    control: (i) => `/prototypes/${i.prototype}`,
  },
  getPrototypePlan: {
    path: (i) => `/prototype-plans/${i.plan}`,
    control: () => '',
  },
  applyPrototypePlan: {
    path: (i) => `/prototype-plans/${i.plan}/apply`,
    body: () => ({ Choices: {} }),
    control: () => '',
  },
  undoPrototypePlan: {
    path: (i) => `/prototype-plans/${i.plan}/undo`,
    control: () => '',
  },
  exportPrototypePlan: {
    path: (i) => `/prototype-plans/${i.plan}/spreadsheet`,
    control: () => '',
  },
  importPrototypePlan: {
    path: (i) => `/prototype-plans/${i.plan}/spreadsheet`,
    body: () => MULTIPART,
    control: () => '',
  },
  getEventType: { path: (i) => `/event-types/${i.eventType}` },
  updateEventType: {
    path: (i) => `/event-types/${i.eventType}`,
    body: async (i, read) => read(`/event-types/${i.eventType}`),
  },
  deleteEventType: {
    path: (i) => `/event-types/${i.eventType}`,
    control: (i) => `/event-types/${i.eventType}`,
  },
  getEventTypeProperty: {
    path: (i) => `/event-type-properties/${i.eventTypeProperty}`,
  },
  updateEventTypeProperty: {
    path: (i) => `/event-type-properties/${i.eventTypeProperty}`,
    body: async (i, read) => read(`/event-type-properties/${i.eventTypeProperty}`),
  },
  deleteEventTypeProperty: {
    path: (i) => `/event-type-properties/${i.eventTypeProperty}`,
    control: (i) => `/event-type-properties/${i.eventTypeProperty}`,
  },
  getEventTypePropertyValues: {
    path: (i) => `/event-type-properties/${i.eventTypeProperty}/values`,
    control: () => '',
  },
  getEventConfiguration: {
    path: (i) => `/event-configurations/${i.eventConfiguration}`,
    control: () => '',
  },
  updateEventConfiguration: {
    path: (i) => `/event-configurations/${i.eventConfiguration}`,
    body: async (i, read) => read(`/event-configurations/${i.eventConfiguration}`),
    control: () => '',
  },
  deleteEventConfiguration: {
    path: (i) => `/event-configurations/${i.eventConfiguration}?cascade=true`,
    control: () => '',
  },
  setEventConfigurationState: {
    path: (i) => `/event-configurations/${i.eventConfiguration}/state`,
    body: () => ({ State: 'running' }),
    control: () => '',
  },
  getEventConfigurationLogs: {
    path: (i) => `/event-configurations/${i.eventConfiguration}/logs`,
    control: () => '',
  },
  reevaluateEventConfiguration: {
    path: (i) => `/event-configurations/${i.eventConfiguration}/re-evaluate`,
    body: () => ({ Start: earlier, End: later }),
    control: () => '',
  },
  getEventPropertyConfiguration: {
    path: (i) => `/event-property-configurations/${i.eventPropertyConfiguration}`,
    control: () => '',
  },
  updateEventPropertyConfiguration: {
    path: (i) => `/event-property-configurations/${i.eventPropertyConfiguration}`,
    body: async (i, read) => read(`/event-property-configurations/${i.eventPropertyConfiguration}`),
    control: () => '',
  },
  deleteEventPropertyConfiguration: {
    path: (i) => `/event-property-configurations/${i.eventPropertyConfiguration}`,
    control: () => '',
  },
  reevaluateEventPropertyConfiguration: {
    path: (i) => `/event-property-configurations/${i.eventPropertyConfiguration}/re-evaluate`,
    body: () => ({ Start: earlier, End: later }),
    control: () => '',
  },
  getEvent: { path: (i) => `/events/${i.event}`, control: () => '' },
  updateEvent: {
    path: (i) => `/events/${i.event}`,
    body: (i) => ({
      EventConfigurationUUID: i.eventConfiguration,
      StartTime: earlier,
    }),
    control: () => '',
  },
  deleteEvent: { path: (i) => `/events/${i.event}`, control: () => '' },
  mergeEvent: { path: (i) => `/events/${i.event}/merge`, control: () => '' },
  splitEvent: {
    path: (i) => `/events/${i.event}/split`,
    body: () => ({ At: later }),
    control: () => '',
  },
  getManualEntryForm: { path: (i) => `/manual-entry-forms/${i.form}` },
  updateManualEntryForm: {
    path: (i) => `/manual-entry-forms/${i.form}`,
    body: async (i, read) => read(`/manual-entry-forms/${i.form}`),
  },
  deleteManualEntryForm: {
    path: (i) => `/manual-entry-forms/${i.form}`,
    control: (i) => `/manual-entry-forms/${i.form}`,
  },
  getManualEntryFormAccess: {
    path: (i) => `/manual-entry-forms/${i.form}/access`,
    control: (i) => `/manual-entry-forms/${i.form}`,
  },
  replaceManualEntryFormAccess: {
    path: (i) => `/manual-entry-forms/${i.form}/access`,
    body: (i) => [{ UserGroupUUID: i.group, AccessLevel: 'elevated' }],
    control: (i) => `/manual-entry-forms/${i.form}`,
  },
  getManualEntryFormEntries: {
    path: (i) => `/manual-entry-forms/${i.form}/entries?From=${earlier}&To=${later}`,
    control: (i) => `/manual-entry-forms/${i.form}`,
  },
  writeManualEntryEventValues: {
    path: (i) => `/manual-entry-forms/${i.form}/events/${i.event}`,
    body: () => ({ Properties: {} }),
    control: (i) => `/manual-entry-forms/${i.form}`,
  },
  writeManualEntryAssetValues: {
    path: (i) => `/manual-entry-forms/${i.form}/values`,
    body: (i) => ({
      Values: [{ AssetPropertyUUID: i.assetProperty, Timestamp: earlier, Value: 1 }],
    }),
    control: (i) => `/manual-entry-forms/${i.form}`,
  },
  getCalculationContext: {
    path: (i) => `/calculations/${i.calculation}/context`,
    control: (i) => `/measurements/${i.calculation}`,
  },
  updateCalculationContext: {
    path: (i) => `/calculations/${i.calculation}/context`,
    body: () => ({ Local: { taken: 'over' } }),
    control: (i) => `/measurements/${i.calculation}`,
  },
  backfillCalculation: {
    path: (i) => `/calculations/${i.calculation}/backfill`,
    body: () => ({ Start: earlier, End: later, DryRun: false }),
    control: (i) => `/measurements/${i.calculation}`,
  },
  updateTimeseriesDatabase: {
    path: (i) => `/timeseries-databases/${i.database}`,
    body: async (i, read) => ((await read('/timeseries-databases')) as Array<{ UUID: string }>).find((d) => d.UUID === i.database),
    control: () => '/timeseries-databases',
  },
  deleteTimeseriesDatabase: {
    path: (i) => `/timeseries-databases/${i.database}`,
    control: () => '/timeseries-databases',
  },
  testTimeseriesDatabase: {
    path: (i) => `/timeseries-databases/${i.database}/test`,
    control: () => '/timeseries-databases',
  },
  getTimeseriesDatabaseReachability: {
    path: (i) => `/timeseries-databases/${i.database}/reachability`,
    control: () => '/timeseries-databases',
  },
  updateTableSetting: {
    path: (i) => `/table_settings/${i.tableSetting}`,
    body: () => ({
      ID: 'isolation',
      ColumnsShown: ['taken'],
      ColumnsOrder: ['taken'],
    }),
    control: () => '',
  },
  getUserGroup: { path: (i) => `/user-groups/${i.group}` },
  updateUserGroup: {
    path: (i) => `/user-groups/${i.group}`,
    body: async (i, read) => read(`/user-groups/${i.group}`),
  },
  deleteUserGroup: {
    path: (i) => `/user-groups/${i.group}`,
    control: (i) => `/user-groups/${i.group}`,
  },
  deleteUserGroupUser: {
    path: (i) => `/user-group-users/${i.membership}`,
    control: (i) => `/user-groups/${i.group}`,
  },
  getUserGroupPrivileges: {
    path: (i) => `/user-groups/${i.group}/privileges`,
    control: (i) => `/user-groups/${i.group}`,
  },
  createUserGroupPrivilege: {
    path: (i) => `/user-groups/${i.group}/privileges`,
    body: (i) => ({ UUID: i.privilege, PrivilegeUUID: i.privilege }),
    control: (i) => `/user-groups/${i.group}`,
  },
  replaceUserGroupPrivileges: {
    path: (i) => `/user-groups/${i.group}/privileges`,
    body: (i) => ({ PrivilegeUUIDs: [i.privilege] }),
    control: (i) => `/user-groups/${i.group}`,
  },
  deleteUserGroupPrivilege: {
    path: (i) => `/user-groups/${i.group}/privileges/${i.privilege}`,
    control: (i) => `/user-groups/${i.group}`,
  },
  getUserGroupMappings: {
    path: (i) => `/user-groups/${i.group}/mapping`,
    control: (i) => `/user-groups/${i.group}`,
  },
  createUserGroupMapping: {
    path: (i) => `/user-groups/${i.group}/mapping`,
    body: (i) => ({
      UUID: i.mapping,
      ExternalGroup: 'taken',
      AuthenticationProviderUUID: i.provider,
    }),
    control: (i) => `/user-groups/${i.group}`,
  },
  updateUserGroupMapping: {
    path: (i) => `/user-groups/${i.group}/mapping/${i.mapping}`,
    body: (i) => ({
      UUID: i.mapping,
      ExternalGroup: 'taken',
      AuthenticationProviderUUID: i.provider,
    }),
    control: (i) => `/user-groups/${i.group}`,
  },
  deleteUserGroupMapping: {
    path: (i) => `/user-groups/${i.group}/mapping/${i.mapping}`,
    control: (i) => `/user-groups/${i.group}`,
  },
  getAuthenticationProvider: {
    path: (i) => `/authentication-providers/${i.provider}`,
    root: true,
  },
  updateAuthenticationProvider: {
    path: (i) => `/authentication-providers/${i.provider}`,
    body: (i) => ({
      UUID: i.provider,
      ProviderName: 'taken',
      ProviderType: 'oidc',
    }),
    root: true,
  },
  deleteAuthenticationProvider: {
    path: (i) => `/authentication-providers/${i.provider}`,
    root: true,
  },
  getSink: { path: (i) => `/sinks/${i.sink}` },
  updateSink: {
    path: (i) => `/sinks/${i.sink}`,
    body: async (i, read) => read(`/sinks/${i.sink}`),
  },
  deleteSink: {
    path: (i) => `/sinks/${i.sink}`,
    control: (i) => `/sinks/${i.sink}`,
  },
  setSinkState: {
    path: (i) => `/sinks/${i.sink}/state`,
    body: () => ({ State: 'running' }),
    control: (i) => `/sinks/${i.sink}`,
  },
  getSinkStatistics: {
    path: (i) => `/sinks/${i.sink}/statistics`,
    control: (i) => `/sinks/${i.sink}`,
  },
  getForwarder: { path: (i) => `/forwarders/${i.forwarder}` },
  updateForwarder: {
    path: (i) => `/forwarders/${i.forwarder}`,
    body: async (i, read) => read(`/forwarders/${i.forwarder}`),
  },
  deleteForwarder: {
    path: (i) => `/forwarders/${i.forwarder}`,
    control: (i) => `/forwarders/${i.forwarder}`,
  },
  setForwarderState: {
    path: (i) => `/forwarders/${i.forwarder}/state`,
    body: () => ({ State: 'running' }),
    control: (i) => `/forwarders/${i.forwarder}`,
  },
  getExternalDatabase: {
    path: (i) => `/external-databases/${i.externalDatabase}`,
  },
  updateExternalDatabase: {
    path: (i) => `/external-databases/${i.externalDatabase}`,
    body: async (i, read) => read(`/external-databases/${i.externalDatabase}`),
  },
  deleteExternalDatabase: {
    path: (i) => `/external-databases/${i.externalDatabase}`,
    control: (i) => `/external-databases/${i.externalDatabase}`,
  },
  previewExternalDatabaseQuery: {
    path: (i) => `/external-databases/${i.externalDatabase}/preview`,
    body: () => ({ Query: 'SELECT 1' }),
    control: (i) => `/external-databases/${i.externalDatabase}`,
  },
};

/**
 * Ids in bodies and queries: the caller works on its own things (own ids in the path, a copy of
 * its own thing as the body) and names one of the owner's things in one field. `own` reads the
 * caller's own thing as the caller. A read may answer 2xx, but never with the owner's names,
 * other ids or point values; a change may answer 2xx (a field the server ignores), but no row that
 * names the owner may appear, change or vanish.
 */
interface FieldCall {
  operationId: string;
  field: string;
  method: Method;
  path: (own: Record<Kind, string>, other: Record<Kind, string>, otherOrganization: string) => string;
  body?: (own: Record<Kind, string>, other: Record<Kind, string>, read: (url: string) => Promise<Record<string, unknown>>, otherOrganization: string) => Promise<unknown> | unknown;
  /** A collector of the caller's organization makes the call with its token. */
  collector?: boolean;
}

const fresh = () => randomUUID();
const copy = async (read: (url: string) => Promise<Record<string, unknown>>, url: string, changes: Record<string, unknown>, create = false) => ({
  ...(await read(url)),
  ...(create ? { UUID: fresh(), Name: `copy ${fresh().slice(0, 8)}` } : {}),
  ...changes,
});
const q = (operationId: string, field: string, path: FieldCall['path']): FieldCall => ({ operationId, field, method: 'GET', path });

export const FIELD_CALLS: FieldCall[] = [
  q('getMeasurements', 'CollectorUUIDs', (_i, o) => `/measurements?CollectorUUIDs=${o.collector}`),
  q('getMeasurements', 'DatabaseUUIDs', (_i, o) => `/measurements?DatabaseUUIDs=${o.database}`),
  q('getJobs', 'TaskSchedulerUUID', (_i, o) => `/jobs?TaskSchedulerUUID=${o.scheduler}`),
  q('getAssets', 'ParentUUIDs', (_i, o) => `/assets?ParentUUIDs=${o.asset}`),
  q('getAssets', 'UUIDs', (_i, o) => `/assets?UUIDs=${o.asset}`),
  q('getAssets', 'PrototypeUUIDs', (_i, o) => `/assets?PrototypeUUIDs=${o.prototype}`),
  q('getAssetProperties', 'AssetUUIDs', (_i, o) => `/asset-properties?AssetUUIDs=${o.asset}`),
  q('getEventTypeProperties', 'EventTypeUUIDs', (_i, o) => `/event-type-properties?EventTypeUUIDs=${o.eventType}`),
  q('getEventConfigurations', 'AssetUUIDs', (_i, o) => `/event-configurations?AssetUUIDs=${o.asset}`),
  q('getEventConfigurations', 'EventTypeUUIDs', (_i, o) => `/event-configurations?EventTypeUUIDs=${o.eventType}`),
  q('getEventPropertyConfigurations', 'EventConfigurationUUIDs', (_i, o) => `/event-property-configurations?EventConfigurationUUIDs=${o.eventConfiguration}`),
  q('getEvents', 'AssetUUIDs', (_i, o) => `/events?AssetUUIDs=${o.asset}`),
  q('getEvents', 'EventTypeUUIDs', (_i, o) => `/events?EventTypeUUIDs=${o.eventType}`),
  q('getEvents', 'EventConfigurationUUIDs', (_i, o) => `/events?EventConfigurationUUIDs=${o.eventConfiguration}`),
  q('getUserGroupUsers', 'UserGroupUUID', (_i, o) => `/user-group-users?UserGroupUUID=${o.group}`),
  q('getUserGroupUsers', 'UserUUID', (_i, o) => `/user-group-users?UserUUID=${o.user}`),
  q('getForwarders', 'SinkUUID', (_i, o) => `/forwarders?SinkUUID=${o.sink}`),
  q('getSettings', 'OrganizationUUID', (_i, _o, org) => `/settings?OrganizationUUID=${org}`),
  // Not an id, but the one query that widens a read past the header's organization (root READ_AUDIT_LOGS only).
  q('getAuditLogs', 'AllOrganizations', () => '/audit-logs?AllOrganizations=true'),
  q('getAuditLog', 'AllOrganizations', (_i, o) => `/audit-logs/${o.auditLog}?AllOrganizations=true`),
  {
    operationId: 'queryTimeseries',
    field: 'MeasurementUUIDs',
    method: 'POST',
    path: () => '/timeseries/query',
    body: (_i, o) => ({
      MeasurementUUIDs: [o.measurement],
      Start: new Date(Date.now() - 86_400_000).toISOString(),
      End: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  },
  {
    operationId: 'createTaskScheduler',
    field: 'Settings.MeasurementUUIDs',
    method: 'POST',
    path: () => '/task-schedulers',
    body: async (i, o, read) => {
      const own = await read(`/task-schedulers/${i.scheduler}`);
      return {
        ...own,
        UUID: fresh(),
        Name: `copy ${fresh().slice(0, 8)}`,
        Settings: {
          ...(own.Settings as object),
          MeasurementUUIDs: [o.measurement],
        },
      };
    },
  },
  {
    operationId: 'updateTaskScheduler',
    field: 'Settings.MeasurementUUIDs',
    method: 'PUT',
    path: (i) => `/task-schedulers/${i.scheduler}`,
    body: async (i, o, read) => {
      const own = await read(`/task-schedulers/${i.scheduler}`);
      return {
        ...own,
        Settings: {
          ...(own.Settings as object),
          MeasurementUUIDs: [o.measurement],
        },
      };
    },
  },
  {
    operationId: 'createMeasurement',
    field: 'CollectorUUID',
    method: 'POST',
    path: () => '/measurements',
    body: (i, o, read) => copy(read, `/measurements/${i.measurement}`, { CollectorUUID: o.collector }, true),
  },
  {
    operationId: 'createMeasurement',
    field: 'DatabaseUUID',
    method: 'POST',
    path: () => '/measurements',
    body: (i, o, read) => copy(read, `/measurements/${i.measurement}`, { DatabaseUUID: o.database }, true),
  },
  {
    operationId: 'updateMeasurement',
    field: 'CollectorUUID',
    method: 'PUT',
    path: (i) => `/measurements/${i.measurement}`,
    body: (i, o, read) =>
      copy(read, `/measurements/${i.measurement}`, {
        CollectorUUID: o.collector,
      }),
  },
  {
    operationId: 'updateMeasurement',
    field: 'DatabaseUUID',
    method: 'PUT',
    path: (i) => `/measurements/${i.measurement}`,
    body: (i, o, read) =>
      copy(read, `/measurements/${i.measurement}`, {
        DatabaseUUID: o.database,
      }),
  },
  {
    operationId: 'updateMeasurementsStatus',
    field: 'UUIDs',
    method: 'PATCH',
    path: () => '/measurements/status',
    body: (i, o) => ({
      UUIDs: [i.measurement, o.measurement],
      Status: 'Paused',
    }),
  },
  {
    operationId: 'updateMeasurementsLabels',
    field: 'UUIDs',
    method: 'PATCH',
    path: () => '/measurements/labels',
    body: (i, o) => ({ UUIDs: [i.measurement, o.measurement], Add: ['taken'] }),
  },
  {
    operationId: 'updateSetting',
    field: 'OrganizationUUID',
    method: 'PUT',
    path: (i) => `/settings/${i.setting}`,
    body: async (i, _o, read, org) => ({
      ...((await read('/settings')) as unknown as Array<{ UUID: string }>).find((one) => one.UUID === i.setting),
      Value: 'taken over',
      OrganizationUUID: org,
    }),
  },
  {
    operationId: 'updateSettingsBatch',
    field: '[]OrganizationUUID',
    method: 'PUT',
    path: () => '/settings/batch',
    body: (_i, _o, _r, org) => [{ Name: 'audit.retention_days', Value: '3650', OrganizationUUID: org }],
  },
  {
    operationId: 'createCollector',
    field: 'OrganizationUUID',
    method: 'POST',
    path: () => '/collectors',
    body: (_i, _o, _r, org) => ({
      UUID: fresh(),
      Name: `copy ${fresh().slice(0, 8)}`,
      OrganizationUUID: org,
    }),
  },
  {
    operationId: 'updateCollector',
    field: 'OrganizationUUID',
    method: 'PUT',
    path: (i) => `/collectors/${i.collector}`,
    body: async (i, _o, read, org) => ({
      ...((await read('/collectors')) as unknown as Array<{ UUID: string }>).find((c) => c.UUID === i.collector),
      OrganizationUUID: org,
    }),
  },
  {
    operationId: 'createAsset',
    field: 'ParentUUID',
    method: 'POST',
    path: () => '/assets',
    body: (i, o, read) => copy(read, `/assets/${i.childAsset}`, { ParentUUID: o.asset, ChildCount: 0 }, true),
  },
  {
    operationId: 'updateAsset',
    field: 'ParentUUID',
    method: 'PUT',
    path: (i) => `/assets/${i.childAsset}`,
    body: (i, o, read) => copy(read, `/assets/${i.childAsset}`, { ParentUUID: o.asset }),
  },
  {
    operationId: 'moveAsset',
    field: 'ParentUUID',
    method: 'PATCH',
    path: (i) => `/assets/${i.childAsset}/parent`,
    body: (_i, o) => ({ ParentUUID: o.asset }),
  },
  {
    operationId: 'createAssetProperty',
    field: 'AssetUUID',
    method: 'POST',
    path: () => '/asset-properties',
    body: (i, o, read) => copy(read, `/asset-properties/${i.assetProperty}`, { AssetUUID: o.asset }, true),
  },
  {
    operationId: 'createAssetProperty',
    field: 'MeasurementUUID',
    method: 'POST',
    path: () => '/asset-properties',
    body: (i, o, read) => copy(read, `/asset-properties/${i.assetProperty}`, { MeasurementUUID: o.measurement }, true),
  },
  {
    operationId: 'updateAssetProperty',
    field: 'AssetUUID',
    method: 'PUT',
    path: (i) => `/asset-properties/${i.assetProperty}`,
    body: (i, o, read) =>
      copy(read, `/asset-properties/${i.assetProperty}`, {
        AssetUUID: o.asset,
      }),
  },
  {
    operationId: 'updateAssetProperty',
    field: 'MeasurementUUID',
    method: 'PUT',
    path: (i) => `/asset-properties/${i.assetProperty}`,
    body: (i, o, read) =>
      copy(read, `/asset-properties/${i.assetProperty}`, {
        MeasurementUUID: o.measurement,
      }),
  },
  {
    operationId: 'createPrototype',
    field: 'DefaultDatabaseUUID',
    method: 'POST',
    path: () => '/prototypes',
    body: (i, o, read) => copy(read, `/prototypes/${i.prototype}`, { DefaultDatabaseUUID: o.database, PropertyPrototypes: [] }, true),
  },
  {
    operationId: 'updatePrototype',
    field: 'DefaultDatabaseUUID',
    method: 'PUT',
    path: (i) => `/prototypes/${i.prototype}`,
    body: (i, o, read) =>
      copy(read, `/prototypes/${i.prototype}`, {
        DefaultDatabaseUUID: o.database,
      }),
  },
  {
    operationId: 'instantiatePrototype',
    field: 'ParentUUID',
    method: 'POST',
    path: (i) => `/prototypes/${i.prototype}/instances`,
    body: (_i, o) => ({
      ParentUUID: o.asset,
      Instances: [{ Name: 'taken over' }],
    }),
  },
  {
    operationId: 'linkPrototype',
    field: 'AssetUUID',
    method: 'POST',
    path: (i) => `/prototypes/${i.prototype}/links`,
    body: (_i, o) => ({ AssetUUID: o.childAsset }),
  },
  {
    operationId: 'planPrototype',
    field: 'AssetUUIDs',
    method: 'POST',
    path: (i) => `/prototypes/${i.prototype}/plans`,
    body: (_i, o) => ({ AssetUUIDs: [o.linkedAsset] }),
  },
  {
    operationId: 'createEventType',
    field: 'ParentUUID',
    method: 'POST',
    path: () => '/event-types',
    body: (i, o, read) => copy(read, `/event-types/${i.eventType}`, { ParentUUID: o.eventType, Properties: [] }, true),
  },
  {
    operationId: 'updateEventType',
    field: 'ParentUUID',
    method: 'PUT',
    path: (i) => `/event-types/${i.eventType}`,
    body: (i, o, read) => copy(read, `/event-types/${i.eventType}`, { ParentUUID: o.eventType }),
  },
  {
    operationId: 'createEventTypeProperty',
    field: 'EventTypeUUID',
    method: 'POST',
    path: () => '/event-type-properties',
    body: (i, o, read) => copy(read, `/event-type-properties/${i.eventTypeProperty}`, { EventTypeUUID: o.eventType }, true),
  },
  {
    operationId: 'updateEventTypeProperty',
    field: 'EventTypeUUID',
    method: 'PUT',
    path: (i) => `/event-type-properties/${i.eventTypeProperty}`,
    body: (i, o, read) =>
      copy(read, `/event-type-properties/${i.eventTypeProperty}`, {
        EventTypeUUID: o.eventType,
      }),
  },
  ...(['AssetUUID', 'EventTypeUUID', 'ParentEventConfigurationUUID'] as const).flatMap((field): FieldCall[] => {
    const id = (o: Record<Kind, string>) => (field === 'AssetUUID' ? o.asset : field === 'EventTypeUUID' ? o.eventType : o.eventConfiguration);
    return [
      {
        operationId: 'createEventConfiguration',
        field,
        method: 'POST',
        path: () => '/event-configurations',
        body: async (i, o, read) => {
          const own = await read(`/event-configurations/${i.eventConfiguration}`);
          return { ...own, UUID: fresh(), [field]: id(o) };
        },
      },
      {
        operationId: 'updateEventConfiguration',
        field,
        method: 'PUT',
        path: (i) => `/event-configurations/${i.eventConfiguration}`,
        body: (i, o, read) =>
          copy(read, `/event-configurations/${i.eventConfiguration}`, {
            [field]: id(o),
          }),
      },
    ];
  }),
  ...(['EventConfigurationUUID', 'EventTypePropertyUUID'] as const).flatMap((field): FieldCall[] => {
    const id = (o: Record<Kind, string>) => (field === 'EventConfigurationUUID' ? o.eventConfiguration : o.eventTypeProperty);
    return [
      {
        operationId: 'createEventPropertyConfiguration',
        field,
        method: 'POST',
        path: () => '/event-property-configurations',
        body: async (i, o, read) => {
          const own = await read(`/event-property-configurations/${i.eventPropertyConfiguration}`);
          return { ...own, UUID: fresh(), [field]: id(o) };
        },
      },
      {
        operationId: 'updateEventPropertyConfiguration',
        field,
        method: 'PUT',
        path: (i) => `/event-property-configurations/${i.eventPropertyConfiguration}`,
        body: (i, o, read) => copy(read, `/event-property-configurations/${i.eventPropertyConfiguration}`, { [field]: id(o) }),
      },
    ];
  }),
  ...(['Trigger.MeasurementUUID', 'ExternalSource.ExternalDatabaseUUID'] as const).flatMap((field): FieldCall[] => {
    const change = (o: Record<Kind, string>) =>
      field === 'Trigger.MeasurementUUID'
        ? {
            StartSource: 'historian',
            Trigger: { MeasurementUUID: o.measurement },
            ExternalSource: null,
            Schedule: null,
          }
        : {
            StartSource: 'external_database',
            ExternalSource: {
              ExternalDatabaseUUID: o.externalDatabase,
              Query: 'SELECT 1',
            },
            Trigger: null,
            Schedule: null,
          };
    return [
      {
        operationId: 'createEventConfiguration',
        field,
        method: 'POST',
        path: () => '/event-configurations',
        body: async (i, o, read) => ({
          ...(await read(`/event-configurations/${i.eventConfiguration}`)),
          UUID: fresh(),
          EventTypeUUID: i.eventType,
          ...change(o),
        }),
      },
      {
        operationId: 'updateEventConfiguration',
        field,
        method: 'PUT',
        path: (i) => `/event-configurations/${i.eventConfiguration}`,
        body: (i, o, read) => copy(read, `/event-configurations/${i.eventConfiguration}`, change(o)),
      },
    ];
  }),
  ...(['MeasurementUUID', 'AssetPropertyUUID', 'DimensionMeasurementUUID', 'ExternalDatabaseUUID'] as const).flatMap((field): FieldCall[] => {
    const change = (i: Record<Kind, string>, o: Record<Kind, string>, propertyName: unknown): Record<string, unknown> =>
      field === 'MeasurementUUID'
        ? {
            Mode: 'historian',
            Source: 'data_reference',
            Aggregation: 'last',
            MeasurementUUID: o.measurement,
          }
        : field === 'AssetPropertyUUID'
          ? {
              Mode: 'historian',
              Source: 'property',
              SourcePropertyName: propertyName,
              AssetPropertyUUID: o.assetProperty,
            }
          : field === 'DimensionMeasurementUUID'
            ? {
                Mode: 'historian',
                Source: 'data_reference',
                Aggregation: 'last',
                MeasurementUUID: i.measurement,
                DimensionMeasurementUUID: o.measurement,
              }
            : {
                Mode: 'external_database',
                ExternalDatabaseUUID: o.externalDatabase,
                ExternalQuery: 'SELECT 1',
              };
    return [
      {
        operationId: 'createEventPropertyConfiguration',
        field,
        method: 'POST',
        path: () => '/event-property-configurations',
        body: async (i, o, read) => ({
          ...(await read(`/event-property-configurations/${i.eventPropertyConfiguration}`)),
          UUID: fresh(),
          ...change(i, o, (await read(`/event-type-properties/${i.eventTypeProperty}`)).Name),
        }),
      },
      {
        operationId: 'updateEventPropertyConfiguration',
        field,
        method: 'PUT',
        path: (i) => `/event-property-configurations/${i.eventPropertyConfiguration}`,
        body: async (i, o, read) => copy(read, `/event-property-configurations/${i.eventPropertyConfiguration}`, change(i, o, (await read(`/event-type-properties/${i.eventTypeProperty}`)).Name)),
      },
    ];
  }),
  ...(['createManualEntryForm', 'updateManualEntryForm'] as const).map((operationId): FieldCall => ({
    operationId,
    field: 'Config.EventConfigurations.[]EventConfigurationUUID',
    method: operationId === 'createManualEntryForm' ? 'POST' : 'PUT',
    path: (i) => (operationId === 'createManualEntryForm' ? '/manual-entry-forms' : `/manual-entry-forms/${i.form}`),
    body: (i, o, read) =>
      copy(
        read,
        `/manual-entry-forms/${i.form}`,
        {
          Type: 'Events',
          Config: {
            EventConfigurations: [
              {
                EventConfigurationUUID: o.eventConfiguration,
                Properties: [],
              },
            ],
          },
        },
        operationId === 'createManualEntryForm',
      ),
  })),
  {
    operationId: 'createEvent',
    field: 'EventConfigurationUUID',
    method: 'POST',
    path: () => '/events',
    body: (_i, o) => ({
      EventConfigurationUUID: o.eventConfiguration,
      StartTime: '2030-07-01T00:00:00Z',
    }),
  },
  {
    operationId: 'updateEvent',
    field: 'EventConfigurationUUID',
    method: 'PUT',
    path: (i) => `/events/${i.event}`,
    body: (_i, o) => ({
      EventConfigurationUUID: o.eventConfiguration,
      StartTime: '2030-06-01T00:00:00Z',
    }),
  },
  {
    operationId: 'createManualEntryForm',
    field: 'Config.Groups.[]AssetPropertyUUIDs',
    method: 'POST',
    path: () => '/manual-entry-forms',
    body: (i, o, read) =>
      copy(
        read,
        `/manual-entry-forms/${i.form}`,
        {
          Config: {
            Groups: [{ Name: 'taken', AssetPropertyUUIDs: [o.assetProperty] }],
          },
        },
        true,
      ),
  },
  {
    operationId: 'updateManualEntryForm',
    field: 'Config.Groups.[]AssetPropertyUUIDs',
    method: 'PUT',
    path: (i) => `/manual-entry-forms/${i.form}`,
    body: (i, o, read) =>
      copy(read, `/manual-entry-forms/${i.form}`, {
        Config: {
          Groups: [{ Name: 'taken', AssetPropertyUUIDs: [o.assetProperty] }],
        },
      }),
  },
  {
    operationId: 'replaceManualEntryFormAccess',
    field: '[]UserGroupUUID',
    method: 'PUT',
    path: (i) => `/manual-entry-forms/${i.form}/access`,
    body: (_i, o) => [{ UserGroupUUID: o.group, AccessLevel: 'elevated' }],
  },
  {
    operationId: 'writeManualEntryAssetValues',
    field: 'Values.[]AssetPropertyUUID',
    method: 'POST',
    path: (i) => `/manual-entry-forms/${i.form}/values`,
    body: (_i, o) => ({
      Values: [{ AssetPropertyUUID: o.assetProperty, Timestamp: earlier, Value: 1 }],
    }),
  },
  {
    operationId: 'writeManualEntryEventValues',
    field: 'eventId (path)',
    method: 'PUT',
    path: (i, o) => `/manual-entry-forms/${i.form}/events/${o.event}`,
    body: () => ({ Properties: {} }),
  },
  {
    operationId: 'createTimeseriesDatabase',
    field: 'OrganizationUUID',
    method: 'POST',
    path: () => '/timeseries-databases',
    body: (_i, _o, _r, org) => ({
      UUID: fresh(),
      Name: `copy ${fresh().slice(0, 8)}`,
      TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID,
      Settings: { mode: 'builtin' },
      OrganizationUUID: org,
    }),
  },
  {
    operationId: 'updateTimeseriesDatabase',
    field: 'OrganizationUUID',
    method: 'PUT',
    path: (i) => `/timeseries-databases/${i.database}`,
    body: async (i, _o, read, org) => ({
      ...(
        (await read('/timeseries-databases')) as unknown as Array<{
          UUID: string;
        }>
      ).find((d) => d.UUID === i.database),
      OrganizationUUID: org,
    }),
  },
  {
    operationId: 'createUserGroup',
    field: 'OrganizationUUID',
    method: 'POST',
    path: () => '/user-groups',
    body: (i, _o, read, org) => copy(read, `/user-groups/${i.group}`, { OrganizationUUID: org }, true),
  },
  {
    operationId: 'updateUserGroup',
    field: 'OrganizationUUID',
    method: 'PUT',
    path: (i) => `/user-groups/${i.group}`,
    body: (i, _o, read, org) => copy(read, `/user-groups/${i.group}`, { OrganizationUUID: org }),
  },
  {
    operationId: 'createUserGroupUser',
    field: 'UserGroupUUID',
    method: 'POST',
    path: () => '/user-group-users',
    body: (i, o) => ({ UserGroupUUID: o.group, UserUUID: i.user }),
  },
  {
    operationId: 'createUserGroupUser',
    field: 'UserUUID',
    method: 'POST',
    path: () => '/user-group-users',
    body: (i, o) => ({ UserGroupUUID: i.group, UserUUID: o.user }),
  },
  {
    operationId: 'createUserGroupPrivilege',
    field: 'GroupUUID',
    method: 'POST',
    path: (i) => `/user-groups/${i.group}/privileges`,
    body: (i, o) => ({
      UUID: fresh(),
      GroupUUID: o.group,
      PrivilegeUUID: i.privilege,
    }),
  },
  {
    operationId: 'createUserGroupMapping',
    field: 'UserGroupUUID',
    method: 'POST',
    path: (i) => `/user-groups/${i.group}/mapping`,
    body: (i, o) => ({
      UUID: fresh(),
      ExternalGroup: 'taken',
      AuthenticationProviderUUID: i.provider,
      UserGroupUUID: o.group,
    }),
  },
  {
    operationId: 'updateUserGroupMapping',
    field: 'UserGroupUUID',
    method: 'PUT',
    path: (i) => `/user-groups/${i.group}/mapping/${i.mapping}`,
    body: (i, o) => ({
      UUID: i.mapping,
      ExternalGroup: 'taken',
      AuthenticationProviderUUID: i.provider,
      UserGroupUUID: o.group,
    }),
  },
  {
    operationId: 'updateUserGroupMapping',
    field: 'mappingId (path)',
    method: 'PUT',
    path: (i, o) => `/user-groups/${i.group}/mapping/${o.mapping}`,
    body: (i, o) => ({
      UUID: o.mapping,
      ExternalGroup: 'taken',
      AuthenticationProviderUUID: i.provider,
    }),
  },
  {
    operationId: 'deleteUserGroupMapping',
    field: 'mappingId (path)',
    method: 'DELETE',
    path: (i, o) => `/user-groups/${i.group}/mapping/${o.mapping}`,
  },
  {
    operationId: 'deleteUserGroupPrivilege',
    field: 'privilegeId (path)',
    method: 'DELETE',
    path: (i, o) => `/user-groups/${i.group}/privileges/${o.groupPrivilege}`,
  },
  {
    operationId: 'unlinkPrototype',
    field: 'assetId (path)',
    method: 'DELETE',
    path: (i, o) => `/prototypes/${i.prototype}/links/${o.linkedAsset}`,
  },
  {
    operationId: 'deleteUserToken',
    field: 'tokenId (path)',
    method: 'DELETE',
    path: (i, o) => `/users/${i.user}/tokens/${o.token}`,
  },
  ...(['SinkUUID', 'Selection.AssetUUIDs', 'Selection.AssetPropertyUUIDs', 'Selection.EventTypeUUIDs'] as const).flatMap((field): FieldCall[] => {
    const change = (o: Record<Kind, string>): Record<string, unknown> =>
      field === 'SinkUUID'
        ? { SinkUUID: o.sink }
        : {
            Selection:
              field === 'Selection.AssetUUIDs' ? { AssetUUIDs: [o.asset] } : field === 'Selection.AssetPropertyUUIDs' ? { AssetPropertyUUIDs: [o.assetProperty] } : { EventTypeUUIDs: [o.eventType] },
          };
    return [
      {
        operationId: 'createForwarder',
        field,
        method: 'POST',
        path: () => '/forwarders',
        body: (i, o, read) => copy(read, `/forwarders/${i.forwarder}`, change(o), true),
      },
      {
        operationId: 'updateForwarder',
        field,
        method: 'PUT',
        path: (i) => `/forwarders/${i.forwarder}`,
        body: (i, o, read) => copy(read, `/forwarders/${i.forwarder}`, change(o)),
      },
    ];
  }),
  ...(['MeasurementUUID', 'AssetPropertyUUID', 'EventUUID', 'Selection.AssetUUIDs', 'Selection.AssetPropertyUUIDs', 'Selection.EventTypeUUIDs'] as const).flatMap((field): FieldCall[] => {
    const change = (o: Record<Kind, string>): Record<string, unknown> =>
      field === 'MeasurementUUID'
        ? { MeasurementUUID: o.measurement }
        : field === 'AssetPropertyUUID'
          ? { AssetPropertyUUID: o.assetProperty }
          : field === 'EventUUID'
            ? { EventUUID: o.event }
            : field === 'Selection.AssetUUIDs'
              ? { Selection: { AssetUUIDs: [o.asset] } }
              : field === 'Selection.AssetPropertyUUIDs'
                ? { Selection: { AssetPropertyUUIDs: [o.assetProperty] } }
                : { Selection: { EventTypeUUIDs: [o.eventType] } };
    const base = async (i: Record<Kind, string>, read: (url: string) => Promise<Record<string, unknown>>) => {
      const own = await read(`/forwarders/${i.forwarder}`);
      return { Format: own.Format, Templates: own.Templates };
    };
    return [
      {
        operationId: 'previewForwarder',
        field,
        method: 'POST',
        path: () => '/forwarders/preview',
        body: async (i, o, read) => ({
          ...(await base(i, read)),
          ...change(o),
        }),
      },
      {
        operationId: 'sendForwarderTestMessage',
        field,
        method: 'POST',
        path: () => '/forwarders/test-message',
        body: async (i, o, read) => ({
          ...(await base(i, read)),
          SinkUUID: i.sink,
          ...change(o),
        }),
      },
    ];
  }),
  {
    operationId: 'sendForwarderTestMessage',
    field: 'SinkUUID',
    method: 'POST',
    path: () => '/forwarders/test-message',
    body: async (i, o, read) => {
      const own = await read(`/forwarders/${i.forwarder}`);
      return { Format: own.Format, Templates: own.Templates, SinkUUID: o.sink };
    },
  },
  {
    operationId: 'previewForwarderSelection',
    field: 'AssetUUIDs',
    method: 'POST',
    path: () => '/forwarders/selection',
    body: (_i, o) => ({ AssetUUIDs: [o.asset] }),
  },
  {
    operationId: 'previewForwarderSelection',
    field: 'AssetPropertyUUIDs',
    method: 'POST',
    path: () => '/forwarders/selection',
    body: (_i, o) => ({ AssetPropertyUUIDs: [o.assetProperty] }),
  },
  {
    operationId: 'previewForwarderSelection',
    field: 'EventTypeUUIDs',
    method: 'POST',
    path: () => '/forwarders/selection',
    body: (_i, o) => ({ EventTypeUUIDs: [o.eventType] }),
  },
  {
    operationId: 'writeCollectorPoints',
    field: 'Points.[]MeasurementUUID',
    method: 'POST',
    path: () => '/collector-api/points',
    collector: true,
    body: (_i, o) => ({
      BatchKey: `isolation-${fresh()}`,
      Points: [{ MeasurementUUID: o.measurement, T: [Date.UTC(2030, 5, 1)], V: [1] }],
    }),
  },
];

/** Body and query ids that name nothing an organization owns (or only the root may name). */
export const NOT_ORGANIZATION_FIELDS: Record<string, string> = {
  'createUser AuthenticationProviderUUID': 'sign-in providers are shared by every organization',
  'createUserGroupMapping AuthenticationProviderUUID': 'sign-in providers are shared by every organization',
  'updateUserGroupMapping AuthenticationProviderUUID': 'sign-in providers are shared by every organization',
  'createUserGroupPrivilege PrivilegeUUID': 'the privilege catalogue is shared by every organization',
  'replaceUserGroupPrivileges PrivilegeUUIDs': 'the privilege catalogue is shared by every organization',
  'createOrganization LicenseUUID': 'root-level operation: licences are the root administrator’s',
  'updateOrganization LicenseUUID': 'root-level operation: licences are the root administrator’s',
  'startExternalLogin id': 'a sign-in provider, shared by every organization',
  'createTimeseriesDatabase TimeseriesDatabaseTypeUUID': 'a fixed driver type',
  'updateTimeseriesDatabase TimeseriesDatabaseTypeUUID': 'a fixed driver type',
  'testTimeseriesDatabaseSettings TimeseriesDatabaseTypeUUID': 'a fixed driver type',
  'chatWithLlm ConversationUUID': 'chosen by the client; tool calls are stored and read with the organization of the header',
};

export interface ContractOperation {
  operationId: string;
  method: Method;
  path: string;
  access: string;
}

/** Every contract operation whose path names something: what CALLS must cover. */
let parsedContract: unknown;
const contractText = (): unknown => (parsedContract ??= parseYaml(readFileSync(path.join(__dirname, '..', '..', 'openapi', 'historian.yaml'), 'utf8')));

export function operationsWithPathIds(): ContractOperation[] {
  const contract = contractText() as {
    paths: Record<string, Record<string, { operationId?: string; 'x-historian-access'?: string }>>;
  };
  const found: ContractOperation[] = [];
  for (const [route, item] of Object.entries(contract.paths)) {
    if (!route.includes('{')) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method) || !operation.operationId) continue;
      found.push({
        operationId: operation.operationId,
        method: method.toUpperCase() as Method,
        path: route,
        access: operation['x-historian-access'] ?? '',
      });
    }
  }
  return found;
}

type Schema = Record<string, unknown>;

/** `operationId field` for every query parameter and writable body field of the contract that holds a UUID of something. */
export function contractIdFields(): string[] {
  const contract = contractText() as {
    paths: Record<string, Record<string, Schema>>;
    components: {
      schemas: Record<string, Schema>;
      parameters: Record<string, Schema>;
    };
  };
  const resolve = (schema: unknown, from: Record<string, Schema>): Schema | undefined => {
    let current = schema as Schema | undefined;
    for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops += 1) current = from[String(current.$ref).split('/').pop() ?? ''];
    return current;
  };
  const fieldsOf = (schema: unknown, prefix: string, depth: number): string[] => {
    const resolved = resolve(schema, contract.components.schemas);
    if (!resolved || depth > 4) return [];
    const found: string[] = [];
    for (const key of ['allOf', 'anyOf', 'oneOf']) for (const part of (resolved[key] as unknown[] | undefined) ?? []) found.push(...fieldsOf(part, prefix, depth + 1));
    if (resolved.type === 'array' && resolved.items) found.push(...fieldsOf(resolved.items, `${prefix}[]`, depth + 1));
    for (const [name, property] of Object.entries((resolved.properties as Record<string, unknown> | undefined) ?? {})) {
      if (resolve(property, contract.components.schemas)?.readOnly === true) continue;
      if (name.includes('UUID') && name !== 'UUID') found.push(`${prefix}${name}`);
      found.push(...fieldsOf(property, `${prefix}${name}.`, depth + 1));
    }
    return found;
  };
  const fields = new Set<string>();
  for (const [route, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method) || typeof operation.operationId !== 'string') continue;
      for (const raw of (operation.parameters as unknown[] | undefined) ?? []) {
        const parameter = resolve(raw, contract.components.parameters);
        if (parameter?.in === 'query' && (String(parameter.name).includes('UUID') || JSON.stringify(parameter.schema ?? {}).includes('uuid')))
          fields.add(`${operation.operationId} ${String(parameter.name)}`);
      }
      const content = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
      for (const field of fieldsOf(content?.['application/json']?.schema, '', 0)) fields.add(`${operation.operationId} ${field}`);
      // A second id in the path (e.g. /user-groups/{id}/mapping/{mappingId}) is tried with the caller's own first id.
      const pathIds = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      if (pathIds.length > 1 && !NOT_IDS[operation.operationId]) for (const name of pathIds.slice(1)) fields.add(`${operation.operationId} ${name} (path)`);
    }
  }
  return [...fields].sort();
}

/** Body, query and second path ids of the contract with no call in FIELD_CALLS and no reason in NOT_ORGANIZATION_FIELDS. */
export function unmappedFields(): string[] {
  const tried = new Set(FIELD_CALLS.map((call) => `${call.operationId} ${call.field}`));
  return contractIdFields().filter((field) => !tried.has(field) && !NOT_ORGANIZATION_FIELDS[field]);
}

/** Operations with an id in the path that have no call here (and are not in NOT_IDS). */
export function unmappedOperations(): string[] {
  return operationsWithPathIds()
    .filter((operation) => !CALLS[operation.operationId] && !NOT_IDS[operation.operationId])
    .map((operation) => `${operation.method} ${operation.path} (${operation.operationId})`);
}

const one = async (db: Db, sql: string, params: unknown[]): Promise<string> => (await db.query<{ uuid: string }>(sql, params)).rows[0].uuid;

/** One of every kind, made in the database for `organization`, each named with `marker`. */
export async function makeHoldings(t: TestApp, organization: string, marker: string): Promise<Holdings> {
  const { db } = t;
  await createDefaultCollectors(db, organization);
  const admin = await createTestUser(db, {
    name: `${marker}-admin`,
    privileges: { [organization]: ALL_PRIVILEGE_NAMES },
  });
  const adminHeaders = {
    ...(await sessionHeaders(t.ctx, admin.uuid)),
    'x-organization-uuid': organization,
  };
  const ids = {} as Record<Kind, string>;
  ids.user = await one(
    db,
    `INSERT INTO users (name, provider_uuid, organization_uuid) SELECT $2, uuid, $1 FROM authentication_providers WHERE provider_type = 'local' ORDER BY is_system DESC LIMIT 1 RETURNING uuid`,
    [organization, `${marker}-user`],
  );
  ids.token = await one(db, `INSERT INTO api_tokens (user_uuid, name, token_hash) VALUES ($1, $2, $3) RETURNING uuid`, [ids.user, `${marker} token`, randomBytes(16).toString('hex')]);
  ids.group = await one(db, `INSERT INTO user_groups (organization_uuid, name) VALUES ($1, $2) RETURNING uuid`, [organization, `${marker} group`]);
  ids.membership = await one(db, 'INSERT INTO user_group_users (user_group_uuid, user_uuid) VALUES ($1, $2) RETURNING uuid', [ids.group, ids.user]);
  ids.privilege = await one(db, `SELECT uuid FROM privileges WHERE name = 'READ_ASSETS'`, []);
  ids.groupPrivilege = await one(db, 'INSERT INTO user_group_privileges (user_group_uuid, privilege_uuid) VALUES ($1, $2) RETURNING uuid', [ids.group, ids.privilege]);
  ids.provider = await one(db, `INSERT INTO authentication_providers (provider_name, provider_type) VALUES ($1, 'oidc') RETURNING uuid`, [`${marker}-corp`]);
  ids.mapping = await one(db, `INSERT INTO user_group_mappings (user_group_uuid, external_group, provider_uuid) VALUES ($1, $2, $3) RETURNING uuid`, [ids.group, `${marker}-ext`, ids.provider]);
  ids.collector = await one(db, `INSERT INTO collectors (organization_uuid, name, status, collector_type) VALUES ($1, $2, 'Active', 'simulation') RETURNING uuid`, [
    organization,
    `${marker} collector`,
  ]);
  ids.calculationCollector = await one(db, `SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = 'calculation' ORDER BY is_system DESC LIMIT 1`, [organization]);
  ids.database = await one(db, `INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings) VALUES ($1, $2, $3, '{"mode":"builtin"}') RETURNING uuid`, [
    organization,
    `${marker} database`,
    POSTGRES_TIMESERIES_TYPE_UUID,
  ]);
  ids.measurement = await one(db, `INSERT INTO measurements (organization_uuid, collector_uuid, name, status, database_uuid, datatype) VALUES ($1, $2, $3, 'Active', $4, 'number') RETURNING uuid`, [
    organization,
    ids.collector,
    `${marker} measurement`,
    ids.database,
  ]);
  ids.calculation = await one(
    db,
    `INSERT INTO measurements (organization_uuid, collector_uuid, name, status, database_uuid, datatype, settings) VALUES ($1, $2, $3, 'Active', $4, 'number', $5) RETURNING uuid`,
    [organization, ids.calculationCollector, `${marker} calculation`, ids.database, JSON.stringify({ expression: '1' })],
  );
  ids.asset = await one(db, `INSERT INTO assets (organization_uuid, name, path, depth) VALUES ($1, $2, $2, 0) RETURNING uuid`, [organization, `${marker} asset`]);
  ids.childAsset = await one(db, `INSERT INTO assets (organization_uuid, parent_uuid, name, path, depth) VALUES ($1, $2, $3, $4, 1) RETURNING uuid`, [
    organization,
    ids.asset,
    `${marker} child`,
    `${marker} asset/${marker} child`,
  ]);
  ids.assetProperty = await one(db, `INSERT INTO asset_properties (organization_uuid, asset_uuid, name, measurement_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid`, [
    organization,
    ids.asset,
    `${marker} property`,
    ids.measurement,
  ]);
  ids.prototype = await one(db, `INSERT INTO prototypes (organization_uuid, name) VALUES ($1, $2) RETURNING uuid`, [organization, `${marker} prototype`]);
  ids.linkedAsset = await one(db, `INSERT INTO assets (organization_uuid, parent_uuid, name, path, depth, prototype_uuid, link_status) VALUES ($1, $2, $3, $4, 1, $5, 'Applied') RETURNING uuid`, [
    organization,
    ids.asset,
    `${marker} linked`,
    `${marker} asset/${marker} linked`,
    ids.prototype,
  ]);
  ids.plan = await one(db, `INSERT INTO prototype_plans (organization_uuid, prototype_uuid, rows, expires_at) VALUES ($1, $2, '[]', now() + interval '1 day') RETURNING uuid`, [
    organization,
    ids.prototype,
  ]);
  ids.eventType = await one(db, `INSERT INTO event_types (organization_uuid, name) VALUES ($1, $2) RETURNING uuid`, [organization, `${marker} event type`]);
  ids.eventTypeProperty = await one(db, `INSERT INTO event_type_properties (event_type_uuid, name, datatype, type) VALUES ($1, $2, 'number', 'simple') RETURNING uuid`, [
    ids.eventType,
    `${marker} event property`,
  ]);
  ids.eventConfiguration = await one(
    db,
    `INSERT INTO event_configurations (organization_uuid, asset_uuid, event_type_uuid, start_source, state) VALUES ($1, $2, $3, 'manual', 'stopped') RETURNING uuid`,
    [organization, ids.asset, ids.eventType],
  );
  ids.eventPropertyConfiguration = await one(db, `INSERT INTO event_property_configurations (configuration_uuid, event_type_property_uuid, mode) VALUES ($1, $2, 'manual') RETURNING uuid`, [
    ids.eventConfiguration,
    ids.eventTypeProperty,
  ]);
  ids.event = await one(
    db,
    `INSERT INTO events (organization_uuid, configuration_uuid, asset_uuid, event_type_uuid, start_time, stop_time, status, source) VALUES ($1, $2, $3, $4, '2030-06-01Z', '2030-06-02Z', 'processed', 'manual') RETURNING uuid`,
    [organization, ids.eventConfiguration, ids.asset, ids.eventType],
  );
  ids.form = await one(db, `INSERT INTO manual_entry_forms (organization_uuid, name, form_type, config) VALUES ($1, $2, 'Asset Properties', $3) RETURNING uuid`, [
    organization,
    `${marker} form`,
    JSON.stringify({ AssetPropertyUUIDs: [ids.assetProperty] }),
  ]);
  ids.scheduler = await one(
    db,
    `INSERT INTO task_schedulers (organization_uuid, name, rrule, timezone, task_type, state, settings) VALUES ($1, $2, 'FREQ=DAILY', 'UTC', 'parquet_export', 'stopped', $3) RETURNING uuid`,
    [
      organization,
      `${marker} scheduler`,
      JSON.stringify({
        StartOffset: '0s',
        Period: '1d',
        FileInterval: '1d',
        Directory: 'isolation',
        AllowOverwrite: false,
        MeasurementUUIDs: [ids.measurement],
        Labels: [],
      }),
    ],
  );
  ids.job = await one(
    db,
    `INSERT INTO jobs (organization_uuid, type, state, payload, resumable, created_by_uuid, created_by_name) VALUES ($1, 'measurement_import', 'paused', '{}', true, $2, $3) RETURNING uuid`,
    [organization, admin.uuid, `${marker}-admin`],
  );
  ids.sink = await one(db, `INSERT INTO sinks (organization_uuid, name, sink_type, state, settings) VALUES ($1, $2, 'MQTT', 'stopped', $3) RETURNING uuid`, [
    organization,
    `${marker} sink`,
    JSON.stringify({ Host: '127.0.0.1', Port: 1 }),
  ]);
  ids.forwarder = await one(db, `INSERT INTO forwarders (organization_uuid, sink_uuid, name, state, format) VALUES ($1, $2, $3, 'stopped', 'json') RETURNING uuid`, [
    organization,
    ids.sink,
    `${marker} forwarder`,
  ]);
  ids.externalDatabase = await one(db, `INSERT INTO external_databases (organization_uuid, name, kind, settings) VALUES ($1, $2, 'postgres', '{}') RETURNING uuid`, [
    organization,
    `${marker} external`,
  ]);
  ids.setting = await one(db, `INSERT INTO settings (organization_uuid, name, value) VALUES ($1, $2, $3) RETURNING uuid`, [organization, `${marker}.setting`, `${marker} value`]);
  ids.tableSetting = String(
    (
      await db.query<{ pk: number }>(
        `INSERT INTO table_settings (organization_uuid, user_uuid, table_id, columns_shown, columns_order) VALUES ($1, NULL, 'isolation', '["a"]', '["a"]') RETURNING pk`,
        [organization],
      )
    ).rows[0].pk,
  );
  const secretValue = 100_000 + Math.floor(Math.random() * 800_000) + 0.4375;
  const pointTime = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
  await db.query(createPartitionsSql([partitionStart(pointTime)]));
  await db.query('INSERT INTO timeseries_points (measurement_uuid, time, quality, value_number) VALUES ($1, $2, 0, $3)', [ids.measurement, new Date(pointTime).toISOString(), secretValue]);
  const collectorToken = (await collectorWithToken(db, organization, `${marker} token collector`)).token;
  ids.productUpdate = await one(db, `INSERT INTO product_updates (product_type, product, os, arch, version, checksum, size) VALUES ('collector', $1, 'linux', 'amd64', $1, $2, 1) RETURNING uuid`, [
    `${marker}-product`,
    'a'.repeat(64),
  ]);
  // An audit entry of the organization, written the ordinary way: its administrator renames its user.
  const user = await t.app.inject({
    method: 'GET',
    url: `/api/users/${ids.user}`,
    headers: adminHeaders,
  });
  await t.app.inject({
    method: 'PUT',
    url: `/api/users/${ids.user}`,
    headers: adminHeaders,
    payload: { ...user.json<object>(), Name: `${marker}-user2` },
  });
  ids.auditLog = await one(db, 'SELECT uuid FROM audit_logs WHERE organization_uuid = $1 ORDER BY sequence DESC LIMIT 1', [organization]);
  const missing = KINDS.filter((kind) => !ids[kind]);
  if (missing.length > 0) throw new Error(`No fixture made for ${missing.join(', ')}`);
  return {
    organization,
    marker,
    secretValue,
    admin: adminHeaders,
    collectorToken,
    ids,
  };
}

/**
 * Tables a refused call may touch without changing anyone's data: sessions, throttling, the audit
 * trail, leases, the installation row (written on the first licence check), and what background
 * loops record about their own runs.
 */
const VOLATILE = new Set([
  'installation',
  'sessions',
  'login_attempts',
  'service_leases',
  'audit_logs',
  'audit_chain',
  'access_generation',
  'schema_migrations',
  'collector_health',
  'sink_statistics',
  'forwarder_statistics',
  'event_configuration_state',
  'calculation_state',
]);

/** A checksum per table of every row: what a refused call must leave as it was. */
export async function tableChecksums(db: Db): Promise<Map<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`);
  const chosen = tables.map((table) => table.name).filter((name) => !VOLATILE.has(name));
  const sql = chosen.map((name) => `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${name}" t`).join(' UNION ALL ');
  const { rows } = await db.query<{ name: string; sum: string }>(sql);
  return new Map(rows.map((row) => [row.name, row.sum]));
}

/** The owner's ids that are UUIDs (a table setting's key is a small number, found in any text). */
const uuidsOf = (owner: Holdings) => Object.values(owner.ids).filter((id) => /^[0-9a-f-]{36}$/.test(id));

/** A checksum per table of the rows that name the owner (its organization, any of its ids, its marker). */
export async function ownerChecksums(db: Db, owner: Holdings): Promise<Map<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`);
  const chosen = tables.map((table) => table.name).filter((name) => !VOLATILE.has(name) || name === 'audit_logs');
  const pattern = [owner.organization, owner.marker, ...uuidsOf(owner)].join('|');
  const sql = chosen.map((name) => `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${name}" t WHERE t::text ~ $1`).join(' UNION ALL ');
  const { rows } = await db.query<{ name: string; sum: string }>(sql, [pattern]);
  return new Map(rows.map((row) => [row.name, row.sum]));
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) => [...after.keys()].filter((name) => before.get(name) !== after.get(name));

export interface IsolationOptions {
  /** Also the reverse direction: an administrator of B with A's ids. */
  reverse?: boolean;
  /** Also the ids in bodies, queries and second path parameters (FIELD_CALLS). */
  fields?: boolean;
  /** Try the field calls with the owner's header too (the path calls always try both). */
  fieldsWithOwnerHeader?: boolean;
  /**
   * Checksum the tables around every operation (true: a change is pinned to its call; the bench) or
   * once around all of them (false: the fast test; a change names the tables, not the call).
   */
  checkEach?: boolean;
  /** The self-check: the owner's own administrator makes the calls, so every read and change must be counted as a leak. */
  sameOrganization?: boolean;
  /** Only these operation ids (all of CALLS and FIELD_CALLS when absent). */
  only?: readonly string[];
  log?: (line: string) => void;
}

export interface IsolationReport {
  operations: number;
  /** Body, query and second path ids tried (FIELD_CALLS). */
  fields: number;
  pairs: number;
  /** A 2xx read, or one of the owner's names in any answer. */
  leakedReads: string[];
  /** A 2xx change, or any table changed by a refused call. */
  leakedChanges: string[];
  /** Refusals other than the expected ones (404 with the caller's own header, 403 or 404 with the owner's). */
  unexpected: string[];
  /** Fixtures the owner could not read (the id would prove nothing). */
  controlFailures: string[];
  unmapped: string[];
  /** How the field calls were answered: status → count (reads of another organization's filter may answer 200, empty). */
  statuses: Record<number, number>;
}

interface Side {
  caller: Record<string, string>;
  callerOrganization: string;
  callerHoldings: Holdings;
  owner: Holdings;
}

/**
 * The whole check on an app whose database holds nothing else of A or B: makes A and B, a full
 * administrator of each, and tries every mapped operation with the other's ids under both headers.
 */
export async function runIsolation(t: TestApp, options: IsolationOptions = {}): Promise<IsolationReport> {
  const log = options.log ?? (() => undefined);
  const tag = randomBytes(3).toString('hex');
  const [a, b] = [await createTestOrganization(t.db, `ISO-A-${tag} organization`), await createTestOrganization(t.db, `ISO-B-${tag} organization`)];
  const holdingsA = await makeHoldings(t, a, `ISO-A-${tag}`);
  const holdingsB = await makeHoldings(t, b, `ISO-B-${tag}`);
  const report: IsolationReport = {
    operations: 0,
    fields: 0,
    pairs: 0,
    leakedReads: [],
    leakedChanges: [],
    unexpected: [],
    controlFailures: [],
    unmapped: [...unmappedOperations(), ...unmappedFields()],
    statuses: {},
  };
  const operations = operationsWithPathIds().filter((operation) => CALLS[operation.operationId] && (!options.only || options.only.includes(operation.operationId)));
  report.operations = operations.length;
  const sides: Side[] = [
    {
      caller: holdingsA.admin,
      callerOrganization: a,
      callerHoldings: holdingsA,
      owner: holdingsB,
    },
  ];
  if (options.sameOrganization)
    sides.splice(0, 1, {
      caller: holdingsB.admin,
      callerOrganization: b,
      callerHoldings: holdingsB,
      owner: holdingsB,
    });
  if (options.reverse)
    sides.push({
      caller: holdingsB.admin,
      callerOrganization: b,
      callerHoldings: holdingsB,
      owner: holdingsA,
    });
  const checkEach = options.checkEach ?? true;
  for (const side of sides) {
    const { owner } = side;
    const allBefore = checkEach ? undefined : await tableChecksums(t.db);
    const read = async (url: string): Promise<unknown> => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: owner.admin,
      });
      if (answer.statusCode !== 200) throw new Error(`GET ${url} as its owner answered ${answer.statusCode}`);
      return answer.json();
    };
    for (const [index, operation] of operations.entries()) {
      const spec = CALLS[operation.operationId];
      const label = `${operation.method} ${operation.path} (${operation.operationId})`;
      const url = `/api${spec.path(owner.ids, owner.organization)}`;
      // The control: the owner reads the thing (or the route itself, for reads) and sees its name.
      const controlPath = spec.control ? spec.control(owner.ids, owner.organization) : operation.method === 'GET' ? spec.path(owner.ids, owner.organization) : '';
      if (controlPath && !spec.root) {
        const control = await t.app.inject({
          method: 'GET',
          url: `/api${controlPath}`,
          headers: owner.admin,
        });
        if (control.statusCode !== 200 || !control.body.includes(owner.marker)) report.controlFailures.push(`${label}: the owner's GET ${controlPath} answered ${control.statusCode}`);
      }
      let body: unknown;
      try {
        body = spec.body ? await spec.body(owner.ids, read) : undefined;
      } catch (error) {
        report.controlFailures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const before = checkEach ? await tableChecksums(t.db) : undefined;
      const refusals: string[] = [];
      for (const header of [side.callerOrganization, owner.organization]) {
        const headers = { ...side.caller, 'x-organization-uuid': header };
        const answer =
          body === MULTIPART
            ? await t.app.inject({
                method: operation.method,
                url,
                headers: {
                  ...headers,
                  'content-type': 'multipart/form-data; boundary=x',
                },
                payload: '--x\r\nContent-Disposition: form-data; name="File"; filename="p.xlsx"\r\n\r\nxx\r\n--x--\r\n',
              })
            : await t.app.inject({
                method: operation.method,
                url,
                headers,
                ...(body === undefined ? {} : { payload: body as object }),
              });
        report.pairs += 1;
        const which = header === owner.organization ? "owner's header" : "caller's header";
        const status = answer.statusCode;
        const what = `${label} with the ${which}: ${status}`;
        if (status < 300 && operation.method === 'GET') report.leakedReads.push(what);
        else if (answer.body.includes(owner.marker)) report.leakedReads.push(`${what}, the answer names ${owner.marker}`);
        if (status < 300 && operation.method !== 'GET') report.leakedChanges.push(what);
        else refusals.push(what);
        const expected = header === owner.organization || spec.root || operation.access === 'root' ? [403, 404] : [404];
        if (status >= 300 && !expected.includes(status)) report.unexpected.push(`${what} (expected ${expected.join(' or ')}): ${answer.body.slice(0, 200)}`);
      }
      // Both tries of an operation are refused: nothing may differ after the two of them.
      const changed = before ? changedTables(before, await tableChecksums(t.db)) : [];
      if (changed.length > 0 && refusals.length > 0) report.leakedChanges.push(`${refusals.join('; ')}: changed ${changed.join(', ')}`);
      if (index % 20 === 19) log(`${index + 1}/${operations.length} operations, ${report.pairs} pairs`);
    }
    if (allBefore) {
      const changed = changedTables(allBefore, await tableChecksums(t.db));
      if (changed.length > 0) report.leakedChanges.push(`the refused calls with the other organization's ids in the path changed ${changed.join(', ')}`);
    }
    if (options.fields) await tryFields(t, side, options, report, log);
  }
  return report;
}

async function tryFields(t: TestApp, side: Side, options: IsolationOptions, report: IsolationReport, log: (line: string) => void): Promise<void> {
  const { owner } = side;
  const callerHoldings = side.callerHoldings;
  const read = async (url: string): Promise<Record<string, unknown>> => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: side.caller,
    });
    if (answer.statusCode !== 200) throw new Error(`GET ${url} as the caller answered ${answer.statusCode}`);
    return answer.json<Record<string, unknown>>();
  };
  const calls = FIELD_CALLS.filter((call) => !options.only || options.only.includes(call.operationId));
  const checkEach = options.checkEach ?? true;
  const allBefore = checkEach ? undefined : await ownerChecksums(t.db, owner);
  for (const [index, call] of calls.entries()) {
    const label = `${call.method} ${call.operationId} with the other organization's ${call.field}`;
    const url = `/api${call.path(callerHoldings.ids, owner.ids, owner.organization)}`;
    let body: unknown;
    try {
      body = call.body ? await call.body(callerHoldings.ids, owner.ids, read, owner.organization) : undefined;
    } catch (error) {
      report.controlFailures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    report.fields += 1;
    const sent = `${url} ${JSON.stringify(body ?? '')}`;
    const notSent = [owner.marker, String(owner.secretValue), ...uuidsOf(owner).filter((id) => !sent.includes(id))];
    const headerSets: Array<{
      which: string;
      headers: Record<string, string>;
    }> = call.collector
      ? [
          {
            which: "caller's collector token",
            headers: {
              authorization: `Bearer ${callerHoldings.collectorToken}`,
            },
          },
        ]
      : [
          {
            which: "caller's header",
            headers: {
              ...side.caller,
              'x-organization-uuid': side.callerOrganization,
            },
          },
          ...(options.fieldsWithOwnerHeader
            ? [
                {
                  which: "owner's header",
                  headers: {
                    ...side.caller,
                    'x-organization-uuid': owner.organization,
                  },
                },
              ]
            : []),
        ];
    for (const { which, headers } of headerSets) {
      const before = checkEach ? await ownerChecksums(t.db, owner) : undefined;
      const answer = await t.app.inject({
        method: call.method,
        url,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      report.pairs += 1;
      const status = answer.statusCode;
      const what = `${label} with the ${which}: ${status}`;
      const named = notSent.filter((text) => answer.body.includes(text));
      if (named.length > 0) report.leakedReads.push(`${what}, the answer names ${named.join(', ')}`);
      const changed = before ? changedTables(before, await ownerChecksums(t.db, owner)) : [];
      if (changed.length > 0) report.leakedChanges.push(`${what}, changed the other organization's rows in ${changed.join(', ')}`);
      if (status >= 500 || (which === "owner's header" && status !== 403 && status !== 404)) report.unexpected.push(`${what}: ${answer.body.slice(0, 200)}`);
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      if (process.env.ISOLATION_DEBUG && status === 400) log(`400 ${label}: ${answer.body.slice(0, 300)}`);
    }
    if (index % 20 === 19) log(`${index + 1}/${calls.length} body and query ids, ${report.pairs} pairs`);
  }
  if (allBefore) {
    const changed = changedTables(allBefore, await ownerChecksums(t.db, owner));
    if (changed.length > 0) report.leakedChanges.push(`the calls with the other organization's ids in bodies and queries changed its rows in ${changed.join(', ')}`);
  }
}
