import type { Db } from '../db/db';
import type { Caller } from '../http/caller';
import { callersRepository } from '../repositories/callers';

// Builds the Caller of a request from the user and the organization the client asked for: the
// user's privileges in the root organization and in the requested one (the union over their groups
// there, read from the user_effective_privileges view). That query is the dearest part of a
// signed-in call (on PGlite, planning it alone takes milliseconds), so its answer is kept per
// process for each user and organization, and every request checks that it still holds by reading
// one row: access_generation, which moves on with every committed change to users, organizations,
// groups, memberships, group privileges, mappings or privileges (triggers, migration 045), from
// whichever server or script. A revoked privilege thus takes effect on the very next request on
// every server, and the cache costs one primary-key read instead of the whole resolution.

export interface ResolvedCaller {
  caller: Caller;
  /** The requested organization was not one of the user's (or does not exist). */
  organizationDenied: boolean;
}

/** Enough for every user of a large site in two or three organizations; the oldest go first. */
export const MAX_CACHED_CALLERS = 10_000;

type Resolution = Omit<Caller, 'via'> & { organizationDenied: boolean };

interface CallerCache {
  /** The access_generation the entries were resolved at (or after); -1 before the first read. */
  generation: bigint;
  entries: Map<string, Resolution>;
}

// One cache per Db: tests and benches run several apps on several databases in one process.
const caches = new WeakMap<Db, CallerCache>();

function cacheOf(db: Db): CallerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { generation: -1n, entries: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

function callerOfResolution(resolution: Resolution, via: Caller['via']): ResolvedCaller {
  const { organizationDenied, ...caller } = resolution;
  return { caller: { ...caller, via }, organizationDenied };
}

/**
 * The caller of a request; undefined when the user no longer exists. Served from the process's
 * cache while access_generation has not moved since the answer was resolved. `readGeneration` is
 * the access_generation read with the session in the same statement; without it, it is read here.
 */
export async function resolveCaller(
  db: Db,
  userUuid: string,
  requestedOrganization: string | null,
  via: Caller['via'],
  readGeneration?: bigint,
): Promise<ResolvedCaller | undefined> {
  const cache = cacheOf(db);
  const key = `${userUuid} ${requestedOrganization ?? ''}`;
  const generation = readGeneration ?? (await callersRepository(db).accessGeneration());
  if (generation > cache.generation) {
    cache.entries.clear();
    cache.generation = generation;
  }
  const cached = generation === cache.generation ? cache.entries.get(key) : undefined;
  if (cached) {
    // Least recently used goes first when the cache is full.
    cache.entries.delete(key);
    cache.entries.set(key, cached);
    return callerOfResolution(cached, via);
  }
  // Read after the generation, so the answer is at least as new as the number it is kept under.
  const resolution = await queryResolution(db, userUuid, requestedOrganization);
  if (!resolution) return undefined;
  // A request that read an older number than another one since must not file its answer under it.
  if (generation === cache.generation) {
    if (cache.entries.size >= MAX_CACHED_CALLERS) cache.entries.delete(cache.entries.keys().next().value ?? key);
    cache.entries.set(key, resolution);
  }
  return callerOfResolution(resolution, via);
}

async function queryResolution(db: Db, userUuid: string, requestedOrganization: string | null): Promise<Resolution | undefined> {
  const rows = await callersRepository(db).callerRows(userUuid, requestedOrganization);
  const root = rows.find((row) => row.is_root);
  if (!root) return undefined;
  const requested = requestedOrganization === null ? undefined : rows.find((row) => row.organization_uuid === requestedOrganization);
  const granted = requested?.is_users ? requested : undefined;
  return {
    userUuid,
    userName: root.name,
    organizationUuid: granted ? granted.organization_uuid : null,
    rootOrganizationUuid: root.organization_uuid,
    privileges: new Set(granted ? granted.privileges : []),
    rootPrivileges: new Set(root.privileges),
    mustChangePassword: root.must_change_password,
    organizationDenied: requestedOrganization !== null && !granted,
  };
}
