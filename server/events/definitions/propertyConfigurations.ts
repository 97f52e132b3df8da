import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Read } from '../../../domain/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { organizationOf } from '../../http/caller';
import { badRequest } from '../../http/problem';
import { rethrowUniqueConflict } from '../../http/uniqueConflict';
import { AGGREGATIONS_BY_VALUE_TYPE } from '../../timeseries/aggregations';
import type { ValueType } from '../../timeseries/types';
import { requireEventsLicence } from '../access';
import { durationField, durationText, FieldErrors, listOf, matchesDatatype, missingReference, notFoundOf, pageOf, type OneOrMany } from './common';
import { findConfiguration } from './configurations';
import { atOrBelow, namedAssetProperty, namedExternalDatabase, namedMeasurement } from './references';
import { findProperty, findType, type PropertyRow } from './types';

// Property configurations (server/events/README.md, "Definitions", "Property configuration"): how one
// property of a configuration's event type gets its value. One per configuration and property
// (409); a historian one from exactly one data reference with an aggregation its datatype allows
// (an Interval for periodic properties, a dimension for periodic_with_dimension), or from another
// property; DefaultValue and PossibleValues of the property's Datatype; durations in ms columns.
// The fields of another mode or source are not kept.

type PropertyConfigurationJson = Read<'EventPropertyConfiguration'>;
type ById = { Params: { id: string } };
type Scalar = number | string | boolean;

interface PropertyConfigurationBody {
  EventConfigurationUUID: string;
  EventTypePropertyUUID: string;
  Mode: 'historian' | 'external_database' | 'manual';
  Source?: 'data_reference' | 'property' | null;
  MeasurementUUID?: string | null;
  AssetPropertyUUID?: string | null;
  Aggregation?: string | null;
  Interval?: string | null;
  DimensionMeasurementUUID?: string | null;
  SourcePropertyName?: string | null;
  FromParent?: boolean;
  Priority?: number;
  StartOffset?: string;
  StopOffset?: string;
  CloseAfter?: string;
  DefaultValue?: Scalar | null;
  Preview?: boolean;
  GoodPointsOnly?: boolean;
  PossibleValues?: { Label: string; Value: Scalar }[];
  ExternalDatabaseUUID?: string | null;
  ExternalQuery?: string | null;
}

interface Row {
  uuid: string;
  configuration_uuid: string;
  event_type_property_uuid: string;
  property_name: string;
  property_type: PropertyRow['type'];
  datatype: PropertyRow['datatype'];
  mode: PropertyConfigurationBody['Mode'];
  source: 'data_reference' | 'property' | null;
  measurement_uuid: string | null;
  asset_property_uuid: string | null;
  data_reference_name: string | null;
  aggregation: string | null;
  interval_ms: number | null;
  dimension_measurement_uuid: string | null;
  source_property_name: string | null;
  from_parent: boolean;
  priority: number;
  start_offset_ms: number;
  stop_offset_ms: number;
  close_after_ms: number;
  default_value: Scalar | null;
  preview: boolean;
  good_points_only: boolean;
  possible_values: { Label: string; Value: Scalar }[];
  external_database_uuid: string | null;
  external_query: string | null;
}

/** The columns written, in this order, after the configuration and the property. */
const COLUMNS = [
  'mode',
  'source',
  'measurement_uuid',
  'asset_property_uuid',
  'aggregation',
  'interval_ms',
  'dimension_measurement_uuid',
  'source_property_name',
  'from_parent',
  'priority',
  'start_offset_ms',
  'stop_offset_ms',
  'close_after_ms',
  'default_value',
  'preview',
  'good_points_only',
  'possible_values',
  'external_database_uuid',
  'external_query',
] as const;
type Columns = Record<(typeof COLUMNS)[number], unknown>;

const SELECT = `
  SELECT pc.uuid, pc.configuration_uuid, pc.event_type_property_uuid, p.name AS property_name, p.type AS property_type, p.datatype,
         pc.mode, pc.source, pc.measurement_uuid, pc.asset_property_uuid,
         coalesce(m.name, ap_asset.path || '/' || ap.name) AS data_reference_name,
         pc.aggregation, pc.interval_ms, pc.dimension_measurement_uuid, pc.source_property_name, pc.from_parent, pc.priority,
         pc.start_offset_ms, pc.stop_offset_ms, pc.close_after_ms, pc.default_value, pc.preview, pc.good_points_only, pc.possible_values,
         pc.external_database_uuid, pc.external_query
    FROM event_property_configurations pc
    JOIN event_configurations c ON c.uuid = pc.configuration_uuid
    JOIN event_type_properties p ON p.uuid = pc.event_type_property_uuid
    LEFT JOIN measurements m ON m.uuid = pc.measurement_uuid
    LEFT JOIN asset_properties ap ON ap.uuid = pc.asset_property_uuid
    LEFT JOIN assets ap_asset ON ap_asset.uuid = ap.asset_uuid`;

