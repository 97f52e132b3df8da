import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { problemFieldMessages } from '../../../api/fieldErrors';
import { problemCode } from '../../../api/outcomes';
import { isProblemError } from '../../../api/transport/errors';
import type { EventPropertyDatatype, EventStartSource, EventType, EventPropertyMode } from '../../../api/generated/historian.gen';

// What the event types and configurations pages share (server/events/README.md): the choices a
// form offers, the rulebook's codes in the user's language, and the addresses the pages keep.

export const DATATYPES: readonly EventPropertyDatatype[] = ['number', 'boolean', 'string'];
export const PROPERTY_TYPES: readonly EventType[] = ['simple', 'periodic', 'periodic_with_dimension'];
export const START_SOURCES: readonly EventStartSource[] = ['historian', 'schedule', 'manual', 'external_database'];
export const MODES: readonly EventPropertyMode[] = ['historian', 'manual', 'external_database'];
export const EVENT_STATUSES = ['open', 'pending', 'incomplete', 'processed'] as const;

/** The address parameters of the pages. */
export const TAB_PARAM = 'tab';
export const OPEN_PARAM = 'open';
export const ASSET_PARAM = 'asset';
export const CONFIGURATION_PARAM = 'configuration';
export const NEW_ITEM = 'new';

/** /event-property-configurations for one configuration. */
export const propertyConfigurationsPath = (configurationUuid: string) => `/event-property-configurations?${CONFIGURATION_PARAM}=${configurationUuid}`;
/** The overview filtered by one configuration. */
export const eventsOfConfigurationPath = (configurationUuid: string) => `/events?EventConfigurationUUIDs=${configurationUuid}`;

export function datatypeLabel(t: TFunction, datatype: string): string {
  if (datatype === 'number') return t('events.types.datatypes.number');
  if (datatype === 'boolean') return t('events.types.datatypes.boolean');
  return t('events.types.datatypes.string');
}

export function propertyTypeLabel(t: TFunction, type: string): string {
  if (type === 'periodic') return t('events.types.property_types.periodic');
  if (type === 'periodic_with_dimension') return t('events.types.property_types.periodic_with_dimension');
  return t('events.types.property_types.simple');
}

/** One line under the choice: what the property type means. */
export function propertyTypeHelp(t: TFunction, type: string): string {
  if (type === 'periodic') return t('events.types.property_types.periodic_help');
  if (type === 'periodic_with_dimension') return t('events.types.property_types.periodic_with_dimension_help');
  return t('events.types.property_types.simple_help');
}

export function startSourceLabel(t: TFunction, source: string): string {
  if (source === 'schedule') return t('events.configurations.sources.schedule');
  if (source === 'manual') return t('events.configurations.sources.manual');
  if (source === 'external_database') return t('events.configurations.sources.external_database');
  return t('events.configurations.sources.historian');
}

export function modeLabel(t: TFunction, mode: string): string {
  if (mode === 'manual') return t('events.property_configurations.modes.manual');
  if (mode === 'external_database') return t('events.property_configurations.modes.external_database');
  return t('events.property_configurations.modes.historian');
}

export function statusLabel(t: TFunction, status: string): string {
  if (status === 'open') return t('events.configurations.statuses.open');
  if (status === 'pending') return t('events.configurations.statuses.pending');
  if (status === 'incomplete') return t('events.configurations.statuses.incomplete');
  return t('events.configurations.statuses.processed');
}

/** The rulebook's error codes, each written out (STYLE §13); anything else is shown as it came. */
export function eventErrorText(t: TFunction, code: string): string | undefined {
  switch (code) {
    case 'events.errors.unlicensed':
      return t('events.errors.unlicensed');
    case 'events.errors.measurement_not_permitted':
      return t('events.errors.measurement_not_permitted');
    case 'events.errors.assets_not_permitted':
      return t('events.errors.assets_not_permitted');
    case 'events.errors.type_cycle':
      return t('events.errors.type_cycle');
    case 'events.errors.type_in_use':
      return t('events.errors.type_in_use');
    case 'events.errors.periodic_not_number':
      return t('events.errors.periodic_not_number');
    case 'events.errors.property_has_values':
      return t('events.errors.property_has_values');
    case 'events.errors.property_in_use':
      return t('events.errors.property_in_use');
    case 'events.errors.source_unavailable':
      return t('events.errors.source_unavailable');
    case 'events.errors.external_database_not_permitted':
      return t('events.errors.external_database_not_permitted');
    case 'events.errors.configuration_running':
      return t('events.errors.configuration_running');
    case 'events.errors.manual_has_no_state':
      return t('events.errors.manual_has_no_state');
    case 'events.errors.parent_type_mismatch':
      return t('events.errors.parent_type_mismatch');
    case 'events.errors.configuration_in_use':
      return t('events.errors.configuration_in_use');
    case 'events.errors.overlap':
      return t('events.errors.overlap');
    case 'events.errors.no_previous_event':
      return t('events.errors.no_previous_event');
    case 'events.errors.split_outside':
      return t('events.errors.split_outside');
    default:
      return undefined;
  }
}

/** The explanation of a failed call: the rule it broke in words, else the server's detail. */
export function problemText(t: TFunction, error: unknown): string | undefined {
  if (!isProblemError(error)) return undefined;
  const code = problemCode(error);
  const known = code ? eventErrorText(t, code) : undefined;
  if (known) return known;
  if (error.code === 409) return t('events.errors.conflict');
  return error.body.detail ?? undefined;
}

/**
 * The field errors of a 400 on their fields, in the user's language: the rulebook's codes (which
 * the shared mapping shows as they came) translated here, the rest as the shared mapping has them.
 */
export function useEventFieldErrors(): (error: unknown, fields: readonly string[]) => Record<string, string[]> {
  const { t } = useTranslation();
  return useCallback(
    (error, fields) =>
      Object.fromEntries(
        Object.entries(problemFieldMessages(error, fields)).map(([path, messages]) => [
          path,
          messages.map((message) => ('text' in message ? (eventErrorText(t, message.text) ?? message.text) : t(message.messageKey, message.values))),
        ]),
      ),
    [t],
  );
}

/** Every field a problem names. */
export function problemFields(error: unknown): string[] {
  if (!isProblemError(error)) return [];
  const errors = error.body.errors;
  return errors ? Object.keys(errors) : [];
}

/** A duration as the server writes it ("10s", "5m", "1h"): trimmed, or undefined when empty. */
export const durationOrUndefined = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());

/** The schedule presets (shifts are the usual scheduled events); anything else is a custom rule. */
export const PRESETS = [
  { id: 'three_shifts', rule: 'FREQ=DAILY;BYHOUR=6,14,22;BYMINUTE=0;BYSECOND=0' },
  { id: 'two_shifts', rule: 'FREQ=DAILY;BYHOUR=6,18;BYMINUTE=0;BYSECOND=0' },
  { id: 'daily', rule: 'FREQ=DAILY;BYHOUR=0;BYMINUTE=0;BYSECOND=0' },
  { id: 'hourly', rule: 'FREQ=HOURLY;BYMINUTE=0;BYSECOND=0' },
] as const;

/** The preset a rule is, or 'custom'. */
export function presetOf(rule: string): string {
  const normalized = rule.trim().replace(/^RRULE:/i, '').toUpperCase();
  return PRESETS.find((preset) => preset.rule === normalized)?.id ?? 'custom';
}

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
