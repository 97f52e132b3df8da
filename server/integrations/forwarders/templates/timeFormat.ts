// Go's time.Format with its reference-time layouts (Mon Jan 2 15:04:05 MST 2006), in UTC, and the
// named layouts (RFC3339 …). Used by formatTime.

export const NAMED_LAYOUTS: Record<string, string> = {
  RFC3339: '2006-01-02T15:04:05Z07:00',
  RFC3339Nano: '2006-01-02T15:04:05.999999999Z07:00',
  RFC1123: 'Mon, 02 Jan 2006 15:04:05 MST',
  RFC1123Z: 'Mon, 02 Jan 2006 15:04:05 -0700',
  RFC822: '02 Jan 06 15:04 MST',
  RFC822Z: '02 Jan 06 15:04 -0700',
  ANSIC: 'Mon Jan _2 15:04:05 2006',
  UnixDate: 'Mon Jan _2 15:04:05 MST 2006',
  Kitchen: '3:04PM',
  Stamp: 'Jan _2 15:04:05',
  StampMilli: 'Jan _2 15:04:05.000',
  DateTime: '2006-01-02 15:04:05',
  DateOnly: '2006-01-02',
  TimeOnly: '15:04:05',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const two = (n: number) => String(n).padStart(2, '0');

/** The chunks Go recognises, longest first where one is a prefix of another. */
const CHUNKS: [string, (d: Date) => string][] = [
  ['January', (d) => MONTHS[d.getUTCMonth()]],
  ['Jan', (d) => MONTHS[d.getUTCMonth()].slice(0, 3)],
  ['Monday', (d) => DAYS[d.getUTCDay()]],
  ['Mon', (d) => DAYS[d.getUTCDay()].slice(0, 3)],
  ['MST', () => 'UTC'],
  ['2006', (d) => String(d.getUTCFullYear()).padStart(4, '0')],
  ['002', (d) => String(dayOfYear(d)).padStart(3, '0')],
  ['01', (d) => two(d.getUTCMonth() + 1)],
  ['02', (d) => two(d.getUTCDate())],
  ['03', (d) => two(hour12(d))],
  ['04', (d) => two(d.getUTCMinutes())],
  ['05', (d) => two(d.getUTCSeconds())],
  ['06', (d) => two(d.getUTCFullYear() % 100)],
  ['15', (d) => two(d.getUTCHours())],
  ['_2', (d) => String(d.getUTCDate()).padStart(2, ' ')],
  ['1', (d) => String(d.getUTCMonth() + 1)],
  ['2', (d) => String(d.getUTCDate())],
  ['3', (d) => String(hour12(d))],
  ['4', (d) => String(d.getUTCMinutes())],
  ['5', (d) => String(d.getUTCSeconds())],
  ['PM', (d) => (d.getUTCHours() >= 12 ? 'PM' : 'AM')],
  ['pm', (d) => (d.getUTCHours() >= 12 ? 'pm' : 'am')],
  ['Z070000', () => 'Z'],
  ['Z07:00:00', () => 'Z'],
  ['Z0700', () => 'Z'],
  ['Z07:00', () => 'Z'],
  ['Z07', () => 'Z'],
  ['-070000', () => '+000000'],
  ['-07:00:00', () => '+00:00:00'],
  ['-0700', () => '+0000'],
  ['-07:00', () => '+00:00'],
  ['-07', () => '+00'],
];

const hour12 = (d: Date) => d.getUTCHours() % 12 || 12;

function dayOfYear(d: Date): number {
  return Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** .000 (fixed digits) or .999 (trailing zeros dropped, and the dot with them) after seconds. */
function fraction(d: Date, chunk: string): string {
  const digits = chunk.length - 1;
  const milliseconds = String(d.getUTCMilliseconds()).padStart(3, '0');
  const full = (milliseconds + '000000').slice(0, digits);
  if (chunk[1] === '0') return chunk[0] + full;
  const trimmed = full.replace(/0+$/, '');
  return trimmed === '' ? '' : chunk[0] + trimmed;
}

export function formatGoTime(time: Date, layout: string): string {
  let out = '';
  let i = 0;
  outer: while (i < layout.length) {
    const rest = layout.slice(i);
    const fractional = /^[.,](0+|9+)(?![0-9])/.exec(rest);
    if (fractional) {
      out += fraction(time, fractional[0]);
      i += fractional[0].length;
      continue;
    }
    for (const [chunk, render] of CHUNKS) {
      if (!rest.startsWith(chunk)) continue;
      // Go reads "Jan"/"Mon" only when no lower-case letter follows (January, Monday are whole words).
      if ((chunk === 'Jan' || chunk === 'Mon') && /^[a-z]/.test(rest.slice(chunk.length))) continue;
      out += render(time);
      i += chunk.length;
      continue outer;
    }
    out += layout[i];
    i++;
  }
  return out;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** A time a template passes: ms since the epoch, or RFC 3339 text; null when it is neither. */
export function timeOf(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value === 'string' && RFC3339.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}
