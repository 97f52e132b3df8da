// Durations as written in settings such as auth.session_inactive_duration (SPEC §5): one or more
// groups of digits, each followed by a unit w, d, h, m or s ("1h30m", "8h", "1m"). Shared by the
// client's validation and the server's session expiry, so both accept exactly the same texts.

const UNIT_MS = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;
type Unit = keyof typeof UNIT_MS;

const WHOLE = /^(?:\d+[wdhms])+$/;
const GROUP = /(\d+)([wdhms])/g;

function isUnit(value: string): value is Unit {
  return value in UNIT_MS;
}

/** True when `text` has the duration format; says nothing about the size of the value. */
export function isDurationText(text: string): boolean {
  return WHOLE.test(text);
}

/**
 * The duration in milliseconds, or undefined when `text` is not in the format or is too large to
 * be counted exactly (a typo such as 99999999999w must not turn into Infinity).
 */
export function parseDuration(text: string): number | undefined {
  if (!isDurationText(text)) return undefined;
  let total = 0;
  for (const [, digits, unit] of text.matchAll(GROUP)) {
    if (!isUnit(unit)) return undefined;
    total += Number(digits) * UNIT_MS[unit];
    if (!Number.isSafeInteger(total)) return undefined;
  }
  return total;
}
