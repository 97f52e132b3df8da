import type { TFunction } from 'i18next';
import { CircleCheck, CircleDashed, CirclePause, CircleX, ScanSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MeasurementRead, MeasurementStatus } from '../../api/generated/historian.gen';

// Texts and icons of a measurement's status, quality and values, without hooks: a table mounts
// thousands of cells while scrolling, and a hook per cell costs more than the cell itself.

const STATUS_KEYS = {
  Active: 'status.active',
  Paused: 'status.paused',
  Deleted: 'status.deleted',
  Initial: 'status.initial',
  Discovered: 'measurements.status.discovered',
} as const satisfies Record<MeasurementStatus, string>;

export const statusLabel = (status: MeasurementStatus, t: TFunction): string => t(STATUS_KEYS[status]);

const ICON_PROPS = { size: 16, focusable: 'false', 'aria-hidden': true } as const;

// Each status has its own shape as well as its own colour, so it reads without colour vision.
const STATUS_ICONS: Record<MeasurementStatus, ReactNode> = {
  Active: <CircleCheck {...ICON_PROPS} />,
  Paused: <CirclePause {...ICON_PROPS} />,
  Deleted: <CircleX {...ICON_PROPS} />,
  Initial: <CircleDashed {...ICON_PROPS} />,
  Discovered: <ScanSearch {...ICON_PROPS} />,
};

/** The status icon with its name as accessible name (and beside it with `showLabel`). */
export function renderStatus(status: MeasurementStatus, t: TFunction, showLabel = false): ReactNode {
  const label = statusLabel(status, t);
  return (
    <span className={`measurement-status measurement-status-${status.toLowerCase()}`} role={showLabel ? undefined : 'img'} aria-label={showLabel ? undefined : label} title={label}>
      {STATUS_ICONS[status]}
      {showLabel && <span className="measurement-status-label">{label}</span>}
    </span>
  );
}

/** Good, or a Bad… code from the protocol; anything else the collector said is shown as it came. */
export const isGoodQuality = (quality: string | undefined): boolean => quality === undefined || quality === '' || quality === 'Good';

export function renderQuality(quality: string | undefined, t: TFunction): ReactNode {
  if (quality === undefined || quality === '') return null;
  return <span className={isGoodQuality(quality) ? 'measurement-quality-good' : 'measurement-quality-bad'}>{quality === 'Good' ? t('measurements.quality.good') : quality}</span>;
}

/** A point's value as its datatype has it: numbers in the user's locale, arrays and objects as JSON. */
export function formatValue(value: unknown, number: Intl.NumberFormat, t: TFunction): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return number.format(value);
  if (typeof value === 'boolean') return value ? t('measurements.value.true') : t('measurements.value.false');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function formatPointTime(point: MeasurementRead['LastPoint'], time: { format: (date: Date) => string }): string {
  return point ? time.format(new Date(point.Time)) : '';
}

/** Labels as chips. */
export function renderLabels(labels: readonly string[] | undefined): ReactNode {
  if (!labels || labels.length === 0) return null;
  return (
    <span className="measurement-labels">
      {labels.map((label) => (
        <span key={label} className="measurement-label">
          {label}
        </span>
      ))}
    </span>
  );
}
