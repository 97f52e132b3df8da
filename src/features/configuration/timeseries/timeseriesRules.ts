import type { TimeseriesDatabaseRead, TimeseriesDatabaseType } from '../../../api/generated/historian.gen';
import { isRecord } from '../../../lib/formConversion';
import { configurationPath } from '../../../lib/paths';
import { isSecure, orderedProperties } from '../../../../domain/settingsSchema';

// What the list shows of a database's settings, and how the editor turns its form into a body.

/** How many settings the list shows: the type's first ones by `order` (mode, host, port…). */
export const KEY_SETTINGS_SHOWN = 4;

export interface KeySetting {
  name: string;
  value: string;
}

const shown = (value: unknown): string => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

/**
 * The key settings of a database: the first stored values in the type's schema order, titled as
 * the schema titles them. Secure settings are never sent back, so never shown.
 */
export function keySettings(database: TimeseriesDatabaseRead, type: TimeseriesDatabaseType | undefined): KeySetting[] {
  const settings = database.Settings ?? {};
  const present = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (!type) {
    return Object.entries(settings)
      .filter(([, value]) => present(value))
      .slice(0, KEY_SETTINGS_SHOWN)
      .map(([name, value]) => ({ name, value: shown(value) }));
  }
  return orderedProperties(type.SettingsSchema)
    .filter(({ name, property }) => !isSecure(property) && present(settings[name]))
    .slice(0, KEY_SETTINGS_SHOWN)
    .map(({ name, property }) => ({ name: property.title ?? name, value: shown(settings[name]) }));
}

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export const settingsOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** ARCHITECTURE "Configuration routes": the singular page edits ?id=…, and creates without one. */
export const editorPath = (uuid?: string) => `${configurationPath('timeseries_database')}${uuid ? `?id=${encodeURIComponent(uuid)}` : ''}`;

export const listPath = () => configurationPath('timeseries_databases');
