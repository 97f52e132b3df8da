import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Setting } from '../../../api/generated/historian.gen';
import { ApiSettingsForm } from '../../../components/settings/ApiSettingsForm';
import { SETTING_NAMES } from '../../../../domain/settingNames';
import { STEP_FORM_ID } from './stepForm';

interface ApiSettingsStepProps {
  rootOrganizationUuid: string;
  settings: readonly Setting[];
  onBusy: (busy: boolean) => void;
  onDone: () => void;
}

/** First-run suggestions: this server as the browser reaches it, and the server's own defaults. */
function suggestions() {
  const { origin, hostname, port, protocol } = window.location;
  return {
    [SETTING_NAMES.baseUrl]: origin,
    [SETTING_NAMES.apiUrl]: hostname,
    [SETTING_NAMES.restPort]: port || (protocol === 'https:' ? '443' : '80'),
    [SETTING_NAMES.grpcPort]: '50051',
    [SETTING_NAMES.sessionInactiveDuration]: '8h',
  };
}

/** Step 4: the API and authentication settings; next saves them. */
export function ApiSettingsStep({ rootOrganizationUuid, settings, onBusy, onDone }: ApiSettingsStepProps) {
  const { t } = useTranslation();
  const [defaults] = useState(suggestions);
  return (
    <>
      <p>{t('setup.api.intro')}</p>
      <ApiSettingsForm
        id={STEP_FORM_ID}
        rootOrganizationUuid={rootOrganizationUuid}
        settings={settings}
        defaults={defaults}
        onBusy={onBusy}
        onSaved={onDone}
      />
    </>
  );
}
