import { CircleCheck, CircleMinus, PenLine, RefreshCw, Unlink, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PrototypeLinkStatus } from '../../../api/generated/historian.gen';
import './linkStatus.css';

/** The five link statuses (server/prototypes/README.md), in the order the filters list them. */
export const LINK_STATUSES: readonly PrototypeLinkStatus[] = ['Applied', 'NeedsUpdate', 'Overridden', 'Deleted', 'NotLinked'];

// Each status has its own shape as well as its colour, so it reads without colour vision.
const ICONS: Record<PrototypeLinkStatus, LucideIcon> = { NotLinked: Unlink, Applied: CircleCheck, NeedsUpdate: RefreshCw, Overridden: PenLine, Deleted: CircleMinus };

export function linkStatusLabel(t: TFunction, status: PrototypeLinkStatus): string {
  switch (status) {
    case 'NotLinked':
      return t('assets.link_status.NotLinked');
    case 'Applied':
      return t('assets.link_status.Applied');
    case 'NeedsUpdate':
      return t('assets.link_status.NeedsUpdate');
    case 'Overridden':
      return t('assets.link_status.Overridden');
    case 'Deleted':
      return t('assets.link_status.Deleted');
  }
}

export function linkStatusExplanation(t: TFunction, status: PrototypeLinkStatus): string {
  switch (status) {
    case 'NotLinked':
      return t('assets.link_status_help.NotLinked');
    case 'Applied':
      return t('assets.link_status_help.Applied');
    case 'NeedsUpdate':
      return t('assets.link_status_help.NeedsUpdate');
    case 'Overridden':
      return t('assets.link_status_help.Overridden');
    case 'Deleted':
      return t('assets.link_status_help.Deleted');
  }
}

export interface LinkStatusBadgeProps {
  status: PrototypeLinkStatus;
  /** Only the icon (dense tables); the label stays the accessible name and the tooltip. */
  compact?: boolean;
}

/** A linked item's status against its prototype: icon, label, and a tooltip saying what it means. */
export function LinkStatusBadge({ status, compact = false }: LinkStatusBadgeProps) {
  const { t } = useTranslation();
  const Icon = ICONS[status];
  const label = linkStatusLabel(t, status);
  const explanation = linkStatusExplanation(t, status);
  return (
    <span className={`link-status link-status-${status}${compact ? ' link-status-compact' : ''}`} title={`${label}: ${explanation}`} data-status={status}>
      <Icon aria-hidden="true" focusable="false" size={14} />
      {compact ? <span className="visually-hidden">{label}</span> : label}
    </span>
  );
}
