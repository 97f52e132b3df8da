import type { Read, Write } from '../../../domain/contract';
import type { Db } from '../../db/db';
import { badRequest, HttpProblem } from '../../http/problem';
import { queuePoints } from '../../integrations/forwarders/runtime/queue';
import { MAX_RAW_LIMIT } from '../../timeseries/points';
import { UnknownTimeseriesDatabaseError, type TimeseriesStores } from '../../timeseries/stores';
import type { PointValue, StoredPoint, TimeseriesStore, ValueType } from '../../timeseries/types';
import type { AccessLevel } from '../access';
import type { FormRow } from '../formRow';
import {
  auditedWrite,
  FUTURE_TOLERANCE_MS,
  MAX_ROWS,
  refuseConflicts,
  refuseTooOld,
  requireReason,
  sameValue,
  userNames,
  type Cell,
  type Column,
  type Conflict,
  type EditLimit,
  type Scalar,
} from './common';

// An Asset Properties form in the grid (server/manual-entry/README.md, "Entries" and "Writes"): a
// column per property of its groups, the timestamps at which their measurements hold points, and
// values typed at timestamps: points of quality 192 in the measurements' stores, and a row each in
// manual_entry_values (who, when, what the store held before), whose trigger audits the change.

export type ValueRow = Read<'ManualEntryValueRow'>;
type ValuesWrite = Write<'ManualEntryValuesWrite'>;
type ValuesWritten = Read<'ManualEntryValuesWritten'>;

/** OPC UA "good": the quality of every typed point. */
export const GOOD_QUALITY = 192;

const TYPED = new Set<string>(['number', 'boolean', 'string']);

interface PropertyInfo {
  uuid: string;
  name: string;
  assetPath: string;
  measurementUuid: string;
  databaseUuid: string | null;
  datatype: ValueType;
  /** number, boolean or string, stored in a time-series database, and the caller has a level. */
  writable: boolean;
}

export interface AssetLayout {
  columns: Column[];
  properties: Map<string, PropertyInfo>;
}

/** The columns of an Asset Properties form; a property deleted or unbound since the form was saved drops out. */
export async function assetLayout(db: Db, form: FormRow, level: AccessLevel): Promise<AssetLayout> {
  const groups = form.config.Groups ?? [];
  const { rows } = await db.query<{ uuid: string; name: string; asset_path: string; measurement_uuid: string; database_uuid: string | null; datatype: ValueType; uom: string }>(
    `SELECT p.uuid, p.name, a.path AS asset_path, m.uuid AS measurement_uuid, m.database_uuid, m.datatype, m.uom
       FROM asset_properties p JOIN assets a ON a.uuid = p.asset_uuid JOIN measurements m ON m.uuid = p.measurement_uuid
      WHERE p.uuid = ANY($1::uuid[]) AND p.organization_uuid = $2`,
    [groups.flatMap((group) => group.AssetPropertyUUIDs), form.organization_uuid],
  );
  const found = new Map(rows.map((row) => [row.uuid, row]));
  const layout: AssetLayout = { columns: [], properties: new Map() };
  for (const group of groups) {
    for (const uuid of group.AssetPropertyUUIDs) {
      const row = found.get(uuid);
      if (!row || layout.properties.has(uuid)) continue;
      const typed = TYPED.has(row.datatype);
      const info: PropertyInfo = {
        uuid,
        name: row.name,
        assetPath: row.asset_path,
        measurementUuid: row.measurement_uuid,
        databaseUuid: row.database_uuid,
        datatype: row.datatype,
        writable: typed && level !== 'disabled' && row.database_uuid !== null,
      };
      layout.properties.set(uuid, info);
      const column: Column = {
        Key: uuid,
        Name: row.name,
        Group: group.Name,
        Datatype: typed ? (row.datatype as Column['Datatype']) : 'string',
        Kind: 'simple',
        Editable: info.writable,
      };
      if (row.uom) column.Unit = row.uom;
      layout.columns.push(column);
    }
  }
  return layout;
}

/** A stored value as the grid shows it: slices as JSON text, bytes as base64. */
function scalarOf(value: PointValue): Scalar {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return JSON.stringify(value);
  return value;
}

