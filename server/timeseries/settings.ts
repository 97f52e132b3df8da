import type { SettingsMap } from './types';

// Reads typed values out of a TimeseriesDatabase's Settings map. The routes validate the map
// against the type's SettingsSchema; this is the second line, for callers that do not.

export class TimeseriesSettingsError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(`Setting ${setting}: ${message}`);
    this.name = 'TimeseriesSettingsError';
  }
}

function present(settings: SettingsMap, key: string): unknown {
  const value = settings[key];
  return value === undefined || value === null || value === '' ? undefined : value;
}

export function optionalString(settings: SettingsMap, key: string): string | undefined {
  const value = present(settings, key);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new TimeseriesSettingsError(key, 'must be a string');
  return value;
}

export function requiredString(settings: SettingsMap, key: string): string {
  const value = optionalString(settings, key);
  if (value === undefined) throw new TimeseriesSettingsError(key, 'is required');
  return value;
}

export function integerSetting(settings: SettingsMap, key: string, fallback: number, min: number, max: number): number {
  const raw = present(settings, key);
  if (raw === undefined) return fallback;
  // Forms may send numbers as text.
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new TimeseriesSettingsError(key, `must be a whole number from ${min} to ${max}`);
  }
  return value;
}

export function enumSetting<T extends string>(settings: SettingsMap, key: string, values: readonly T[], fallback: T): T {
  const raw = present(settings, key);
  if (raw === undefined) return fallback;
  const found = values.find((v) => v === raw);
  if (found === undefined) throw new TimeseriesSettingsError(key, `must be one of ${values.join(', ')}`);
  return found;
}
