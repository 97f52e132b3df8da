import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Language } from '../../api/generated/historian.gen';
import { useGetCurrentUserQuery, useUpdateCurrentUserMutation } from '../../api/areas/session';
import { LANGUAGES } from '../../../domain/constants';
import { chooseTheme, readThemeChoice, subscribeToTheme, THEMES, type ThemeChoice } from '../../lib/theme';
import { selectUserLocale, selectUserName } from '../../state/privileges';
import { experimentalFeaturesChanged, localeChanged } from '../../state/session';

const LANGUAGE_LABELS = {
  en: 'profile.languages.en',
  nl: 'profile.languages.nl',
  fr: 'profile.languages.fr',
  de: 'profile.languages.de',
  zh: 'profile.languages.zh',
} as const satisfies Record<Language, string>;

const THEME_LABELS = {
  system: 'profile.theme.system',
  light: 'profile.theme.light',
  dark: 'profile.theme.dark',
} as const satisfies Record<ThemeChoice, string>;

const isLanguage = (value: string): value is Language => LANGUAGES.some((language) => language === value);

/** Name (read only: the sign-in name), language, colour theme and experimental features. */
export function ProfileSettings() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const sessionName = useAppSelector(selectUserName);
  const locale = useAppSelector(selectUserLocale);
  const experimental = useAppSelector((state) => state.session.experimentalFeatures);
  const { data: user } = useGetCurrentUserQuery();
  const [updateUser, { isLoading }] = useUpdateCurrentUserMutation();
  const name = user?.Name ?? sessionName ?? '';
  const theme = useSyncExternalStore(subscribeToTheme, readThemeChoice);

  /** The change shows at once; a refused save puts the previous value back. */
  const save = async (attributes: { Locale?: Language; ExperimentalFeatures?: boolean }, undo: () => void) => {
    const result = await updateUser({ userUpdate: { Name: name, Attributes: attributes } });
    if (result.error) undo();
  };

  const changeLocale = (value: string) => {
    if (!isLanguage(value)) return;
    const previous = locale;
    // The language switches at once: providers' LanguageSync follows the session's locale.
    dispatch(localeChanged(value));
    void save({ Locale: value }, () => dispatch(localeChanged(previous)));
  };

  const changeExperimental = (value: boolean) => {
    dispatch(experimentalFeaturesChanged(value));
    void save({ ExperimentalFeatures: value }, () => dispatch(experimentalFeaturesChanged(!value)));
  };

  return (
    <section className="profile-section" aria-labelledby="profile-settings-title">
      <h2 id="profile-settings-title">{t('profile.settings_title')}</h2>
      <dl className="profile-facts">
        <dt>{t('profile.name')}</dt>
        <dd>{name}</dd>
      </dl>
      <label className="field">
        <span className="field-label">{t('profile.language')}</span>
        <select value={locale} disabled={isLoading} onChange={(event) => changeLocale(event.target.value)}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(LANGUAGE_LABELS[language])}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="field profile-theme">
        <legend className="field-label">{t('profile.theme.label')}</legend>
        {THEMES.map((choice) => (
          <label key={choice} className="profile-theme-choice">
            <input type="radio" name="theme" value={choice} checked={theme === choice} onChange={() => chooseTheme(choice)} />
            <span>{t(THEME_LABELS[choice])}</span>
          </label>
        ))}
        <p className="field-help">{t('profile.theme.help')}</p>
      </fieldset>
      <label className="field profile-checkbox">
        <input type="checkbox" checked={experimental} disabled={isLoading} onChange={(event) => changeExperimental(event.target.checked)} />
        <span>{t('profile.experimental_features')}</span>
      </label>
    </section>
  );
}
