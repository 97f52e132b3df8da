// Events read from an external database (server/events/README.md, "external_database"): what the
// processor takes from a query's rows, shared with the configuration editor's preview so both say
// the same. Column names are compared case aside: StartTime (required), StopTime, ExternalID, and
// columns named like the event type's simple properties; any other column is ignored.

/** Rows read per poll; more are left for the next poll (the query should order by StartTime). */
export const EXTERNAL_ROWS_PER_POLL = 1_000;
export const EXTERNAL_POLL_INTERVAL_DEFAULT = '1m';
export const EXTERNAL_POLL_INTERVAL_DEFAULT_MS = 60_000;
/** How long one query may run. */
export const EXTERNAL_QUERY_TIMEOUT_MS = 30_000;

export type ExternalDatatype = 'number' | 'boolean' | 'string';
export type ExternalScalar = number | boolean | string;

export interface ExternalProperty {
  name: string;
  datatype: ExternalDatatype;
}

export type ExternalColumnRole = 'start' | 'stop' | 'external_id' | 'property' | 'ignored';

export interface ExternalColumn {
  name: string;
  role: ExternalColumnRole;
  /** The property it fills (role property), as the type spells it. */
  property?: string;
}

export interface ExternalEventRow {
  /** The row's index in the answer. */
  row: number;
  /** ExternalID as text, else `start:` and the StartTime in ISO. */
  externalId: string;
  start: number;
  /** null: no StopTime (or not after the start): the event stays open. */
  stop: number | null;
  /** Values by property name (as the type spells it); null kept: the row says it has none. */
  values: Record<string, ExternalScalar | null>;
}

export interface ExternalExtraction {
  columns: ExternalColumn[];
  /** No StartTime column: no row can start an event. */
  missingStart: boolean;
  events: ExternalEventRow[];
  /** Rows left out: no StartTime value, or one that is not a time. */
  skipped: { row: number; reason: 'no_start' | 'bad_start' }[];
  /** Values left out because they are not of the property's datatype. */
  badValues: { row: number; property: string }[];
}

/** A Date, or a text Date.parse reads (drivers give ISO text); undefined otherwise. */
export function externalTime(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

const TRUE = new Set(['true', 't', '1', 'yes', 'y']);
const FALSE = new Set(['false', 'f', '0', 'no', 'n']);

/**
 * A database value typed as a property's datatype: numbers from numbers and numeric text, booleans
 * from booleans, 0/1 and true/false text, text from anything scalar (a Date as ISO text). null
 * stays null; undefined when it is not of the datatype.
 */
export function externalValue(value: unknown, datatype: ExternalDatatype): { value: ExternalScalar | null } | undefined {
  if (value === null || value === undefined) return { value: null };
  if (datatype === 'number') {
    const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'bigint' ? Number(value) : NaN;
    return Number.isFinite(number) ? { value: number } : undefined;
  }
  if (datatype === 'boolean') {
    if (typeof value === 'boolean') return { value };
    if (typeof value === 'number') return value === 1 ? { value: true } : value === 0 ? { value: false } : undefined;
    if (typeof value === 'string') {
      const text = value.trim().toLowerCase();
      return TRUE.has(text) ? { value: true } : FALSE.has(text) ? { value: false } : undefined;
    }
    return undefined;
  }
  if (value instanceof Date) return { value: value.toISOString() };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return { value: String(value) };
  return undefined;
}

/** What the processor takes from a query's answer: one event per row with a StartTime. */
export function extractExternalEvents(columns: readonly { Name: string }[], rows: readonly unknown[][], properties: readonly ExternalProperty[]): ExternalExtraction {
  const byName = new Map(properties.map((property) => [property.name.toLowerCase(), property]));
  const roles: ExternalColumn[] = [];
  const taken = new Set<string>();
  let start = -1;
  let stop = -1;
  let externalId = -1;
  const filled: { index: number; property: ExternalProperty }[] = [];
  columns.forEach((column, index) => {
    const name = column.Name.toLowerCase();
    // The first column of a name counts; a second of the same name is ignored.
    if (taken.has(name)) {
      roles.push({ name: column.Name, role: 'ignored' });
      return;
    }
    taken.add(name);
    if (name === 'starttime') {
      start = index;
      roles.push({ name: column.Name, role: 'start' });
    } else if (name === 'stoptime') {
      stop = index;
      roles.push({ name: column.Name, role: 'stop' });
    } else if (name === 'externalid') {
      externalId = index;
      roles.push({ name: column.Name, role: 'external_id' });
    } else if (byName.has(name)) {
      const property = byName.get(name)!;
      filled.push({ index, property });
      roles.push({ name: column.Name, role: 'property', property: property.name });
    } else roles.push({ name: column.Name, role: 'ignored' });
  });
  const extraction: ExternalExtraction = { columns: roles, missingStart: start < 0, events: [], skipped: [], badValues: [] };
  if (start < 0) return extraction;
  rows.forEach((row, index) => {
    const raw = row[start];
    if (raw === null || raw === undefined || raw === '') {
      extraction.skipped.push({ row: index, reason: 'no_start' });
      return;
    }
    const startMs = externalTime(raw);
    if (startMs === undefined) {
      extraction.skipped.push({ row: index, reason: 'bad_start' });
      return;
    }
    const stopMs = stop < 0 ? undefined : externalTime(row[stop]);
    const id = externalId < 0 ? null : row[externalId];
    const values: Record<string, ExternalScalar | null> = {};
    for (const { index: column, property } of filled) {
      const typed = externalValue(row[column], property.datatype);
      if (typed) values[property.name] = typed.value;
      else extraction.badValues.push({ row: index, property: property.name });
    }
    extraction.events.push({
      row: index,
      externalId: id === null || id === undefined || id === '' ? `start:${new Date(startMs).toISOString()}` : String(id),
      start: startMs,
      stop: stopMs !== undefined && stopMs > startMs ? stopMs : null,
      values,
    });
  });
  extraction.events.sort((a, b) => a.start - b.start || a.row - b.row);
  return extraction;
}
