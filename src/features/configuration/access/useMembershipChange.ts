import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../../components/Toasts/useToasts';
import { useRefreshOwnAccess } from './useRefreshOwnAccess';

/**
 * Runs a membership change (from the group's side or the user's), then re-reads the signed-in
 * user's own access, which the change may have altered; success shows `success` when given, a
 * failure the members error toast.
 */
export function useMembershipChange(): (work: () => Promise<unknown>, success?: string) => Promise<void> {
  const { t } = useTranslation();
  const toasts = useToasts();
  const refreshOwnAccess = useRefreshOwnAccess();
  return useCallback(
    async (work, success) => {
      try {
        await work();
        if (success !== undefined) toasts.show('success', success);
        await refreshOwnAccess();
      } catch (error) {
        toasts.showError(t('groups.errors.members'), error);
      }
    },
    [refreshOwnAccess, t, toasts],
  );
}
