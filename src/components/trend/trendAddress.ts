// The trend's shareable address: `trend=<uuid>,<uuid>&from=now-1h&to=now[&raw=1]`. A bound is
// either relative to now (`now`, `now-15m`, `now-7d`) or an absolute ISO time, so a link to
// "the last hour" stays the last hour, and a zoomed range stays the range that was zoomed to.

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
type Unit = keyof typeof UNIT_MS;
const isUnit = (value: string): value is Unit => value in UNIT_MS;

export const DEFAULT_FROM = 'now-1h';
export const DEFAULT_TO = 'now';

export type TimeBound = { kind: 'relative'; offsetMs: number } | { kind: 'absolute'; time: number };

export interface TrendAddress {
  measurementUuids: string[];
  from: string;
  to: string;
  raw: boolean;
}

export interface TimeRange {
  start: number;
  end: number;
}

/** Parses `5m`, `1h`, `30d` into milliseconds; null for anything else. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)([smhdw])$/.exec(text.trim());
  if (!match || !isUnit(match[2])) return null;
  const amount = Number(match[1]);
  return amount > 0 ? amount * UNIT_MS[match[2]] : null;
}

/** The shortest exact duration text: 3600000 → `1h`, 90000 → `90s`. */
export function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    if (ms >= UNIT_MS[unit] && ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  }
  return `${Math.max(1, Math.round(ms / 1000))}s`;
}

export function parseTimeBound(text: string): TimeBound | null {
  const trimmed = text.trim();
  if (trimmed === 'now') return { kind: 'relative', offsetMs: 0 };
  const relative = /^now-(.+)$/.exec(trimmed);
  if (relative) {
    const offsetMs = parseDuration(relative[1]);
    return offsetMs === null ? null : { kind: 'relative', offsetMs };
  }
  // Only full ISO dates with a time: `Date.parse` alone accepts too much (`1`, `May 3`).
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(trimmed)) return null;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : { kind: 'absolute', time };
}

export function formatTimeBound(bound: TimeBound): string {
  if (bound.kind === 'absolute') return new Date(bound.time).toISOString();
  return bound.offsetMs === 0 ? 'now' : `now-${formatDuration(bound.offsetMs)}`;
}

const resolveBound = (bound: TimeBound, now: number) => (bound.kind === 'absolute' ? bound.time : now - bound.offsetMs);

/** The range in epoch milliseconds, or null when a bound is invalid or `from` is not before `to`. */
export function resolveRange(from: string, to: string, now: number): TimeRange | null {
  const start = parseTimeBound(from);
  const end = parseTimeBound(to);
  if (!start || !end) return null;
  const range = { start: resolveBound(start, now), end: resolveBound(end, now) };
  return range.start < range.end ? range : null;
}

/** True when the range follows the clock (`to` is now): live refresh makes sense only then. */
export function isLiveRange(to: string): boolean {
  const end = parseTimeBound(to);
  return end?.kind === 'relative' && end.offsetMs === 0;
}

export function parseTrendAddress(params: URLSearchParams): TrendAddress {
  const measurementUuids = (params.get('trend') ?? '')
    .split(',')
    .map((uuid) => uuid.trim())
    .filter((uuid, index, all) => uuid !== '' && all.indexOf(uuid) === index);
  const from = params.get('from') ?? DEFAULT_FROM;
  const to = params.get('to') ?? DEFAULT_TO;
  return { measurementUuids, from, to, raw: params.get('raw') === '1' };
}

/** Writes the trend's keys into a copy of `params`, keeping any other key of the page. */
export function formatTrendAddress(address: TrendAddress, params = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('trend', address.measurementUuids.join(','));
  next.set('from', address.from);
  next.set('to', address.to);
  if (address.raw) next.set('raw', '1');
  else next.delete('raw');
  return next;
}

/** The address of the full trend of these measurements (commas stay readable in a shared link). */
export function trendHref(measurementUuids: string[], from = DEFAULT_FROM, to = DEFAULT_TO): string {
  const query = formatTrendAddress({ measurementUuids, from, to, raw: false }).toString().replaceAll('%2C', ',');
  return `/measurements?${query}`;
}