function json(row: Row): PropertyConfigurationJson {
  return {
    UUID: row.uuid,
    EventConfigurationUUID: row.configuration_uuid,
    EventTypePropertyUUID: row.event_type_property_uuid,
    PropertyName: row.property_name,
    PropertyType: row.property_type,
    Datatype: row.datatype,
    Mode: row.mode,
    Source: row.source,
    MeasurementUUID: row.measurement_uuid,
    AssetPropertyUUID: row.asset_property_uuid,
    DataReferenceName: row.data_reference_name,
    Aggregation: row.aggregation as PropertyConfigurationJson['Aggregation'],
    Interval: row.interval_ms === null ? null : durationText(row.interval_ms),
    DimensionMeasurementUUID: row.dimension_measurement_uuid,
    SourcePropertyName: row.source_property_name,
    FromParent: row.from_parent,
    Priority: row.priority,
    StartOffset: durationText(row.start_offset_ms),
    StopOffset: durationText(row.stop_offset_ms),
    CloseAfter: durationText(row.close_after_ms),
    DefaultValue: row.default_value,
    Preview: row.preview,
    GoodPointsOnly: row.good_points_only,
    PossibleValues: row.possible_values,
    ExternalDatabaseUUID: row.external_database_uuid,
    ExternalQuery: row.external_query,
  };
}

