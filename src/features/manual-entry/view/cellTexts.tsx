import { CircleAlert, Clock, GitCompareArrows, LoaderCircle, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManualEntryCell, ManualEntryEntries } from '../../../api/generated/historian.gen';
import { formatDateTime } from '../../../lib/intlFormat';
import { cellKey } from './cellValues';
import type { GridCol, GridRow, ReadOnlyReason } from './gridModel';

/** A value typed here that the grid shows instead of the server's: on its way, waiting, or refused. */
export interface CellState {
  value: number | string | boolean | null;
  status: 'reason' | 'sending' | 'sent' | 'waiting' | 'conflict' | 'error';
  /** The server's refusal, translated. */
  message?: string;
}

const ICON = { size: 14, 'aria-hidden': true, focusable: 'false' } as const;

/** The grid's words about a cell: its header, why it is read-only, who typed it, what became of an entry. */
export function useCellTexts(entries: ManualEntryEntries) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const limit = entries.EditLimit ?? '';

  const readOnly = (reason: ReadOnlyReason | null): string => {
    switch (reason) {
      case 'no_level':
        return t('manual_entry.view.readonly_no_level');
      case 'not_editable':
        return t('manual_entry.view.readonly_not_editable');
      case 'periodic':
        return t('manual_entry.view.readonly_periodic');
      case 'other_type':
        return t('manual_entry.view.readonly_other_type');
      case 'too_old_default':
        return t('manual_entry.view.readonly_too_old_default', { limit });
      case 'too_old_elevated':
        return t('manual_entry.view.readonly_too_old_elevated', { limit });
      default:
        return '';
    }
  };

  const stateText = (state: CellState): string => {
    switch (state.status) {
      case 'reason':
        return t('manual_entry.view.state_reason');
      case 'sending':
        return t('manual_entry.view.state_sending');
      case 'sent':
        return '';
      case 'waiting':
        return t('manual_entry.view.state_waiting');
      case 'conflict':
        return t('manual_entry.view.state_conflict');
      case 'error':
        return state.message ?? t('manual_entry.view.send_failed');
    }
  };

  const typedBy = (cell: ManualEntryCell | undefined): string =>
    cell?.Manual ? t('manual_entry.view.typed_by', { name: cell.UpdatedBy ?? t('manual_entry.view.someone'), time: cell.UpdatedAt ? formatDateTime(cell.UpdatedAt, locale) : '' }) : '';

  const describe = (reason: ReadOnlyReason | null, cell: ManualEntryCell | undefined, state: CellState | undefined): string =>
    [state ? stateText(state) : '', reason === 'fixed' ? '' : readOnly(reason), typedBy(cell)].filter(Boolean).join(' · ');

  const stateIcon = (state: CellState): ReactNode => {
    if (state.status === 'sent') return null;
    const label = stateText(state);
    const icon =
      state.status === 'sending' ? (
        <LoaderCircle {...ICON} />
      ) : state.status === 'waiting' ? (
        <Clock {...ICON} />
      ) : state.status === 'conflict' ? (
        <GitCompareArrows {...ICON} />
      ) : state.status === 'reason' ? (
        <MessageSquareText {...ICON} />
      ) : (
        <CircleAlert {...ICON} />
      );
    return (
      <span className={`me-state-icon me-state-icon-${state.status}`} role="img" aria-label={label} title={label}>
        {icon}
      </span>
    );
  };

  const header = (col: GridCol): ReactNode => {
    if (col.kind === 'value') {
      return (
        <>
          <span className="me-header-name">{col.column.Name}</span>
          {col.column.Unit && <span className="me-unit">{col.column.Unit}</span>}
        </>
      );
    }
    switch (col.field) {
      case 'expander':
        return <span className="visually-hidden">{t('manual_entry.view.charts')}</span>;
      case 'asset':
        return t('manual_entry.view.asset');
      case 'start':
        return t('manual_entry.view.start');
      case 'stop':
        return t('manual_entry.view.stop');
      case 'status':
        return t('manual_entry.view.status');
      case 'timestamp':
        return t('manual_entry.view.timestamp');
    }
  };

  /** The line under the grid about the active cell: why it is read-only, who typed it, the refusal. */
  const activeInfo = (row: GridRow | undefined, col: GridCol | undefined, states: ReadonlyMap<string, CellState>, reason: ReadOnlyReason | null): string => {
    if (!row || !col || col.kind !== 'value') return '';
    const text = describe(reason, row.cells[col.column.Key], states.get(cellKey(row.key, col.column.Key)));
    return text ? `${col.column.Name}: ${text}` : '';
  };

  return { describe, stateIcon, header, activeInfo };
}
