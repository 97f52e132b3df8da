import type { AuthOption } from '../../api/generated/historian.gen';
import { EXTERNAL_LOGIN_POPUP } from '../../../domain/constants';
import { paths } from '../../lib/paths';

// Where the external sign-in popup of SPEC §2 opens. Kept apart from the watcher (externalLogin.ts)
// because the window must open within the click, before any code is loaded.

/** What the opener needs of the page's location; `window.location` in the app. */
export interface PageLocation {
  origin: string;
  pathname: string;
  search: string;
}

/**
 * The provider's auth path with `id` and `from`. `from` is the return URL (the login route) with
 * /done appended, so the provider's redirect back lands on the popup page /login/done.
 */
export function externalLoginUrl(option: AuthOption, location: PageLocation): string {
  const returnUrl = `${location.origin}${location.pathname}${location.search}#${paths.login}`;
  const authPath = option.AuthPath ?? `/api/auth/${encodeURIComponent(option.ProviderName)}/start`;
  const query = new URLSearchParams({ id: option.UUID, from: `${returnUrl}/done` });
  return `${authPath}?${query.toString()}`;
}

/** 500 x 600, centred over the opener. */
export function popupFeatures(opener: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>): string {
  const { width, height } = EXTERNAL_LOGIN_POPUP;
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}
