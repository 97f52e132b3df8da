import type { Db } from '../../db/db';
import type { OutgoingMessage, SparkplugDatatype } from '../sinks/hub';
import { TemplateRenderError, type EventSource, type ForwarderDefinition, type ForwardedSource, type MessageRenderer, type PointSource } from './messages';
import { TemplateError } from './templates/errors';
import type { CompiledTemplate } from './templates/execute';
import { compileForwarderTemplates, eventData, pointData, type TemplateName } from './templates/forwarderTemplates';
import type { TemplateLookups } from './templates/functions';
import { templateMap, type TemplateValue } from './templates/values';

// Renders what a forwarder sends (the seam in messages.ts): json → one MQTT message, the topic
// from AssetPropertyTopic when the point came through an asset property, else MeasurementTopic;
// sparkplugb → one metric named by that rendered topic. Compiled templates and the names, tags
// and paths the templates read are cached until invalidate().

export const EVENTS_NEED_JSON = 'forwarders.errors.events_need_json';

export interface MeasurementFacts {
  datatype: string;
  tags: Record<string, TemplateValue>;
}

/** What getMeasurement and getAsset read, in one organization only; cached per instance. */
export interface ForwarderLookups extends TemplateLookups {
  facts(measurementUuid: string): Promise<MeasurementFacts | null>;
}

const asRecord = (value: unknown): Record<string, TemplateValue> => {
  const record: Record<string, TemplateValue> = {};
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) for (const [key, item] of Object.entries(value)) record[key] = toTemplateValue(item);
  return record;
};

function toTemplateValue(value: unknown): TemplateValue {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(toTemplateValue);
  return templateMap(asRecord(value));
}

/**
 * @param options.assets false: getAsset answers nil (a caller who may not read the asset tree
 *   previews without it).
 */
export function createForwarderLookups(db: Db, organizationUuid: string, options: { assets: boolean } = { assets: true }): ForwarderLookups {
  const measurements = new Map<string, Promise<{ value: TemplateValue; facts: MeasurementFacts } | null>>();
  const assets = new Map<string, Promise<TemplateValue>>();

  const readMeasurement = (uuid: string) => {
    let found = measurements.get(uuid);
    if (!found) {
      found = db
        .query<{ uuid: string; name: string; description: string; datatype: string; uom: string; status: string; labels: string[]; tags: unknown; metadata: unknown }>(
          `SELECT uuid, name, description, datatype, uom, status, labels, tags, metadata FROM measurements
            WHERE organization_uuid = $1 AND uuid::text = lower($2)`,
          [organizationUuid, uuid],
        )
        .then(({ rows: [row] }) => {
          if (!row) return null;
          const tags = asRecord(row.tags);
          const value: TemplateValue = {
            UUID: row.uuid,
            Name: row.name,
            Description: row.description,
            Datatype: row.datatype,
            UoM: row.uom,
            Status: row.status,
            Labels: [...row.labels],
            Tags: templateMap({ ...tags }),
            Metadata: templateMap(asRecord(row.metadata)),
          };
          return { value, facts: { datatype: row.datatype, tags } };
        });
      measurements.set(uuid, found);
    }
    return found;
  };

  return {
    measurement: async (uuid) => (await readMeasurement(uuid))?.value ?? null,
    facts: async (uuid) => (await readMeasurement(uuid))?.facts ?? null,
    asset: (uuid) => {
      if (!options.assets) return Promise.resolve(null);
      let found = assets.get(uuid);
      if (!found) {
        found = db
          .query<{ uuid: string; name: string; asset_uuid: string; asset_name: string; asset_path: string; measurement_uuid: string | null }>(
            `SELECT p.uuid, p.name, p.asset_uuid, a.name AS asset_name, a.path AS asset_path, p.measurement_uuid
               FROM asset_properties p JOIN assets a ON a.uuid = p.asset_uuid
              WHERE p.organization_uuid = $1 AND p.uuid::text = lower($2)`,
            [organizationUuid, uuid],
          )
          .then(({ rows: [row] }): TemplateValue => {
            if (!row) return null;
            return {
              UUID: row.uuid,
              Name: row.name,
              Path: `${row.asset_path}/${row.name}`,
              AssetUUID: row.asset_uuid,
              AssetName: row.asset_name,
              AssetPath: row.asset_path,
              MeasurementUUID: row.measurement_uuid ?? '',
            };
          });
        assets.set(uuid, found);
      }
      return found;
    },
  };
}

/** The event's fields as templates see them; null when it is not of the organization. */
export async function readEventData(db: Db, organizationUuid: string, source: EventSource): Promise<TemplateValue> {
  const { rows } = await db.query<{
    uuid: string;
    event_type_uuid: string;
    type_name: string;
    asset_uuid: string;
    asset_name: string;
    asset_path: string;
    start_time: Date;
    stop_time: Date | null;
    status: string;
    properties: unknown;
  }>(
    `SELECT e.uuid, e.event_type_uuid, t.name AS type_name, e.asset_uuid, a.name AS asset_name, a.path AS asset_path,
            e.start_time, e.stop_time, e.status,
            (SELECT coalesce(jsonb_object_agg(p.name, v.value), '{}'::jsonb)
               FROM event_property_values v JOIN event_type_properties p ON p.uuid = v.event_type_property_uuid
              WHERE v.event_uuid = e.uuid AND v.value IS NOT NULL) AS properties
       FROM events e JOIN event_types t ON t.uuid = e.event_type_uuid JOIN assets a ON a.uuid = e.asset_uuid
      WHERE e.organization_uuid = $1 AND e.uuid::text = lower($2)`,
    [organizationUuid, source.eventUuid],
  );
  const row = rows[0];
  if (!row) return null;
  return eventData({
    uuid: row.uuid,
    typeUuid: row.event_type_uuid,
    typeName: row.type_name,
    assetUuid: row.asset_uuid,
    assetName: row.asset_name,
    assetPath: row.asset_path,
    startTime: new Date(row.start_time),
    stopTime: row.stop_time ? new Date(row.stop_time) : null,
    status: row.status,
    properties: asRecord(row.properties),
    change: source.change,
  });
}

