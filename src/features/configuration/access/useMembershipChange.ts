import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../../components/Toasts/useToasts';
import { useRefreshOwnAccess } from './useRefreshOwnAccess';

/**
 * Runs a membership change (from the group's side or the user's), then re-reads the signed-in
 * user's own access, which the change may have altered; a failure shows the members error toast.
 */
export function useMembershipChange(): (work: () => Promise<unknown>) => Promise<void> {
  const { t } = useTranslation();
  const toasts = useToasts();
  const refreshOwnAccess = useRefreshOwnAccess();
  return useCallback(
    async (work) => {
      try {
        await work();
        await refreshOwnAccess();
      } catch (error) {
        toasts.showError(t('groups.errors.members'), error);
      }
    },
    [refreshOwnAccess, t, toasts],
  );
}
