import { ChartLine, CircleAlert, CircleCheck, Pause, Play, Tags, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMeasurementsLabelsMutation, useUpdateMeasurementsStatusMutation } from '../../api/areas/measurements';
import type { MeasurementBulkResult } from '../../api/generated/historian.gen';
import { Modal } from '../../components/Modal/Modal';
import { bulkOutcome, type BulkAction, type BulkOutcome } from './bulkResults';
import { LabelsDialog } from './LabelsDialog';
import { useSelectedIds, type RowSelection } from './rowSelection';

export interface BulkBarProps {
  selection: RowSelection;
  canManage: boolean;
  /** The name of a listed measurement, for the results; the labels it carries, for the labels dialog. */
  nameOf: (uuid: string) => string | undefined;
  labelsOf: (uuid: string) => readonly string[];
  onTrend: (uuids: readonly string[]) => void;
}

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

/**
 * The actions on the chosen measurements: pause, resume, delete (after a confirmation), labels,
 * and a trend of them. A bulk call answers per measurement; the bar says how many were changed
 * and which were not, and why, and keeps those chosen so the user can try again.
 */
export function BulkBar({ selection, canManage, nameOf, labelsOf, onTrend }: BulkBarProps) {
  const { t } = useTranslation();
  const chosen = useSelectedIds(selection);
  const [changeStatus, statusState] = useUpdateMeasurementsStatusMutation();
  const [changeLabels, labelsState] = useUpdateMeasurementsLabelsMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const busy = statusState.isLoading || labelsState.isLoading;

  const finish = (action: BulkAction, result: { data?: MeasurementBulkResult; error?: unknown }) => {
    if (!result.data) return;
    const next = bulkOutcome(action, result.data, nameOf);
    setOutcome(next);
    selection.set(next.failed.map((item) => item.uuid));
  };
  const setStatus = async (action: 'pause' | 'resume' | 'delete') => {
    const Status = action === 'pause' ? 'Paused' : action === 'resume' ? 'Active' : 'Deleted';
    finish(action, await changeStatus({ measurementStatusChange: { UUIDs: [...chosen], Status } }));
  };
  const setLabels = async (add: readonly string[], remove: readonly string[]) => {
    setLabelsOpen(false);
    finish('labels', await changeLabels({ measurementLabelsChange: { UUIDs: [...chosen], Add: [...add], Remove: [...remove] } }));
  };

  if (chosen.length === 0 && !outcome) return null;
  return (
    <div className="measurement-bulk" role="region" aria-label={t('measurements.bulk.label')}>
      {chosen.length > 0 && (
        <div className="measurement-bulk-actions">
          <span className="measurement-bulk-count" aria-live="polite">
            {t('measurements.bulk.chosen', { count: chosen.length })}
          </span>
          <button type="button" onClick={() => onTrend(chosen)}>
            <ChartLine {...ICON} />
            {t('measurements.bulk.trend')}
          </button>
          {canManage && (
            <>
              <button type="button" disabled={busy} onClick={() => void setStatus('pause')}>
                <Pause {...ICON} />
                {t('measurements.bulk.pause')}
              </button>
              <button type="button" disabled={busy} onClick={() => void setStatus('resume')}>
                <Play {...ICON} />
                {t('measurements.bulk.resume')}
              </button>
              <button type="button" disabled={busy} onClick={() => setLabelsOpen(true)}>
                <Tags {...ICON} />
                {t('measurements.bulk.labels')}
              </button>
              <button type="button" className="danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
                <Trash2 {...ICON} />
                {t('measurements.bulk.delete')}
              </button>
            </>
          )}
          <button type="button" className="measurement-bulk-clear" onClick={() => selection.clear()}>
            <X {...ICON} />
            {t('measurements.bulk.clear')}
          </button>
        </div>
      )}
      {outcome && <BulkOutcomeReport outcome={outcome} onDismiss={() => setOutcome(null)} />}
      <Modal
        open={confirmDelete}
        title={t('measurements.bulk.delete_title', { count: chosen.length })}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void setStatus('delete');
        }}
        confirmVariant="danger"
        labels={{ confirm: t('measurements.bulk.delete_confirm', { count: chosen.length }) }}
      >
        <p>{t('measurements.bulk.delete_text', { count: chosen.length })}</p>
      </Modal>
      {labelsOpen && <LabelsDialog current={[...new Set(chosen.flatMap(labelsOf))].sort()} count={chosen.length} onCancel={() => setLabelsOpen(false)} onApply={(add, remove) => void setLabels(add, remove)} />}
    </div>
  );
}

function BulkOutcomeReport({ outcome, onDismiss }: { outcome: BulkOutcome; onDismiss: () => void }) {
  const { t } = useTranslation();
  const failed = outcome.failed.length;
  const verbs: Record<BulkAction, string> = {
    pause: t('measurements.bulk.done_pause', { count: outcome.done }),
    resume: t('measurements.bulk.done_resume', { count: outcome.done }),
    delete: t('measurements.bulk.done_delete', { count: outcome.done }),
    labels: t('measurements.bulk.done_labels', { count: outcome.done }),
  };
  return (
    <div className={failed > 0 ? 'measurement-bulk-outcome measurement-bulk-outcome-failed' : 'measurement-bulk-outcome'} role="status">
      <p className="measurement-bulk-outcome-summary">
        {failed > 0 ? <CircleAlert {...ICON} /> : <CircleCheck {...ICON} />}
        <span>
          {verbs[outcome.action]}
          {failed > 0 && ` ${t('measurements.bulk.failed', { count: failed })}`}
        </span>
        <button type="button" className="measurement-bulk-dismiss" aria-label={t('measurements.bulk.dismiss')} title={t('measurements.bulk.dismiss')} onClick={onDismiss}>
          <X {...ICON} />
        </button>
      </p>
      {failed > 0 && (
        <ul className="measurement-bulk-failures">
          {outcome.failed.map((item) => (
            <li key={item.uuid}>
              <strong>{item.name}</strong>: {item.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
