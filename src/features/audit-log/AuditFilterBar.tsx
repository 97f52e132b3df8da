import { FilterX } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../components/ListControls/SearchBox';
import { actionLabel, areaLabel, KNOWN_AREAS, KNOWN_SUBJECT_TYPES, subjectTypeLabel } from './auditLabels';
import { AUDIT_ACTIONS, fromLocalInput, hasFilters, NO_FILTERS, presetFilters, toLocalInput, type AuditFilters, type TimePreset } from './auditFilters';
import { MultiFilter } from '../../components/ListControls/MultiFilter';

export interface AuditFilterBarProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}

/** Wanted values the console does not list (from a shared address) stay offered, so they can be unticked. */
const withChosen = (known: readonly string[], chosen: readonly string[]) => [...known, ...chosen.filter((value) => !known.includes(value))];

/** Above the audit log: the time span with its presets, actions, areas, subject types and user. */
export function AuditFilterBar({ filters, onChange }: AuditFilterBarProps) {
  const { t } = useTranslation();
  const chosenSummary = (count: number) => (count === 0 ? t('audit_log.filters.any') : t('audit_log.filters.chosen', { count }));
  const fromId = useId();
  const toId = useId();
  const orderId = useId();
  const presets: { id: TimePreset; label: string }[] = [
    { id: 'hour', label: t('audit_log.filters.last_hour') },
    { id: 'day', label: t('audit_log.filters.last_day') },
    { id: 'week', label: t('audit_log.filters.last_week') },
  ];
  return (
    <div className="audit-filters" role="group" aria-label={t('audit_log.filters.label')}>
      <div className="audit-filter-time">
        <label htmlFor={fromId}>{t('audit_log.filters.from')}</label>
        <input id={fromId} type="datetime-local" value={toLocalInput(filters.from)} max={toLocalInput(filters.to) || undefined} onChange={(event) => onChange({ ...filters, from: fromLocalInput(event.target.value) })} />
        <label htmlFor={toId}>{t('audit_log.filters.to')}</label>
        <input id={toId} type="datetime-local" value={toLocalInput(filters.to)} min={toLocalInput(filters.from) || undefined} onChange={(event) => onChange({ ...filters, to: fromLocalInput(event.target.value) })} />
        <div className="audit-presets" role="group" aria-label={t('audit_log.filters.presets')}>
          {presets.map((preset) => (
            <button key={preset.id} type="button" className="audit-preset" onClick={() => onChange(presetFilters(filters, preset.id))}>
              {preset.label}
            </button>
          ))}
        </div>
      </div>
      <div className="audit-filter-choices">
        <MultiFilter
          label={t('audit_log.filters.actions')}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action, t) }))}
          selected={filters.actions}
          summary={chosenSummary(filters.actions.length)}
          onChange={(values) => onChange({ ...filters, actions: AUDIT_ACTIONS.filter((action) => values.includes(action)) })}
        />
        <MultiFilter
          label={t('audit_log.filters.areas')}
          options={withChosen(KNOWN_AREAS, filters.areas)
            .map((area) => ({ value: area, label: areaLabel(area, t) }))
            .sort((a, b) => a.label.localeCompare(b.label))}
          selected={filters.areas}
          summary={chosenSummary(filters.areas.length)}
          onChange={(areas) => onChange({ ...filters, areas })}
        />
        <MultiFilter
          label={t('audit_log.filters.subject_types')}
          options={withChosen(KNOWN_SUBJECT_TYPES, filters.subjectTypes)
            .map((type) => ({ value: type, label: subjectTypeLabel(type, t) }))
            .sort((a, b) => a.label.localeCompare(b.label))}
          selected={filters.subjectTypes}
          summary={chosenSummary(filters.subjectTypes.length)}
          onChange={(subjectTypes) => onChange({ ...filters, subjectTypes })}
        />
        <span className="audit-order">
          <label htmlFor={orderId}>{t('audit_log.filters.order')}</label>
          <select id={orderId} value={filters.order} onChange={(event) => onChange({ ...filters, order: event.target.value === 'asc' ? 'asc' : 'desc' })}>
            <option value="desc">{t('audit_log.filters.newest_first')}</option>
            <option value="asc">{t('audit_log.filters.oldest_first')}</option>
          </select>
        </span>
        <SearchBox label={t('audit_log.filters.user')} value={filters.user} onSearch={(user) => onChange({ ...filters, user: user.trim() })} />
        <button type="button" className="audit-clear-filters" disabled={!hasFilters(filters)} onClick={() => onChange(NO_FILTERS)}>
          <FilterX size={16} aria-hidden="true" focusable="false" />
          {t('audit_log.filters.clear')}
        </button>
      </div>
    </div>
  );
}
