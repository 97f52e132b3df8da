import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Language } from '../../api/generated/historian.gen';
import { useGetCurrentUserQuery, useUpdateCurrentUserMutation } from '../../api/areas/session';
import { CheckboxField, SelectField } from '../../components/form/ChoiceFields';
import { Fieldset } from '../../components/form/Fieldset';
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
      <div className="form-layout">
        <SelectField
          name="Locale"
          label={t('profile.language')}
          value={locale}
          disabled={isLoading}
          options={LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABELS[language]) }))}
          onChange={(event) => changeLocale(event.target.value)}
        />
        <Fieldset legend={t('profile.theme.label')} className="profile-theme">
          <div className="profile-theme-choices">
            {THEMES.map((choice) => (
              <label key={choice} className="profile-theme-choice">
                <input type="radio" name="theme" value={choice} checked={theme === choice} onChange={() => chooseTheme(choice)} />
                <span>{t(THEME_LABELS[choice])}</span>
              </label>
            ))}
          </div>
          <p className="form-help">{t('profile.theme.help')}</p>
        </Fieldset>
        <CheckboxField
          name="ExperimentalFeatures"
          label={t('profile.experimental_features')}
          checked={experimental}
          disabled={isLoading}
          onChange={(event) => changeExperimental(event.target.checked)}
        />
      </div>
    </section>
  );
}
