import {
  ORGANIZATION_STORAGE_KEY,
  readPersistedMember,
  readStoredJson,
  SESSION_STORAGE_KEY,
  USER_LOCALE_STORAGE_KEY,
} from './sessionStorage';

// The transport must not import the store (the store imports the API, which imports the
// transport), so whatever it needs from the app is injected here once at start-up. The defaults
// read local storage, in the flat item layout of SPEC §3 or the redux-persist layout of src/state,
// so that calls made before the store is wired still carry the right headers.

export interface TransportConfig {
  /** The organization sent as x-organization-uuid; nothing is sent when this returns null. */
  getOrganizationUuid: () => string | null;
  /** The user locale sent as accept-language; en when this returns null. */
  getLocale: () => string | null;
  /** A bearer value (API token) that stands in for the session cookie; null when none. */
  getBearerToken: () => string | null;
  /**
   * Called once a lost session (a 401, or no session cookie any more) has cleared the stored
   * session, so the app can reset its in-memory state. Several calls may end the same session.
   */
  onUnauthorized: () => void;
  /** Moves the app to a route such as '/login'. */
  navigate: (route: string) => void;
  /** The current route, e.g. '/collectors?x=1'. */
  getLocation: () => string;
}

export const defaultTransportConfig: TransportConfig = {
  getOrganizationUuid: readStoredOrganizationUuid,
  getLocale: () => {
    const flat = readStoredJson(USER_LOCALE_STORAGE_KEY);
    const locale = flat ?? readPersistedMember(SESSION_STORAGE_KEY, 'userLocale');
    return typeof locale === 'string' && locale ? locale : null;
  },
  getBearerToken: () => null,
  onUnauthorized: () => {},
  navigate: (route) => {
    window.location.hash = `#${route}`;
  },
  // Routing is hash based: '#/collectors?x=1' is the route '/collectors?x=1'.
  getLocation: () => window.location.hash.replace(/^#/, '') || '/',
};

let current: TransportConfig = defaultTransportConfig;

/** Replaces the given parts of the configuration; the others keep their current value. */
export function configureTransport(overrides: Partial<TransportConfig>): void {
  current = { ...current, ...overrides };
}

/** Back to the defaults that read local storage and window.location (for tests and sign-out). */
export function resetTransportConfig(): void {
  current = defaultTransportConfig;
}

export function getTransportConfig(): TransportConfig {
  return current;
}

function readStoredOrganizationUuid(): string | null {
  const stored = readStoredJson(ORGANIZATION_STORAGE_KEY);
  if (typeof stored === 'object' && stored !== null && 'current' in stored) {
    return uuidOf(readPersistedMember(ORGANIZATION_STORAGE_KEY, 'current'));
  }
  return uuidOf(stored);
}

/** A UUID string, or an organization object with a UUID. */
function uuidOf(stored: unknown): string | null {
  if (typeof stored === 'string') return stored || null;
  if (typeof stored === 'object' && stored !== null && 'UUID' in stored && typeof stored.UUID === 'string') {
    return stored.UUID || null;
  }
  return null;
}
