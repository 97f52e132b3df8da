import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { configurationApi, useUpdateSettingsBatchMutation } from '../../../api/areas/configuration';
import { useGetLicenseInfoQuery } from '../../../api/areas/session';
import { chooseOrganization, organizationSwitched } from '../../../state/organization';
import { refreshOwnAccess } from '../../../state/ownAccess';
import { useAppDispatch } from '../../../app/hooks';
import { rootSettingsArgs } from '../setupStatus';
import { finishSettings, type LicenceChoice } from '../wizardMachine';
import type { CreatedOrganization } from './OrganizationStep';
import { STEP_FORM_ID } from './stepForm';

interface FinishedStepProps {
  rootOrganizationUuid: string;
  choice: LicenceChoice;
  organization: CreatedOrganization | null;
  databaseName: string | null;
  onBusy: (busy: boolean) => void;
}

/**
 * Step 5. Finish saves setup.done and setup.trial_mode (SPEC §4), reads the admin's own access
 * again and chooses the default organization; the saved answer goes straight into the cached root
 * settings, which marks setup completed and makes /setup redirect to /.
 */
export function FinishedStep({ rootOrganizationUuid, choice, organization, databaseName, onBusy }: FinishedStepProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: info } = useGetLicenseInfoQuery();
  const [save, { isLoading }] = useUpdateSettingsBatchMutation();
  // Cleared on leaving too: the step may be left before the request's end re-renders it.
  useEffect(() => {
    onBusy(isLoading);
    return () => onBusy(false);
  }, [isLoading, onBusy]);
  const hasLicence = choice === 'activated' || (info?.LicenseClaims ?? []).some((claim) => !claim.Trial);

  const finish = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save({ 'x-organization-uuid': rootOrganizationUuid, body: finishSettings(hasLicence, rootOrganizationUuid) });
    if (result.error) return;
    const saved = result.data;
    // The admin's privileges in the new organization apply at once, without signing in again, and
    // the console opens in the default organization rather than the root one setup ran in.
    const refreshed = await dispatch(refreshOwnAccess());
    if (refreshOwnAccess.fulfilled.match(refreshed)) {
      const organizations = refreshed.payload;
      const home = organizations.find((o) => o.UUID === organization?.UUID) ?? chooseOrganization(null, organizations);
      if (home) dispatch(organizationSwitched(home));
    }
    dispatch(
      configurationApi.util.updateQueryData('getSettings', rootSettingsArgs(rootOrganizationUuid), (settings) => {
        for (const setting of saved) {
          const index = settings.findIndex((existing) => existing.Name === setting.Name);
          if (index >= 0) settings[index] = setting;
          else settings.push(setting);
        }
      }),
    );
  };

  return (
    <form id={STEP_FORM_ID} onSubmit={(event) => void finish(event)}>
      <p>{t('setup.finished.intro')}</p>
      <ul>
        <li>{hasLicence ? t('setup.finished.licence') : t('setup.finished.trial')}</li>
        {organization && <li>{t('setup.finished.organization', { name: organization.Name })}</li>}
        {databaseName && <li>{t('setup.finished.database', { name: databaseName })}</li>}
      </ul>
    </form>
  );
}
