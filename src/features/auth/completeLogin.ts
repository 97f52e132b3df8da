import type { AppDispatch } from '../../app/store';
import { historianApi } from '../../api/historianApi';
import type { CurrentUser } from '../../api/generated/historian.gen';
import { organizationsLoaded } from '../../state/organization';
import { loggedIn, loggedOut, privilegesLoaded, type LoginType } from '../../state/session';

export type LoginCompletion = { ok: true } | { ok: false; reason: 'missing_privileges' | 'failed' };

/**
 * SPEC §4 login completion: at least one privilege or manual-entry-form privilege is required;
 * without any the provider is logged out and the stored privileges are cleared.
 */
export async function completeLogin(
  dispatch: AppDispatch,
  user: CurrentUser,
  provider: string,
  loginType: LoginType,
): Promise<LoginCompletion> {
  const subscribe = { subscribe: false, forceRefetch: true } as const;
  try {
    const [privileges, formPrivileges, organizations] = await Promise.all([
      dispatch(historianApi.endpoints.getCurrentUserPrivileges.initiate(undefined, subscribe)).unwrap(),
      dispatch(historianApi.endpoints.getCurrentUserManualEntryFormPrivileges.initiate(undefined, subscribe)).unwrap(),
      dispatch(historianApi.endpoints.getCurrentUserOrganizations.initiate(undefined, subscribe)).unwrap(),
    ]);
    if (privileges.length === 0 && formPrivileges.length === 0) {
      await dispatch(historianApi.endpoints.logout.initiate({ provider })).unwrap().catch(() => undefined);
      dispatch(loggedOut());
      return { ok: false, reason: 'missing_privileges' };
    }
    dispatch(
      loggedIn({
        userId: user.UUID,
        userName: user.Name,
        userLocale: user.Attributes?.Locale,
        userProvider: provider,
        loginType,
        experimentalFeatures: user.Attributes?.ExperimentalFeatures ?? false,
        mustChangePassword: user.MustChangePassword ?? false,
      }),
    );
    dispatch(privilegesLoaded({ privileges, manualEntryFormPrivileges: formPrivileges }));
    dispatch(organizationsLoaded(organizations.filter((o): o is typeof o & { UUID: string } => typeof o.UUID === 'string')));
    return { ok: true };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}
