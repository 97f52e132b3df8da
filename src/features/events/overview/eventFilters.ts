import type { EventSort, EventStatus, GetEventsApiArg } from '../../../api/generated/historian.gen';
import { isLiveRange, resolveRange } from '../../../components/trend/trendAddress';
import { EVENT_STATUSES } from '../../../components/events/EventStatusIcon';

// The overview's filters live in the address (hash route search params) so a view can be shared
// and reloaded. The range is the trend's (`from=now-7d&to=now`, or ISO instants); the rest are
// the contract's query names. The property filter is kept as the contract's JSON.

export const DEFAULT_FROM = 'now-7d';
export const DEFAULT_TO = 'now';
export const EVENT_SORTS: readonly EventSort[] = ['StartTime', 'StopTime', 'ParentUUID'];
export const VIEW_PARAM = 'View';
export const OPEN_PARAM = 'Event';
export const PAGE_PARAM = 'Page';

export type EventView = 'table' | 'timeline';

export interface EventFilters {
  from: string;
  to: string;
  types: readonly string[];
  statuses: readonly EventStatus[];
  assets: readonly string[];
  configurations: readonly string[];
  excludeManual: boolean;
  /** EventPropertyFilter conditions, as the contract's PropertyFilter holds them. */
  properties: readonly PropertyCondition[];
  sort: EventSort;
  ascending: boolean;
}

export const PROPERTY_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'IN', 'NOT IN', 'EXISTS', 'NOT EXISTS', 'IS NULL', 'IS NOT NULL'] as const;
export type PropertyOperator = (typeof PROPERTY_OPERATORS)[number];
/** Operators that take no value. */
export const VALUELESS: readonly PropertyOperator[] = ['EXISTS', 'NOT EXISTS', 'IS NULL', 'IS NOT NULL'];

export type FilterValue = number | string | boolean;

/** The contract's EventPropertyFilter. */
export interface PropertyCondition {
  Property: string;
  Operator: PropertyOperator;
  Value?: FilterValue | FilterValue[];
  Condition?: 'AND' | 'OR';
  Parent?: boolean;
}

export const NO_FILTERS: EventFilters = {
  from: DEFAULT_FROM,
  to: DEFAULT_TO,
  types: [],
  statuses: [],
  assets: [],
  configurations: [],
  excludeManual: false,
  properties: [],
  sort: 'StartTime',
  ascending: false,
};

const NAMES = ['from', 'to', 'EventTypeUUIDs', 'Statuses', 'AssetUUIDs', 'EventConfigurationUUIDs', 'ExcludeManualEvents', 'PropertyFilter', 'Sort', 'Ascending'];
const distinct = (values: readonly string[]) => [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
const isStatus = (value: string): value is EventStatus => EVENT_STATUSES.some((status) => status === value);
const isSort = (value: string | null): value is EventSort => EVENT_SORTS.some((sort) => sort === value);
const isOperator = (value: unknown): value is PropertyOperator => PROPERTY_OPERATORS.some((operator) => operator === value);
const isFilterValue = (value: unknown): value is FilterValue => typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean';

function readCondition(item: unknown): PropertyCondition | null {
  if (typeof item !== 'object' || item === null) return null;
  const property: unknown = Reflect.get(item, 'Property');
  const operator: unknown = Reflect.get(item, 'Operator');
  if (typeof property !== 'string' || property === '' || !isOperator(operator)) return null;
  const value: unknown = Reflect.get(item, 'Value');
  const condition: unknown = Reflect.get(item, 'Condition');
  const parent: unknown = Reflect.get(item, 'Parent');
  const read: PropertyCondition = { Property: property, Operator: operator };
  if (isFilterValue(value)) read.Value = value;
  else if (Array.isArray(value)) read.Value = value.filter(isFilterValue);
  if (condition === 'OR') read.Condition = 'OR';
  if (parent === true) read.Parent = true;
  return read;
}

/** The property conditions of the address; a filter that does not parse is no filter. */
export function readPropertyFilter(text: string | null): PropertyCondition[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.map(readCondition).filter((item): item is PropertyCondition => item !== null);
  } catch {
    return [];
  }
}

