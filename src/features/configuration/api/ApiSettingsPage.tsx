import { useTranslation } from 'react-i18next';
import { useGetSettingsQuery } from '../../../api/areas/configuration';
import { ApiSettingsForm } from '../../../components/settings/ApiSettingsForm';
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
          <button type="submit" form={FORM_ID} className="primary">
            {t('general.save')}
          </button>
        )}
      </>
    );
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.api_settings')}</h1>
      {content}
    </section>
  );
}
