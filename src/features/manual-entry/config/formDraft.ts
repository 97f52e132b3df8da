import { moveDown, moveUp } from '../../../lib/listMoves';
import { isDurationText, parseDuration } from '../../../../domain/duration';
import type { ManualEntryForm, ManualEntryFormProperty, ManualEntryFormRead, ManualEntryFormType } from '../../../api/generated/historian.gen';

// What the configuration page edits before it is saved, and the rules it checks before sending
// (server/manual-entry/README.md "Forms"; the server checks them again).

export const DURATION_FIELDS = ['DefaultTimeRange', 'MaxTimeRange', 'AutoRefreshInterval', 'MaxEditAge', 'MaxElevatedEditAge'] as const;
export type DurationField = (typeof DURATION_FIELDS)[number];

/** DOMAIN.md §5's defaults, the same the server fills in. */
export const DURATION_DEFAULTS: Record<DurationField, string> = {
  DefaultTimeRange: '24h',
  MaxTimeRange: '7d',
  AutoRefreshInterval: '30s',
  MaxEditAge: '24h',
  MaxElevatedEditAge: '24h',
};

export interface EventConfigurationDraft {
  EventConfigurationUUID: string;
  AssetDisplayName: string;
  /** Text as typed; empty sends none. */
  ColumnWidth: string;
  Properties: ManualEntryFormProperty[];
  AssetPath?: string;
  EventTypeUUID?: string;
  EventTypeName?: string;
  Missing?: boolean;
}

export interface GroupDraft {
  /** A stable key for React while names are typed. */
  key: string;
  Name: string;
  AssetPropertyUUIDs: string[];
}

export interface FormDraft extends Record<DurationField, string> {
  Name: string;
  Description: string;
  Type: ManualEntryFormType;
  EventConfigurations: EventConfigurationDraft[];
  Groups: GroupDraft[];
}

let groupKeys = 0;
export const newGroupKey = () => `group-${++groupKeys}`;

export function emptyDraft(type: ManualEntryFormType = 'Events'): FormDraft {
  return { Name: '', Description: '', Type: type, ...DURATION_DEFAULTS, EventConfigurations: [], Groups: [] };
}

export function draftOf(form: ManualEntryFormRead): FormDraft {
  return {
    Name: form.Name,
    Description: form.Description ?? '',
    Type: form.Type,
    DefaultTimeRange: form.DefaultTimeRange ?? DURATION_DEFAULTS.DefaultTimeRange,
    MaxTimeRange: form.MaxTimeRange ?? DURATION_DEFAULTS.MaxTimeRange,
    AutoRefreshInterval: form.AutoRefreshInterval ?? DURATION_DEFAULTS.AutoRefreshInterval,
    MaxEditAge: form.MaxEditAge ?? DURATION_DEFAULTS.MaxEditAge,
    MaxElevatedEditAge: form.MaxElevatedEditAge ?? DURATION_DEFAULTS.MaxElevatedEditAge,
    EventConfigurations: (form.Config.EventConfigurations ?? []).map((configuration) => ({
      EventConfigurationUUID: configuration.EventConfigurationUUID,
      AssetDisplayName: configuration.AssetDisplayName ?? '',
      ColumnWidth: configuration.ColumnWidth === undefined ? '' : String(configuration.ColumnWidth),
      Properties: configuration.Properties,
      AssetPath: configuration.AssetPath,
      EventTypeUUID: configuration.EventTypeUUID,
      EventTypeName: configuration.EventTypeName,
      Missing: configuration.Missing,
    })),
    Groups: (form.Config.Groups ?? []).map((group) => ({ key: newGroupKey(), Name: group.Name, AssetPropertyUUIDs: [...group.AssetPropertyUUIDs] })),
  };
}

/** The body of POST and PUT: only the form's own type of fields, only the properties shown. */
export function bodyOf(draft: FormDraft): ManualEntryForm {
  const durations = Object.fromEntries(DURATION_FIELDS.map((field) => [field, draft[field].trim()]));
  const config: ManualEntryForm['Config'] =
    draft.Type === 'Events'
      ? {
          EventConfigurations: draft.EventConfigurations.map((configuration) => {
            const width = Number.parseInt(configuration.ColumnWidth, 10);
            const label = configuration.AssetDisplayName.trim();
            return {
              EventConfigurationUUID: configuration.EventConfigurationUUID,
              ...(label === '' ? {} : { AssetDisplayName: label }),
              ...(Number.isFinite(width) ? { ColumnWidth: width } : {}),
              Properties: configuration.Properties.filter((property) => property.Visible),
            };
          }),
        }
      : { Groups: draft.Groups.map((group) => ({ Name: group.Name.trim(), AssetPropertyUUIDs: group.AssetPropertyUUIDs })) };
  return { Name: draft.Name.trim(), Description: draft.Description, Type: draft.Type, ...durations, Config: config };
}

