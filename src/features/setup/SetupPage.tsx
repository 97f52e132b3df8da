import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useGetSettingsQuery } from '../../api/areas/configuration';
import { SETTING_NAMES } from '../../../domain/settingNames';
import { paths } from '../../lib/paths';
import { selectRootOrganization } from '../../state/privileges';
import { useAppSelector } from '../../app/hooks';
import { SetupWizard } from './SetupWizard';
import { isSetupPending, rootSettingsArgs, settingValue, setupDoneOf } from './setupStatus';

/** /setup: the wizard while the root's setup.done is not 'true'; otherwise back to / (SPEC §2). */
export function SetupPage() {
  const { t } = useTranslation();
  const root = useAppSelector(selectRootOrganization);
  const { data, isError } = useGetSettingsQuery(rootSettingsArgs(root?.UUID ?? ''), { skip: !root });
  if (!root || isError || (data && !isSetupPending(setupDoneOf(data)))) return <Navigate to={paths.home} replace />;
  if (!data) return <p role="status">{t('app.loading')}</p>;
  return <SetupWizard rootOrganizationUuid={root.UUID} settings={data} trialMode={settingValue(data, SETTING_NAMES.trialMode) === 'true'} />;
}
