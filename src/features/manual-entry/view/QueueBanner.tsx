import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { QueuedEntry } from '../../../state/manualEntryQueue';

interface QueueBannerProps {
  items: readonly QueuedEntry[];
  /** Entries of other users of this device for this form: counted, never shown or sent. */
  othersWaiting: number;
  onReview: () => void;
  onSendNow: () => void;
}

/** How many entries wait and why (SPEC §5 offline entries). */
export function QueueBanner({ items, othersWaiting, onReview, onSendNow }: QueueBannerProps) {
  const { t } = useTranslation();
  const waiting = items.filter((item) => !item.conflict && !item.failure);
  const decisions = items.length - waiting.length;
  if (waiting.length === 0 && decisions === 0 && othersWaiting === 0) return null;
  const session = waiting.some((item) => item.cause === 'session');
  return (
    <div className="me-banner" role="status">
      <CloudOff size={18} aria-hidden="true" />
      <div className="me-banner-text">
        {waiting.length > 0 && (
          <p>
            {session ? t('manual_entry.queue.waiting_session', { count: waiting.length }) : t('manual_entry.queue.waiting_offline', { count: waiting.length })}{' '}
            <button type="button" className="link-button" onClick={onSendNow}>
              {t('manual_entry.queue.send_now')}
            </button>
          </p>
        )}
        {decisions > 0 && (
          <p>
            {t('manual_entry.queue.decisions', { count: decisions })}{' '}
            <button type="button" className="link-button" onClick={onReview}>
              {t('manual_entry.queue.review')}
            </button>
          </p>
        )}
        {othersWaiting > 0 && <p className="muted">{t('manual_entry.queue.others', { count: othersWaiting })}</p>}
      </div>
    </div>
  );
}
