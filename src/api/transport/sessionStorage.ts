import { STORAGE_PREFIX } from '../../../domain/constants';

// The local-storage items the transport reads or writes. Values are JSON, like every session item
// (SPEC §3).
export const ORGANIZATION_STORAGE_KEY = `${STORAGE_PREFIX}organization`;
export const USER_LOCALE_STORAGE_KEY = `${STORAGE_PREFIX}userLocale`;
/** Where redux-persist keeps the session slice (src/state), which also holds the user locale. */
export const SESSION_STORAGE_KEY = `${STORAGE_PREFIX}session`;
export const REDIRECT_AFTER_LOGIN_STORAGE_KEY = `${STORAGE_PREFIX}redirectAfterLogin`;

/** The parsed JSON value of an item; a non-JSON value is returned as the raw string. */
export function readStoredJson(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (raw === null || raw === undefined) return null;
  return parseStoredValue(raw);
}

export function parseStoredValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * One member of a slice stored by redux-persist, which JSON-encodes each member a second time:
 * `{"current":"{\"UUID\":\"…\"}","_persist":"…"}`.
 */
export function readPersistedMember(key: string, member: string): unknown {
  const slice = readStoredJson(key);
  if (typeof slice !== 'object' || slice === null || !(member in slice)) return null;
  const value: unknown = Reflect.get(slice, member);
  return typeof value === 'string' ? parseStoredValue(value) : value;
}

/** The device's colour theme (src/lib/theme.ts): a choice of the device, not of the session. */
const THEME_STORAGE_KEY = `${STORAGE_PREFIX}theme`;
/** Whether the sidebar is collapsed (src/lib/sidebarPreference.ts): a choice of the device too. */
const SIDEBAR_STORAGE_KEY = `${STORAGE_PREFIX}sidebar`;
/** Manual entries waiting to be sent (src/state/manualEntryQueue.ts): they must outlive the session that typed them. */
const MANUAL_ENTRY_QUEUE_STORAGE_KEY = `${STORAGE_PREFIX}manualEntryQueue`;

/**
 * A 401 ends the session: everything goes except the chosen organization (ARCHITECTURE) and the
 * device's colour theme and sidebar state, which are no session items.
 */
export function clearStorageExceptOrganization(): void {
  const store = storage();
  if (!store) return;
  const kept = [ORGANIZATION_STORAGE_KEY, THEME_STORAGE_KEY, SIDEBAR_STORAGE_KEY, MANUAL_ENTRY_QUEUE_STORAGE_KEY].map((key) => [key, store.getItem(key)] as const);
  store.clear();
  for (const [key, value] of kept) if (value !== null) store.setItem(key, value);
}

/** Remembers where the user was so that login can bring them back (SPEC §2). */
export function rememberRoute(route: string): void {
  storage()?.setItem(REDIRECT_AFTER_LOGIN_STORAGE_KEY, JSON.stringify(route));
}

/**
 * Returns the route remembered when the session was lost and forgets it, or null. Only in-app
 * routes are returned, and never a login route, so that a login cannot loop back to itself.
 */
export function takeRememberedRoute(): string | null {
  const route = readStoredJson(REDIRECT_AFTER_LOGIN_STORAGE_KEY);
  storage()?.removeItem(REDIRECT_AFTER_LOGIN_STORAGE_KEY);
  if (typeof route !== 'string' || !route.startsWith('/') || isRouteWithin(route, '/login')) return null;
  return route;
}

/** True for `base` itself and anything below it: '/login', '/login/done', '/login?x=1'. */
export function isRouteWithin(route: string, base: string): boolean {
  const path = route.split(/[?#]/, 1)[0];
  return path === base || path.startsWith(`${base}/`);
}

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}
