import type { TFunction } from 'i18next';
import { PRIVILEGES, ROOT_ONLY_PRIVILEGE_NAMES } from '../../../../domain/privilegeNames';

// The privileges of SPEC §6 as a matrix: one row per area, a Read and a Manage column. The group
// page edits a group's privileges with it and explain access names privileges with its labels, so
// both say "Collectors: manage" where the server says MANAGE_COLLECTORS.

export interface PrivilegeRow {
  id: string;
  labelKey: string;
  descriptionKey: string;
  read?: string;
  manage?: string;
  /**
   * The Read privilege Manage goes with: every page of an area opens with its Read privilege
   * (src/state/routes.ts), so a Manage without it would give nothing the user can reach.
   */
  manageNeeds?: string;
  /** Checked at root only (ROOT_ONLY_PRIVILEGE_NAMES): offered only for groups of the root organization. */
  rootOnly: boolean;
}

const row = (id: string, labelKey: string, descriptionKey: string, read: string | undefined, manage: string | undefined, manageNeeds = read): PrivilegeRow => ({
  id,
  labelKey,
  descriptionKey,
  read,
  manage,
  manageNeeds,
  rootOnly: [read, manage].some((name) => name !== undefined && ROOT_ONLY_PRIVILEGE_NAMES.includes(name)),
});

export const PRIVILEGE_ROWS: readonly PrivilegeRow[] = [
  row('collectors', 'privileges.collectors.name', 'privileges.collectors.description', PRIVILEGES.ReadCollectors, PRIVILEGES.ManageCollectors),
  row('measurements', 'privileges.measurements.name', 'privileges.measurements.description', PRIVILEGES.ReadMeasurements, PRIVILEGES.ManageMeasurements),
  row('measurement_data', 'privileges.measurement_data.name', 'privileges.measurement_data.description', undefined, 'MANAGE_MEASUREMENT_DATA', PRIVILEGES.ReadMeasurements),
  row('assets', 'privileges.assets.name', 'privileges.assets.description', PRIVILEGES.ReadAssets, 'MANAGE_ASSETS'),
  row('prototypes', 'privileges.prototypes.name', 'privileges.prototypes.description', PRIVILEGES.ReadPrototypes, 'MANAGE_PROTOTYPES'),
  row('event_configurations', 'privileges.event_configurations.name', 'privileges.event_configurations.description', PRIVILEGES.ReadEventConfigurations, 'MANAGE_EVENT_CONFIGURATIONS'),
  row('events', 'privileges.events.name', 'privileges.events.description', PRIVILEGES.ReadEvents, 'MANAGE_EVENTS'),
  row('manual_entry_forms', 'privileges.manual_entry_forms.name', 'privileges.manual_entry_forms.description', PRIVILEGES.ReadManualEntryForms, 'MANAGE_MANUAL_ENTRY_FORMS'),
  row('timeseries_databases', 'privileges.timeseries_databases.name', 'privileges.timeseries_databases.description', PRIVILEGES.ReadTimeseriesDatabases, PRIVILEGES.ManageTimeseriesDatabases),
  row('external_databases', 'privileges.external_databases.name', 'privileges.external_databases.description', PRIVILEGES.ReadExternalDatabases, 'MANAGE_EXTERNAL_DATABASES'),
  row('sinks', 'privileges.sinks.name', 'privileges.sinks.description', PRIVILEGES.ReadSinks, 'MANAGE_SINKS'),
  row('task_schedulers', 'privileges.task_schedulers.name', 'privileges.task_schedulers.description', PRIVILEGES.ReadTaskSchedulers, 'MANAGE_TASK_SCHEDULERS'),
  row('llm', 'privileges.llm.name', 'privileges.llm.description', PRIVILEGES.ReadLlm, 'MANAGE_LLM'),
  row('users', 'privileges.users.name', 'privileges.users.description', PRIVILEGES.ReadUsers, PRIVILEGES.ManageUsers),
  row('user_groups', 'privileges.user_groups.name', 'privileges.user_groups.description', PRIVILEGES.ReadUserGroups, PRIVILEGES.ManageUserGroups),
  row('privileges', 'privileges.privileges.name', 'privileges.privileges.description', PRIVILEGES.ReadPrivileges, PRIVILEGES.ManagePrivileges),
  row('settings', 'privileges.settings.name', 'privileges.settings.description', PRIVILEGES.ReadSettings, PRIVILEGES.ManageSettings),
  row('audit_logs', 'privileges.audit_logs.name', 'privileges.audit_logs.description', PRIVILEGES.ReadAuditLogs, undefined),
  // Saving a table layout as everyone's default (SPEC §6) changes something; there is nothing to read.
  row('table_defaults', 'privileges.table_defaults.name', 'privileges.table_defaults.description', undefined, PRIVILEGES.SaveTableDefault),
  row('organizations', 'privileges.organizations.name', 'privileges.organizations.description', PRIVILEGES.ReadOrganizations, PRIVILEGES.ManageOrganizations),
  row('logs', 'privileges.logs.name', 'privileges.logs.description', PRIVILEGES.ReadLogs, undefined),
];

/**
 * Manage privileges of day-to-day operation, for the Operator preset. SPEC §1: operators "work in
 * data tables and forms"; what they change in their shift is data, not configuration: measurement
 * data (entries and corrections, DOMAIN §1 and §5) and events (closing them, filling in those that
 * wait for manual input, DOMAIN §0.4). Managing collectors, measurements, assets, forms, users or
 * settings configures the plant and stays with administrators.
 */
