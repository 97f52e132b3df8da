import type { TFunction } from 'i18next';
import de from '../../../locales/de/general.json';
import en from '../../../locales/en/general.json';
import fr from '../../../locales/fr/general.json';
import nl from '../../../locales/nl/general.json';
import zh from '../../../locales/zh/general.json';
import { KNOWN_SUBJECT_TYPES, subjectTypeLabel } from './auditLabels';

// The audit log names the subject types of the events definitions and events (migration 072) in
// every language, and offers them in its filter.

const EVENT_SUBJECT_TYPES = ['EventType', 'EventTypeProperty', 'EventConfiguration', 'EventPropertyConfiguration', 'Event', 'EventPropertyValue'];

/** A t() over one catalogue that answers the key itself when it is missing, as i18next does. */
const tOf = (catalogue: object) =>
  ((key: string) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
    return typeof found === 'string' ? found : key;
  }) as unknown as TFunction;

describe('event subject types', () => {
  it('are offered by the filter', () => {
    expect(KNOWN_SUBJECT_TYPES).toEqual(expect.arrayContaining(EVENT_SUBJECT_TYPES));
  });

  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
    ['nl', nl],
    ['zh', zh],
  ])('are named in %s', (_language, catalogue) => {
    for (const type of EVENT_SUBJECT_TYPES) {
      const label = subjectTypeLabel(type, tOf(catalogue));
      expect(label).not.toBe(`audit_log.subject_types.${type}`);
      expect(label.length).toBeGreaterThan(0);
    }
    expect(subjectTypeLabel('EventConfiguration', tOf(en))).toBe('Event configuration');
    expect(subjectTypeLabel('EventConfiguration', tOf(de))).toBe('Ereigniskonfiguration');
  });
});
