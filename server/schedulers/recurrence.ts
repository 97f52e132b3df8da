import { RRule, type Options } from 'rrule';

// Task schedules: an RFC 5545 recurrence rule (§3.8.5.3) read in an explicit IANA time zone.
//
// The rule is expanded by `rrule` in floating time (a Date whose UTC fields are the wall clock of
// the zone), and each wall time is then placed in the zone here, with Intl. rrule's own `tzid`
// support is not used: it returns dates whose meaning depends on the server's zone. Placing the
// wall time ourselves also tells where daylight saving time moves the clock (RFC 5545 §3.3.5):
//  - gap: the wall time does not exist that day (spring forward); it is read with the offset
//    before the gap, so 02:30 runs at 03:30 summer time;
//  - overlap: the wall time happens twice (fall back); the schedule runs once, at the first.

export type DstFlag = 'none' | 'gap' | 'overlap';

export interface Occurrence {
  /** The instant the run happens. */
  at: Date;
  /** The wall time the rule asked for, `YYYY-MM-DDTHH:mm:ss` in the zone (for a gap, one that does not exist). */
  local: string;
  dst: DstFlag;
}

export interface Recurrence {
  rule: RRule;
  /** Whether the rule has DTSTART of its own (else it is anchored at ANCHOR). */
  anchored: boolean;
  timezone: string;
}

export class RecurrenceError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors).flat().join('; '));
    this.name = 'RecurrenceError';
  }
}

const DAY_MS = 86_400_000;
/**
 * Wall times this long before the asked moment's own are expanded too: a daylight-saving change
 * moves a wall time by at most a few hours, so an occurrence earlier than that is past for sure.
 */
const WALL_MARGIN_MS = 6 * 3_600_000;
/** The anchor of a rule without DTSTART: Monday 2024-01-01 00:00, wall time. */
const ANCHOR = Date.UTC(2024, 0, 1);
/** Rules are expanded at most this many steps per question (a minutely rule over two months). */
const MAX_STEPS = 100_000;
const YEAR_MS = 365 * DAY_MS;
/**
 * How far ahead a rule is searched, by frequency: rrule walks every period of the frequency even
 * when a BY part rejects them all (FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30 never runs), so the
 * search is bounded to about 100,000 periods instead of running to the year 9999.
 */
const HORIZON_MS: Partial<Record<number, number>> = { [RRule.MINUTELY]: 60 * DAY_MS, [RRule.HOURLY]: 10 * YEAR_MS, [RRule.DAILY]: 100 * YEAR_MS };
const MAX_HORIZON_MS = 400 * YEAR_MS;

function horizonOf(rule: RRule): number {
  const { freq, interval } = rule.origOptions;
  return Math.min((HORIZON_MS[freq ?? RRule.DAILY] ?? MAX_HORIZON_MS) * (interval ?? 1), MAX_HORIZON_MS);
}

const FREQUENCIES = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY', 'SECONDLY'] as const;
const PARTS = new Set(['FREQ', 'UNTIL', 'COUNT', 'INTERVAL', 'BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYDAY', 'BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO', 'BYMONTH', 'BYSETPOS', 'WKST']);
const WEEKDAY = '(?:SU|MO|TU|WE|TH|FR|SA)';
const listOf = (item: string) => new RegExp(`^${item}(?:,${item})*$`);
const signedInt = (max: number, zero = false) => ({ test: (v: string) => /^[+-]?\d{1,3}$/.test(v) && Math.abs(Number(v)) <= max && (zero || Number(v) !== 0) });
const intList = (min: number, max: number) => ({
  test: (v: string) => v.split(',').every((n) => /^\d{1,2}$/.test(n) && Number(n) >= min && Number(n) <= max),
});
const signedList = (max: number) => ({ test: (v: string) => v.split(',').every((n) => signedInt(max).test(n)) });

