import type { TFunction } from 'i18next';
import { CircleCheck, Hourglass, PenLine, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventStatus } from '../../api/generated/historian.gen';
import './eventDisplay.css';

export const EVENT_STATUSES: readonly EventStatus[] = ['open', 'pending', 'incomplete', 'processed'];

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

// DOMAIN.md §0.4: open is "running", pending waits for late data, incomplete waits for a value
// typed by hand. Each has its own shape as well as its own colour, so it reads without colour.
const SHAPES: Record<EventStatus, ReactNode> = {
  open: <Play {...ICON} />,
  pending: <Hourglass {...ICON} />,
  incomplete: <PenLine {...ICON} />,
  processed: <CircleCheck {...ICON} />,
};

const LABEL_KEYS = {
  open: 'events.status.open',
  pending: 'events.status.pending',
  incomplete: 'events.status.incomplete',
  processed: 'events.status.processed',
} as const satisfies Record<EventStatus, string>;

/** The translated name of an event status. */
export const eventStatusLabel = (status: EventStatus, t: TFunction) => t(LABEL_KEYS[status]);

/** Without hooks, for table cells (thousands mount while scrolling). */
export function renderEventStatusIcon(status: EventStatus, label: string, showLabel = false): ReactNode {
  return (
    <span className={`event-status event-status-${status}`} role={showLabel ? undefined : 'img'} aria-label={showLabel ? undefined : label} title={label}>
      {SHAPES[status]}
      {showLabel && <span className="event-status-label">{label}</span>}
    </span>
  );
}

/** The event status icons of the overview: running, pending, waiting for input, processed. */
export function EventStatusIcon({ status, showLabel = false }: { status: EventStatus; showLabel?: boolean }) {
  const { t } = useTranslation();
  return renderEventStatusIcon(status, eventStatusLabel(status, t), showLabel);
}
