// An event's duration as people read it: `2 h 5 min`, `45 s`, `3 d 4 h`. Two units at most, the
// largest first; numbers in the user's language.

const UNITS = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
] as const;

/** The seconds between two instants; an open event (no stop) runs until `now`. */
export function eventSeconds(start: string, stop: string | null, now: number = Date.now()): number {
  const end = stop === null ? now : Date.parse(stop);
  return Math.max(0, Math.round((end - Date.parse(start)) / 1000));
}

export function formatEventDuration(seconds: number, locale: string): string {
  const whole = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  let rest = whole;
  for (const { unit, seconds: size } of UNITS) {
    const amount = Math.floor(rest / size);
    if (amount === 0 && parts.length === 0) continue;
    if (amount > 0) parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(amount));
    rest -= amount * size;
    if (parts.length === 2 || (parts.length === 1 && amount === 0)) break;
  }
  return parts.length === 0 ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'narrow' }).format(0) : parts.join(' ');
}
