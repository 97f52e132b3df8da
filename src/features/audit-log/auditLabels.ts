import type { TFunction } from 'i18next';
import type { AuditAction } from '../../api/generated/historian.gen';

// The names the audit log shows for the server's areas, subject types and actions, in the user's
// language. The keys are written out (STYLE §13); an area or type the console does not know yet is
// shown as the server names it.

const AREA_KEYS: Readonly<Record<string, string>> = {
  Organizations: 'audit_log.areas.Organizations',
  Users: 'audit_log.areas.Users',
  UserGroups: 'audit_log.areas.UserGroups',
  AuthProviders: 'audit_log.areas.AuthProviders',
  Settings: 'audit_log.areas.Settings',
  Licences: 'audit_log.areas.Licences',
  TimeseriesDatabases: 'audit_log.areas.TimeseriesDatabases',
  Collectors: 'audit_log.areas.Collectors',
  ProductUpdates: 'audit_log.areas.ProductUpdates',
  ApiTokens: 'audit_log.areas.ApiTokens',
  Translations: 'audit_log.areas.Translations',
  ManualEntry: 'audit_log.areas.ManualEntry',
  TaskSchedulers: 'audit_log.areas.TaskSchedulers',
  Measurements: 'audit_log.areas.Measurements',
  AuditLogs: 'audit_log.areas.AuditLogs',
  Events: 'audit_log.areas.Events',
  CollectorFailover: 'audit_log.areas.CollectorFailover',
  Calculations: 'audit_log.areas.Calculations',
  DimensionEvents: 'audit_log.areas.DimensionEvents',
  Prototypes: 'audit_log.areas.Prototypes',
  Assets: 'audit_log.areas.Assets',
};

const SUBJECT_TYPE_KEYS: Readonly<Record<string, string>> = {
  Organization: 'audit_log.subject_types.Organization',
  User: 'audit_log.subject_types.User',
  UserGroup: 'audit_log.subject_types.UserGroup',
  UserGroupMember: 'audit_log.subject_types.UserGroupMember',
  UserGroupPrivilege: 'audit_log.subject_types.UserGroupPrivilege',
  UserGroupMapping: 'audit_log.subject_types.UserGroupMapping',
  AuthProvider: 'audit_log.subject_types.AuthProvider',
  Setting: 'audit_log.subject_types.Setting',
  Licence: 'audit_log.subject_types.Licence',
  TimeseriesDatabase: 'audit_log.subject_types.TimeseriesDatabase',
  Collector: 'audit_log.subject_types.Collector',
  ProductUpdate: 'audit_log.subject_types.ProductUpdate',
  ApiToken: 'audit_log.subject_types.ApiToken',
  ApiTokenPrivilege: 'audit_log.subject_types.ApiTokenPrivilege',
  TranslationOverride: 'audit_log.subject_types.TranslationOverride',
  ManualEntryFormPrivilege: 'audit_log.subject_types.ManualEntryFormPrivilege',
  TaskScheduler: 'audit_log.subject_types.TaskScheduler',
  TableLayout: 'audit_log.subject_types.TableLayout',
  Measurement: 'audit_log.subject_types.Measurement',
  Calculation: 'audit_log.subject_types.Calculation',
  Asset: 'audit_log.subject_types.Asset',
  AssetProperty: 'audit_log.subject_types.AssetProperty',
  Prototype: 'audit_log.subject_types.Prototype',
  PropertyPrototype: 'audit_log.subject_types.PropertyPrototype',
  AuditLogRetention: 'audit_log.subject_types.AuditLogRetention',
  EventType: 'audit_log.subject_types.EventType',
  EventTypeProperty: 'audit_log.subject_types.EventTypeProperty',
  EventConfiguration: 'audit_log.subject_types.EventConfiguration',
  EventPropertyConfiguration: 'audit_log.subject_types.EventPropertyConfiguration',
  Event: 'audit_log.subject_types.Event',
  EventPropertyValue: 'audit_log.subject_types.EventPropertyValue',
};

const ACTION_KEYS: Readonly<Record<AuditAction, string>> = {
  Create: 'audit_log.actions.Create',
  Update: 'audit_log.actions.Update',
  Delete: 'audit_log.actions.Delete',
};

const PROBLEM_KEYS: Readonly<Record<string, string>> = {
  content_changed: 'audit_log.chain.problems.content_changed',
  link_broken: 'audit_log.chain.problems.link_broken',
};

/** The areas and subject types the filters offer: those the console knows. */
export const KNOWN_AREAS: readonly string[] = Object.keys(AREA_KEYS);
export const KNOWN_SUBJECT_TYPES: readonly string[] = Object.keys(SUBJECT_TYPE_KEYS);

const label = (keys: Readonly<Record<string, string>>, value: string, t: TFunction): string => {
  const key = keys[value];
  return key ? t(key) : value;
};

export const areaLabel = (area: string, t: TFunction) => label(AREA_KEYS, area, t);
export const subjectTypeLabel = (type: string, t: TFunction) => label(SUBJECT_TYPE_KEYS, type, t);
export const actionLabel = (action: AuditAction, t: TFunction) => t(ACTION_KEYS[action]);
export const problemLabel = (problem: string, t: TFunction) => label(PROBLEM_KEYS, problem, t);
