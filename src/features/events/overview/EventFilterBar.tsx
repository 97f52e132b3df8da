import { FilterX, SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiFilter } from '../../../components/ListControls/MultiFilter';
import { TimeRangePicker } from '../../../components/trend/TimeRangePicker';
import type { EventChoices } from '../shared/eventChoices';
import { EVENT_STATUSES, eventStatusLabel } from '../../../components/events/EventStatusIcon';
import { hasFilters, type EventFilters } from './eventFilters';
import { PropertyFilterBuilder } from './PropertyFilterBuilder';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface EventFilterBarProps {
  filters: EventFilters;
  choices: EventChoices;
  onChange: (filters: EventFilters) => void;
}

/** Above the overview and the timeline: the range, types, statuses, assets, configuration, manual events and property conditions. */
export function EventFilterBar({ filters, choices, onChange }: EventFilterBarProps) {
  const { t } = useTranslation();
  const manualId = useId();
  const summary = (count: number) => (count === 0 ? t('events.overview.filters.any') : t('events.overview.filters.chosen', { count }));
  const conditions = filters.properties.length;
  return (
    <div className="event-filters" role="group" aria-label={t('events.overview.filters.label')}>
      <TimeRangePicker from={filters.from} to={filters.to} onChange={(bounds) => onChange({ ...filters, ...bounds })} />
      <div className="event-filter-choices">
        <MultiFilter
          label={t('events.overview.filters.types')}
          options={choices.types}
          selected={filters.types}
          summary={summary(filters.types.length)}
          emptyText={t('events.overview.filters.nothing_to_choose')}
          onChange={(types) => onChange({ ...filters, types })}
        />
        <MultiFilter
          label={t('events.overview.filters.statuses')}
          options={EVENT_STATUSES.map((status) => ({ value: status, label: eventStatusLabel(status, t) }))}
          selected={filters.statuses}
          summary={summary(filters.statuses.length)}
          onChange={(values) => onChange({ ...filters, statuses: EVENT_STATUSES.filter((status) => values.includes(status)) })}
        />
        <MultiFilter
          label={t('events.overview.filters.assets')}
          options={choices.assets}
          selected={filters.assets}
          summary={summary(filters.assets.length)}
          emptyText={t('events.overview.filters.nothing_to_choose')}
          onChange={(assets) => onChange({ ...filters, assets })}
        />
        <MultiFilter
          label={t('events.overview.filters.configurations')}
          options={choices.configurations}
          selected={filters.configurations}
          summary={summary(filters.configurations.length)}
          emptyText={t('events.overview.filters.nothing_to_choose')}
          onChange={(configurations) => onChange({ ...filters, configurations })}
        />
        <span className="event-filter-check">
          <input id={manualId} type="checkbox" checked={filters.excludeManual} onChange={(event) => onChange({ ...filters, excludeManual: event.target.checked })} />
          <label htmlFor={manualId}>{t('events.overview.filters.exclude_manual')}</label>
        </span>
        <details className="event-filter-properties">
          <summary>
            <SlidersHorizontal {...ICON} />
            {t('events.overview.filters.properties')}
            <span className="muted">{summary(conditions)}</span>
          </summary>
          <PropertyFilterBuilder key={JSON.stringify(filters.properties)} conditions={filters.properties} onApply={(properties) => onChange({ ...filters, properties })} />
        </details>
        <button type="button" className="event-clear-filters" disabled={!hasFilters(filters)} onClick={() => onChange({ ...filters, types: [], statuses: [], assets: [], configurations: [], excludeManual: false, properties: [] })}>
          <FilterX {...ICON} />
          {t('events.overview.filters.clear')}
        </button>
      </div>
    </div>
  );
}
