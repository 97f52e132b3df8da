import i18next from 'i18next';
import deGeneral from '../../locales/de/general.json';
import enGeneral from '../../locales/en/general.json';
import { baseI18nOptions } from '../i18n/options';
import { connectionStepLabel } from './connectionSteps';

function i18nIn(language: string) {
  const instance = i18next.createInstance();
  void instance.init({ ...baseI18nOptions, initAsync: false, lng: language, resources: { en: { general: enGeneral }, de: { general: deGeneral } } });
  return instance;
}

describe('connection test step names', () => {
  it('names the server\'s steps in the user\'s language', () => {
    const { t } = i18nIn('de');
    expect(connectionStepLabel('authenticate', t)).toBe('Anmelden');
    expect(connectionStepLabel('find_user', t)).toBe('Benutzer suchen');
  });

  it('keeps the server\'s name in English, and for a step it does not know', () => {
    expect(connectionStepLabel('authenticate', i18nIn('en').t)).toBe('authenticate');
    expect(connectionStepLabel('warm_up', i18nIn('de').t)).toBe('warm_up');
  });
});
