// The three-way compare of README.md ("The link"): one field's state from its base (the value last
// applied), the prototype's value and the instance's value, and an item's link status from the
// states of its fields. Pure: the link status (linkStatus.ts) and the plan (plan.ts) both use it,
// so a field reads the same in both.

export type FieldState = 'same' | 'update' | 'overridden' | 'conflict';
export type LinkStatus = 'NotLinked' | 'Applied' | 'NeedsUpdate' | 'Overridden' | 'Deleted';

export interface ComparedField {
  Field: string;
  Base: unknown;
  Prototype: unknown;
  Instance: unknown;
}

/** JSON with object keys sorted, so that equal values (jsonb reorders keys) give equal texts. */
export function stableJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Absent and null are the same value: a key the instance lacks compares as null. */
export const sameValue = (a: unknown, b: unknown): boolean => stableJson(a) === stableJson(b);

export function fieldState(field: Pick<ComparedField, 'Base' | 'Prototype' | 'Instance'>): FieldState {
  const { Base: base, Prototype: prototype, Instance: instance } = field;
  if (sameValue(prototype, instance)) return 'same';
  if (sameValue(base, instance)) return 'update';
  if (sameValue(base, prototype)) return 'overridden';
  return 'conflict';
}

/** The status of a linked item whose property prototype (if any) still exists. */
export function statusOfFields(fields: readonly Pick<ComparedField, 'Base' | 'Prototype' | 'Instance'>[]): Exclude<LinkStatus, 'NotLinked' | 'Deleted'> {
  const states = fields.map(fieldState);
  if (states.some((state) => state === 'update' || state === 'conflict')) return 'NeedsUpdate';
  if (states.includes('overridden')) return 'Overridden';
  return 'Applied';
}

const SEVERITY: Record<LinkStatus, number> = { NotLinked: 0, Applied: 1, Overridden: 2, Deleted: 3, NeedsUpdate: 4 };

/** The worse of two statuses, for an item whose status sums up several parts. */
export const worseStatus = (a: LinkStatus, b: LinkStatus): LinkStatus => (SEVERITY[b] > SEVERITY[a] ? b : a);

/** The compared fields of an asset: every key of the prototype's Metadata whose value is not null. */
export function assetFields(prototypeMetadata: Readonly<Record<string, unknown>>, instanceMetadata: Readonly<Record<string, unknown>>, applied: unknown): ComparedField[] {
  const base = metadataOf(applied);
  return Object.entries(prototypeMetadata)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ({ Field: `Metadata.${key}`, Base: base?.[key] ?? null, Prototype: value, Instance: instanceMetadata[key] ?? null }));
}

/** The prototype's side of an asset's compared fields: what `applied` holds after an apply. */
export function assetPrototypeSide(prototypeMetadata: Readonly<Record<string, unknown>>): { Metadata: Record<string, unknown> } {
  return { Metadata: Object.fromEntries(Object.entries(prototypeMetadata).filter(([, value]) => value !== null && value !== undefined)) };
}

export interface PropertySide {
  Name: string;
  Description: string;
}

/** The compared fields of an asset property: Name and Description. */
export function propertyFields(prototype: PropertySide, instance: PropertySide, applied: unknown): ComparedField[] {
  const base = isRecord(applied) ? applied : null;
  return (['Name', 'Description'] as const).map((key) => ({ Field: key, Base: base?.[key] ?? null, Prototype: prototype[key], Instance: instance[key] }));
}

export interface MeasurementSide {
  Name: string;
  Settings: unknown;
}

/** The compared fields of the calculation a calculation property made: Name and Settings (base in the property's applied.Measurement). */
export function measurementFields(prototype: MeasurementSide, instance: MeasurementSide, applied: unknown): ComparedField[] {
  const base = isRecord(applied) && isRecord(applied.Measurement) ? applied.Measurement : null;
  return (['Name', 'Settings'] as const).map((key) => ({ Field: key, Base: base?.[key] ?? null, Prototype: prototype[key], Instance: instance[key] }));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function metadataOf(applied: unknown): Record<string, unknown> | null {
  return isRecord(applied) && isRecord(applied.Metadata) ? applied.Metadata : null;
}
