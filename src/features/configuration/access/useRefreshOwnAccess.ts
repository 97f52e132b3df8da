import { useCallback } from 'react';
import { historianApi } from '../../../api/historianApi';
import { organizationsLoaded } from '../../../state/organization';
import { privilegesLoaded } from '../../../state/session';
import { useAppDispatch } from '../../../app/hooks';

const fresh = { subscribe: false, forceRefetch: true } as const;

/**
 * The signed-in user's privileges and organizations are read at sign-in and kept in the session;
 * a change made here may change them (a new organization makes its creator its administrator, a
 * group privilege or membership may be one's own), so they are read again after such a change.
 */
export function useRefreshOwnAccess(): () => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    try {
      const [privileges, manualEntryFormPrivileges, organizations] = await Promise.all([
        dispatch(historianApi.endpoints.getCurrentUserPrivileges.initiate(undefined, fresh)).unwrap(),
        dispatch(historianApi.endpoints.getCurrentUserManualEntryFormPrivileges.initiate(undefined, fresh)).unwrap(),
        dispatch(historianApi.endpoints.getCurrentUserOrganizations.initiate(undefined, fresh)).unwrap(),
      ]);
      dispatch(privilegesLoaded({ privileges, manualEntryFormPrivileges }));
      dispatch(organizationsLoaded(organizations.filter((o): o is typeof o & { UUID: string } => typeof o.UUID === 'string')));
    } catch {
      // The next sign-in reads them anyway; a failed refresh must not fail the change itself.
    }
  }, [dispatch]);
}
