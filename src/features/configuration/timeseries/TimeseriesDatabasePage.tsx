import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { ConnectionTestResult } from '../../../api/generated/historian.gen';
import { useToasts } from '../../../components/Toasts/useToasts';
import { isRecord } from '../../../lib/formConversion';
import { Page, useQueryId } from '../access/pageHelpers';
import { TimeseriesDatabaseForm } from './TimeseriesDatabaseForm';
import { useOrganizationTimeseriesDatabases } from './useOrganizationTimeseriesDatabases';

/** A test result handed over by the create form when it moved on to the new database's own URL. */
function testResultOf(state: unknown): ConnectionTestResult | null {
  if (!isRecord(state) || !isRecord(state.testResult)) return null;
  const { Success, Steps, FailedStep } = state.testResult;
  if (typeof Success !== 'boolean' || !Array.isArray(Steps)) return null;
  const steps = Steps.filter(isRecord).flatMap((step) =>
    typeof step.Name === 'string' && typeof step.Success === 'boolean'
      ? [{ Name: step.Name, Success: step.Success, ...(typeof step.Message === 'string' ? { Message: step.Message } : {}) }]
      : [],
  );
  return { Success, Steps: steps, ...(typeof FailedStep === 'string' ? { FailedStep } : {}) };
}

/** /configuration/timeseries_database?id=… edits one database; without an id it creates one. */
export function TimeseriesDatabasePage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const id = useQueryId();
  const location = useLocation();
  const { canManage, databases, types } = useOrganizationTimeseriesDatabases();
  const error = databases.error ?? types.error;

  useEffect(() => {
    if (error) toasts.showError(t('configuration.errors.get_databases'), error);
  }, [error, toasts, t]);

  const existing = id === undefined ? undefined : databases.data?.find((database) => database.UUID === id);
  const title = id === undefined ? t('timeseries.create') : t('timeseries.edit');
  let content;
  // A refetch that fails (the browser went offline during a save) keeps the last data and the form
  // with what was typed; only a first load that fails has nothing to show.
  if (error && (!types.data || !databases.data)) content = <p role="alert">{t('configuration.errors.get_databases')}</p>;
  // A new database may not be in the list until its refetch ends.
  else if (!types.data || !databases.data || (id !== undefined && !existing && databases.isFetching)) content = <p role="status">{t('app.loading')}</p>;
  else if (id !== undefined && !existing) content = <p role="alert">{t('timeseries.not_found')}</p>;
  else {
    content = (
      <TimeseriesDatabaseForm
        key={existing?.UUID ?? 'new'}
        existing={existing}
        types={types.data}
        canManage={canManage}
        initialResult={testResultOf(location.state)}
      />
    );
  }
  return <Page title={title}>{content}</Page>;
}