async function find(db: Db, organizationUuid: string, uuid: string): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE c.organization_uuid = $1 AND pc.uuid = $2`, [organizationUuid, uuid]);
  return rows[0];
}

const propertyTaken = (error: unknown): never =>
  rethrowUniqueConflict(
    error,
    { event_property_configurations_property: 'EventTypePropertyUUID' },
    () => 'The configuration has a property configuration for this property',
    'already has a property configuration in this configuration',
  );

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The columns of a property configuration, every rule of its mode and source checked. */
async function columnsOf(request: FastifyRequest, db: Db, organizationUuid: string, body: PropertyConfigurationBody): Promise<Columns> {
  const errors = new FieldErrors();
  const configuration = await findConfiguration(db, organizationUuid, body.EventConfigurationUUID);
  if (!configuration) throw missingReference('EventConfigurationUUID', 'an event configuration');
  const property = await findProperty(db, organizationUuid, body.EventTypePropertyUUID);
  if (!property) throw missingReference('EventTypePropertyUUID', 'an event type property');
  if (property.event_type_uuid !== configuration.event_type_uuid) {
    throw badRequest("The property is not of the configuration's event type", { EventTypePropertyUUID: ["is not a property of the configuration's event type"] });
  }

  const columns: Columns = {
    mode: body.Mode,
    source: null,
    measurement_uuid: null,
    asset_property_uuid: null,
    aggregation: null,
    interval_ms: null,
    dimension_measurement_uuid: null,
    source_property_name: null,
    from_parent: false,
    priority: body.Priority ?? 0,
    start_offset_ms: durationField(errors, 'StartOffset', body.StartOffset, { fallback: 0, signed: true }),
    stop_offset_ms: durationField(errors, 'StopOffset', body.StopOffset, { fallback: 0, signed: true }),
    close_after_ms: durationField(errors, 'CloseAfter', body.CloseAfter, { fallback: 0 }),
    default_value: null,
    preview: body.Preview ?? false,
    good_points_only: body.GoodPointsOnly ?? true,
    possible_values: JSON.stringify(body.PossibleValues ?? []),
    external_database_uuid: null,
    external_query: null,
  };
  const datatype = property.datatype;
  if (present(body.DefaultValue)) {
    if (property.type !== 'simple') errors.add('DefaultValue', 'applies to simple properties only');
    else if (!matchesDatatype(body.DefaultValue, datatype)) errors.add('DefaultValue', `must be a ${datatype}`);
    else columns.default_value = JSON.stringify(body.DefaultValue);
  }
  (body.PossibleValues ?? []).forEach((possible, index) => {
    if (!matchesDatatype(possible.Value, datatype)) errors.add(`PossibleValues.${index}.Value`, `must be a ${datatype}`);
  });

  if (body.Mode === 'historian') {
    if (!body.Source) errors.add('Source', 'is required in historian mode (data_reference or property)');
    columns.source = body.Source ?? null;
  }
  if (body.Mode === 'historian' && body.Source === 'data_reference') {
    const periodic = property.type !== 'simple';
    if (present(body.MeasurementUUID) === present(body.AssetPropertyUUID)) {
      const message = 'exactly one of MeasurementUUID and AssetPropertyUUID is required';
      errors.add('MeasurementUUID', message);
      errors.add('AssetPropertyUUID', message);
    }
    if (!body.Aggregation) errors.add('Aggregation', 'is required for a data reference');
    if (periodic) columns.interval_ms = durationField(errors, 'Interval', body.Interval, { min: 1000 }) ?? null;
    if (periodic && !present(body.Interval)) errors.add('Interval', 'is required for a periodic property');
    if (property.type === 'periodic_with_dimension' && !present(body.DimensionMeasurementUUID)) errors.add('DimensionMeasurementUUID', 'is required for a periodic_with_dimension property');
    errors.throwIfAny('property configuration');

    let valueType: string | null = null;
    if (body.MeasurementUUID) {
      const measurement = await namedMeasurement(request, db, organizationUuid, body.MeasurementUUID, 'MeasurementUUID');
      columns.measurement_uuid = measurement.uuid;
      valueType = measurement.datatype;
    } else if (body.AssetPropertyUUID) {
      const assetProperty = await namedAssetProperty(request, db, organizationUuid, body.AssetPropertyUUID, 'AssetPropertyUUID');
      if (!atOrBelow(assetProperty.asset_path, configuration.asset_path)) {
        throw badRequest("The asset property is not on the configuration's asset or below it", { AssetPropertyUUID: ["must be a property of the configuration's asset or an asset below it"] });
      }
      if (!assetProperty.measurement_uuid || !assetProperty.measurement_datatype) {
        throw badRequest('The asset property is not bound to a measurement', { AssetPropertyUUID: ['is not bound to a measurement'] });
      }
      columns.asset_property_uuid = assetProperty.uuid;
      valueType = assetProperty.measurement_datatype;
    }
    const allowed: readonly string[] = AGGREGATIONS_BY_VALUE_TYPE[valueType as ValueType] ?? [];
    if (!allowed.includes(body.Aggregation as string)) {
      throw badRequest(`${body.Aggregation} cannot aggregate ${valueType} values`, { Aggregation: [`cannot aggregate ${valueType} values; allowed: ${allowed.join(', ')}`] });
    }
    columns.aggregation = body.Aggregation;
    if (property.type === 'periodic_with_dimension') {
      const dimension = await namedMeasurement(request, db, organizationUuid, body.DimensionMeasurementUUID as string, 'DimensionMeasurementUUID');
      columns.dimension_measurement_uuid = dimension.uuid;
    }
  } else if (body.Mode === 'historian' && body.Source === 'property') {
    const name = body.SourcePropertyName?.trim() ?? '';
    const fromParent = body.FromParent === true;
    columns.from_parent = fromParent;
    if (!name) errors.add('SourcePropertyName', 'is required to copy a property');
    else {
      const type = await findType(db, organizationUuid, configuration.event_type_uuid);
      const sourceType = fromParent ? (type?.parent_uuid ?? null) : configuration.event_type_uuid;
      if (!sourceType) errors.add('FromParent', 'needs an event type with a parent type');
      else {
        const { rows } = await db.query<{ uuid: string; name: string }>('SELECT uuid, name FROM event_type_properties WHERE event_type_uuid = $1 AND lower(name) = lower($2)', [sourceType, name]);
        if (!rows[0]) errors.add('SourcePropertyName', fromParent ? 'is not a property of the parent type' : 'is not a property of this event type');
        else if (!fromParent && rows[0].uuid === property.uuid) errors.add('SourcePropertyName', 'is the property itself');
        else columns.source_property_name = rows[0].name;
      }
    }
  }
  if (body.Mode === 'external_database') {
    if (property.type !== 'simple') errors.add('Mode', 'external_database applies to simple properties only');
    if (!present(body.ExternalDatabaseUUID)) errors.add('ExternalDatabaseUUID', 'is required in external_database mode');
    if (!body.ExternalQuery?.trim()) errors.add('ExternalQuery', 'is required in external_database mode');
    errors.throwIfAny('property configuration');
    // The privilege first, so that a caller without it learns nothing about the id.
    const database = await namedExternalDatabase(request, db, organizationUuid, body.ExternalDatabaseUUID as string, 'ExternalDatabaseUUID');
    columns.external_database_uuid = database.uuid;
    columns.external_query = body.ExternalQuery;
  }
  errors.throwIfAny('property configuration');
  return columns;
}

export function eventPropertyConfigurationHandlers(ctx: AppContext) {
  const licensed = async (request: FastifyRequest) => {
    const organizationUuid = organizationOf(request);
    await requireEventsLicence(ctx, organizationUuid);
    return organizationUuid;
  };
  const answer = async (db: Db, organizationUuid: string, uuid: string) => {
    const row = await find(db, organizationUuid, uuid);
    if (!row) throw notFoundOf('event property configuration');
    return json(row);
  };

  return {
    async getEventPropertyConfigurations(request: FastifyRequest<{ Querystring: { Limit?: number; Page?: number; EventConfigurationUUIDs?: OneOrMany } }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const params: unknown[] = [organizationUuid];
      let where = 'c.organization_uuid = $1';
      const configurations = listOf(request.query.EventConfigurationUUIDs);
      if (configurations.length) {
        params.push(configurations);
        where += ' AND pc.configuration_uuid = ANY($2::uuid[])';
      }
      const { limit, offset } = pageOf(request.query);
      const total = (
        await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_property_configurations pc JOIN event_configurations c ON c.uuid = pc.configuration_uuid WHERE ${where}`, params)
      ).rows[0].n;
      const { rows } = await ctx.db.query<Row>(
        `${SELECT} JOIN assets ca ON ca.uuid = c.asset_uuid JOIN event_types ct ON ct.uuid = c.event_type_uuid
          WHERE ${where} ORDER BY ca.path, lower(ct.name), c.uuid, pc.priority, lower(p.name), pc.uuid LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      reply.header('x-total-count', String(total));
      return rows.map(json);
    },

    async getEventPropertyConfiguration(request: FastifyRequest<ById>) {
      return answer(ctx.db, await licensed(request), request.params.id);
    },

    async createEventPropertyConfiguration(request: FastifyRequest<{ Body: PropertyConfigurationBody }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      const created = await ctx.db.transaction(async (tx) => {
        const columns = await columnsOf(request, tx, organizationUuid, body);
        const values = COLUMNS.map((column) => columns[column]);
        const { rows } = await tx
          .query<{ uuid: string }>(
            `INSERT INTO event_property_configurations (configuration_uuid, event_type_property_uuid, ${COLUMNS.join(', ')})
             VALUES (${[...COLUMNS, '', ''].map((_, i) => `$${i + 1}`).join(', ')}) RETURNING uuid`,
            [body.EventConfigurationUUID, body.EventTypePropertyUUID, ...values],
          )
          .catch(propertyTaken);
        return answer(tx, organizationUuid, rows[0].uuid);
      });
      return reply.code(201).send(created);
    },

    /** Every field but the configuration and the property; events keep their values until re-evaluated. */
    async updateEventPropertyConfiguration(request: FastifyRequest<ById & { Body: PropertyConfigurationBody }>) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      return ctx.db.transaction(async (tx) => {
        const existing = await find(tx, organizationUuid, request.params.id);
        if (!existing) throw notFoundOf('event property configuration');
        const fixed = new FieldErrors();
        if (body.EventConfigurationUUID !== existing.configuration_uuid) fixed.add('EventConfigurationUUID', 'cannot change; configure the property in the other configuration');
        if (body.EventTypePropertyUUID !== existing.event_type_property_uuid) fixed.add('EventTypePropertyUUID', 'cannot change; configure the other property apart');
        fixed.throwIfAny('property configuration');
        const columns = await columnsOf(request, tx, organizationUuid, body);
        const assignments = COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
        await tx.query(`UPDATE event_property_configurations SET ${assignments}, updated_at = now() WHERE uuid = $1`, [existing.uuid, ...COLUMNS.map((column) => columns[column])]);
        return answer(tx, organizationUuid, existing.uuid);
      });
    },

    /** The values events hold of it stay. */
    async deleteEventPropertyConfiguration(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const existing = await find(ctx.db, organizationUuid, request.params.id);
      if (!existing) throw notFoundOf('event property configuration');
      await ctx.db.query('DELETE FROM event_property_configurations WHERE uuid = $1', [existing.uuid]);
      return reply.code(204).send();
    },
  };
}
