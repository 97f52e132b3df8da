import { X } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetEventPropertyConfigurationsQuery } from '../../../api/areas/eventConfigurations';
import { useGetEventQuery } from '../../../api/areas/events';
import type { Event } from '../../../api/generated/historian.gen';
import { formatEventDuration } from '../shared/duration';
import { EventStatusIcon } from '../../../components/events/EventStatusIcon';
import { EventPropertyRow } from './EventPropertyRow';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface EventDrawerProps {
  uuid: string;
  /** The row the list holds, shown while the event itself loads. */
  listed: Event | undefined;
  canManage: boolean;
  /** The property configurations (Datatype, PossibleValues) need READ_EVENT_CONFIGURATIONS. */
  canReadConfigurations: boolean;
  onClose: () => void;
}

/** One event's details: its times, and every property with its value, markers and (with MANAGE_EVENTS) an edit. */
export function EventDrawer({ uuid, listed, canManage, canReadConfigurations, onClose }: EventDrawerProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { data, error } = useGetEventQuery({ id: uuid });
  const event = data ?? listed;
  const { data: configurations } = useGetEventPropertyConfigurationsQuery({ eventConfigurationUuiDs: event ? [event.EventConfigurationUUID] : [], limit: 1000 }, { skip: !event || !canReadConfigurations });
  const closeOnEscape = (keyEvent: KeyboardEvent<HTMLElement>) => {
    if (keyEvent.key === 'Escape' && !keyEvent.defaultPrevented) {
      keyEvent.stopPropagation();
      onClose();
    }
  };
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  // Every property the event holds, and those configured that have no value yet (waiting for input).
  const names = event ? [...new Set([...Object.keys(event.Properties), ...(configurations ?? []).map((item) => item.PropertyName ?? '').filter((name) => name !== '')])].sort() : [];
  return (
    <aside className="event-drawer" aria-labelledby={titleId} onKeyDown={closeOnEscape}>
      <div className="event-drawer-header">
        <h2 id={titleId}>
          {event && <EventStatusIcon status={event.Status} />}
          <span className="event-drawer-title">{event ? event.EventTypeName : t('events.details.loading_title')}</span>
        </h2>
        <button type="button" className="icon-button" aria-label={t('events.details.close')} title={t('events.details.close')} onClick={onClose}>
          <X {...ICON} />
        </button>
      </div>
      <div className="event-drawer-body">
        {!event ? (
          error ? <p role="alert">{t('events.details.load_failed')}</p> : <p role="status">{t('events.overview.loading')}</p>
        ) : (
          <>
            <dl className="event-facts">
              <dt>{t('events.details.asset')}</dt>
              <dd>{event.AssetPath}</dd>
              <dt>{t('events.details.status')}</dt>
              <dd>
                <EventStatusIcon status={event.Status} showLabel />
              </dd>
              <dt>{t('events.details.start')}</dt>
              <dd>{time.format(new Date(event.StartTime))}</dd>
              <dt>{t('events.details.stop')}</dt>
              <dd>{event.StopTime ? time.format(new Date(event.StopTime)) : t('events.overview.running')}</dd>
              <dt>{t('events.details.duration')}</dt>
              <dd>{event.Duration === null ? t('events.overview.running') : formatEventDuration(event.Duration, i18n.language)}</dd>
              <dt>{t('events.details.source')}</dt>
              <dd>{event.Source === 'manual' ? t('events.details.source_manual') : t('events.details.source_auto')}</dd>
            </dl>
            <h3 className="event-drawer-section">{t('events.details.properties')}</h3>
            {names.length === 0 ? (
              <p className="muted">{t('events.details.no_properties')}</p>
            ) : (
              <ul className="event-properties" aria-label={t('events.details.properties')}>
                {names.map((name) => (
                  <EventPropertyRow key={name} event={event} name={name} value={event.Properties[name]} configuration={configurations?.find((item) => item.PropertyName === name)} canManage={canManage} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </aside>
  );
}
