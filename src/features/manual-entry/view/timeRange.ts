import { parseDuration } from '../../../../domain/duration';
import { toLocalInput } from '../../../lib/localTimeInput';

// The grid's time range, kept in the address (SPEC §2): `range=24h` ends now, `from`/`to` is fixed.
// Never longer than the form's MaxTimeRange.

export const RANGE_PRESETS = ['1h', '8h', '24h', '7d', '30d', '90d', '366d'] as const;

export type ViewRange = { kind: 'relative'; duration: string } | { kind: 'fixed'; from: number; to: number };

export const FALLBACK_DEFAULT_RANGE = '24h';
export const FALLBACK_MAX_RANGE = '7d';

export function durationMs(text: string | undefined, fallback: string): number {
  return parseDuration(text ?? '') ?? parseDuration(fallback) ?? 0;
}

/** The range the address asks for, or the form's DefaultTimeRange when it asks for none or too much. */
export function readRange(params: URLSearchParams, defaultRange: string, maxMs: number): ViewRange {
  const from = Date.parse(params.get('from') ?? '');
  const to = Date.parse(params.get('to') ?? '');
  if (Number.isFinite(from) && Number.isFinite(to) && from < to && to - from <= maxMs) return { kind: 'fixed', from, to };
  const relative = params.get('range');
  const ms = relative ? parseDuration(relative) : undefined;
  if (relative && ms && ms <= maxMs) return { kind: 'relative', duration: relative };
  return { kind: 'relative', duration: defaultRange };
}

export function writeRange(params: URLSearchParams, range: ViewRange): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('range');
  next.delete('from');
  next.delete('to');
  if (range.kind === 'relative') next.set('range', range.duration);
  else {
    next.set('from', new Date(range.from).toISOString());
    next.set('to', new Date(range.to).toISOString());
  }
  return next;
}

/** The instants the entries call asks for; a relative range ends at `now`. */
export function rangeBounds(range: ViewRange, now: number): { from: string; to: string } {
  if (range.kind === 'fixed') return { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() };
  return { from: new Date(now - (parseDuration(range.duration) ?? 0)).toISOString(), to: new Date(now).toISOString() };
}

/** An instant as the value of a datetime-local input (local wall time, to the minute). */
export const toLocalMinute = (time: number): string => toLocalInput(time, 'minute');
