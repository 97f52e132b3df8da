import type { CollectorRead, ItemStatus, TimeseriesDatabaseRead } from '../../api/generated/historian.gen';
import type { LicenceClaim } from '../../state/licence';
import type { OrganizationSummary } from '../../state/organization';

// What the home page shows, as pure functions of what the API answered: the getting-started
// checklist of a new installation and the health tiles of a running one.

const DAY_MS = 86_400_000;

/**
 * A collector reports every few seconds (the reference collector every 3 s); one silent for this
 * long while Active is marked stale: it stopped, lost its network or its token.
 */
export const COLLECTOR_STALE_AFTER_MS = 2 * 60_000;
/** The health a collector reports while it samples at least one signal. */
export const COLLECTING = 'Collecting';

/** The collectors someone set up: not the organization's own internal and calculation ones, not deleted. */
export const ownCollectors = (collectors: readonly CollectorRead[]) => collectors.filter((c) => !c.IsSystem && c.Status !== 'Deleted');

/** When the collector last spoke to the server: its last health report, else its registration. */
export function lastSeen(collector: CollectorRead): string | null {
  return collector.HealthUpdatedAt ?? collector.RegisteredAt ?? null;
}

/** Active and silent for longer than COLLECTOR_STALE_AFTER_MS (or Active without ever reporting). */
export function isStale(collector: CollectorRead, nowMs: number): boolean {
  if (collector.Status !== 'Active' || collector.IsSystem) return false;
  const seen = lastSeen(collector);
  return seen === null || nowMs - Date.parse(seen) > COLLECTOR_STALE_AFTER_MS;
}

// ---------------------------------------------------------------- checklist

export type ChecklistItemId = 'licence' | 'organization' | 'timeseries_database' | 'collector' | 'collector_token' | 'first_data';

/** done / todo from real state; unknown while its data loads or could not be read. */
export type ChecklistState =
  | { id: ChecklistItemId; status: 'unknown' }
  | { id: ChecklistItemId; status: 'done'; name?: string; at?: string | number }
  | { id: ChecklistItemId; status: 'todo'; trialUntil?: number };

/** The items in the order an administrator does them. */
export const CHECKLIST_ORDER: readonly ChecklistItemId[] = ['licence', 'organization', 'timeseries_database', 'collector', 'collector_token', 'first_data'];

/** A licence counts once it is a real one, not a trial, and has not expired; `at` is its expiry in epoch seconds. */
export function licenceItem(claims: readonly LicenceClaim[] | undefined, nowMs: number): ChecklistState {
  if (claims === undefined) return { id: 'licence', status: 'unknown' };
  const valid = claims.filter((claim) => claim.ExpiresAt * 1000 > nowMs);
  const licence = valid.find((claim) => !claim.Trial);
  if (licence) return { id: 'licence', status: 'done', name: licence.Name, at: licence.ExpiresAt };
  const trial = valid.find((claim) => claim.Trial);
  return trial ? { id: 'licence', status: 'todo', trialUntil: trial.ExpiresAt } : { id: 'licence', status: 'todo' };
}

/** The root organization holds the administrators; the plant works in an organization of its own. */
export function organizationItem(organizations: readonly OrganizationSummary[] | undefined): ChecklistState {
  if (organizations === undefined) return { id: 'organization', status: 'unknown' };
  const organization = organizations.find((o) => !o.IsRoot);
  return organization ? { id: 'organization', status: 'done', name: organization.Name } : { id: 'organization', status: 'todo' };
}

export function databaseItem(databases: readonly TimeseriesDatabaseRead[] | undefined): ChecklistState {
  if (databases === undefined) return { id: 'timeseries_database', status: 'unknown' };
  const database = databases[0];
  return database ? { id: 'timeseries_database', status: 'done', name: database.Name } : { id: 'timeseries_database', status: 'todo' };
}

/**
 * The three collector steps: one is created; its token is used (it registered or reported);
 * data arrives (it reports Collecting: sampling at least one signal and sending it).
 */
export function collectorItems(collectors: readonly CollectorRead[] | undefined): ChecklistState[] {
  if (collectors === undefined) return (['collector', 'collector_token', 'first_data'] as const).map((id) => ({ id, status: 'unknown' }));
  const own = ownCollectors(collectors);
  const reported = own.filter((c) => lastSeen(c) !== null).sort((a, b) => (lastSeen(b) ?? '').localeCompare(lastSeen(a) ?? ''))[0];
  // Name the collector that got furthest, so that the three steps speak of the same one where they can.
  const created = reported ?? own[0];
  const collecting = own.find((c) => c.Health === COLLECTING && c.Status === 'Active');
  return [
    created ? { id: 'collector', status: 'done', name: created.Name } : { id: 'collector', status: 'todo' },
    reported ? { id: 'collector_token', status: 'done', name: reported.Name, at: lastSeen(reported) ?? undefined } : { id: 'collector_token', status: 'todo' },
    collecting ? { id: 'first_data', status: 'done', name: collecting.Name, at: collecting.HealthUpdatedAt ?? undefined } : { id: 'first_data', status: 'todo' },
  ];
}

export const isChecklistComplete = (items: readonly ChecklistState[]) => items.every((item) => item.status === 'done');

// ---------------------------------------------------------------- tiles

export interface CollectorSummary {
  total: number;
  byStatus: Record<ItemStatus, number>;
  /** Reported health (Collecting, Idle, …) of Active collectors, most frequent first. */
  byHealth: { health: string; count: number }[];
  stale: CollectorRead[];
}

export function summarizeCollectors(collectors: readonly CollectorRead[], nowMs: number): CollectorSummary {
  const own = ownCollectors(collectors);
  const byStatus: Record<ItemStatus, number> = { Active: 0, Initial: 0, Paused: 0, Deleted: 0 };
  const health = new Map<string, number>();
  for (const collector of own) {
    if (collector.Status) byStatus[collector.Status] += 1;
    if (collector.Status === 'Active' && collector.Health) health.set(collector.Health, (health.get(collector.Health) ?? 0) + 1);
  }
  const byHealth = [...health].map(([name, count]) => ({ health: name, count })).sort((a, b) => b.count - a.count || a.health.localeCompare(b.health));
  const stale = own.filter((collector) => isStale(collector, nowMs)).sort((a, b) => (lastSeen(a) ?? '').localeCompare(lastSeen(b) ?? ''));
  return { total: own.length, byStatus, byHealth, stale };
}

export type LicenceStanding = { kind: 'none' } | { kind: 'expired'; claim: LicenceClaim } | { kind: 'valid'; claim: LicenceClaim; daysLeft: number; warn: boolean };

/** Days left of the licence that speaks for the organization, counted up to the next whole day. */
export function licenceStanding(claim: LicenceClaim | undefined, nowMs: number, warnDays: number): LicenceStanding {
  if (!claim) return { kind: 'none' };
  const leftMs = claim.ExpiresAt * 1000 - nowMs;
  if (leftMs <= 0) return { kind: 'expired', claim };
  const daysLeft = Math.ceil(leftMs / DAY_MS);
  return { kind: 'valid', claim, daysLeft, warn: daysLeft <= warnDays };
}
