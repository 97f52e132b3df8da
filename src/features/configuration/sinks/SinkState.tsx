import { CirclePause, CirclePlay, Power, PowerOff } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ConnectorKind, ServiceState } from '../../../api/generated/historian.gen';
import type { DataTableAction } from '../../../components/DataTable/types';
import { formatDateTime } from '../../../lib/intlFormat';
import { DeleteIcon, EditIcon } from '../access/pageHelpers';

/** Running or stopped, with its icon. */
export function ServiceStateLabel({ state }: { state: ServiceState }) {
  const { t } = useTranslation();
  return (
    <span className={`sink-state sink-state-${state}`}>
      {state === 'running' ? <CirclePlay size={16} aria-hidden="true" /> : <CirclePause size={16} aria-hidden="true" />}
      {state === 'running' ? t('sinks.states.running') : t('sinks.states.stopped')}
    </span>
  );
}

export const stateToggleIcon = (state: ServiceState) => (state === 'running' ? <PowerOff size={16} aria-hidden="true" /> : <Power size={16} aria-hidden="true" />);

/** The time alone when it is today, else the short date and time: for the narrow list cells. */
export const compactDateTime = (iso: string, locale: string, now: Date = new Date()): string => {
  const date = new Date(iso);
  const today = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return new Intl.DateTimeFormat(locale, today ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' }).format(date);
};

/** A time in the user's locale, or a muted dash; compact in list cells, the full time in its tooltip. */
export function When({ iso, compact = false }: { iso: string | null | undefined; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  if (!iso) return <span className="muted">{t('sinks.never')}</span>;
  const full = formatDateTime(iso, i18n.language);
  if (!compact) return <time dateTime={iso}>{full}</time>;
  return (
    <time dateTime={iso} title={full}>
      {compactDateTime(iso, i18n.language)}
    </time>
  );
}

export const nextState = (state: ServiceState): ServiceState => (state === 'running' ? 'stopped' : 'running');

export const kindLabel = (kind: ConnectorKind, t: TFunction): string => (kind === 'SparkplugB' ? t('sinks.kinds.SparkplugB') : t('sinks.kinds.MQTT'));

interface ServiceRow {
  UUID: string;
  Name: string;
  State: ServiceState;
}

export interface ServiceRowActionLabels<Row> {
  startStop: string;
  /** "Stop <name>" or "Start <name>", for the row's state. */
  toggleFor: (row: Row) => string;
  edit: string;
  delete: string;
}

/**
 * The row actions of the sinks and forwarders lists: start or stop (MANAGE_SINKS), edit (or view
 * without it), delete (MANAGE_SINKS).
 */
export function serviceRowActions<Row extends ServiceRow>(options: {
  canManage: boolean;
  labels: ServiceRowActionLabels<Row>;
  onState: (row: Row, state: ServiceState) => void;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
}): DataTableAction<Row>[] {
  const { canManage, labels } = options;
  const edit: DataTableAction<Row> = { id: 'edit', label: labels.edit, icon: <EditIcon />, onAction: options.onEdit };
  if (!canManage) return [edit];
  return [
    {
      id: 'state',
      label: labels.startStop,
      icon: stateToggleIcon('stopped'),
      labelFor: labels.toggleFor,
      iconFor: (row: Row) => stateToggleIcon(row.State),
      onAction: (row: Row) => options.onState(row, nextState(row.State)),
    },
    edit,
    { id: 'delete', label: labels.delete, icon: <DeleteIcon />, onAction: options.onDelete },
  ];
}
