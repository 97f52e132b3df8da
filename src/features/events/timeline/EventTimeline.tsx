import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../api/generated/historian.gen';
import { eventSeconds, formatEventDuration } from '../shared/duration';
import { eventStatusLabel } from '../../../components/events/EventStatusIcon';
import { axisTicks, barPlace, timelineLanes } from './timelineLanes';
import './timeline.css';

export interface EventTimelineProps {
  events: readonly Event[];
  range: { start: number; end: number };
  /** Open events run to now. */
  now: number;
  onOpen: (event: Event) => void;
}

/** The first simple property by name: what a bar's tooltip names besides the times. */
function mainProperty(event: Event): [string, string] | null {
  const name = Object.keys(event.Properties)
    .filter((key) => !event.Properties[key].Series && event.Properties[key].Value !== null)
    .sort()[0];
  if (name === undefined) return null;
  return [name, String(event.Properties[name].Value)];
}

/**
 * The Gantt view of the events (DOMAIN.md §4 Design): per asset, one lane per configuration,
 * bars from start to stop coloured by status (open ones hatched, running to now). Every bar is a
 * button: Tab reaches it, arrows move along its lane, hover or focus shows its tooltip, Enter opens it.
 */
export function EventTimeline({ events, range, now, onOpen }: EventTimelineProps) {
  const { t, i18n } = useTranslation();
  const tooltipId = useId();
  const [shown, setShown] = useState<string | null>(null);
  const assets = useMemo(() => timelineLanes(events), [events]);
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);
  const tickFormat = useMemo(() => {
    const long = range.end - range.start > 2 * 86_400_000;
    return new Intl.DateTimeFormat(i18n.language, long ? { month: 'short', day: 'numeric' } : { hour: '2-digit', minute: '2-digit' });
  }, [i18n.language, range.end, range.start]);
  const ticks = useMemo(() => axisTicks(range), [range]);
  const span = range.end - range.start;

  const describe = (event: Event) => {
    const stop = event.StopTime ? time.format(new Date(event.StopTime)) : t('events.overview.running');
    return t('events.timeline.bar_label', { type: event.EventTypeName, start: time.format(new Date(event.StartTime)), stop, status: eventStatusLabel(event.Status, t) });
  };
  const moveAlongLane = (keyEvent: KeyboardEvent<HTMLButtonElement>) => {
    const step = keyEvent.key === 'ArrowRight' ? 1 : keyEvent.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const bars = [...(keyEvent.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('button.event-bar') ?? [])];
    const next = bars[bars.indexOf(keyEvent.currentTarget) + step];
    if (next) {
      keyEvent.preventDefault();
      next.focus();
    }
  };

  if (assets.length === 0) return <p className="event-timeline-empty" role="status">{t('events.timeline.empty')}</p>;
  return (
    <section className="event-timeline" aria-label={t('events.timeline.label')}>
      <div className="event-timeline-axis" aria-hidden="true">
        <span className="event-timeline-lane-label" />
        <div className="event-timeline-track">
          {ticks
            // A label at the very edge would be cut in half.
            .filter((tick) => (tick - range.start) / span > 0.03 && (tick - range.start) / span < 0.96)
            .map((tick) => (
              <span key={tick} className="event-timeline-tick" style={{ left: `${((tick - range.start) / span) * 100}%` }}>
                {tickFormat.format(tick)}
              </span>
            ))}
          {now >= range.start && now <= range.end && <span className="event-timeline-now" style={{ left: `${((now - range.start) / span) * 100}%` }} />}
        </div>
      </div>
      {assets.map((asset) => (
        <div key={asset.assetUuid} className="event-timeline-asset" role="group" aria-label={asset.assetPath}>
          <h3 className="event-timeline-asset-name">{asset.assetPath}</h3>
          {asset.lanes.map((lane) => (
            <div key={lane.configurationUuid} className="event-timeline-lane" role="group" aria-label={t('events.timeline.lane_label', { type: lane.typeName, asset: asset.assetPath })}>
              <span className="event-timeline-lane-label" title={lane.typeName}>
                {lane.typeName}
              </span>
              <div className="event-timeline-track">
                {ticks.map((tick) => (
                  <span key={tick} className="event-timeline-grid" style={{ left: `${((tick - range.start) / span) * 100}%` }} aria-hidden="true" />
                ))}
                {lane.events.map((event) => {
                  const place = barPlace(event, range, now);
                  if (!place) return null;
                  const main = mainProperty(event);
                  const open = shown === event.UUID;
                  return (
                    <button
                      key={event.UUID}
                      type="button"
                      className={open ? `event-bar event-bar-${event.Status} event-bar-shown` : `event-bar event-bar-${event.Status}`}
                      style={{ left: `${place.left * 100}%`, width: `max(4px, ${place.width * 100}%)` }}
                      aria-label={describe(event)}
                      aria-describedby={open ? tooltipId : undefined}
                      onMouseEnter={() => setShown(event.UUID)}
                      onMouseLeave={() => setShown((current) => (current === event.UUID ? null : current))}
                      onFocus={() => setShown(event.UUID)}
                      onBlur={() => setShown((current) => (current === event.UUID ? null : current))}
                      onKeyDown={moveAlongLane}
                      onClick={() => onOpen(event)}
                    >
                      {open && (
                        <span id={tooltipId} role="tooltip" className={place.left > 0.6 ? 'event-bar-tooltip event-bar-tooltip-end' : 'event-bar-tooltip'}>
                          <strong>{event.EventTypeName}</strong>
                          <span>
                            {time.format(new Date(event.StartTime))} – {event.StopTime ? time.format(new Date(event.StopTime)) : t('events.overview.running')}
                          </span>
                          <span>{t('events.timeline.duration', { duration: formatEventDuration(eventSeconds(event.StartTime, event.StopTime, now), i18n.language) })}</span>
                          <span>{eventStatusLabel(event.Status, t)}</span>
                          {main && <span>{t('events.timeline.property', { name: main[0], value: main[1] })}</span>}
                        </span>
                      )}
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      ))}
      <ul className="event-timeline-legend" aria-label={t('events.timeline.legend')}>
        {(['open', 'pending', 'incomplete', 'processed'] as const).map((status) => (
          <li key={status}>
            <span className={`event-bar-swatch event-bar-${status}`} aria-hidden="true" />
            {eventStatusLabel(status, t)}
          </li>
        ))}
      </ul>
    </section>
  );
}
