import semverGt from 'semver/functions/gt';
import semverValid from 'semver/functions/valid';
import type { CollectorRead, ProductUpdate } from '../../api/generated/historian.gen';
import { COLLECTOR_STATUS_ORDER } from '../../../domain/constants';
import { compareText } from '../../lib/sorting';
import { isFeatureEnabled } from '../../state/privileges';
import type { LicensedFeatures } from '../../state/licence';

// The collector rules of SPEC §4 and §6 as pure functions: the list order, which collectors are
// shown, the health shown, and when an update is available and newer.

export const CALCULATION_TYPE = 'calculation';
export const CALCULATIONS_FEATURE = 'Calculations';
/** SPEC §4: shown by the console alone, from the moment an update is started. */
export const UPGRADING = 'Upgrading';

/** SPEC §4: Initial 1, Paused 2, Active 3, Deleted 4, then by name case-insensitively. */
export function compareCollectors(a: CollectorRead, b: CollectorRead): number {
  const rank = (collector: CollectorRead) => (collector.Status ? COLLECTOR_STATUS_ORDER[collector.Status] : COLLECTOR_STATUS_ORDER.Deleted + 1);
  return rank(a) - rank(b) || compareText(a.Name, b.Name);
}

export const sortCollectors = (collectors: readonly CollectorRead[]): CollectorRead[] => [...collectors].sort(compareCollectors);

/** SPEC §6: calculation-type collectors are hidden unless the licence has the Calculations feature. */
export function visibleCollectors(collectors: readonly CollectorRead[], features: LicensedFeatures | undefined): CollectorRead[] {
  if (isFeatureEnabled(features, CALCULATIONS_FEATURE)) return [...collectors];
  return collectors.filter((collector) => collector.CollectorType !== CALCULATION_TYPE);
}

/**
 * None for a deleted collector (it is shut out, so its last report is not live); Upgrading while an
 * update the console started is not yet running; otherwise what the collector reported.
 */
export function displayedHealth(collector: CollectorRead): string {
  if (collector.Status === 'Deleted') return '';
  if (collector.UpdateVersion && collector.UpdateVersion !== collector.BuildVersion) return UPGRADING;
  return collector.Health ?? '';
}

/** SPEC §4: newer when it is a greater semantic version than the build version. */
export function isNewerVersion(version: string, buildVersion: string | undefined): boolean {
  const candidate = semverValid(version);
  const current = semverValid(buildVersion ?? '');
  return candidate !== null && current !== null && semverGt(candidate, current);
}

export interface AvailableUpdate {
  update: ProductUpdate;
  newer: boolean;
}

/** Semantic versions first, greatest first; other versions after them, most recently uploaded first. */
function compareOffers(a: ProductUpdate, b: ProductUpdate): number {
  const va = semverValid(a.Version);
  const vb = semverValid(b.Version);
  if (va && vb) return semverGt(va, vb) ? -1 : semverGt(vb, va) ? 1 : 0;
  if (va || vb) return va ? -1 : 1;
  return (b.CreatedAt ?? '').localeCompare(a.CreatedAt ?? '');
}

/**
 * SPEC §4: an update is available when a product update exists for the same collector type, OS and
 * architecture with a different version. Of several, the greatest version is offered.
 */
export function availableUpdate(collector: CollectorRead, updates: readonly ProductUpdate[]): AvailableUpdate | null {
  if (!collector.CollectorType || !collector.BuildOs || !collector.BuildArch) return null;
  const offers = updates
    .filter(
      (update) =>
        update.ProductType === collector.CollectorType &&
        update.OS === collector.BuildOs &&
        update.Arch === collector.BuildArch &&
        update.Version !== collector.BuildVersion,
    )
    .sort(compareOffers);
  const update = offers[0];
  return update ? { update, newer: isNewerVersion(update.Version, collector.BuildVersion) } : null;
}

export type SettingsState = 'applied' | 'pending' | 'unknown';

/** Whether the collector reported the settings last saved as in effect. */
export function settingsState(collector: CollectorRead): SettingsState {
  if (collector.SettingsVersion === undefined || collector.AppliedSettingsVersion === undefined || collector.AppliedSettingsVersion === null) return 'unknown';
  return collector.AppliedSettingsVersion >= collector.SettingsVersion ? 'applied' : 'pending';
}