/** The store of a property's measurement, or null when it has none (any more). */
async function storeOf(stores: TimeseriesStores, info: PropertyInfo): Promise<TimeseriesStore | null> {
  if (!info.databaseUuid) return null;
  try {
    return await stores.forDatabase(info.databaseUuid);
  } catch (error) {
    if (error instanceof UnknownTimeseriesDatabaseError) return null;
    throw error;
  }
}

/** The points of a property at exactly `times` (ms), by time. */
async function pointsAt(stores: TimeseriesStores, info: PropertyInfo, times: readonly number[]): Promise<Map<number, StoredPoint>> {
  const store = await storeOf(stores, info);
  const found = new Map<number, StoredPoint>();
  if (!store || times.length === 0) return found;
  const wanted = new Set(times);
  const reads =
    times.length <= 8
      ? times.map((time) => store.readRaw(info.measurementUuid, info.datatype, { from: time, to: time + 1, limit: 1 }))
      : [store.readRaw(info.measurementUuid, info.datatype, { from: Math.min(...times), to: Math.max(...times) + 1, limit: MAX_RAW_LIMIT })];
  for (const points of await Promise.all(reads)) {
    for (const point of points) if (wanted.has(point.time.getTime())) found.set(point.time.getTime(), point);
  }
  return found;
}

interface JournalRow {
  asset_property_uuid: string;
  time: Date;
  value: Scalar;
  updated_at: Date;
  updated_by: string | null;
}

const journalKey = (property: string, time: number) => `${property}@${time}`;

/** The grid's rows at `times` (ms, newest first) from the points by property and time, marking the values the journal says were typed. */
async function rowsOf(db: Db, points: Map<string, Map<number, StoredPoint>>, times: readonly number[], journal: readonly JournalRow[]): Promise<ValueRow[]> {
  const typed = new Map(journal.map((row) => [journalKey(row.asset_property_uuid, row.time.getTime()), row]));
  const names = await userNames(db, journal.map((row) => row.updated_by));
  return times.map((time) => {
    const cells: Record<string, Cell> = {};
    for (const [property, byTime] of points) {
      const point = byTime.get(time);
      if (!point) continue;
      const value = scalarOf(point.value);
      const entry = typed.get(journalKey(property, time));
      const manual = entry !== undefined && sameValue(entry.value, value);
      cells[property] = {
        Value: value,
        Manual: manual,
        UpdatedAt: manual ? entry.updated_at.toISOString() : null,
        UpdatedBy: manual && entry.updated_by ? (names.get(entry.updated_by) ?? null) : null,
      };
    }
    return { Timestamp: new Date(time).toISOString(), Cells: cells };
  });
}

/** The timestamps in [from, to) at which a column's measurement holds a point, newest first, at most MAX_ROWS. */
export async function assetEntries(db: Db, stores: TimeseriesStores, layout: AssetLayout, from: Date, to: Date): Promise<{ rows: ValueRow[]; truncated: boolean }> {
  const points = new Map<string, Map<number, StoredPoint>>();
  const times = new Set<number>();
  for (const info of layout.properties.values()) {
    const store = await storeOf(stores, info);
    if (!store) continue;
    // The newest MAX_ROWS + 1 of each column hold the newest MAX_ROWS timestamps of all of them.
    const read = await store.readRaw(info.measurementUuid, info.datatype, { from, to, limit: MAX_ROWS + 1, order: 'desc' });
    points.set(info.uuid, new Map(read.map((point) => [point.time.getTime(), point])));
    for (const point of read) times.add(point.time.getTime());
  }
  const sorted = [...times].sort((a, b) => b - a);
  const { rows: journal } = await db.query<JournalRow>(
    `SELECT asset_property_uuid, time, value, updated_at, updated_by FROM manual_entry_values
      WHERE asset_property_uuid = ANY($1::uuid[]) AND time >= $2 AND time < $3`,
    [[...layout.properties.keys()], from.toISOString(), to.toISOString()],
  );
  return { rows: await rowsOf(db, points, sorted.slice(0, MAX_ROWS), journal), truncated: sorted.length > MAX_ROWS };
}

