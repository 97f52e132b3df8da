import type { Read, Write } from '../../../domain/contract';
import type { Db } from '../../db/db';
import { badRequest, notFound } from '../../http/problem';
import { checkValuesByUuid, completeIfFilled, writeValues, type TypeProperty } from '../../events/events/manualValues';
import type { AccessLevel } from '../access';
import type { FormRow } from '../formRow';
import { MAX_ROWS, refuseConflicts, refuseTooOld, requireReason, sameValue, userNames, type Cell, type Column, type Conflict, type EditLimit, type Scalar } from './common';

// An Events form in the grid (server/manual-entry/README.md, "Entries" and "Writes"): a column per
// visible property of its configurations, in the form's order, one per property even when two
// configurations of one type show it; the events of those configurations overlapping the range;
// and the values typed into one event, as the events calls write manual values.

export type EventRow = Read<'ManualEntryEventRow'>;
type EventWrite = Write<'ManualEntryEventWrite'>;

interface Property extends TypeProperty {
  uom: string;
}

interface LayoutConfiguration {
  uuid: string;
  eventTypeUuid: string;
  assetLabel: string;
  /** Visible property UUIDs, in the form's order. */
  visible: string[];
  /** Properties the form lets its users type (visible, simple, marked Editable). */
  editable: Set<string>;
  properties: Map<string, Property>;
}

export interface EventLayout {
  columns: Column[];
  /** The form's configurations that still exist, by UUID. */
  configurations: Map<string, LayoutConfiguration>;
}

interface ConfigurationRow {
  uuid: string;
  event_type_uuid: string;
  type_name: string;
  asset_path: string;
}

/** The columns and configurations of an Events form for a caller of `level`; what was deleted since the form was saved drops out. */
export async function eventLayout(db: Db, form: FormRow, level: AccessLevel): Promise<EventLayout> {
  const entries = form.config.EventConfigurations ?? [];
  const uuids = entries.map((entry) => entry.EventConfigurationUUID);
  const { rows: found } = await db.query<ConfigurationRow>(
    `SELECT c.uuid, c.event_type_uuid, t.name AS type_name, a.path AS asset_path
       FROM event_configurations c JOIN event_types t ON t.uuid = c.event_type_uuid JOIN assets a ON a.uuid = c.asset_uuid
      WHERE c.uuid = ANY($1::uuid[]) AND c.organization_uuid = $2`,
    [uuids, form.organization_uuid],
  );
  const { rows: properties } = await db.query<Property & { configuration_uuid: string }>(
    `SELECT c.uuid AS configuration_uuid, p.uuid, p.name, p.datatype, p.type, p.uom, pc.possible_values
       FROM event_configurations c
       JOIN event_type_properties p ON p.event_type_uuid = c.event_type_uuid
       LEFT JOIN event_property_configurations pc ON pc.event_type_property_uuid = p.uuid AND pc.configuration_uuid = c.uuid
      WHERE c.uuid = ANY($1::uuid[]) AND c.organization_uuid = $2`,
    [uuids, form.organization_uuid],
  );
  const byUuid = new Map(found.map((row) => [row.uuid, row]));
  const layout: EventLayout = { columns: [], configurations: new Map() };
  const columns = new Map<string, Column>();
  for (const entry of entries) {
    const row = byUuid.get(entry.EventConfigurationUUID);
    if (!row || layout.configurations.has(row.uuid)) continue;
    const own = new Map(properties.filter((property) => property.configuration_uuid === row.uuid).map((property) => [property.uuid, property]));
    const configuration: LayoutConfiguration = {
      uuid: row.uuid,
      eventTypeUuid: row.event_type_uuid,
      assetLabel: entry.AssetDisplayName?.trim() || row.asset_path,
      visible: [],
      editable: new Set(),
      properties: own,
    };
    for (const shown of entry.Properties) {
      const property = own.get(shown.EventTypePropertyUUID);
      if (!property || !shown.Visible || configuration.visible.includes(property.uuid)) continue;
      configuration.visible.push(property.uuid);
      const editable = shown.Editable && property.type === 'simple';
      if (editable) configuration.editable.add(property.uuid);
      const column = columns.get(property.uuid);
      if (column) {
        column.Editable ||= editable && level !== 'disabled';
        continue;
      }
      const made: Column = {
        Key: property.uuid,
        Name: property.name,
        Group: row.type_name,
        EventTypeUUID: row.event_type_uuid,
        Datatype: property.datatype,
        Kind: property.type,
        Editable: editable && level !== 'disabled',
      };
      if (property.possible_values?.length) made.PossibleValues = property.possible_values;
      if (property.uom) made.Unit = property.uom;
      if (entry.ColumnWidth) made.Width = entry.ColumnWidth;
      columns.set(property.uuid, made);
      layout.columns.push(made);
    }
    layout.configurations.set(row.uuid, configuration);
  }
  return layout;
}

