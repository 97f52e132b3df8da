import type { Db } from '../../db/db';
import { badRequest } from '../../http/problem';

// Values a person types into an event (server/events/README.md, "Events calls"): by the name of a
// simple property of the event's type, typed against its Datatype and, when its property
// configuration lists them, one of the PossibleValues; 400 on Properties.<name> otherwise (the manual
// entry forms key them by the property's UUID instead). A value sent as null gives the property
// back to its configuration.

export type ManualValue = number | string | boolean;

export interface TypeProperty {
  uuid: string;
  name: string;
  datatype: 'number' | 'boolean' | 'string';
  type: 'simple' | 'periodic' | 'periodic_with_dimension';
  possible_values: { Label: string; Value: ManualValue }[] | null;
}

export interface CheckedValues {
  /** Values to store as manual, by type property UUID. */
  set: Map<string, ManualValue>;
  /** Type properties given back to their configuration. */
  cleared: string[];
}

/** The type properties of a configuration's event type with the PossibleValues of their property configurations. */
export async function typePropertiesOf(db: Db, configurationUuid: string, eventTypeUuid: string): Promise<TypeProperty[]> {
  const { rows } = await db.query<TypeProperty>(
    `SELECT p.uuid, p.name, p.datatype, p.type, pc.possible_values
       FROM event_type_properties p
       LEFT JOIN event_property_configurations pc ON pc.event_type_property_uuid = p.uuid AND pc.configuration_uuid = $1
      WHERE p.event_type_uuid = $2`,
    [configurationUuid, eventTypeUuid],
  );
  return rows;
}

const fitsDatatype = (value: unknown, datatype: TypeProperty['datatype']) =>
  datatype === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === datatype;

/** Why a value does not fit its type property, or null when it does (null values are checked by the caller). */
export function valueProblem(property: TypeProperty, value: unknown): string | null {
  if (property.type !== 'simple') return 'is a periodic property: its series is computed, not typed';
  if (!fitsDatatype(value, property.datatype)) return `must be a ${property.datatype}`;
  if (property.possible_values?.length && !property.possible_values.some((possible) => possible.Value === value)) {
    return `must be one of ${property.possible_values.map((possible) => JSON.stringify(possible.Value)).join(', ')}`;
  }
  return null;
}

/** Checks `entries` ([field, type property or undefined, value]); 400 naming every field that does not fit. */
function checkEntries(entries: readonly [string, TypeProperty | undefined, unknown][]): CheckedValues {
  const checked: CheckedValues = { set: new Map(), cleared: [] };
  const errors: Record<string, string[]> = {};
  for (const [field, property, value] of entries) {
    if (!property) {
      errors[field] = ['is not a property of the event type'];
    } else if (value === null) {
      checked.cleared.push(property.uuid);
    } else {
      const problem = valueProblem(property, value);
      if (problem) errors[field] = [problem];
      else checked.set.set(property.uuid, value as ManualValue);
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(`The property values are not valid: ${Object.keys(errors).join(', ')}`, errors);
  return checked;
}

/** Values by property name (the events calls), 400 on Properties.<name>. */
export function checkValues(input: Record<string, unknown> | undefined, properties: readonly TypeProperty[]): CheckedValues {
  const byName = new Map(properties.map((property) => [property.name.toLowerCase(), property]));
  return checkEntries(Object.entries(input ?? {}).map(([name, value]) => [`Properties.${name}`, byName.get(name.toLowerCase()), value]));
}

/** Values by EventTypePropertyUUID (the manual entry forms), 400 on Properties.<uuid>. */
export function checkValuesByUuid(input: Record<string, unknown>, properties: readonly TypeProperty[]): CheckedValues {
  const byUuid = new Map(properties.map((property) => [property.uuid, property]));
  return checkEntries(Object.entries(input).map(([uuid, value]) => [`Properties.${uuid}`, byUuid.get(uuid), value]));
}

/**
 * Stores the typed values as manual (a value already typed the same is left alone, so the audit
 * trail records only changes) and gives the cleared ones back to the configuration: their row
 * goes, the processor computes them again. Answers whether anything changed.
 */
export async function writeValues(tx: Db, eventUuid: string, values: CheckedValues, userUuid: string | null): Promise<boolean> {
  let changed = false;
  for (const [propertyUuid, value] of values.set) {
    const { rowCount } = await tx.query(
      `INSERT INTO event_property_values (event_uuid, event_type_property_uuid, value, manual, updated_by)
       VALUES ($1, $2, $3::jsonb, true, $4)
       ON CONFLICT (event_uuid, event_type_property_uuid) DO UPDATE
         SET value = EXCLUDED.value, series = NULL, manual = true, defaulted = false, updated_at = now(), updated_by = EXCLUDED.updated_by
       WHERE event_property_values.value IS DISTINCT FROM EXCLUDED.value OR NOT event_property_values.manual`,
      [eventUuid, propertyUuid, JSON.stringify(value), userUuid],
    );
    changed ||= rowCount > 0;
  }
  if (values.cleared.length > 0) {
    const { rowCount } = await tx.query('DELETE FROM event_property_values WHERE event_uuid = $1 AND event_type_property_uuid = ANY($2::uuid[]) AND manual', [
      eventUuid,
      values.cleared,
    ]);
    changed ||= rowCount > 0;
  }
  return changed;
}

/** An incomplete event whose every configured property holds a value now is processed (a person typed the missing one). */
export async function completeIfFilled(tx: Db, eventUuid: string): Promise<void> {
  await tx.query(
    `UPDATE events e SET status = 'processed', updated_at = now()
      WHERE e.uuid = $1 AND e.status = 'incomplete'
        AND NOT EXISTS (
          SELECT 1 FROM event_property_configurations pc
           WHERE pc.configuration_uuid = e.configuration_uuid
             AND NOT EXISTS (SELECT 1 FROM event_property_values v
                              WHERE v.event_uuid = e.uuid AND v.event_type_property_uuid = pc.event_type_property_uuid
                                AND (v.value IS NOT NULL AND v.value <> 'null'::jsonb OR v.series IS NOT NULL)))`,
    [eventUuid],
  );
}
