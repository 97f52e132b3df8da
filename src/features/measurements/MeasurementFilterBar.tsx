import { FilterX } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiFilter, type MultiFilterOption } from '../../components/ListControls/MultiFilter';
import { SearchBox } from '../../components/ListControls/SearchBox';
import { hasFilters, keywordIsValidRegex, MEASUREMENT_DATATYPES, MEASUREMENT_STATUSES, NO_FILTERS, QUALITY_FILTERS, type MeasurementFilters } from './measurementFilters';
import { statusLabel } from './measurementText';

export interface FilterOptions {
  labels: readonly MultiFilterOption[];
  /** Undefined: the user may not list them; the filter shows only what the address chose. */
  databases: readonly MultiFilterOption[] | undefined;
  collectors: readonly MultiFilterOption[] | undefined;
}

export interface MeasurementFilterBarProps {
  filters: MeasurementFilters;
  options: FilterOptions;
  onChange: (filters: MeasurementFilters) => void;
}

/** Values the address chose that the lists do not hold (a shared link) stay offered, so they can be unticked. */
function withChosen(options: readonly MultiFilterOption[] | undefined, chosen: readonly string[]): MultiFilterOption[] {
  const known = options ?? [];
  return [...known, ...chosen.filter((value) => !known.some((option) => option.value === value)).map((value) => ({ value, label: value }))];
}

/** Above the measurements table: keyword (plain or /regex/), status, labels, databases, collectors, datatypes and quality. */
export function MeasurementFilterBar({ filters, options, onChange }: MeasurementFilterBarProps) {
  const { t } = useTranslation();
  const qualityId = useId();
  const hintId = useId();
  const summary = (chosen: readonly string[]) => (chosen.length === 0 ? t('measurements.filters.any') : t('measurements.filters.chosen', { count: chosen.length }));
  const regexOk = keywordIsValidRegex(filters.keyword);
  return (
    <div className="measurement-filters" role="group" aria-label={t('measurements.filters.label')}>
      <div className="measurement-keyword">
        <SearchBox label={t('measurements.filters.keyword')} value={filters.keyword} onSearch={(keyword) => onChange({ ...filters, keyword: keyword.trim() })} />
        <span id={hintId} className={regexOk ? 'measurement-keyword-hint' : 'measurement-keyword-hint measurement-keyword-invalid'} role={regexOk ? undefined : 'alert'}>
          {regexOk ? t('measurements.filters.regex_hint') : t('measurements.filters.regex_invalid')}
        </span>
      </div>
      <MultiFilter
        label={t('measurements.filters.status')}
        summary={summary(filters.statuses)}
        options={MEASUREMENT_STATUSES.map((status) => ({ value: status, label: statusLabel(status, t) }))}
        selected={filters.statuses}
        onChange={(values) => onChange({ ...filters, statuses: MEASUREMENT_STATUSES.filter((status) => values.includes(status)) })}
      />
      <MultiFilter
        label={t('measurements.filters.labels')}
        summary={summary(filters.labels)}
        emptyText={t('measurements.filters.no_labels')}
        options={withChosen(options.labels, filters.labels)}
        selected={filters.labels}
        onChange={(labels) => onChange({ ...filters, labels })}
      />
      <MultiFilter
        label={t('measurements.filters.databases')}
        summary={summary(filters.databases)}
        emptyText={options.databases ? t('measurements.filters.none_listed') : t('measurements.filters.not_allowed')}
        options={withChosen(options.databases, filters.databases)}
        selected={filters.databases}
        onChange={(databases) => onChange({ ...filters, databases })}
      />
      <MultiFilter
        label={t('measurements.filters.collectors')}
        summary={summary(filters.collectors)}
        emptyText={options.collectors ? t('measurements.filters.none_listed') : t('measurements.filters.not_allowed')}
        options={withChosen(options.collectors, filters.collectors)}
        selected={filters.collectors}
        onChange={(collectors) => onChange({ ...filters, collectors })}
      />
      <MultiFilter
        label={t('measurements.filters.datatypes')}
        summary={summary(filters.datatypes)}
        options={MEASUREMENT_DATATYPES.map((datatype) => ({ value: datatype, label: datatype }))}
        selected={filters.datatypes}
        onChange={(datatypes) => onChange({ ...filters, datatypes })}
      />
      <span className="measurement-quality-filter">
        <label htmlFor={qualityId}>{t('measurements.filters.quality')}</label>
        <select id={qualityId} value={filters.quality} onChange={(event) => onChange({ ...filters, quality: QUALITY_FILTERS.find((quality) => quality === event.target.value) ?? '' })}>
          <option value="">{t('measurements.filters.any')}</option>
          <option value="Good">{t('measurements.quality.good')}</option>
          <option value="Bad">{t('measurements.quality.bad')}</option>
        </select>
      </span>
      <button type="button" className="measurement-clear-filters" disabled={!hasFilters(filters)} onClick={() => onChange(NO_FILTERS)}>
        <FilterX size={16} aria-hidden="true" focusable="false" />
        {t('measurements.filters.clear')}
      </button>
    </div>
  );
}
