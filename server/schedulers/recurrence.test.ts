import { dueOccurrence, isTimezone, nextOccurrences, parseRecurrence, RecurrenceError } from './recurrence';

// Schedules are RFC 5545 rules read in an explicit IANA zone; the daylight-saving changes of
// Europe/Amsterdam in 2026 are on Sunday 29 March (02:00 → 03:00) and Sunday 25 October (03:00 → 02:00).

const errorsOf = (rrule: string, timezone = 'Europe/Amsterdam') => {
  try {
    parseRecurrence(rrule, timezone);
  } catch (error) {
    if (error instanceof RecurrenceError) return error.errors;
    throw error;
  }
  return {};
};

describe('task schedule rules', () => {
  it('flags a run that falls in the spring-forward gap and runs it at the wall time an hour later', () => {
    const daily = parseRecurrence('FREQ=DAILY;BYHOUR=2;BYMINUTE=30', 'Europe/Amsterdam');
    const runs = nextOccurrences(daily, Date.UTC(2026, 2, 27, 12), 3);
    expect(runs.map((run) => [run.local, run.at.toISOString(), run.dst])).toEqual([
      ['2026-03-28T02:30:00', '2026-03-28T01:30:00.000Z', 'none'],
      // 02:30 does not exist on 29 March: 03:30 summer time (01:30 UTC).
      ['2026-03-29T02:30:00', '2026-03-29T01:30:00.000Z', 'gap'],
      ['2026-03-30T02:30:00', '2026-03-30T00:30:00.000Z', 'none'],
    ]);
  });

  it('flags a run that falls in the fall-back overlap and runs it once, at the first', () => {
    const daily = parseRecurrence('FREQ=DAILY;BYHOUR=2;BYMINUTE=30', 'Europe/Amsterdam');
    const runs = nextOccurrences(daily, Date.UTC(2026, 9, 24, 12), 2);
    expect(runs.map((run) => [run.local, run.at.toISOString(), run.dst])).toEqual([
      // 02:30 happens at 00:30 UTC (summer time) and 01:30 UTC (winter time): the first one.
      ['2026-10-25T02:30:00', '2026-10-25T00:30:00.000Z', 'overlap'],
      ['2026-10-26T02:30:00', '2026-10-26T01:30:00.000Z', 'none'],
    ]);
  });

  it('runs an hourly schedule once per real hour across both changes, never twice at one instant', () => {
    const hourly = parseRecurrence('FREQ=HOURLY;BYMINUTE=0', 'Europe/Amsterdam');
    const spring = nextOccurrences(hourly, Date.UTC(2026, 2, 28, 23, 30), 4).map((run) => run.at.toISOString());
    expect(spring).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z', '2026-03-29T03:00:00.000Z']);
    expect(new Set(spring).size).toBe(spring.length);
    const autumn = nextOccurrences(hourly, Date.UTC(2026, 9, 24, 23, 30), 3);
    expect(autumn.map((run) => [run.local, run.dst])).toEqual([
      ['2026-10-25T02:00:00', 'overlap'],
      ['2026-10-25T03:00:00', 'none'],
      ['2026-10-25T04:00:00', 'none'],
    ]);
  });

  it('keeps the wall time in the zone whatever the server zone (weekly on Monday at 06:00 in New York)', () => {
    const weekly = parseRecurrence('FREQ=WEEKLY;BYDAY=MO;BYHOUR=6;BYMINUTE=0', 'America/New_York');
    const runs = nextOccurrences(weekly, Date.UTC(2026, 0, 1), 2);
    expect(runs.map((run) => run.at.toISOString())).toEqual(['2026-01-05T11:00:00.000Z', '2026-01-12T11:00:00.000Z']);
  });

  it('refuses what RFC 5545 §3.3.10 refuses, with field errors keyed RRule and Timezone', () => {
    expect(errorsOf('FREQ=FORTNIGHTLY')).toEqual({ RRule: [expect.stringContaining('FREQ=FORTNIGHTLY')] });
    expect(errorsOf('BYHOUR=2')).toEqual({ RRule: ['FREQ is required'] });
    expect(errorsOf('FREQ=DAILY;BYHOUR=24')).toHaveProperty('RRule');
    expect(errorsOf('FREQ=DAILY;COUNT=2;UNTIL=20270101')).toHaveProperty('RRule');
    expect(errorsOf('FREQ=DAILY;COLOR=red')).toHaveProperty('RRule');
    expect(errorsOf('FREQ=DAILY;FREQ=WEEKLY')).toHaveProperty('RRule');
    expect(errorsOf('FREQ=SECONDLY')).toHaveProperty('RRule');
    expect(errorsOf('FREQ=DAILY', 'Mars/Olympus_Mons')).toEqual({ Timezone: [expect.any(String)] });
    expect(errorsOf('RRULE:FREQ=DAILY;BYHOUR=2;BYMINUTE=0')).toEqual({});
  });

  it('answers no runs for a rule whose BY parts its interval never reaches, where rrule alone would loop for ever', () => {
    for (const rule of ['FREQ=MINUTELY;INTERVAL=60;BYMINUTE=30', 'FREQ=HOURLY;INTERVAL=24;BYHOUR=3', 'FREQ=MINUTELY;INTERVAL=120;BYHOUR=3', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30']) {
      expect(nextOccurrences(parseRecurrence(rule, 'UTC'), Date.UTC(2026, 0, 1), 3)).toEqual([]);
    }
    // Sparse rules that do run are still found.
    expect(nextOccurrences(parseRecurrence('FREQ=HOURLY;INTERVAL=5;BYHOUR=0,5,10', 'UTC'), Date.UTC(2026, 0, 1), 3)).toHaveLength(3);
    expect(nextOccurrences(parseRecurrence('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=1;BYMINUTE=0', 'UTC'), Date.UTC(2026, 0, 1), 1)[0].local).toBe('2028-02-29T01:00:00');
  });

  it('knows IANA zones through Intl', () => {
    expect(isTimezone('Europe/Amsterdam')).toBe(true);
    expect(isTimezone('UTC')).toBe(true);
    expect(isTimezone('Europe/Atlantis')).toBe(false);
    expect(isTimezone('+01:00')).toBe(false);
  });

  it('counts COUNT from its DTSTART line and ends the rule after it', () => {
    const three = parseRecurrence('DTSTART:20260101T080000\nRRULE:FREQ=DAILY;COUNT=3', 'Europe/Amsterdam');
    expect(nextOccurrences(three, Date.UTC(2025, 11, 1), 10).map((run) => run.local)).toEqual(['2026-01-01T08:00:00', '2026-01-02T08:00:00', '2026-01-03T08:00:00']);
    expect(nextOccurrences(three, Date.UTC(2026, 1, 1), 10)).toEqual([]);
  });

  it('answers only the latest of the runs missed while no server was up, and how many it skipped', () => {
    const hourly = parseRecurrence('FREQ=HOURLY;BYMINUTE=0', 'UTC');
    const due = dueOccurrence(hourly, Date.UTC(2026, 0, 1, 0), Date.UTC(2026, 0, 1, 5, 30));
    expect(due.latest?.at.toISOString()).toBe('2026-01-01T05:00:00.000Z');
    expect(due.missed).toBe(5);
    expect(due.next?.at.toISOString()).toBe('2026-01-01T06:00:00.000Z');
  });
});
