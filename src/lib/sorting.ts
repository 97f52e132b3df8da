// Comparators shared by tables and lists. Text compares the way people read it: case and accents
// ignored, digits by value ("Pump 2" before "Pump 10").

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export const compareText = (a: string, b: string): number => collator.compare(a, b);

function rank(value: unknown): number {
  if (value === null || value === undefined || value === '') return 3;
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof Date) return 0;
  if (typeof value === 'boolean') return 1;
  return 2;
}

function numeric(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return Number(value);
}

/**
 * Ascending comparison of cell values: numbers and dates by value, booleans false first, text by
 * the collator; empty values (null, undefined, '') last. Mixed kinds group by kind.
 */
export function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return numeric(a) - numeric(b);
  if (ra === 1) return Number(a) - Number(b);
  if (ra === 2) return compareText(String(a), String(b));
  return 0;
}
