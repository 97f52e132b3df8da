import { useCallback } from 'react';
import { refreshOwnAccess } from '../../../state/ownAccess';
import { useAppDispatch } from '../../../app/hooks';

/**
 * The signed-in user's privileges and organizations are read at sign-in and kept in the session;
 * a change made here may change them (a new organization makes its creator its administrator, a
 * group privilege or membership may be one's own), so they are read again after such a change.
 * The store does so after every such change already (state/ownAccess.ts); awaiting this lets a page
 * act on the result. A failed refresh must not fail the change itself: it resolves all the same.
 */
export function useRefreshOwnAccess(): () => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    await dispatch(refreshOwnAccess());
  }, [dispatch]);
}
