// Moves of the time-range picker, on the address's bounds. A relative range ending now stays
// relative where it can (a link to "the last 2 hours" stays that), an absolute one stays absolute.
import { formatDuration, formatTimeBound, isLiveRange, resolveRange } from './trendAddress';

export interface RangeBounds {
  from: string;
  to: string;
}

export const RELATIVE_RANGES = ['15m', '1h', '6h', '24h', '7d', '30d'] as const;
export type RelativeRange = (typeof RELATIVE_RANGES)[number];

export const relativeRange = (duration: RelativeRange): RangeBounds => ({ from: `now-${duration}`, to: 'now' });

const absolute = (start: number, end: number): RangeBounds => ({
  from: formatTimeBound({ kind: 'absolute', time: start }),
  to: formatTimeBound({ kind: 'absolute', time: end }),
});

/** A range that reaches now becomes "the last <duration>". */
function settle(start: number, end: number, now: number): RangeBounds {
  if (end >= now) return { from: `now-${formatDuration(Math.round((now - start) / 1000) * 1000)}`, to: 'now' };
  return absolute(start, end);
}

/** The quick choice the bounds are, if any (for the picker's select). */
export function matchRelativeRange(bounds: RangeBounds): RelativeRange | null {
  if (!isLiveRange(bounds.to)) return null;
  return RELATIVE_RANGES.find((duration) => {
    const range = resolveRange(bounds.from, 'now', 0);
    const quick = resolveRange(`now-${duration}`, 'now', 0);
    return range !== null && quick !== null && range.start === quick.start;
  }) ?? null;
}

/** One range length back (-1) or forward (+1); forward never goes past now. */
export function stepRange(bounds: RangeBounds, direction: -1 | 1, now: number): RangeBounds | null {
  const range = resolveRange(bounds.from, bounds.to, now);
  if (!range) return null;
  const span = range.end - range.start;
  const end = Math.min(now, range.end + direction * span);
  return settle(end - span, end, now);
}

/** Twice the length around the same middle (a live range grows into the past). */
export function zoomOutRange(bounds: RangeBounds, now: number): RangeBounds | null {
  const range = resolveRange(bounds.from, bounds.to, now);
  if (!range) return null;
  const span = range.end - range.start;
  if (isLiveRange(bounds.to)) return { from: `now-${formatDuration(2 * span)}`, to: 'now' };
  const end = Math.min(now, range.end + span / 2);
  return settle(end - 2 * span, end, now);
}

/** A range zoomed to by dragging over the chart: always absolute, it is a moment someone looked at. */
export const zoomedRange = (start: number, end: number): RangeBounds => absolute(start, end);
