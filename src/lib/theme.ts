import { STORAGE_PREFIX } from '../../domain/constants';

// The colour theme is the device's choice, not the session's: light, dark, or whatever the system
// says (the default). It lives in local storage beside the session items and outlives a lost
// session (api/transport/sessionStorage.ts keeps it), and applies as [data-theme] on <html>,
// which src/styles/theme.css reads; without the attribute the system setting decides.

export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = `${STORAGE_PREFIX}theme`;

const isTheme = (value: unknown): value is ThemeChoice => THEMES.some((theme) => theme === value);

export function readThemeChoice(): ThemeChoice {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(THEME_STORAGE_KEY) ?? 'null');
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(choice: ThemeChoice): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

const listeners = new Set<() => void>();

/** Remembers the choice on this device and applies it at once. */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage can be blocked; the choice still applies to this page.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: a choice made here or in another tab of the console. */
export function subscribeToTheme(listener: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    applyTheme(readThemeChoice());
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}