const fitsDatatype = (value: unknown, datatype: ValueType) =>
  datatype === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === datatype;

interface Checked {
  info: PropertyInfo;
  time: number;
  value: number | string | boolean;
  expected: Scalar | undefined;
}

/** The body's values checked against the form: in it, writable, typed, not in the future, each property and time once (400 naming every field). */
function checkValues(layout: AssetLayout, body: ValuesWrite, now: number): Checked[] {
  const errors: Record<string, string[]> = {};
  const codes = new Set<string>();
  const seen = new Set<string>();
  const checked: Checked[] = [];
  body.Values.forEach((entry, i) => {
    const info = layout.properties.get(entry.AssetPropertyUUID);
    const time = new Date(entry.Timestamp).getTime();
    if (!info || !info.writable) {
      errors[`Values[${i}].AssetPropertyUUID`] = ['manual_entry.errors.not_editable'];
      codes.add('manual_entry.errors.not_editable');
      return;
    }
    if (!fitsDatatype(entry.Value, info.datatype)) {
      errors[`Values[${i}].Value`] = [`must be a ${info.datatype}`];
    } else if (time > now + FUTURE_TOLERANCE_MS) {
      errors[`Values[${i}].Timestamp`] = ['manual_entry.errors.future'];
      codes.add('manual_entry.errors.future');
    } else if (seen.has(journalKey(info.uuid, time))) {
      errors[`Values[${i}]`] = ['names a property and time given before'];
    } else {
      seen.add(journalKey(info.uuid, time));
      checked.push({ info, time, value: entry.Value, expected: entry.Expected });
    }
  });
  const fields = Object.keys(errors);
  if (fields.length > 0) throw badRequest(`The values are not valid: ${fields.join(', ')}`, errors, codes.size === 1 ? [...codes][0] : undefined);
  return checked;
}

/**
 * Types values into the form's properties, all or none: each checked (400), none older than the
 * caller's edit limit (403), the Expected ones still current (409), a reason when one replaces
 * another (400). The changed ones go to the stores as points of quality 192 and then, in one
 * transaction filed under ManualEntry with the reason, into manual_entry_values.
 */
