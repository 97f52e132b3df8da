import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManualEntryColumn } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { formatDateTime } from '../../../lib/intlFormat';
import type { QueuedEntry } from '../../../state/manualEntryQueue';
import { formatValue } from './cellValues';

interface ConflictDialogProps {
  open: boolean;
  /** The signed-in user's entries of this form that the server did not take. */
  items: readonly QueuedEntry[];
  columns: readonly ManualEntryColumn[];
  onKeep: (id: string, reason?: string) => void;
  onTakeServer: (id: string) => void;
  onClose: () => void;
}

/**
 * Entries whose cell changed on the server since they were typed (409), side by side: yours (the
 * value and when you typed it) and the server's (the value, who, when). "Keep mine" sends it again
 * expecting the server's value; "Take the server's" drops it. Refused entries are listed too.
 */
export function ConflictDialog({ open, items, columns, onKeep, onTakeServer, onClose }: ConflictDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open && items.length > 0} title={t('manual_entry.view.conflicts_title', { count: items.length })} onCancel={onClose} labels={{ cancel: t('manual_entry.view.later') }} width="720px">
      <ul className="me-conflicts">
        {items.map((item) => (
          <ConflictItem key={item.id} item={item} column={columns.find((column) => column.Key === item.write.key)} onKeep={onKeep} onTakeServer={onTakeServer} />
        ))}
      </ul>
    </Modal>
  );
}

function ConflictItem({ item, column, onKeep, onTakeServer }: { item: QueuedEntry; column?: ManualEntryColumn; onKeep: ConflictDialogProps['onKeep']; onTakeServer: ConflictDialogProps['onTakeServer'] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState(item.reason ?? '');
  const locale = i18n.language;
  const yesNo = { yes: t('manual_entry.view.yes'), no: t('manual_entry.view.no') };
  const show = (value: QueuedEntry['write']['value'] | undefined) => {
    const text = column ? formatValue(column, value, locale, yesNo) : String(value ?? '');
    return text === '' ? t('manual_entry.view.empty') : text;
  };
  const name = column?.Name ?? item.write.key;
  const at = item.write.kind === 'value' ? formatDateTime(item.write.timestamp, locale) : '';
  const title = at ? `${name} · ${at}` : name;
  const { conflict, failure } = item;
  // Overwriting the server's value replaces it: the server asks for a reason.
  const needsReason = conflict ? conflict.current !== null && conflict.current !== item.write.value : false;
  return (
    <li className="me-conflict" aria-label={title}>
      <h3>{title}</h3>
      {conflict ? (
        <>
          <div className="me-conflict-sides">
            <section aria-label={t('manual_entry.view.yours')}>
              <h4>{t('manual_entry.view.yours')}</h4>
              <p className="me-conflict-value">{show(item.write.value)}</p>
              <p className="muted">{t('manual_entry.view.typed_at', { time: formatDateTime(item.queuedAt, locale) })}</p>
            </section>
            <section aria-label={t('manual_entry.view.servers')}>
              <h4>{t('manual_entry.view.servers')}</h4>
              <p className="me-conflict-value">{show(conflict.current)}</p>
              <p className="muted">
                {t('manual_entry.view.changed_by', { name: conflict.updatedBy ?? t('manual_entry.view.someone'), time: conflict.updatedAt ? formatDateTime(conflict.updatedAt, locale) : '' })}
              </p>
            </section>
          </div>
          {needsReason && (
            <div className="me-conflict-reason">
              <label htmlFor={id}>{t('manual_entry.view.reason')}</label>
              <input id={id} value={reason} onChange={(event) => setReason(event.target.value)} />
            </div>
          )}
          <div className="me-conflict-actions">
            <button type="button" className="primary" disabled={needsReason && !reason.trim()} title={needsReason && !reason.trim() ? t('manual_entry.view.reason_needed') : undefined} onClick={() => onKeep(item.id, reason.trim() || undefined)}>
              {t('manual_entry.view.keep_mine')}
            </button>
            <button type="button" onClick={() => onTakeServer(item.id)}>
              {t('manual_entry.view.take_servers')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            {t('manual_entry.view.refused', { value: show(item.write.value) })} <span className="field-error">{failure ? t(failure.code, { ...failure.params, defaultValue: failure.params?.detail ?? failure.code }) : ''}</span>
          </p>
          <div className="me-conflict-actions">
            <button type="button" onClick={() => onTakeServer(item.id)}>
              {t('manual_entry.view.discard')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}
