import { EXTERNAL_LOGIN_POPUP } from '../../../domain/constants';
import { paths } from '../../lib/paths';

// How the login page watches the external sign-in popup of SPEC §2 (where it opens: popupWindow.ts).

/** The parts of a popup window the opener reads; reading `location` throws while it is on another origin. */
export interface WatchedPopup {
  readonly closed: boolean;
  readonly location: { readonly href: string };
  close(): void;
}

export type PopupOutcome =
  /** The user (or the page) closed the window before it came back to us. */
  | { kind: 'closed' }
  /** Back on /login/done without an error; the opener closed the popup. */
  | { kind: 'returned' }
  /** Back with ?error=…; the opener closed the popup. */
  | { kind: 'error'; error: string }
  /** The caller stopped watching (the login page went away). */
  | { kind: 'cancelled' };

/** The route and query of an app URL on `origin`, or null for any other URL (the provider's pages). */
function appRouteOf(href: string, origin: string): { path: string; query: URLSearchParams } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const [path, query = ''] = url.hash.replace(/^#/, '').split('?', 2);
  return { path, query: new URLSearchParams(query) };
}

/**
 * Polls the popup every `pollMs` (SPEC §9: 100 ms). While it is at the identity provider its
 * location cannot be read; once it is back on /login/done the opener closes it and reports whether
 * the URL carries an error. A window closed before that is 'closed': the caller then asks the
 * server whether a user name is known.
 */
export function watchPopup(
  popup: WatchedPopup,
  origin: string,
  signal?: AbortSignal,
  pollMs: number = EXTERNAL_LOGIN_POPUP.pollMs,
): Promise<PopupOutcome> {
  return new Promise((resolve) => {
    const finish = (outcome: PopupOutcome) => {
      clearInterval(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => finish({ kind: 'cancelled' });
    const poll = () => {
      if (popup.closed) return finish({ kind: 'closed' });
      let href: string;
      try {
        href = popup.location.href;
      } catch {
        return undefined; // still on the provider's origin
      }
      const route = appRouteOf(href, origin);
      if (!route || route.path !== paths.loginDone) return undefined;
      popup.close();
      const error = route.query.get('error');
      return finish(error === null ? { kind: 'returned' } : { kind: 'error', error });
    };
    const timer = setInterval(poll, pollMs);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort);
  });
}