/** RFC 5545 §3.3.10: the value each part may take. */
const VALUE_RULES: Record<string, { test(value: string): boolean }> = {
  FREQ: { test: (v) => (FREQUENCIES as readonly string[]).includes(v) },
  UNTIL: { test: (v) => /^\d{8}(T\d{6}Z?)?$/.test(v) },
  COUNT: { test: (v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 },
  INTERVAL: { test: (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1 },
  BYSECOND: intList(0, 60),
  BYMINUTE: intList(0, 59),
  BYHOUR: intList(0, 23),
  BYDAY: listOf(`[+-]?(?:[1-9]|[1-4]\\d|5[0-3])?${WEEKDAY}`),
  BYMONTHDAY: signedList(31),
  BYYEARDAY: signedList(366),
  BYWEEKNO: signedList(53),
  BYMONTH: intList(1, 12),
  BYSETPOS: signedList(366),
  WKST: new RegExp(`^${WEEKDAY}$`),
};

/** DTSTART (floating local time) and RRULE lines; "RRULE:" may be left out when it is the only line. */
function splitLines(text: string): { dtstart?: string; rrule: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  let dtstart: string | undefined;
  let rrule: string | undefined;
  for (const line of lines) {
    const [name, value] = line.includes(':') ? [line.slice(0, line.indexOf(':')).toUpperCase(), line.slice(line.indexOf(':') + 1)] : ['RRULE', line];
    if (name === 'DTSTART' && dtstart === undefined) dtstart = value;
    else if (name === 'RRULE' && rrule === undefined) rrule = value;
    else throw new RecurrenceError({ RRule: [`holds an unexpected line "${line.slice(0, 40)}": only one DTSTART and one RRULE`] });
  }
  if (rrule === undefined || rrule === '') throw new RecurrenceError({ RRule: ['is required'] });
  return { dtstart, rrule };
}

function checkParts(rrule: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const part of rrule.split(';')) {
    const [rawName, value, ...rest] = part.split('=');
    const name = rawName.trim().toUpperCase();
    if (value === undefined || rest.length > 0) throw new RecurrenceError({ RRule: [`"${part}" is not NAME=VALUE`] });
    if (!PARTS.has(name)) throw new RecurrenceError({ RRule: [`${name} is not a part of a recurrence rule (RFC 5545 §3.3.10)`] });
    if (parts.has(name)) throw new RecurrenceError({ RRule: [`${name} is given twice`] });
    const upper = value.trim().toUpperCase();
    if (!VALUE_RULES[name].test(upper)) throw new RecurrenceError({ RRule: [`${name}=${value} is not a valid value`] });
    parts.set(name, upper);
  }
  const freq = parts.get('FREQ');
  if (!freq) throw new RecurrenceError({ RRule: ['FREQ is required'] });
  if (freq === 'SECONDLY') throw new RecurrenceError({ RRule: ['runs at most once a minute: FREQ=SECONDLY is not allowed'] });
  if (parts.has('UNTIL') && parts.has('COUNT')) throw new RecurrenceError({ RRule: ['UNTIL and COUNT may not both be given'] });
  const bySecond = parts.get('BYSECOND');
  if (bySecond && bySecond.split(',').length > 1) throw new RecurrenceError({ RRule: ['runs at most once a minute: one BYSECOND value'] });
  return parts;
}

/** DTSTART as floating local time, `YYYYMMDDTHHMMSS` (no Z and no TZID: the zone is the schedule's). */
function parseDtstart(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?$/.exec(value.trim());
  if (!match) throw new RecurrenceError({ RRule: ['DTSTART must be a local date and time such as 20260301T020000'] });
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const back = new Date(ms);
  if (back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    throw new RecurrenceError({ RRule: ['DTSTART is not a real date'] });
  }
  return ms;
}

const SUPPORTED_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

/** An IANA zone name that Intl knows (its list, or an alias it accepts such as Europe/Kiev). */
export function isTimezone(name: string): boolean {
  if (SUPPORTED_ZONES.has(name) || name === 'UTC') return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a rule and zone, or throws RecurrenceError with field errors keyed `RRule` and `Timezone`.
 * Seconds default to 0 (not to those of the anchor), so "daily at 02:00" is 02:00:00.
 */
export function parseRecurrence(text: string, timezone: string): Recurrence {
  const errors: Record<string, string[]> = {};
  if (!isTimezone(timezone)) errors.Timezone = ['is not an IANA time zone (such as Europe/Amsterdam)'];
  let parsed: { rule: RRule; anchored: boolean } | undefined;
  try {
    const { dtstart, rrule } = splitLines(text);
    const parts = checkParts(rrule);
    if (parts.has('COUNT') && dtstart === undefined) throw new RecurrenceError({ RRule: ['COUNT needs a DTSTART line to count from'] });
    const options: Partial<Options> = RRule.parseString([...parts].map(([k, v]) => `${k}=${v}`).join(';'));
    const anchor = dtstart === undefined ? ANCHOR : parseDtstart(dtstart);
    if (options.bysecond === undefined || options.bysecond === null) options.bysecond = [0];
    // UNTIL is compared with the rule's wall times, so it is read as a wall time of the zone too.
    parsed = { rule: new RRule({ ...options, dtstart: new Date(anchor) }), anchored: dtstart !== undefined };
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error;
    Object.assign(errors, error.errors);
  }
  if (Object.keys(errors).length > 0 || !parsed) throw new RecurrenceError(errors);
  return { ...parsed, timezone };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The wall time of an instant in the zone, as floating ms (its UTC fields are the wall clock). */
export function wallOf(timezone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timezone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const seconds = Math.floor(instant / 1000) * 1000;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) + (instant - seconds);
}

const offsetAt = (timezone: string, instant: number) => wallOf(timezone, instant) - instant;

/** Where a wall time falls in the zone, with its DST flag (see the top of this file). */
export function placeWallTime(timezone: string, wall: number): { at: number; dst: DstFlag } {
  const before = offsetAt(timezone, wall - DAY_MS);
  const after = offsetAt(timezone, wall + DAY_MS);
  const candidates = [...new Set([wall - before, wall - after])].filter((t) => wallOf(timezone, t) === wall).sort((a, b) => a - b);
  if (candidates.length >= 2) return { at: candidates[0], dst: 'overlap' };
  if (candidates.length === 1) return { at: candidates[0], dst: 'none' };
  return { at: wall - before, dst: 'gap' };
}

const localText = (wall: number) => new Date(wall).toISOString().slice(0, 19);

/** Steps rrule may take per question (periods walked and hours or minutes tried), emitting or not. */
const MAX_STEPS_WALKED = 400_000;

interface Budget {
  left: number;
  spent: boolean;
}

const spend = (budget: Budget) => {
  budget.left -= 1;
  if (budget.left < 0) budget.spent = true;
  return budget.spent;
};

const budgets = new WeakMap<number[], Budget>();

/** A BY list that answers "found" once its budget is spent, which ends rrule's inner search loops. */
class GuardedList extends Array<number> {
  override indexOf(value: number, fromIndex?: number): number {
    const budget = budgets.get(this);
    return budget && spend(budget) ? 0 : super.indexOf(value, fromIndex);
  }
}

/** A guarded copy of a BY list (the rule's own list stays as it is). */
function guarded(values: number[], budget: Budget): number[] {
  const copy = [...values];
  budgets.set(copy, budget);
  Object.setPrototypeOf(copy, GuardedList.prototype);
  return copy;
}

/**
 * A copy of the rule whose expansion stops once MAX_STEPS_WALKED steps are spent; `budget.spent`
 * then says that the dates it gave after that are not to be used. rrule 2.8 stops only when it
 * emits a date past the end asked for, or in the year 9999, and its search for the next hour or
 * minute that BYHOUR/BYMINUTE allow (datetime.ts addHours/addMinutes) loops for ever when the
 * interval never reaches one (parseRecurrence refuses those it can tell). Its loops read
 * `interval` from the parsed options on every period and end when it is 0, and test the BY lists
 * with indexOf: the copy's `interval` turns 0 and its lists answer "found" once the budget is spent.
 */
function bounded(rule: RRule): { rule: RRule; budget: Budget } {
  const copy = new RRule(rule.origOptions);
  const budget: Budget = { left: MAX_STEPS_WALKED, spent: false };
  const options = copy.options;
  const interval = options.interval;
  Object.defineProperty(options, 'interval', { configurable: true, enumerable: true, get: () => (spend(budget) ? 0 : interval) });
  // Null when the rule has no such part (the type says otherwise).
  if (options.byhour) options.byhour = guarded(options.byhour, budget);
  if (options.byminute) options.byminute = guarded(options.byminute, budget);
  if (options.bysecond) options.bysecond = guarded(options.bysecond, budget);
  return { rule: copy, budget };
}

/** A rule with its anchor moved close to `wallFrom` where that keeps every occurrence (no COUNT). */
function ruleNear(recurrence: Recurrence, wallFrom: number): RRule {
  const options = recurrence.rule.origOptions;
  if (options.count) return recurrence.rule;
  const interval = options.interval ?? 1;
  const stepMs: Partial<Record<number, number>> = { [RRule.WEEKLY]: 7 * DAY_MS, [RRule.DAILY]: DAY_MS, [RRule.HOURLY]: 3_600_000, [RRule.MINUTELY]: 60_000 };
  const step = stepMs[options.freq ?? RRule.DAILY];
  const anchor = options.dtstart?.getTime() ?? ANCHOR;
  // Weekly rules with BYWEEKNO or monthly and yearly rules are cheap to expand from the anchor.
  if (!step || options.byweekno) return recurrence.rule;
  const period = step * interval;
  const start = wallFrom - WALL_MARGIN_MS;
  if (start <= anchor) return recurrence.rule;
  const moved = anchor + Math.floor((start - anchor) / period) * period;
  return new RRule({ ...options, dtstart: new Date(moved) });
}

/**
 * Occurrences after `from` (exclusive), in order, until `visit` returns false or the rule ends.
 * Two wall times that land on one instant (the hour skipped by a gap) run once.
 */
export function forEachOccurrence(recurrence: Recurrence, from: number, visit: (occurrence: Occurrence) => boolean): void {
  const { timezone } = recurrence;
  const wallFrom = wallOf(timezone, from);
  const rule = ruleNear(recurrence, wallFrom);
  let lastAt = -Infinity;
  let steps = 0;
  const walk = bounded(rule);
  walk.rule.between(new Date(wallFrom - WALL_MARGIN_MS), new Date(wallFrom + horizonOf(recurrence.rule)), true, (date) => {
    steps += 1;
    if (steps > MAX_STEPS || walk.budget.spent) return false;
    const wall = date.getTime();
    const { at, dst } = placeWallTime(timezone, wall);
    if (at <= from || at <= lastAt) return true;
    lastAt = at;
    return visit({ at: new Date(at), local: localText(wall), dst });
  });
}

/** The next `count` occurrences after `from`. */
export function nextOccurrences(recurrence: Recurrence, from: number, count: number): Occurrence[] {
  const found: Occurrence[] = [];
  if (count <= 0) return found;
  forEachOccurrence(recurrence, from, (occurrence) => {
    found.push(occurrence);
    return found.length < count;
  });
  return found;
}

/** The first occurrence after `from`, or null when the rule has ended. */
export function nextOccurrence(recurrence: Recurrence, from: number): Occurrence | null {
  return nextOccurrences(recurrence, from, 1)[0] ?? null;
}

/**
 * The occurrences due: those in [`dueFrom`, `now`] (`dueFrom` is the stored next run). Returns the
 * latest of them and how many earlier ones were missed, and the first occurrence after `now`.
 * After a downtime longer than half the search horizon only its last half is looked at (only the
 * latest run happens anyway; `missed` then counts those seen).
 */
export function dueOccurrence(recurrence: Recurrence, dueFrom: number, now: number): { latest: Occurrence | null; missed: number; next: Occurrence | null } {
  let latest: Occurrence | null = null;
  let seen = 0;
  let next: Occurrence | null = null;
  const from = Math.max(dueFrom - 1, now - horizonOf(recurrence.rule) / 2);
  forEachOccurrence(recurrence, from, (occurrence) => {
    if (occurrence.at.getTime() > now) {
      next = occurrence;
      return false;
    }
    latest = occurrence;
    seen += 1;
    return true;
  });
  return { latest, missed: Math.max(0, seen - 1), next };
}
