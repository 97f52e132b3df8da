import { createSelector } from '@reduxjs/toolkit';
import { PRIVILEGES } from '../../domain/privilegeNames';
import { paths } from '../lib/paths';
import { selectAccess, type Requirement } from './privileges';
import type { PersistedSlices } from './rootState';

// The sidebar of SPEC §2 as data. Which items show is computed by selectVisibleMenu, never in
// components. Labels are translation keys written out in full.

export type MenuLabelKey =
  | 'menu.collectors'
  | 'menu.measurements'
  | 'menu.calculations'
  | 'menu.assets'
  | 'menu.events'
  | 'menu.event_types'
  | 'menu.events_overview'
  | 'menu.manual_entry_forms'
  | 'menu.configuration';

export interface MenuItem {
  id: string;
  labelKey: MenuLabelKey;
  path?: string;
  /** Every requirement in the list must pass (AND). */
  requires: readonly Requirement[];
  /** Shown when any of these passes (OR); used by the configuration item. */
  requiresAny?: readonly Requirement[];
  /** Shown only when the organization has manual entry forms. */
  needsManualEntryForms?: boolean;
  children?: readonly MenuItem[];
}

export const MENU: readonly MenuItem[] = [
  { id: 'collectors', labelKey: 'menu.collectors', path: paths.collectors, requires: [{ privileges: [PRIVILEGES.ReadCollectors] }] },
  { id: 'measurements', labelKey: 'menu.measurements', path: paths.measurements, requires: [{ privileges: [PRIVILEGES.ReadMeasurements] }] },
  {
    id: 'calculations',
    labelKey: 'menu.calculations',
    path: paths.calculations,
    requires: [{ privileges: [PRIVILEGES.ReadMeasurements], features: ['Calculations'] }],
  },
  { id: 'assets', labelKey: 'menu.assets', path: paths.assets, requires: [{ privileges: [PRIVILEGES.ReadAssets] }] },
  {
    id: 'events',
    labelKey: 'menu.events',
    requires: [{ features: ['Events'] }],
    children: [
      { id: 'event_types', labelKey: 'menu.event_types', path: paths.eventTypes, requires: [{ privileges: [PRIVILEGES.ReadEventConfigurations] }] },
      { id: 'events_overview', labelKey: 'menu.events_overview', path: paths.events, requires: [{ privileges: [PRIVILEGES.ReadEvents] }] },
    ],
  },
  {
    id: 'manual_entry_forms',
    labelKey: 'menu.manual_entry_forms',
    path: paths.manualEntryForms,
    requires: [{ privileges: [PRIVILEGES.ReadManualEntryForms], features: ['ManualEntry'] }],
    needsManualEntryForms: true,
  },
  {
    id: 'configuration',
    labelKey: 'menu.configuration',
    path: paths.configuration,
    requires: [],
    requiresAny: [
      { privileges: [PRIVILEGES.ReadTimeseriesDatabases] },
      { privileges: [PRIVILEGES.ReadUsers] },
      { privileges: [PRIVILEGES.ReadUserGroups] },
      { privileges: [PRIVILEGES.ReadSettings] },
      { privileges: [PRIVILEGES.ReadSettings], scope: 'root' },
      { privileges: [PRIVILEGES.ReadOrganizations], scope: 'root' },
      { privileges: [PRIVILEGES.ReadLogs], scope: 'root' },
    ],
  },
];

/** The items shown to whoever `can` evaluates; explain access runs the same function for another user. */
export function visibleMenuItems(
  items: readonly MenuItem[],
  can: (r: Requirement) => boolean,
  hasManualEntryForms: boolean,
): MenuItem[] {
  const result: MenuItem[] = [];
  for (const item of items) {
    if (!item.requires.every(can)) continue;
    if (item.requiresAny && !item.requiresAny.some(can)) continue;
    if (item.needsManualEntryForms && !hasManualEntryForms) continue;
    if (item.children) {
      const children = visibleMenuItems(item.children, can, hasManualEntryForms);
      if (children.length === 0) continue;
      result.push({ ...item, children });
    } else {
      result.push(item);
    }
  }
  return result;
}

export const selectVisibleMenu = createSelector(
  [selectAccess, (state: PersistedSlices) => state.organization.hasManualEntryForms],
  (can, hasManualEntryForms) => visibleMenuItems(MENU, can, hasManualEntryForms),
);
