import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectorRead, ItemStatus } from '../../api/generated/historian.gen';
import { useDeleteCollectorMutation, useGetCollectorTemplateMutation, useStartCollectorUpdateMutation, useUpdateCollectorStatusMutation } from '../../api/areas/collectors';
import { Modal } from '../../components/Modal/Modal';
import { CollectorStatusIcon } from '../../components/StatusIcon/CollectorStatusIcon';
import { displayedHealth, settingsState, type AvailableUpdate } from './collectorRules';
import { formatTime, healthLabel, settingsStateLabel } from './collectorText';
import { HealthHistory } from './HealthHistory';
import { TokenDialog } from './TokenDialog';
import { downloadObjectUrl } from '../../lib/download';

interface CollectorPanelProps {
  collector: CollectorRead;
  update: AvailableUpdate | null;
  canManage: boolean;
  onEdit: () => void;
  /** The update was started: the page shows the collector as Upgrading at once (SPEC §4). */
  onUpdateStarted: (version: string) => void;
}

function nextStatus(status: ItemStatus | undefined): { status: ItemStatus; key: 'pause' | 'activate' | 'restore' } {
  if (status === 'Active') return { status: 'Paused', key: 'pause' };
  if (status === 'Deleted') return { status: 'Active', key: 'restore' };
  return { status: 'Active', key: 'activate' };
}


/** The selected collector: its details, its actions and its health history. */
export function CollectorPanel({ collector, update, canManage, onEdit, onUpdateStarted }: CollectorPanelProps) {
  const { t, i18n } = useTranslation();
  const id = collector.UUID;
  const [dialog, setDialog] = useState<'token' | 'delete' | null>(null);
  const [changeStatus, statusState] = useUpdateCollectorStatusMutation();
  const [remove, removeState] = useDeleteCollectorMutation();
  const [startUpdate, updateState] = useStartCollectorUpdateMutation();
  const [fetchTemplate, templateState] = useGetCollectorTemplateMutation();
  const next = nextStatus(collector.Status);
  const statusLabels = { pause: t('collectors.actions.pause'), activate: t('collectors.actions.activate'), restore: t('collectors.actions.restore') };

  const setStatus = async () => {
    await changeStatus({ id, collectorStatusChange: { Status: next.status } });
  };

  const deleteCollector = async () => {
    await remove({ id });
    setDialog(null);
  };

  const template = async () => {
    const file = await fetchTemplate({ id });
    if (!file.error) downloadObjectUrl(file.data, `${collector.Name} template.xlsx`);
  };

  const runUpdate = async (version: string) => {
    const result = await startUpdate({ id, collectorUpdateStart: { Version: version } });
    if (!result.error) onUpdateStarted(version);
  };

  const pendingUpdate = collector.UpdateVersion && collector.UpdateVersion !== collector.BuildVersion;
  return (
    <section className="collector-panel" aria-labelledby={`collector-${id}`}>
      <h2 id={`collector-${id}`}>{collector.Name}</h2>
      {collector.Description && <p className="muted">{collector.Description}</p>}
      <dl className="collector-facts">
        <dt>{t('collectors.table.status')}</dt>
        <dd>{collector.Status && <CollectorStatusIcon status={collector.Status} showLabel />}</dd>
        <dt>{t('collectors.table.health')}</dt>
        <dd>
          {healthLabel(displayedHealth(collector), t)}
          {collector.HealthUpdatedAt && <span className="muted"> · {t('collectors.last_report', { time: formatTime(collector.HealthUpdatedAt, i18n.language) })}</span>}
        </dd>
        <dt>{t('collectors.table.version')}</dt>
        <dd>{collector.BuildVersion || '—'}</dd>
        <dt>{t('collectors.table.settings')}</dt>
        <dd>{settingsStateLabel(settingsState(collector), t)}</dd>
      </dl>
      <div className="collector-actions" role="toolbar" aria-label={t('collectors.actions.label', { name: collector.Name })}>
        {canManage && (
          <button type="button" onClick={onEdit}>
            {t('collectors.actions.edit')}
          </button>
        )}
        {canManage && !(collector.IsSystem && next.key === 'restore') && (
          <button type="button" onClick={() => void setStatus()} disabled={statusState.isLoading}>
            {statusLabels[next.key]}
          </button>
        )}
        {canManage && collector.Status !== 'Deleted' && (
          <button type="button" onClick={() => setDialog('token')}>
            {t('collectors.actions.token')}
          </button>
        )}
        <button type="button" onClick={() => void template()} disabled={templateState.isLoading}>
          {t('collectors.actions.template')}
        </button>
        {canManage && update && !pendingUpdate && collector.Status !== 'Deleted' && (
          <button type="button" className={update.newer ? 'primary' : undefined} onClick={() => void runUpdate(update.update.Version)} disabled={updateState.isLoading}>
            {t('collectors.actions.update', { version: update.update.Version })}
          </button>
        )}
        {canManage && !collector.IsSystem && collector.Status !== 'Deleted' && (
          <button type="button" className="danger" onClick={() => setDialog('delete')}>
            {t('collectors.actions.delete')}
          </button>
        )}
      </div>
      <HealthHistory collector={collector} />
      {dialog === 'token' && <TokenDialog collector={collector} onClose={() => setDialog(null)} />}
      <Modal
        open={dialog === 'delete'}
        title={t('collectors.delete.title', { name: collector.Name })}
        onCancel={() => setDialog(null)}
        onConfirm={() => void deleteCollector()}
        confirmVariant="danger"
        busy={removeState.isLoading}
        labels={{ confirm: t('collectors.actions.delete') }}
      >
        <p>{t('collectors.delete.text')}</p>
      </Modal>
    </section>
  );
}
