import type { AppDispatch } from '../../app/store';
import { sessionApi } from '../../api/areas/session';
import type { CurrentUser } from '../../api/generated/historian.gen';
import { licenceInfoLoaded } from '../../state/licence';
import { organizationsLoaded } from '../../state/organization';
import { countManualEntryForms } from '../../state/ownAccess';
import { loggedIn, loggedOut, privilegesLoaded, type LoginType } from '../../state/session';

export type LoginCompletion = { ok: true } | { ok: false; reason: 'missing_privileges' | 'failed' };

const fresh = { subscribe: false, forceRefetch: true } as const;

/**
 * SPEC §4 login completion: at least one privilege or manual-entry-form privilege is required;
 * without any the provider is logged out and the stored privileges are cleared. A user who must
 * still change the default password gets 403 on these calls, so callers change it first.
 */
export async function completeLogin(
  dispatch: AppDispatch,
  user: CurrentUser,
  provider: string,
  loginType: LoginType,
): Promise<LoginCompletion> {
  try {
    const [privileges, formPrivileges, organizations] = await Promise.all([
      dispatch(sessionApi.endpoints.getCurrentUserPrivileges.initiate(undefined, fresh)).unwrap(),
      dispatch(sessionApi.endpoints.getCurrentUserManualEntryFormPrivileges.initiate(undefined, fresh)).unwrap(),
      dispatch(sessionApi.endpoints.getCurrentUserOrganizations.initiate(undefined, fresh)).unwrap(),
    ]);
    if (privileges.length === 0 && formPrivileges.length === 0) {
      await dispatch(sessionApi.endpoints.logout.initiate({ provider })).unwrap().catch(() => undefined);
      dispatch(loggedOut());
      return { ok: false, reason: 'missing_privileges' };
    }
    await loadLicence(dispatch);
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
    dispatch(organizationsLoaded(organizations));
    dispatch(countManualEntryForms());
    return { ok: true };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/**
 * The menu's licence features are read from the licence slice, so the claims are loaded before the
 * shell first draws the menu. A failure here is no reason to refuse the sign-in: the shell's
 * licence status loads them again.
 */
async function loadLicence(dispatch: AppDispatch): Promise<void> {
  const result = await dispatch(sessionApi.endpoints.getLicenseInfo.initiate(undefined, fresh));
  if (result.data) dispatch(licenceInfoLoaded({ claims: result.data.LicenseClaims, error: result.data.Error ?? null }));
}