export function sparkplugDatatypeOf(datatype: string): SparkplugDatatype {
  if (datatype === 'number') return 'Double';
  if (datatype === 'boolean') return 'Boolean';
  return 'String';
}

function sparkplugValue(datatype: SparkplugDatatype, value: TemplateValue): number | boolean | string | null {
  if (value === null || value === undefined) return null;
  if (datatype === 'Double') return typeof value === 'number' ? value : Number(value);
  if (datatype === 'Boolean') return typeof value === 'boolean' ? value : Boolean(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A render failure of one template, as the seam names it. */
async function renderOne(compiled: Record<TemplateName, CompiledTemplate>, name: TemplateName, data: TemplateValue, lookups: TemplateLookups): Promise<string> {
  try {
    return await compiled[name].render(data, lookups);
  } catch (error) {
    if (error instanceof TemplateError) throw new TemplateRenderError(name, error.message, error.code, error.line, error.column);
    throw error;
  }
}

export interface RenderInput {
  format: ForwarderDefinition['format'];
  compiled: Record<TemplateName, CompiledTemplate>;
  lookups: ForwarderLookups;
  organizationUuid: string;
}

/** One source rendered with compiled templates: the message, and the templates it used. */
export async function renderSource(db: Db, input: RenderInput, source: ForwardedSource): Promise<OutgoingMessage> {
  const { compiled, lookups, format } = input;
  if (source.kind === 'event') {
    if (format === 'sparkplugb') throw new TemplateRenderError('EventMessage', 'SparkplugB carries measurements only, not events', EVENTS_NEED_JSON);
    const data = await readEventData(db, input.organizationUuid, source);
    if (data === null) throw new TemplateRenderError('EventMessage', `event ${source.eventUuid} not found`, 'forwarders.errors.source_not_found');
    const topic = await renderOne(compiled, 'EventTopic', data, lookups);
    const payload = await renderOne(compiled, 'EventMessage', data, lookups);
    return { kind: 'mqtt', topic, payload };
  }
  const facts = await lookups.facts(source.measurementUuid);
  const data = pointTemplateData(source, facts);
  const topicTemplate: TemplateName = source.assetPropertyUuid ? 'AssetPropertyTopic' : 'MeasurementTopic';
  const topic = await renderOne(compiled, topicTemplate, data, lookups);
  if (format === 'sparkplugb') {
    const datatype = sparkplugDatatypeOf(facts?.datatype ?? 'number');
    return { kind: 'sparkplug', metrics: [{ name: topic, timestamp: source.time, datatype, value: sparkplugValue(datatype, source.value) }] };
  }
  const payload = await renderOne(compiled, 'PointMessage', data, lookups);
  return { kind: 'mqtt', topic, payload };
}

export const pointTemplateData = (source: PointSource, facts: MeasurementFacts | null): TemplateValue =>
  pointData({
    time: source.time,
    value: source.value,
    quality: source.quality,
    measurementUuid: source.measurementUuid,
    assetPropertyUuid: source.assetPropertyUuid,
    tags: facts?.tags ?? {},
  });

/** The first template of a forwarder that does not parse, as the seam's error. */
function compiledOrThrow(forwarder: ForwarderDefinition): Record<TemplateName, CompiledTemplate> {
  const { compiled, problems } = compileForwarderTemplates(forwarder.templates);
  const [first] = problems;
  if (first) throw new TemplateRenderError(first.Template, first.Message, first.Code, first.Line, first.Column);
  return compiled;
}

/** Lookups are kept this long at most, so renamed measurements and moved assets show up without a reload. */
const LOOKUP_TTL_MS = 60_000;

export function createMessageRenderer(db: Db): MessageRenderer {
  const templates = new Map<string, { key: string; compiled: Record<TemplateName, CompiledTemplate> }>();
  const lookups = new Map<string, { at: number; lookups: ForwarderLookups }>();

  const lookupsOf = (forwarder: ForwarderDefinition): ForwarderLookups => {
    const kept = lookups.get(forwarder.uuid);
    if (kept && Date.now() - kept.at < LOOKUP_TTL_MS) return kept.lookups;
    const fresh = createForwarderLookups(db, forwarder.organizationUuid);
    lookups.set(forwarder.uuid, { at: Date.now(), lookups: fresh });
    return fresh;
  };

  return {
    async render(forwarder, source) {
      const key = JSON.stringify([forwarder.format, forwarder.templates]);
      let kept = templates.get(forwarder.uuid);
      if (!kept || kept.key !== key) {
        kept = { key, compiled: compiledOrThrow(forwarder) };
        templates.set(forwarder.uuid, kept);
      }
      return renderSource(db, { format: forwarder.format, compiled: kept.compiled, lookups: lookupsOf(forwarder), organizationUuid: forwarder.organizationUuid }, source);
    },
    invalidate(forwarderUuid) {
      if (forwarderUuid === undefined) {
        templates.clear();
        lookups.clear();
      } else {
        templates.delete(forwarderUuid);
        lookups.delete(forwarderUuid);
      }
    },
  };
}