export function readFilters(params: URLSearchParams): EventFilters {
  const sort = params.get('Sort');
  return {
    from: params.get('from') ?? DEFAULT_FROM,
    to: params.get('to') ?? DEFAULT_TO,
    types: distinct(params.getAll('EventTypeUUIDs')),
    statuses: EVENT_STATUSES.filter((status) => params.getAll('Statuses').some((value) => value === status && isStatus(value))),
    assets: distinct(params.getAll('AssetUUIDs')),
    configurations: distinct(params.getAll('EventConfigurationUUIDs')),
    excludeManual: params.get('ExcludeManualEvents') === 'true',
    properties: readPropertyFilter(params.get('PropertyFilter')),
    sort: isSort(sort) ? sort : 'StartTime',
    ascending: params.get('Ascending') === 'true',
  };
}

/** The address of `filters`, keeping what else it holds (the view, the open event); page 1 again. */
export function writeFilters(params: URLSearchParams, filters: EventFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...NAMES, PAGE_PARAM]) next.delete(name);
  if (filters.from !== DEFAULT_FROM || filters.to !== DEFAULT_TO) {
    next.set('from', filters.from);
    next.set('to', filters.to);
  }
  for (const uuid of filters.types) next.append('EventTypeUUIDs', uuid);
  for (const status of filters.statuses) next.append('Statuses', status);
  for (const uuid of filters.assets) next.append('AssetUUIDs', uuid);
  for (const uuid of filters.configurations) next.append('EventConfigurationUUIDs', uuid);
  if (filters.excludeManual) next.set('ExcludeManualEvents', 'true');
  if (filters.properties.length > 0) next.set('PropertyFilter', JSON.stringify(filters.properties));
  if (filters.sort !== 'StartTime') next.set('Sort', filters.sort);
  if (filters.ascending) next.set('Ascending', 'true');
  return next;
}

export const hasFilters = (filters: EventFilters): boolean =>
  filters.types.length > 0 || filters.statuses.length > 0 || filters.assets.length > 0 || filters.configurations.length > 0 || filters.excludeManual || filters.properties.length > 0;

export const readView = (params: URLSearchParams): EventView => (params.get(VIEW_PARAM) === 'timeline' ? 'timeline' : 'table');

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The range in instants. A range that ends now sends no StopTime, so the events that start while
 * the page is open (live refresh) are in the answer too.
 */
export function rangeArgs(filters: EventFilters, now: number): { startTime?: string; stopTime?: string; range: { start: number; end: number } | null } {
  const range = resolveRange(filters.from, filters.to, now) ?? resolveRange(DEFAULT_FROM, DEFAULT_TO, now);
  if (!range) return { range: null };
  return { startTime: new Date(range.start).toISOString(), stopTime: isLiveRange(filters.to) ? undefined : new Date(range.end).toISOString(), range };
}

/** The list call's arguments: an empty filter is no filter. */
export function filterArgs(filters: EventFilters, now: number): GetEventsApiArg {
  const list = <T>(values: readonly T[]) => (values.length > 0 ? [...values] : undefined);
  const { startTime, stopTime } = rangeArgs(filters, now);
  return {
    startTime,
    stopTime,
    eventTypeUuiDs: list(filters.types),
    statuses: list(filters.statuses),
    assetUuiDs: list(filters.assets),
    eventConfigurationUuiDs: list(filters.configurations),
    excludeManualEvents: filters.excludeManual || undefined,
    propertyFilter: filters.properties.length > 0 ? JSON.stringify(filters.properties) : undefined,
    sort: filters.sort,
    ascending: filters.ascending || undefined,
  };
}