export const OPERATOR_MANAGE: readonly string[] = ['MANAGE_MEASUREMENT_DATA', 'MANAGE_EVENTS'];

export type PresetId = 'viewer' | 'operator' | 'administrator';
export const PRESET_IDS: readonly PresetId[] = ['viewer', 'operator', 'administrator'];

export type Level = 'read' | 'manage';

/** Why a cell cannot be changed by this caller, or null when it can. */
export type LockReason = 'not_held' | 'needs_read' | 'manage_needs_it' | null;

/** What the matrix knows about the caller and the group. */
export interface MatrixContext {
  /** The rows this group's organization offers (root-only ones only at root). */
  rows: readonly PrivilegeRow[];
  /** Privilege names the caller holds in the group's organization: nobody grants beyond their own. */
  callerHolds: ReadonlySet<string>;
  /** What the group holds on the server. */
  saved: ReadonlySet<string>;
}

export function rowsFor(isRoot: boolean): readonly PrivilegeRow[] {
  return PRIVILEGE_ROWS.filter((r) => isRoot || !r.rootOnly);
}

/**
 * Whether the caller may change a privilege: add it only when they hold it (the server refuses
 * with access.errors.grant_beyond_own), and a privilege they do not hold but the group does stays
 * as it is, so that a save never withdraws what the caller could not give back.
 */
export function canChange(name: string, context: MatrixContext): boolean {
  return context.callerHolds.has(name);
}

export function lockReason(r: PrivilegeRow, level: Level, chosen: ReadonlySet<string>, context: MatrixContext): LockReason {
  const name = level === 'read' ? r.read : r.manage;
  if (name === undefined) return null;
  if (!canChange(name, context)) return 'not_held';
  if (level === 'manage' && r.manageNeeds !== undefined && !chosen.has(r.manageNeeds) && !canChange(r.manageNeeds, context)) return 'needs_read';
  if (level === 'read' && r.manage !== undefined && r.manageNeeds === name && chosen.has(r.manage) && !canChange(r.manage, context)) return 'manage_needs_it';
  return null;
}

/** Ticking Manage ticks the Read it needs; unticking a Read unticks the Manage of its area. */
export function toggle(chosen: ReadonlySet<string>, r: PrivilegeRow, level: Level, on: boolean, context: MatrixContext): Set<string> {
  const next = new Set(chosen);
  if (lockReason(r, level, chosen, context) !== null) return next;
  const name = level === 'read' ? r.read : r.manage;
  if (name === undefined) return next;
  if (on) {
    next.add(name);
    if (level === 'manage' && r.manageNeeds !== undefined) next.add(r.manageNeeds);
    return next;
  }
  next.delete(name);
  for (const other of context.rows) {
    if (other.manage !== undefined && other.manageNeeds === name && canChange(other.manage, context)) next.delete(other.manage);
  }
  return next;
}

function presetWants(preset: PresetId, name: string, level: Level): boolean {
  if (preset === 'administrator') return true;
  if (level === 'read') return true;
  return preset === 'operator' && OPERATOR_MANAGE.includes(name);
}

/**
 * The matrix a preset fills: within the rows offered, what the caller may change is set as the
 * preset says; what they may not change stays as the group has it. Privileges outside the rows
 * (root-only ones of a group elsewhere, any the catalogue adds later) are kept as they are.
 */
export function applyPreset(preset: PresetId, chosen: ReadonlySet<string>, context: MatrixContext): Set<string> {
  const next = new Set(chosen);
  for (const r of context.rows) {
    for (const [level, name] of [['read', r.read], ['manage', r.manage]] as const) {
      if (name === undefined || !canChange(name, context)) continue;
      if (presetWants(preset, name, level)) next.add(name);
      else next.delete(name);
    }
  }
  // A Manage the preset gives brings the Read it needs, as a tick by hand does.
  for (const r of context.rows) {
    if (r.manage !== undefined && next.has(r.manage) && r.manageNeeds !== undefined && canChange(r.manageNeeds, context)) next.add(r.manageNeeds);
  }
  return next;
}

/** Which rows a privilege name belongs to, with its level. */
export function rowOf(name: string): { row: PrivilegeRow; level: Level } | undefined {
  for (const r of PRIVILEGE_ROWS) {
    if (r.read === name) return { row: r, level: 'read' };
    if (r.manage === name) return { row: r, level: 'manage' };
  }
  return undefined;
}

/** Where a privilege comes in the matrix (area by area, Read before Manage); unknown names last. */
export function privilegeOrder(name: string): number {
  const found = rowOf(name);
  return found ? PRIVILEGE_ROWS.indexOf(found.row) * 2 + (found.level === 'manage' ? 1 : 0) : PRIVILEGE_ROWS.length * 2;
}

/** "Collectors: read"; a name no row knows is shown as the server spells it. */
export function privilegeLabel(name: string, t: TFunction): string {
  const found = rowOf(name);
  if (!found) return name;
  const area = t(found.row.labelKey);
  return found.level === 'read' ? t('privileges.read_of', { area }) : t('privileges.manage_of', { area });
}

export function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((name) => b.has(name));
}
