import { Eye } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { License } from '../../../api/generated/historian.gen';
import { useGetOrganizationsQuery } from '../../../api/areas/access';
import { useGetLicenseInfoQuery } from '../../../api/areas/session';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { LicenceActivation } from '../../../components/licence/LicenceActivation';
import { Modal } from '../../../components/Modal/Modal';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useAppSelector } from '../../../app/hooks';
import { enabledFeatures, expiryText, licenceName, useOrganizationName } from './licenceText';

// The licence details of SPEC §2: a table with name, organization, expiry and features and a
// view action, and for holders of ManageSettings at root the licence path to add or renew one.

const TABLE_ID = 'configuration.licences';
const ACTIVATION_FORM_ID = 'licence-activation';

function LicenceDetails({ licence, organizationName, onClose }: { licence: License; organizationName: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal open title={licenceName(licence, t)} onCancel={onClose} labels={{ cancel: t('general.close') }}>
      <dl className="licence-details">
        <dt>{t('licence.table.uuid')}</dt>
        <dd>{licence.UUID}</dd>
        <dt>{t('licence.table.organization')}</dt>
        <dd>{organizationName}</dd>
        <dt>{t('licence.table.expiry')}</dt>
        <dd>{expiryText(licence, i18n.language, t)}</dd>
        <dt>{t('licence.table.features')}</dt>
        <dd>
          <ul>
            {Object.entries(licence.LicensedFeatures).map(([name, value]) => (
              <li key={name}>{typeof value === 'number' ? `${name}: ${value}` : `${name}: ${value ? t('general.yes') : t('general.no')}`}</li>
            ))}
          </ul>
        </dd>
      </dl>
    </Modal>
  );
}

export function LicencePage() {
  const { t, i18n } = useTranslation();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageSettings], scope: 'root' });
  const canReadOrganizations = can({ privileges: [PRIVILEGES.ReadOrganizations], scope: 'root' });
  const { data, isLoading, error, refetch } = useGetLicenseInfoQuery();
  const { data: organizations } = useGetOrganizationsQuery({ limit: 10000 }, { skip: !canReadOrganizations });
  const organizationName = useOrganizationName(organizations);
  const [viewing, setViewing] = useState<License | null>(null);

  const columns = useMemo<DataTableColumn<License>[]>(
    () => [
      { id: 'name', header: t('licence.table.name'), value: (licence) => licenceName(licence, t) },
      { id: 'organization', header: t('licence.table.organization'), value: (licence) => organizationName(licence) },
      { id: 'expiry', header: t('licence.table.expiry'), value: (licence) => licence.ExpiresAt, cell: (licence) => expiryText(licence, i18n.language, t) },
      { id: 'features', header: t('licence.table.features'), value: (licence) => enabledFeatures(licence).join(', '), sortable: false },
    ],
    [t, i18n.language, organizationName],
  );
  const actions = useMemo<DataTableAction<License>[]>(
    () => [{ id: 'view', label: t('licence.table.view'), icon: <Eye size={16} aria-hidden="true" focusable="false" />, onAction: setViewing }],
    [t],
  );

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.license')}</h1>
      {data?.Error && <p role="alert">{t('licence.info_error', { error: data.Error })}</p>}
      <DataTable
        tableId={TABLE_ID}
        label={t('licence.table.label')}
        columns={columns}
        data={data?.LicenseClaims}
        getRowId={(licence) => licence.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        emptyMessage={t('licence.table.empty')}
        selectable={false}
        rightActions={actions}
      />
      {viewing && <LicenceDetails licence={viewing} organizationName={organizationName(viewing)} onClose={() => setViewing(null)} />}
      {canManage && (
        <section aria-labelledby="licence-update-title">
          <h2 id="licence-update-title">{t('licence.update_title')}</h2>
          <LicenceActivation formId={ACTIVATION_FORM_ID} onActivated={() => undefined} />
        </section>
      )}
    </section>
  );
}
