import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface CardActionsProps {
  /** What the card is, as the buttons name it ("Move Plant/Reactor 1 · Batch up"). */
  title: string;
  /** The remove button's name, already translated (a group and a configuration word it apart). */
  removeLabel: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** Move up, move down and remove: the header buttons of a configuration card and of a group card. */
export function CardActions({ title, removeLabel, index, count, onMove, onRemove }: CardActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="me-card-actions">
      <button type="button" className="me-icon-button" aria-label={t('manual_entry.config.move_up', { name: title })} title={t('manual_entry.config.move_up_short')} disabled={index === 0} onClick={() => onMove(-1)}>
        <ArrowUp size={16} aria-hidden="true" focusable="false" />
      </button>
      <button type="button" className="me-icon-button" aria-label={t('manual_entry.config.move_down', { name: title })} title={t('manual_entry.config.move_down_short')} disabled={index === count - 1} onClick={() => onMove(1)}>
        <ArrowDown size={16} aria-hidden="true" focusable="false" />
      </button>
      <button type="button" className="me-icon-button" aria-label={removeLabel} title={t('manual_entry.config.remove')} onClick={onRemove}>
        <Trash2 size={16} aria-hidden="true" focusable="false" />
      </button>
    </div>
  );
}
