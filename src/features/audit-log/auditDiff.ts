// The entry dialog's comparison of an audited row before and after the change. Nested objects are
// flattened to dotted paths (settings.Host), array items to indexes (hosts[0]), so that every leaf
// is one line the reader can compare; an empty object or array is a leaf of its own.

/** How the server masks a secure value in Before and After, and a secure value that the change replaced (After only). */
export const SECRET_MASK = '********';
export const CHANGED_SECRET_MASK = '******** (changed)';

export type DiffKind = 'added' | 'changed' | 'removed' | 'unchanged';

export interface DiffLine {
  path: string;
  kind: DiffKind;
  /** Absent when the path did not exist on that side. */
  before?: unknown;
  after?: unknown;
}

type Row = Record<string, unknown> | null | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every leaf of `value` by its path. */
export function flatten(value: unknown, prefix = '', into: Map<string, unknown> = new Map()): Map<string, unknown> {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, index) => flatten(item, `${prefix}[${index}]`, into));
  } else if (isObject(value) && Object.keys(value).length > 0) {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix !== '') {
    into.set(prefix, value);
  }
  return into;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The lines of the comparison, in the order of the row's columns (after's order, then what was removed). */
export function diffRows(before: Row, after: Row): DiffLine[] {
  const old = flatten(before ?? {});
  const now = flatten(after ?? {});
  const lines: DiffLine[] = [];
  for (const [path, value] of now) {
    if (!old.has(path)) lines.push({ path, kind: 'added', after: value });
    else if (same(old.get(path), value)) lines.push({ path, kind: 'unchanged', before: old.get(path), after: value });
    else lines.push({ path, kind: 'changed', before: old.get(path), after: value });
  }
  for (const [path, value] of old) if (!now.has(path)) lines.push({ path, kind: 'removed', before: value });
  return lines;
}

export const isSecret = (value: unknown): boolean => value === SECRET_MASK;
export const isChangedSecret = (value: unknown): boolean => value === CHANGED_SECRET_MASK;

/** A leaf as text: strings as they are, everything else as JSON. */
export function leafText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}
