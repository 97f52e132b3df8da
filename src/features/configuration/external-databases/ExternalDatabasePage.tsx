import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDeleteExternalDatabaseMutation } from '../../../api/areas/externalDatabases';
import { problemCode } from '../../../api/outcomes';
import { useToasts } from '../../../components/Toasts/useToasts';
import { ConfirmDialog } from '../access/ConfirmDialog';
import { DeleteIcon, Page, useQueryId } from '../access/pageHelpers';
import { ExternalDatabaseForm } from './ExternalDatabaseForm';
import { listPath } from './externalDatabaseRules';
import { QueryPreview } from './QueryPreview';
import { useOrganizationExternalDatabases } from './useOrganizationExternalDatabases';
import './externalDatabases.css';

/** /configuration/external_database?id=… edits one external database; without an id it creates one. */
export function ExternalDatabasePage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const id = useQueryId();
  const { canManage, databases, kinds } = useOrganizationExternalDatabases();
  const [remove, removal] = useDeleteExternalDatabaseMutation();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const error = databases.error ?? kinds.error;

  useEffect(() => {
    if (error) toasts.showError(t('external_databases.errors.load'), error);
  }, [error, toasts, t]);

  const existing = id === undefined ? undefined : databases.data?.find((database) => database.UUID === id);

  const confirmDelete = async () => {
    if (!existing) return;
    const result = await remove({ id: existing.UUID });
    setConfirming(false);
    if (result.error) {
      setRefusal(problemCode(result.error) === 'external_databases.errors.in_use' ? t('external_databases.errors.in_use', { count: existing.UsedBy }) : null);
      return;
    }
    navigate(listPath());
  };

  const title = id === undefined ? t('external_databases.create') : canManage ? t('external_databases.edit') : t('pages.external_database');
  let content;
  if (error) content = <p role="alert">{t('external_databases.errors.load')}</p>;
  else if (!kinds.data || !databases.data || (id !== undefined && !existing && databases.isFetching)) content = <p role="status">{t('app.loading')}</p>;
  else if (id !== undefined && !existing) content = <p role="alert">{t('external_databases.not_found')}</p>;
  else {
    content = (
      <>
        {refusal && <p role="alert">{refusal}</p>}
        {existing && existing.UsedBy > 0 && (
          <p className="muted">
            {t('external_databases.used_by')}: {t('external_databases.used_by_count', { count: existing.UsedBy, n: String(existing.UsedBy) })}
          </p>
        )}
        <ExternalDatabaseForm key={existing?.UUID ?? 'new'} existing={existing} kinds={kinds.data} canManage={canManage} />
        {existing && canManage && <QueryPreview databaseUuid={existing.UUID} />}
      </>
    );
  }
  const deleteButton = existing && canManage && (
    <button type="button" className="danger" onClick={() => setConfirming(true)}>
      <DeleteIcon />
      {t('external_databases.delete')}
    </button>
  );
  return (
    <Page title={title} actions={deleteButton}>
      {content}
      <ConfirmDialog open={confirming} title={t('external_databases.delete')} busy={removal.isLoading} onCancel={() => setConfirming(false)} onConfirm={() => void confirmDelete()}>
        <p>{t('external_databases.delete_confirm', { name: existing?.Name ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
