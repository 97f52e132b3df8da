import type { ParquetExportSettings, TaskScheduler, TaskSchedulerRead } from '../../../api/generated/historian.gen';
import { isRecord } from '../../../lib/formConversion';
import { configurationPath } from '../../../lib/paths';

// What the task scheduler pages compute: the rule presets, run times in the user's locale, and the
// body a form or a start/stop button sends.

export const listPath = () => configurationPath('task_schedulers');
export const editorPath = (id: string) => `${configurationPath('task_scheduler')}?id=${id}`;

export type PresetId = 'hourly' | 'daily' | 'weekly' | 'monthly';

/** The rule presets of the editor; anything else is a custom rule typed in. */
export const PRESETS: readonly { id: PresetId; rule: string }[] = [
  { id: 'hourly', rule: 'FREQ=HOURLY;BYMINUTE=0' },
  { id: 'daily', rule: 'FREQ=DAILY;BYHOUR=2;BYMINUTE=0' },
  { id: 'weekly', rule: 'FREQ=WEEKLY;BYDAY=MO;BYHOUR=2;BYMINUTE=0' },
  { id: 'monthly', rule: 'FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=2;BYMINUTE=0' },
];

const normalized = (rule: string) => rule.trim().replace(/^RRULE:/i, '').toUpperCase();

/** The preset a rule is, or 'custom'. */
export function presetOf(rule: string): PresetId | 'custom' {
  return PRESETS.find((preset) => preset.rule === normalized(rule))?.id ?? 'custom';
}

export const DEFAULT_RULE = PRESETS[1].rule;

/** The browser's zone: the default of a new schedule. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The IANA zones the browser knows, the given one included even when it does not. */
export function timezones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const all = known.includes('UTC') ? [...known] : ['UTC', ...known];
  return current && !all.includes(current) ? [current, ...all] : all;
}

/** An instant as a date and time of the schedule's zone, in the user's locale, with the zone's short name. */
export function formatRunTime(iso: string, timezone: string, locale: string, { weekday = true }: { weekday?: boolean } = {}): string {
  const date = new Date(iso);
  const parts: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(weekday ? { weekday: 'short' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...parts, timeZone: timezone }).format(date);
  } catch {
    // A zone this browser does not know: the user's own.
    return new Intl.DateTimeFormat(locale, parts).format(date);
  }
}

/** An instant as the date and, apart, the time with the zone's short name, both in the schedule's zone (the list's two lines). */
export function formatRunParts(iso: string, timezone: string, locale: string): { date: string; time: string } {
  const date = new Date(iso);
  const format = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone: timezone }).format(date);
    } catch {
      return new Intl.DateTimeFormat(locale, options).format(date);
    }
  };
  return { date: format({ year: 'numeric', month: 'short', day: 'numeric' }), time: format({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }) };
}

/** A wall time `YYYY-MM-DDTHH:mm:ss` (the preview's Local) as a time of day in the user's locale. */
export function formatWallTime(local: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return local;
  const [, y, mo, d, h, mi] = match.map(Number);
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, mo - 1, d, h, mi)));
}

/** The time of day of an instant in the zone, in the user's locale. */
export function formatTimeIn(iso: string, timezone: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: timezone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(iso));
  }
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The export settings a form's values hold (nested under Settings), with the chosen measurements. */
export function settingsOf(values: unknown, measurementUuids: readonly string[], labels: readonly string[] = []): ParquetExportSettings {
  const settings = isRecord(values) ? values : {};
  return {
    StartOffset: textOf(settings.StartOffset).trim() || '0s',
    Period: textOf(settings.Period).trim(),
    FileInterval: textOf(settings.FileInterval).trim(),
    Directory: textOf(settings.Directory).trim(),
    AllowOverwrite: settings.AllowOverwrite === true,
    MeasurementUUIDs: [...measurementUuids],
    Labels: [...labels],
  };
}

/** The body that saves a stored scheduler again with another state (the list's start and stop). */
export function withState(scheduler: TaskSchedulerRead, state: TaskScheduler['State']): TaskScheduler {
  return {
    Name: scheduler.Name,
    Description: scheduler.Description ?? '',
    RRule: scheduler.RRule,
    Timezone: scheduler.Timezone,
    TaskType: scheduler.TaskType,
    State: state,
    Settings: scheduler.Settings,
  };
}
