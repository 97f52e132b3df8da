import { STORAGE_PREFIX } from '../../domain/constants';

// Whether the sidebar shows labels or icons only is the device's choice, like the theme (theme.ts):
// it lives in local storage and outlives a lost session (api/transport/sessionStorage.ts keeps it).

export const SIDEBAR_STORAGE_KEY = `${STORAGE_PREFIX}sidebar`;
export type SidebarState = 'expanded' | 'collapsed';

export function readSidebarState(): SidebarState {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(SIDEBAR_STORAGE_KEY) ?? 'null');
    return stored === 'collapsed' ? 'collapsed' : 'expanded';
  } catch {
    return 'expanded';
  }
}

export function storeSidebarState(state: SidebarState): void {
  try {
    if (state === 'expanded') window.localStorage.removeItem(SIDEBAR_STORAGE_KEY);
    else window.localStorage.setItem(SIDEBAR_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage can be blocked; the sidebar still collapses on this page.
  }
}
