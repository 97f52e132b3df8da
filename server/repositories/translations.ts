import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// Translation overrides (migration 002): an organization's own texts for keys of a namespace,
// which the client lays over the shipped locales.

export interface TranslationOverrideRow {
  uuid: string;
  key: string;
  translation: string;
}

export function translationsRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    /** The organization's overrides of one language and namespace, by key; none without an organization. */
    async overrides(organizationUuid: string | null, language: string, namespace: string): Promise<TranslationOverrideRow[]> {
      if (organizationUuid === null) return [];
      return q
        .selectFrom('translation_overrides')
        .select(['uuid', 'key', 'translation'])
        .where('organization_uuid', '=', organizationUuid)
        .where('language', '=', language)
        .where('namespace', '=', namespace)
        .orderBy('key')
        .execute();
    },
  };
}
