import { parseDuration } from '../../../domain/duration';
import { HttpProblem } from '../../http/problem';

// What the definitions' handlers share: list parameters, 404s that name the field, durations.

export type OneOrMany = string | string[];

export const listOf = (value: OneOrMany | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export const DEFAULT_LIMIT = 100;

/** A page's LIMIT and OFFSET. */
export function pageOf(query: { Limit?: number; Page?: number }): { limit: number; offset: number } {
  const limit = query.Limit ?? DEFAULT_LIMIT;
  return { limit, offset: ((query.Page ?? 1) - 1) * limit };
}

/** Any id of another organization is a 404, as if absent (server/events/README.md, "Who may do what"). */
export const notFoundOf = (what: string) => new HttpProblem(404, `No such ${what}`);

/** A 404 for an id the body names, with the field it names. */
export const missingReference = (field: string, what: string) =>
  new HttpProblem(404, `No such ${what}`, { detail: `${field} is not ${what} of this organization`, errors: { [field]: [`is not ${what} of this organization`] } });

/** Collects field errors and throws them as one 400. */
export class FieldErrors {
  readonly errors: Record<string, string[]> = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(what: string, code?: string): void {
    if (this.empty) return;
    throw new HttpProblem(400, 'Bad Request', { detail: `The ${what} is not valid: ${Object.keys(this.errors).join(', ')}`, errors: this.errors, code });
  }
}

const UNITS: readonly [string, number][] = [
  ['w', 604_800_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
];

/** A duration in ms as the contract writes it ("1h30m", "0s"), signed; whole seconds (ms below a second are dropped). */
export function durationText(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  let rest = Math.floor(Math.abs(ms) / 1000) * 1000;
  if (rest === 0) return '0s';
  let text = '';
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      text += `${count}${unit}`;
      rest -= count * size;
    }
  }
  return sign + text;
}

/** A duration text in ms (domain/duration.ts), optionally with a leading '-'; undefined when not one. */
export function parseSignedDuration(text: string, signed: boolean): number | undefined {
  const negative = signed && text.startsWith('-');
  const ms = parseDuration(negative ? text.slice(1) : text);
  return ms === undefined ? undefined : negative ? -ms : ms;
}

/**
 * The duration of a field in ms: the default when absent or null, else parsed; a field error (and
 * undefined) when it is not a duration or shorter than `min`.
 */
export function durationField(
  errors: FieldErrors,
  field: string,
  value: unknown,
  options: { fallback?: number; min?: number; signed?: boolean } = {},
): number | undefined {
  if (value === undefined || value === null || value === '') return options.fallback;
  const ms = typeof value === 'string' ? parseSignedDuration(value, options.signed === true) : undefined;
  if (ms === undefined) {
    errors.add(field, options.signed ? 'is not a duration such as 30s, 5m or -1h' : 'is not a duration such as 30s, 5m or 1h');
    return undefined;
  }
  if (options.min !== undefined && ms < options.min) {
    errors.add(field, `must be at least ${durationText(options.min)}`);
    return undefined;
  }
  return ms;
}

/** Whether a value is of an event property's Datatype. */
export function matchesDatatype(value: unknown, datatype: string): boolean {
  if (datatype === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (datatype === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string';
}

/** A timestamp column or ms number as ISO text, null kept. */
export const isoOf = (value: Date | number | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(typeof value === 'string' ? Number(value) : value).toISOString();
