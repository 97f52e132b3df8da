import type { TFunction } from 'i18next';
import type { SettingsState } from './collectorRules';

// Health values come from collectors as English text (SPEC §4); the known ones are shown
// translated, each key written out (STYLE §13), and an unknown one as it came.

export function healthLabel(health: string, t: TFunction): string {
  switch (health) {
    case 'Initializing collector':
      return t('collectors.health.initializing');
    case 'Collecting':
      return t('collectors.health.collecting');
    case 'Idle':
      return t('collectors.health.idle');
    case 'Paused':
      return t('collectors.health.paused');
    case 'Collector closed':
      return t('collectors.health.closed');
    case 'Collector restarting':
      return t('collectors.health.restarting');
    case 'Unstable':
      return t('collectors.health.unstable');
    case 'Upgrading':
      return t('collectors.health.upgrading');
    case '':
      return t('collectors.health.none');
    default:
      return health;
  }
}

export function settingsStateLabel(state: SettingsState, t: TFunction): string {
  if (state === 'applied') return t('collectors.settings_state.applied');
  if (state === 'pending') return t('collectors.settings_state.pending');
  return t('collectors.settings_state.unknown');
}

export const formatTime = (iso: string | null | undefined, locale: string) => (iso ? new Date(iso).toLocaleString(locale) : '');
