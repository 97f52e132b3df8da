import type { GetMeasurementsApiArg, MeasurementStatus, ValueType } from '../../api/generated/historian.gen';

// The measurements page keeps its filters in the address (the search params of the hash route),
// so a filtered list can be shared and reloaded, as the audit log does. The address uses the
// contract's query parameter names (without the brackets of arrays).

export const MEASUREMENT_STATUSES: readonly MeasurementStatus[] = ['Active', 'Paused', 'Discovered', 'Initial', 'Deleted'];
export type MeasurementStatusFilter = MeasurementStatus;

export const MEASUREMENT_DATATYPES: readonly ValueType[] = ['number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw'];

/** Quality is Good or one of the protocol's Bad… codes; the filter asks for either side. */
export const QUALITY_FILTERS = ['Good', 'Bad'] as const;
export type QualityFilter = (typeof QUALITY_FILTERS)[number];

export interface MeasurementFilters {
  keyword: string;
  statuses: readonly MeasurementStatusFilter[];
  labels: readonly string[];
  databases: readonly string[];
  collectors: readonly string[];
  datatypes: readonly string[];
  quality: QualityFilter | '';
}

export const NO_FILTERS: MeasurementFilters = { keyword: '', statuses: [], labels: [], databases: [], collectors: [], datatypes: [], quality: '' };

/** The address parameter of the measurement the drawer shows (`new` for the create form). */
export const OPEN_PARAM = 'Measurement';
export const NEW_MEASUREMENT = 'new';
/** The trend's own address parameters (the trend view reads them). */
export const TREND_PARAM = 'trend';

const FILTER_PARAMS = ['Keyword', 'Statuses', 'Labels', 'DatabaseUUIDs', 'CollectorUUIDs', 'Datatypes', 'Quality'] as const;

const distinct = (values: readonly string[]) => [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
const isStatus = (value: string): value is MeasurementStatusFilter => MEASUREMENT_STATUSES.some((status) => status === value);
const isQuality = (value: string | null): value is QualityFilter => QUALITY_FILTERS.some((quality) => quality === value);

/** The filters an address holds; what does not parse (an unknown status or quality) is left out. */
export function readFilters(params: URLSearchParams): MeasurementFilters {
  const quality = params.get('Quality');
  return {
    keyword: (params.get('Keyword') ?? '').trim(),
    statuses: distinct(params.getAll('Statuses')).filter(isStatus),
    labels: distinct(params.getAll('Labels')),
    databases: distinct(params.getAll('DatabaseUUIDs')),
    collectors: distinct(params.getAll('CollectorUUIDs')),
    datatypes: distinct(params.getAll('Datatypes')),
    quality: isQuality(quality) ? quality : '',
  };
}

/** The address of `filters`, keeping what else it holds (the open measurement, the trend). */
export function writeFilters(params: URLSearchParams, filters: MeasurementFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  next.delete(PAGE_PARAM);
  if (filters.keyword) next.set('Keyword', filters.keyword);
  for (const status of filters.statuses) next.append('Statuses', status);
  for (const label of filters.labels) next.append('Labels', label);
  for (const database of filters.databases) next.append('DatabaseUUIDs', database);
  for (const collector of filters.collectors) next.append('CollectorUUIDs', collector);
  for (const datatype of filters.datatypes) next.append('Datatypes', datatype);
  if (filters.quality) next.set('Quality', filters.quality);
  return next;
}

export const hasFilters = (filters: MeasurementFilters): boolean =>
  filters.keyword !== '' ||
  filters.statuses.length > 0 ||
  filters.labels.length > 0 ||
  filters.databases.length > 0 ||
  filters.collectors.length > 0 ||
  filters.datatypes.length > 0 ||
  filters.quality !== '';

/** A keyword between slashes is a regular expression for the server (DOMAIN §1); tells whether it compiles here too. */
export function keywordIsValidRegex(keyword: string): boolean {
  if (!(keyword.length > 2 && keyword.startsWith('/') && keyword.endsWith('/'))) return true;
  try {
    new RegExp(keyword.slice(1, -1));
    return true;
  } catch {
    return false;
  }
}

/** The address of the trend of `uuids`, keeping the filters (the trend view reads `trend=<uuid>,…`). */
export function withTrend(params: URLSearchParams, uuids: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(OPEN_PARAM);
  if (uuids.length > 0) next.set(TREND_PARAM, uuids.join(','));
  else next.delete(TREND_PARAM);
  return next;
}

/** The list call's filters: an empty filter is no filter. */
export function filterArgs(filters: MeasurementFilters): Pick<GetMeasurementsApiArg, 'keyword' | 'statuses' | 'labels' | 'databaseUuiDs' | 'collectorUuiDs' | 'datatypes' | 'quality'> {
  const list = <T>(values: readonly T[]) => (values.length > 0 ? [...values] : undefined);
  return {
    keyword: filters.keyword || undefined,
    statuses: list(filters.statuses),
    labels: list(filters.labels),
    databaseUuiDs: list(filters.databases),
    collectorUuiDs: list(filters.collectors),
    datatypes: list(filters.datatypes.filter(isDatatype)),
    quality: filters.quality || undefined,
  };
}

const isDatatype = (value: string): value is ValueType => MEASUREMENT_DATATYPES.some((datatype) => datatype === value);

/** The page of the list the address shows (1-based); a filter change starts again at 1. */
export const PAGE_PARAM = 'Page';
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 1 ? page : 1;
}