interface EventDbRow {
  uuid: string;
  configuration_uuid: string;
  event_type_uuid: string;
  start_time: Date;
  stop_time: Date | null;
  status: EventRow['Status'];
}

interface ValueDbRow {
  event_uuid: string;
  event_type_property_uuid: string;
  value: Scalar;
  series: Cell['Series'];
  manual: boolean;
  updated_at: Date;
  updated_by: string | null;
}

const EVENT_COLUMNS = 'e.uuid, e.configuration_uuid, e.event_type_uuid, e.start_time, e.stop_time, e.status';

/** The grid's rows of `events`, with a cell per visible property that holds a value. */
async function rowsOf(db: Db, layout: EventLayout, events: readonly EventDbRow[]): Promise<EventRow[]> {
  if (events.length === 0) return [];
  const keys = layout.columns.map((column) => column.Key);
  const { rows: values } = await db.query<ValueDbRow>(
    `SELECT event_uuid, event_type_property_uuid, value, series, manual, updated_at, updated_by
       FROM event_property_values WHERE event_uuid = ANY($1::uuid[]) AND event_type_property_uuid = ANY($2::uuid[])`,
    [events.map((event) => event.uuid), keys],
  );
  const names = await userNames(db, values.filter((value) => value.manual).map((value) => value.updated_by));
  const byEvent = new Map<string, ValueDbRow[]>();
  for (const value of values) byEvent.set(value.event_uuid, [...(byEvent.get(value.event_uuid) ?? []), value]);
  return events.map((event) => {
    const configuration = layout.configurations.get(event.configuration_uuid);
    const visible = new Set(configuration?.visible ?? []);
    const cells: Record<string, Cell> = {};
    for (const value of byEvent.get(event.uuid) ?? []) {
      if (!visible.has(value.event_type_property_uuid)) continue;
      const periodic = configuration?.properties.get(value.event_type_property_uuid)?.type !== 'simple';
      cells[value.event_type_property_uuid] = {
        Value: value.value ?? null,
        Manual: value.manual,
        ...(periodic ? { Series: value.series ?? null } : {}),
        UpdatedAt: value.updated_at.toISOString(),
        UpdatedBy: value.manual && value.updated_by ? (names.get(value.updated_by) ?? null) : null,
      };
    }
    return {
      UUID: event.uuid,
      EventConfigurationUUID: event.configuration_uuid,
      EventTypeUUID: event.event_type_uuid,
      AssetLabel: configuration?.assetLabel ?? '',
      StartTime: event.start_time.toISOString(),
      StopTime: event.stop_time?.toISOString() ?? null,
      Status: event.status,
      Cells: cells,
    };
  });
}

/** The events of the form's configurations overlapping [from, to), newest start first, at most MAX_ROWS. */
export async function eventEntries(db: Db, form: FormRow, layout: EventLayout, from: Date, to: Date): Promise<{ events: EventRow[]; truncated: boolean }> {
  const { rows } = await db.query<EventDbRow>(
    `SELECT ${EVENT_COLUMNS} FROM events e
      WHERE e.organization_uuid = $1 AND e.configuration_uuid = ANY($2::uuid[])
        AND e.start_time < $4 AND (e.stop_time IS NULL OR e.stop_time >= $3)
      ORDER BY e.start_time DESC, e.uuid DESC LIMIT $5`,
    [form.organization_uuid, [...layout.configurations.keys()], from.toISOString(), to.toISOString(), MAX_ROWS + 1],
  );
  return { events: await rowsOf(db, layout, rows.slice(0, MAX_ROWS)), truncated: rows.length > MAX_ROWS };
}

