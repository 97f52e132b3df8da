import { useTranslation } from 'react-i18next';
import { useGetSettingsQuery } from '../../../api/areas/configuration';
import { FormActions } from '../../../components/form/FormActions';
import { Page } from '../../../components/Page/Page';
import { ApiSettingsForm } from '../../../components/settings/ApiSettingsForm';
import { paths } from '../../../lib/paths';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess, selectRootOrganization } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';

const FORM_ID = 'api-settings';

/**
 * The API settings page (SPEC §2): the installation's API and session settings, kept in the root
 * organization. A changed session duration or base URL needs a restart, which the toast says.
 */
export function ApiSettingsPage() {
  const { t } = useTranslation();
  const root = useAppSelector(selectRootOrganization);
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageSettings], scope: 'root' });
  const rootUuid = root?.UUID ?? '';
  const { data, isError } = useGetSettingsQuery({ 'x-organization-uuid': rootUuid, organizationUuid: rootUuid }, { skip: !root });

  let content;
  // The route's guard lets in only readers of the root's settings, so the root is known.
  if (isError) content = <p role="alert">{t('settings.errors.load')}</p>;
  else if (!data) content = <p role="status">{t('app.loading')}</p>;
  else {
    content = (
      <>
        <ApiSettingsForm
          id={FORM_ID}
          rootOrganizationUuid={rootUuid}
          settings={data}
          disabled={!canManage}
        />
        {canManage && (
          <div className="form-layout">
            <FormActions backTo={paths.configuration} formId={FORM_ID} />
          </div>
        )}
      </>
    );
  }

  return (
    <Page title={t('pages.api_settings')} description={t('settings.api.description')}>
      {content}
    </Page>
  );
}
