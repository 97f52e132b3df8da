import { createAsyncThunk, isFulfilled, isRejectedWithValue, type Middleware, type ThunkAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { accessApi } from '../api/areas/access';
import type { manualEntryApi } from '../api/areas/manualEntry';
import { sessionApi } from '../api/areas/session';
import { manualEntryFormsCounted, organizationsLoaded, type OrganizationSummary } from './organization';
import { selectIsLoggedIn } from './privileges';
import type { PersistedSlices } from './rootState';
import { privilegesLoaded, type StoredManualEntryFormPrivilege } from './session';

type ManualEntryAccessChange = Extract<keyof typeof manualEntryApi.endpoints, 'createManualEntryForm' | 'deleteManualEntryForm' | 'replaceManualEntryFormAccess'>;

// The signed-in user's privileges and organizations are read at sign-in and kept in the session.
// Whatever may change them (finishing setup, a new organization, a change to the groups, their
// members or their privileges) reads them again, so the menu and the guards follow without a new
// sign-in. Another administrator's change shows too: a call answered 403 (the server knows better
// than the session), or the user coming back to the window, reads them again, at most once in
// OWN_ACCESS_RECHECK_MS.

/** How often a 403 or a return to the window may read the user's own access again. */
export const OWN_ACCESS_RECHECK_MS = 30_000;

const fresh = { subscribe: false, forceRefetch: true } as const;

/** The distinct forms of an organization among the user's manual-entry-form privileges. */
export function manualEntryFormsIn(privileges: readonly StoredManualEntryFormPrivilege[], organizationUuid: string | null): number {
  return new Set(privileges.filter((p) => p.OrganizationUUID === organizationUuid).map((p) => p.ManualEntryFormUUID)).size;
}

/**
 * SPEC §2: the manual-entry menu item shows only when the organization has forms. The forms counted
 * are those of the current organization the user may use (GET /current-user/manual-entry-form-privileges,
 * kept in the session: an organization's administrators hold every form of it), so the sign-in
 * route reads no list of forms. Dispatched whenever the privileges or the current organization
 * are (re)loaded or switched.
 */
export function countManualEntryForms(): ThunkAction<void, PersistedSlices, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const { session, organization } = getState();
    dispatch(manualEntryFormsCounted(manualEntryFormsIn(session.manualEntryFormPrivileges, organization.current?.UUID ?? null)));
  };
}

/** Reads the user's own privileges and organizations again; resolves to the organizations. */
export const refreshOwnAccess = createAsyncThunk<OrganizationSummary[], void, { state: PersistedSlices }>('session/ownAccessRefresh', async (_, { dispatch }) => {
  const [privileges, manualEntryFormPrivileges, organizations] = await Promise.all([
    dispatch(sessionApi.endpoints.getCurrentUserPrivileges.initiate(undefined, fresh)).unwrap(),
    dispatch(sessionApi.endpoints.getCurrentUserManualEntryFormPrivileges.initiate(undefined, fresh)).unwrap(),
    dispatch(sessionApi.endpoints.getCurrentUserOrganizations.initiate(undefined, fresh)).unwrap(),
  ]);
  dispatch(privilegesLoaded({ privileges, manualEntryFormPrivileges }));
  dispatch(organizationsLoaded(organizations));
  dispatch(countManualEntryForms());
  return organizations;
});

/**
 * Changes after which the signed-in user's own groups, and so their privileges, may differ. Read
 * by name from RTK Query's fulfilled action: these endpoints load with the access pages, and
 * matching them through their definitions would bring that area into the sign-in route.
 */
const OWN_ACCESS_CHANGES: ReadonlySet<keyof typeof accessApi.endpoints | ManualEntryAccessChange> = new Set([
  'createOrganization',
  'deleteOrganization',
  'deleteUserGroup',
  'createUserGroupUser',
  'deleteUserGroupUser',
  'createUserGroupPrivilege',
  'deleteUserGroupPrivilege',
  'replaceUserGroupPrivileges',
  // A new form is elevated for the organization's administrators, and the menu item shows once the
  // organization has one; a deleted one or changed levels change the user's own forms.
  'createManualEntryForm',
  'deleteManualEntryForm',
  'replaceManualEntryFormAccess',
]);

/** The own-access reads themselves: a 403 from one of them must not ask for them again. */
const OWN_ACCESS_READS: ReadonlySet<string> = new Set(['getCurrentUserPrivileges', 'getCurrentUserManualEntryFormPrivileges', 'getCurrentUserOrganizations']);

function endpointOf(action: { meta: { arg: unknown } }): unknown {
  return Reflect.get(Object(action.meta.arg), 'endpointName');
}

/** A call the server refused for want of a privilege: what the session holds may be out of date. */
function refusedForPrivileges(action: unknown): boolean {
  if (!isRejectedWithValue(action) || !action.type.startsWith(`${sessionApi.reducerPath}/`)) return false;
  const status: unknown = Reflect.get(Object(action.payload), 'code');
  const name = endpointOf(action);
  return status === 403 && !(typeof name === 'string' && OWN_ACCESS_READS.has(name));
}

function changesOwnAccess(action: unknown): boolean {
  if (!isFulfilled(action) || !action.type.startsWith(`${sessionApi.reducerPath}/`)) return false;
  const name = endpointOf(action);
  return typeof name === 'string' && (OWN_ACCESS_CHANGES as ReadonlySet<string>).has(name);
}

/** When each store last read its user's own access because of a 403 or a return to the window. */
const lastRecheck = new WeakMap<object, number>();

type OwnAccessApi = { dispatch: ThunkDispatch<PersistedSlices, unknown, UnknownAction>; getState: () => PersistedSlices };

/** Reads the user's own access again unless that was done less than OWN_ACCESS_RECHECK_MS ago. */
export function recheckOwnAccess(api: OwnAccessApi, now = Date.now()): void {
  if (!selectIsLoggedIn(api.getState())) return;
  const last = lastRecheck.get(api.dispatch);
  if (last !== undefined && now - last < OWN_ACCESS_RECHECK_MS) return;
  lastRecheck.set(api.dispatch, now);
  void api.dispatch(refreshOwnAccess());
}

/**
 * Reads the user's own access again when they come back to the window (another administrator may
 * have changed their groups meanwhile). Returns the function that stops listening.
 */
export function recheckOwnAccessOnReturn(api: OwnAccessApi): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') recheckOwnAccess(api);
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
  };
}

/**
 * The store's middleware that refreshes the signed-in user's own access after such a change. (A
 * plain middleware: the listener middleware would cost the sign-in route's bundle budget.)
 */
export const ownAccessMiddleware: Middleware<{}, PersistedSlices, ThunkDispatch<PersistedSlices, unknown, UnknownAction>> =
  (api) => (next) => (action) => {
    const result = next(action);
    // A failed refresh (a rejected action, never a throw) leaves the session as it was.
    if (changesOwnAccess(action) && selectIsLoggedIn(api.getState())) void api.dispatch(refreshOwnAccess());
    else if (refusedForPrivileges(action)) recheckOwnAccess(api);
    return result;
  };
