import type { AuditAction } from '../../api/generated/historian.gen';
import type { AuditLogPagesArg } from '../../api/areas/auditLogs';

// The audit log's filters live in the address (the search params of the hash route), so that a
// view can be shared and reloaded. The names are the contract's query parameters; times are ISO
// 8601 instants (UTC), so the same link selects the same entries in every time zone.

export const AUDIT_ACTIONS: readonly AuditAction[] = ['Create', 'Update', 'Delete'];

export interface AuditFilters {
  from: string;
  to: string;
  actions: readonly AuditAction[];
  areas: readonly string[];
  subjectTypes: readonly string[];
  subject: string;
  user: string;
  /** By CreatedAt: newest first (the default) or oldest first. */
  order: 'desc' | 'asc';
}

export const NO_FILTERS: AuditFilters = { from: '', to: '', actions: [], areas: [], subjectTypes: [], subject: '', user: '', order: 'desc' };

/** The address parameter of the entry the dialog shows. */
export const ENTRY_PARAM = 'Entry';

const isAction = (value: string): value is AuditAction => AUDIT_ACTIONS.some((action) => action === value);
const instant = (value: string | null): string => (value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : '');
const distinct = (values: readonly string[]) => [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];

/** The filters an address holds; what does not parse (an unknown action, a bad time) is left out. */
export function readFilters(params: URLSearchParams): AuditFilters {
  return {
    from: instant(params.get('From')),
    to: instant(params.get('To')),
    actions: distinct(params.getAll('Actions')).filter(isAction),
    areas: distinct(params.getAll('Areas')),
    subjectTypes: distinct(params.getAll('SubjectTypes')),
    subject: (params.get('Subject') ?? '').trim(),
    user: (params.get('User') ?? '').trim(),
    order: params.get('Order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The address of `filters`, keeping what else it holds (the open entry). */
export function writeFilters(params: URLSearchParams, filters: AuditFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['From', 'To', 'Actions', 'Areas', 'SubjectTypes', 'Subject', 'User', 'Order']) next.delete(name);
  if (filters.from) next.set('From', filters.from);
  if (filters.to) next.set('To', filters.to);
  for (const action of filters.actions) next.append('Actions', action);
  for (const area of filters.areas) next.append('Areas', area);
  for (const type of filters.subjectTypes) next.append('SubjectTypes', type);
  if (filters.subject) next.set('Subject', filters.subject);
  if (filters.user) next.set('User', filters.user);
  if (filters.order === 'asc') next.set('Order', 'asc');
  return next;
}

export const hasFilters = (filters: AuditFilters): boolean =>
  filters.from !== '' ||
  filters.to !== '' ||
  filters.actions.length > 0 ||
  filters.areas.length > 0 ||
  filters.subjectTypes.length > 0 ||
  filters.subject !== '' ||
  filters.user !== '' ||
  filters.order !== 'desc';

/** The filters as the list and the export send them: an empty filter is no filter. */
export function filterArgs(filters: AuditFilters, allOrganizations: boolean): AuditLogPagesArg {
  const list = <T>(values: readonly T[]) => (values.length > 0 ? [...values] : undefined);
  return {
    from: filters.from || undefined,
    to: filters.to || undefined,
    actions: list(filters.actions),
    areas: list(filters.areas),
    subjectTypes: list(filters.subjectTypes),
    subject: filters.subject || undefined,
    user: filters.user || undefined,
    order: filters.order === 'asc' ? 'asc' : undefined,
    allOrganizations: allOrganizations || undefined,
  };
}

/** A `datetime-local` input's value (local wall time, minutes) for an instant, and back. */
export function toLocalInput(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The presets of the time filter: from so long ago until now (an open end). */
export const TIME_PRESETS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 } as const;
export type TimePreset = keyof typeof TIME_PRESETS;

export function presetFilters(filters: AuditFilters, preset: TimePreset, now: number = Date.now()): AuditFilters {
  return { ...filters, from: new Date(now - TIME_PRESETS[preset]).toISOString(), to: '' };
}
