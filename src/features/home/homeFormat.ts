// Dates, times and numbers of the home page in the user's locale, through Intl.

export const formatNumber = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);

export const formatDate = (ms: number, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(ms));

export const formatDateTime = (ms: number, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday": the largest unit that fits; under a minute, "now". */
export function formatAgo(ms: number, nowMs: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const elapsed = Math.max(0, nowMs - ms);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return format.format(0, 'second');
}
