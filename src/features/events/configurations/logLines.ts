import type { TFunction } from 'i18next';
import type { EventConfigurationLog } from '../../../api/generated/historian.gen';

// A configuration's log line in words: the rulebook's codes (events.log.*) written out, with their
// values; a code this console does not know yet is shown as it came, with its values.

const scalar = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export function logLineText(t: TFunction, line: EventConfigurationLog, formatTime: (iso: string) => string): string {
  const values = Object.fromEntries(Object.entries(line.Values ?? {}).map(([key, value]) => [key, scalar(value)]));
  const at = values.At ? formatTime(values.At) : '';
  // The rulebook names the codes with their prefix; a bare one ("started") is the same code.
  const code = line.Code.startsWith('events.log.') ? line.Code : `events.log.${line.Code}`;
  switch (code) {
    case 'events.log.started':
      return t('events.log.started');
    case 'events.log.stopped':
      return t('events.log.stopped');
    case 'events.log.event_started':
      return t('events.log.event_started', { at });
    case 'events.log.event_stopped':
      return t('events.log.event_stopped', { at });
    case 'events.log.property_failed':
      return t('events.log.property_failed', { property: values.Property ?? '', reason: values.Reason ?? '' });
    case 'events.log.trigger_missing':
      return t('events.log.trigger_missing');
    case 'events.log.unlicensed':
      return t('events.log.unlicensed');
    case 'events.log.series_cut':
      return t('events.log.series_cut', { property: values.Property ?? '' });
    case 'events.log.external_query_failed':
      return t('events.log.external_query_failed', { reason: values.Reason ?? '' });
    case 'events.log.reevaluated':
      return t('events.log.reevaluated', { events: values.Events ?? '0', changed: values.Changed ?? '0', kept: values.Kept ?? '0' });
    default: {
      const rest = Object.entries(values)
        .map(([key, value]) => `${key}: ${value}`)
        .join(', ');
      return rest ? `${line.Code} (${rest})` : line.Code;
    }
  }
}
