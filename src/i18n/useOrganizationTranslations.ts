import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetTranslationsQuery } from '../api/areas/session';
import type { Language } from '../api/generated/historian.gen';
import { LANGUAGES } from '../../domain/constants';
import { DEFAULT_NAMESPACE } from './options';

function isLanguage(value: string): value is Language {
  return LANGUAGES.some((l) => l === value);
}

/** Merges the organization's overrides (GET /api/translations/{lng}/{ns}) over the shipped texts. */
export function useOrganizationTranslations(organizationUuid: string | null) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { data } = useGetTranslationsQuery(
    { lng: language, ns: DEFAULT_NAMESPACE, 'x-organization-uuid': organizationUuid ?? undefined },
    { skip: !organizationUuid },
  );
  useEffect(() => {
    if (!data || data.length === 0) return;
    const overrides: Record<string, string> = {};
    for (const record of data) overrides[record.Name] = record.Translation;
    i18n.addResources(language, DEFAULT_NAMESPACE, overrides);
    void i18n.changeLanguage(language);
  }, [data, i18n, language]);
}
