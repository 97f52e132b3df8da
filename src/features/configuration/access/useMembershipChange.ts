import { useCallback } from 'react';
import { useRefreshOwnAccess } from './useRefreshOwnAccess';

/**
 * Runs a membership change (from the group's side or the user's), then, when it succeeded,
 * re-reads the signed-in user's own access, which the change may have altered. The API layer
 * tells the outcome (src/api/outcomes.ts).
 */
export function useMembershipChange(): (work: () => Promise<{ error?: unknown }>) => Promise<void> {
  const refreshOwnAccess = useRefreshOwnAccess();
  return useCallback(
    async (work) => {
      const result = await work();
      if (result.error === undefined) await refreshOwnAccess();
    },
    [refreshOwnAccess],
  );
}