/** One event of the form as the grid shows it; 404 when it is not of the form's configurations. */
async function eventRow(db: Db, form: FormRow, layout: EventLayout, eventUuid: string, lock: boolean): Promise<EventDbRow> {
  const { rows } = await db.query<EventDbRow>(
    `SELECT ${EVENT_COLUMNS} FROM events e WHERE e.uuid = $1 AND e.organization_uuid = $2 AND e.configuration_uuid = ANY($3::uuid[])${lock ? ' FOR UPDATE' : ''}`,
    [eventUuid, form.organization_uuid, [...layout.configurations.keys()]],
  );
  if (rows.length === 0) throw notFound('No such event in this form');
  return rows[0];
}

/**
 * Types `body.Properties` into an event of the form (in `tx`, a transaction filed under
 * ManualEntry): editable properties only, typed and within the PossibleValues (400), the event not
 * older than the caller's edit limit (403), the Expected values still current (409), a reason when
 * a value replaces another (400). Answers the event's row.
 */
export async function writeEventValues(
  tx: Db,
  form: FormRow,
  layout: EventLayout,
  limit: EditLimit,
  eventUuid: string,
  body: EventWrite,
  userUuid: string,
  now: number,
): Promise<EventRow> {
  const event = await eventRow(tx, form, layout, eventUuid, true);
  const configuration = layout.configurations.get(event.configuration_uuid);
  if (!configuration) throw notFound('No such event in this form');
  const keys = Object.keys(body.Properties);
  const notEditable = keys.filter((key) => !configuration.editable.has(key));
  if (notEditable.length > 0) {
    throw badRequest(
      `The form does not let you type ${notEditable.join(', ')}`,
      Object.fromEntries(notEditable.map((key) => [`Properties.${key}`, ['manual_entry.errors.not_editable']])),
      'manual_entry.errors.not_editable',
    );
  }
  const checked = checkValuesByUuid(body.Properties, [...configuration.properties.values()]);
  refuseTooOld(limit, event.start_time, now);

  const { rows: current } = await tx.query<Pick<ValueDbRow, 'event_type_property_uuid' | 'value' | 'updated_at' | 'updated_by' | 'manual'>>(
    'SELECT event_type_property_uuid, value, manual, updated_at, updated_by FROM event_property_values WHERE event_uuid = $1 AND event_type_property_uuid = ANY($2::uuid[])',
    [event.uuid, keys],
  );
  const currentOf = new Map(current.map((row) => [row.event_type_property_uuid, row]));
  const names = await userNames(tx, current.map((row) => row.updated_by));
  const conflicts: Conflict[] = [];
  let replaces = false;
  for (const key of keys) {
    const held = currentOf.get(key);
    const value = held?.value ?? null;
    if (body.Expected && key in body.Expected && !sameValue(body.Expected[key], value)) {
      conflicts.push({
        Key: key,
        EventUUID: event.uuid,
        Expected: body.Expected[key] ?? null,
        Current: value,
        UpdatedAt: held?.updated_at.toISOString() ?? null,
        UpdatedBy: held?.updated_by ? (names.get(held.updated_by) ?? null) : null,
      });
    }
    if (value !== null && !sameValue(value, body.Properties[key])) replaces = true;
  }
  refuseConflicts(conflicts);
  requireReason(replaces, body.Reason);

  const changed = await writeValues(tx, event.uuid, checked, userUuid);
  if (checked.cleared.length > 0 && changed) await tx.query('UPDATE events SET evaluate_at = now() WHERE uuid = $1', [event.uuid]);
  if (checked.set.size > 0) await completeIfFilled(tx, event.uuid);
  const [row] = await rowsOf(tx, layout, [await eventRow(tx, form, layout, event.uuid, false)]);
  return row;
}
