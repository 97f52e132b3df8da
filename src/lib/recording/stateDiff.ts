// What one step of a replay changed: a structural diff of the state before and after, listed by
// path. Redux states share every untouched subtree (immer), so identical references are skipped
// without being walked, and a step costs about the size of what it changed.

export type DiffKind = 'added' | 'changed' | 'removed';

export interface DiffEntry {
  /** e.g. 'session.userName', 'api.queries["getInfo(undefined)"].data', 'list[2]' */
  path: string;
  kind: DiffKind;
  /** Short JSON renderings; absent for the side that has no value. */
  before?: string;
  after?: string;
}

export interface StateDiff {
  entries: DiffEntry[];
  /** More changes than `maxEntries` were found; only the first ones are listed. */
  truncated: boolean;
}

export interface DiffOptions {
  maxEntries?: number;
  /** Longer renderings end in '…'. */
  maxValueLength?: number;
}

const DEFAULT_MAX_ENTRIES = 200;
const DEFAULT_MAX_VALUE_LENGTH = 80;

export function diffState(before: unknown, after: unknown, options: DiffOptions = {}): StateDiff {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxValueLength = options.maxValueLength ?? DEFAULT_MAX_VALUE_LENGTH;
  const entries: DiffEntry[] = [];
  let truncated = false;

  const add = (path: string, kind: DiffKind, from: unknown, to: unknown, hasFrom: boolean, hasTo: boolean) => {
    if (entries.length >= maxEntries) {
      truncated = true;
      return;
    }
    const entry: DiffEntry = { path, kind };
    if (hasFrom) entry.before = render(from, maxValueLength);
    if (hasTo) entry.after = render(to, maxValueLength);
    entries.push(entry);
  };

  const walk = (from: unknown, to: unknown, path: string) => {
    if (Object.is(from, to) || truncated) return;
    if (isContainer(from) && isContainer(to) && Array.isArray(from) === Array.isArray(to)) {
      const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
      for (const key of keys) {
        const childPath = join(path, key, Array.isArray(to));
        const inFrom = Object.prototype.hasOwnProperty.call(from, key);
        const inTo = Object.prototype.hasOwnProperty.call(to, key);
        const a: unknown = Reflect.get(from, key);
        const b: unknown = Reflect.get(to, key);
        if (inFrom && !inTo) add(childPath, 'removed', a, undefined, true, false);
        else if (!inFrom && inTo) add(childPath, 'added', undefined, b, false, true);
        else walk(a, b, childPath);
      }
      return;
    }
    add(path || '(state)', 'changed', from, to, true, true);
  };

  walk(before, after, '');
  return { entries, truncated };
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function join(path: string, key: string, inArray: boolean): string {
  if (inArray) return `${path}[${key}]`;
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

/** JSON, cut to `max` characters; undefined reads 'undefined'. */
export function render(value: unknown, max: number): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}
