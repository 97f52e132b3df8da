import { useTranslation } from 'react-i18next';
import { useGetTaskSchedulerMeasurementsQuery, useGetTaskSchedulerQuery } from '../../../api/areas/taskSchedulers';
import { useAppSelector } from '../../../app/hooks';
import { isHistorianError } from '../../../api/transport/errors';
import { selectAccess } from '../../../state/privileges';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { Page, useQueryId } from '../access/pageHelpers';
import { TaskSchedulerForm } from './TaskSchedulerForm';
import './taskSchedulers.css';

/** /configuration/task_scheduler?id=… edits one task scheduler; without an id it creates one. */
export function TaskSchedulerPage() {
  const { t } = useTranslation();
  const id = useQueryId();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageTaskSchedulers] });
  const scheduler = useGetTaskSchedulerQuery({ id: id ?? '' }, { skip: id === undefined });
  // Measurement names are shown to readers of measurements only (least privilege); others edit the
  // schedule with an empty choice of measurements.
  const canReadMeasurements = can({ privileges: [PRIVILEGES.ReadMeasurements] });
  const measurements = useGetTaskSchedulerMeasurementsQuery({}, { skip: !canReadMeasurements });
  const title = id === undefined ? t('task_schedulers.create') : canManage ? t('task_schedulers.edit') : t('task_schedulers.view');

  let content;
  if (scheduler.error && isHistorianError(scheduler.error) && scheduler.error.code === 404) content = <p role="alert">{t('task_schedulers.not_found')}</p>;
  else if (scheduler.error || measurements.error) content = <p role="alert">{t('task_schedulers.errors.load')}</p>;
  else if ((canReadMeasurements && !measurements.data) || (id !== undefined && !scheduler.data)) content = <p role="status">{t('app.loading')}</p>;
  else content = <TaskSchedulerForm key={id ?? 'new'} existing={id === undefined ? undefined : scheduler.data} measurements={canReadMeasurements ? (measurements.data ?? null) : null} canManage={canManage} />;
  return (
    <Page title={title} description={t('task_schedulers.editor_description')}>
      {content}
    </Page>
  );
}