export async function writeAssetValues(
  db: Db,
  stores: TimeseriesStores,
  form: FormRow,
  layout: AssetLayout,
  limit: EditLimit,
  body: ValuesWrite,
  userUuid: string,
  now: number,
): Promise<ValuesWritten> {
  const checked = checkValues(layout, body, now);
  for (const value of checked) refuseTooOld(limit, new Date(value.time), now);

  const timesOf = new Map<string, number[]>();
  for (const value of checked) timesOf.set(value.info.uuid, [...(timesOf.get(value.info.uuid) ?? []), value.time]);
  const current = new Map<string, Map<number, StoredPoint>>();
  for (const [property, times] of timesOf) current.set(property, await pointsAt(stores, layout.properties.get(property)!, times));
  const { rows: journal } = await db.query<JournalRow>(
    `SELECT v.asset_property_uuid, v.time, v.value, v.updated_at, v.updated_by
       FROM manual_entry_values v JOIN unnest($1::uuid[], $2::timestamptz[]) AS w (property, time) ON v.asset_property_uuid = w.property AND v.time = w.time`,
    [checked.map((value) => value.info.uuid), checked.map((value) => new Date(value.time).toISOString())],
  );
  const journalOf = new Map(journal.map((row) => [journalKey(row.asset_property_uuid, row.time.getTime()), row]));
  const names = await userNames(db, journal.map((row) => row.updated_by));

  const conflicts: Conflict[] = [];
  const changed: (Checked & { before: Scalar })[] = [];
  let replaces = false;
  for (const value of checked) {
    const point = current.get(value.info.uuid)?.get(value.time);
    const before = point ? scalarOf(point.value) : null;
    if (value.expected !== undefined && !sameValue(value.expected, before)) {
      const entry = journalOf.get(journalKey(value.info.uuid, value.time));
      const typed = entry !== undefined && sameValue(entry.value, before);
      conflicts.push({
        Key: value.info.uuid,
        Timestamp: new Date(value.time).toISOString(),
        Expected: value.expected,
        Current: before,
        UpdatedAt: typed ? entry.updated_at.toISOString() : null,
        UpdatedBy: typed && entry.updated_by ? (names.get(entry.updated_by) ?? null) : null,
      });
    }
    if (sameValue(value.value, before)) continue;
    if (before !== null) replaces = true;
    changed.push({ ...value, before });
  }
  refuseConflicts(conflicts);
  requireReason(replaces, body.Reason);

  // The built-in store may be this server's own database, which runs one transaction at a time
  // (PGlite): the points are written just before the journal's transaction, not inside it.
  const byProperty = new Map<string, (typeof changed)[number][]>();
  for (const value of changed) byProperty.set(value.info.uuid, [...(byProperty.get(value.info.uuid) ?? []), value]);
  const writes: [TimeseriesStore, (typeof changed)[number][]][] = [];
  for (const values of byProperty.values()) {
    const info = values[0].info;
    const store = await storeOf(stores, info);
    if (!store) throw new HttpProblem(409, 'Conflict', { detail: `The time-series database of ${info.assetPath} › ${info.name} is gone` });
    writes.push([store, values]);
  }
  for (const [store, values] of writes) {
    const info = values[0].info;
    await store.writePoints(
      info.measurementUuid,
      info.datatype,
      values.map((value) => ({ time: value.time, value: value.value, quality: GOOD_QUALITY })),
    );
  }
  if (changed.length > 0) {
    const at = changed.map((value) => new Date(value.time).toISOString());
    await auditedWrite(db, body.Reason, async (tx) => {
      // The values typed go to the running forwarders that select them (integrations README, "Runtime").
      await queuePoints(
        tx,
        form.organization_uuid,
        changed.map((value) => ({ measurementUuid: value.info.measurementUuid, points: [{ time: value.time, value: value.value, quality: GOOD_QUALITY }] })),
      );
      await tx.query(
        `INSERT INTO manual_entry_values (asset_property_uuid, time, organization_uuid, measurement_uuid, form_uuid, value, original, label, updated_by)
         SELECT w.property, w.time, $1, w.measurement, $2, w.value::jsonb, w.original::jsonb, w.label, $3
           FROM unnest($4::uuid[], $5::timestamptz[], $6::uuid[], $7::text[], $8::text[], $9::text[]) AS w (property, time, measurement, value, original, label)
         ON CONFLICT (asset_property_uuid, time) DO UPDATE
           SET value = EXCLUDED.value, measurement_uuid = EXCLUDED.measurement_uuid, form_uuid = EXCLUDED.form_uuid,
               label = EXCLUDED.label, updated_at = now(), updated_by = EXCLUDED.updated_by`,
        [
          form.organization_uuid,
          form.uuid,
          userUuid,
          changed.map((value) => value.info.uuid),
          at,
          changed.map((value) => value.info.measurementUuid),
          changed.map((value) => JSON.stringify(value.value)),
          changed.map((value) => (value.before === null ? null : JSON.stringify(value.before))),
          changed.map((value, i) => `${value.info.assetPath} › ${value.info.name} @ ${at[i]}`),
        ],
      );
    });
  }

  const times = [...new Set(checked.map((value) => value.time))].sort((a, b) => b - a);
  // The store holds what was read before, and now the changed values too: only the form's other
  // properties are read again.
  for (const value of changed) current.get(value.info.uuid)?.set(value.time, { time: new Date(value.time), value: value.value, quality: GOOD_QUALITY });
  const points = new Map<string, Map<number, StoredPoint>>();
  for (const info of layout.properties.values()) {
    const known = current.get(info.uuid);
    points.set(info.uuid, known && times.every((time) => timesOf.get(info.uuid)?.includes(time)) ? known : await pointsAt(stores, info, times));
  }
  const { rows: written } = await db.query<JournalRow>(
    'SELECT asset_property_uuid, time, value, updated_at, updated_by FROM manual_entry_values WHERE asset_property_uuid = ANY($1::uuid[]) AND time = ANY($2::timestamptz[])',
    [[...layout.properties.keys()], times.map((time) => new Date(time).toISOString())],
  );
  return { Written: changed.length, Rows: await rowsOf(db, points, times, written) };
}
