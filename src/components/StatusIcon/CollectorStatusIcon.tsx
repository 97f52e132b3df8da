import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ItemStatus } from '../../api/generated/historian.gen';
import './StatusIcon.css';

export type CollectorStatus = ItemStatus;

export interface CollectorStatusIconProps {
  status: CollectorStatus;
  /** Shows the status name beside the icon; otherwise it is the icon's accessible name only. */
  showLabel?: boolean;
}

// Each status has its own shape as well as its own colour, so it reads without colour vision.
const SHAPES: Record<CollectorStatus, ReactNode> = {
  Active: (
    <>
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M4.5 8.2l2.3 2.3 4.7-4.9" fill="none" stroke="var(--color-surface)" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  Initial: (
    <>
      <circle cx="8" cy="8" r="6.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8 4.5V8l2.3 1.6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
  Paused: (
    <>
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <rect x="5.2" y="4.6" width="1.9" height="6.8" rx="0.5" fill="var(--color-surface)" />
      <rect x="8.9" y="4.6" width="1.9" height="6.8" rx="0.5" fill="var(--color-surface)" />
    </>
  ),
  Deleted: (
    <>
      <rect x="1" y="1" width="14" height="14" rx="3" fill="currentColor" />
      <path d="M5.2 5.2l5.6 5.6M10.8 5.2l-5.6 5.6" stroke="var(--color-surface)" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
};

const CLASS: Record<CollectorStatus, string> = {
  Active: 'status-active',
  Initial: 'status-initial',
  Paused: 'status-paused',
  Deleted: 'status-deleted',
};

// The translation keys of the four statuses, written out.
const LABEL_KEYS = {
  Active: 'status.active',
  Initial: 'status.initial',
  Paused: 'status.paused',
  Deleted: 'status.deleted',
} as const satisfies Record<CollectorStatus, string>;

/** The translated name of a status (collectors and organizations share the four). */
export const collectorStatusLabel = (status: CollectorStatus, t: TFunction) => t(LABEL_KEYS[status]);
export const itemStatusLabel: (status: ItemStatus, t: TFunction) => string = collectorStatusLabel;

/**
 * The icon without hooks, for table cells: a table mounts thousands of them while scrolling, and
 * a translation hook per cell costs more than the icon itself.
 */
export function renderCollectorStatusIcon(status: CollectorStatus, label: string, showLabel = false): ReactNode {
  return (
    <span className={`status-icon ${CLASS[status]}`}>
      <svg
        viewBox="0 0 16 16"
        width="16"
        height="16"
        focusable="false"
        role={showLabel ? undefined : 'img'}
        aria-label={showLabel ? undefined : label}
        aria-hidden={showLabel ? true : undefined}
      >
        {SHAPES[status]}
      </svg>
      {showLabel && <span className="status-label">{label}</span>}
    </span>
  );
}

/** The collector status icons of SPEC §2: Active, Initial, Deleted and Paused. */
export function CollectorStatusIcon({ status, showLabel = false }: CollectorStatusIconProps) {
  const { t } = useTranslation();
  return renderCollectorStatusIcon(status, collectorStatusLabel(status, t), showLabel);
}