const DAY_MS = 86_400_000;
const MAX_RANGE_MS = 366 * DAY_MS;
const MIN_REFRESH_MS = 5_000;

/** A field's problem as a translation key with its values. */
export type DraftProblem = { key: string; values?: Record<string, string> };

/** The rulebook's duration rules, checked before the server is asked (it checks them again). */
export function durationProblems(draft: FormDraft): Partial<Record<DurationField, DraftProblem>> {
  const problems: Partial<Record<DurationField, DraftProblem>> = {};
  const ms: Partial<Record<DurationField, number>> = {};
  for (const field of DURATION_FIELDS) {
    const text = draft[field].trim();
    const value = isDurationText(text) ? parseDuration(text) : undefined;
    if (value === undefined) problems[field] = { key: 'manual_entry.errors.duration' };
    else ms[field] = value;
  }
  const { DefaultTimeRange, MaxTimeRange, AutoRefreshInterval, MaxEditAge, MaxElevatedEditAge } = ms;
  if (MaxTimeRange !== undefined && (MaxTimeRange === 0 || MaxTimeRange > MAX_RANGE_MS)) problems.MaxTimeRange = { key: 'manual_entry.errors.max_time_range' };
  if (DefaultTimeRange !== undefined && (DefaultTimeRange === 0 || (MaxTimeRange !== undefined && DefaultTimeRange > MaxTimeRange))) {
    problems.DefaultTimeRange = { key: 'manual_entry.errors.default_above_max' };
  }
  if (AutoRefreshInterval !== undefined && AutoRefreshInterval !== 0 && AutoRefreshInterval < MIN_REFRESH_MS) problems.AutoRefreshInterval = { key: 'manual_entry.errors.refresh_interval' };
  if (MaxEditAge !== undefined && MaxElevatedEditAge !== undefined && MaxElevatedEditAge < MaxEditAge) {
    problems.MaxElevatedEditAge = { key: 'manual_entry.errors.elevated_below_default' };
  }
  return problems;
}

/** Everything the page refuses before sending, by the server's field paths. */
export function draftProblems(draft: FormDraft): Record<string, DraftProblem> {
  const problems: Record<string, DraftProblem> = { ...durationProblems(draft) };
  if (draft.Name.trim() === '') problems.Name = { key: 'general.required' };
  if (draft.Type === 'Events' && draft.EventConfigurations.length === 0) problems['Config.EventConfigurations'] = { key: 'manual_entry.errors.no_configurations' };
  if (draft.Type === 'Asset Properties') {
    if (draft.Groups.length === 0) problems['Config.Groups'] = { key: 'manual_entry.errors.no_groups' };
    const seen = new Set<string>();
    draft.Groups.forEach((group, index) => {
      const name = group.Name.trim().toLocaleLowerCase();
      if (name === '') problems[`Config.Groups[${index}].Name`] = { key: 'general.required' };
      else if (seen.has(name)) problems[`Config.Groups[${index}].Name`] = { key: 'manual_entry.errors.group_name_taken' };
      seen.add(name);
    });
  }
  return problems;
}

const UNITS = [
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
] as const;
export type DurationUnit = (typeof UNITS)[number][0];

/** A duration in whole units, largest first ("36h" is 1 day and 12 hours); undefined when not a duration. */
export function durationParts(text: string): { unit: DurationUnit; count: number }[] | undefined {
  const trimmed = text.trim();
  const total = isDurationText(trimmed) ? parseDuration(trimmed) : undefined;
  if (total === undefined) return undefined;
  let rest = total;
  const parts: { unit: DurationUnit; count: number }[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push({ unit, count });
    rest -= count * size;
  }
  return parts;
}

/** The list with the item at `index` one place up (-1) or down (1). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const chosen = new Set([list[index]]);
  return by < 0 ? moveUp(list, chosen) : moveDown(list, chosen);
}
