import type { FastifyRequest } from 'fastify';
import type { Write } from '../../../domain/contract';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import type { AppContext } from '../../context';
import { organizationOf } from '../../http/caller';
import { badRequest, forbidden } from '../../http/problem';
import type { OutgoingMessage } from '../sinks/hub';
import { sendOnce } from '../sinks/sendOnce';
import { TemplateRenderError, type ForwardedSource } from './messages';
import { createForwarderLookups, renderSource } from './render';
import { callerHolds, findSink, requireSelectionReadable } from './rules';
import { foreignSelectionEntries, resolveSelection } from './selection';
import { findPreviewSource, type PreviewSource } from './previewSource';
import { compileForwarderTemplates, type TemplateName, type TemplateProblem } from './templates/forwarderTemplates';

// POST /forwarders/preview, /forwarders/selection and /forwarders/test-message: the editor's live
// topic and payload from a real recent point (or event), what a selection resolves to, and one
// message sent through a stored sink (DOMAIN.md §7, "Delight").

type PreviewBody = Write<'ForwarderPreviewRequest'>;
type TestBody = Write<'ForwarderTestMessageRequest'>;
type SelectionBody = Write<'ForwarderSelection'>;

interface PreviewResult {
  Topic: string | null;
  Payload: string | null;
  Source?: Record<string, unknown>;
  Errors: TemplateProblem[];
  message?: OutgoingMessage;
}

const SAMPLE_SIZE = 20;

/** The templates a source renders with, for the parse problems that stop it. */
const templatesUsed = (format: 'json' | 'sparkplugb', source: PreviewSource): TemplateName[] => {
  if (source.kind === 'event') return ['EventTopic', 'EventMessage'];
  const topic: TemplateName = source.assetPropertyUuid ? 'AssetPropertyTopic' : 'MeasurementTopic';
  return format === 'sparkplugb' ? [topic] : [topic, 'PointMessage'];
};

function payloadOf(message: OutgoingMessage): { Topic: string; Payload: string } {
  if (message.kind === 'mqtt') return { Topic: message.topic, Payload: message.payload };
  const [metric] = message.metrics;
  return { Topic: metric.name, Payload: JSON.stringify({ metrics: message.metrics }, null, 2) };
}

export function forwarderPreviewHandlers(ctx: AppContext) {
  const db = ctx.db;

  /** 400 naming the body's field when an id is not of the organization. */
  const requireOwnIds = async (organizationUuid: string, body: PreviewBody) => {
    const errors: Record<string, string[]> = {};
    const own = async (field: string, table: string, uuid: string | undefined) => {
      if (!uuid) return;
      const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE organization_uuid = $1 AND uuid::text = lower($2)`, [organizationUuid, uuid]);
      if (rows.length === 0) errors[field] = ['is not in this organization'];
    };
    await own('MeasurementUUID', 'measurements', body.MeasurementUUID);
    await own('AssetPropertyUUID', 'asset_properties', body.AssetPropertyUUID);
    await own('EventUUID', 'events', body.EventUUID);
    Object.assign(errors, await foreignSelectionEntries(db, organizationUuid, body.Selection ?? {}));
    if (Object.keys(errors).length > 0) throw badRequest(`Not in this organization: ${Object.keys(errors).join(', ')}`, errors, 'forwarders.errors.selection_not_found');
  };

  const preview = async (request: FastifyRequest, body: PreviewBody): Promise<PreviewResult> => {
    const organizationUuid = organizationOf(request);
    if (body.Selection) requireSelectionReadable(request, body.Selection);
    const canReadEvents = callerHolds(request, PRIVILEGES.ReadEvents);
    if (body.EventUUID && !canReadEvents) {
      throw forbidden('Previewing with an event needs READ_EVENTS', 'forwarders.errors.selection_not_permitted');
    }
    if (body.AssetPropertyUUID && !callerHolds(request, PRIVILEGES.ReadAssets)) {
      throw forbidden('Previewing through an asset property needs READ_ASSETS', 'forwarders.errors.selection_not_permitted');
    }
    await requireOwnIds(organizationUuid, body);

    const { compiled, problems } = compileForwarderTemplates(body.Templates);
    const selection = body.Selection ? await resolveSelection(db, organizationUuid, body.Selection) : undefined;
    const source = await findPreviewSource(db, organizationUuid, body, selection, canReadEvents);
    if (!source) {
      return {
        Topic: null,
        Payload: null,
        Errors: [...problems, { Template: 'PointMessage', Message: 'No selected measurement has a point yet', Code: 'forwarders.errors.no_point', Line: 0, Column: 0 }],
      };
    }
    const used = templatesUsed(body.Format, source);
    if (problems.some((problem) => used.includes(problem.Template))) return { Topic: null, Payload: null, Source: source.json, Errors: problems };
    const lookups = createForwarderLookups(db, organizationUuid, { assets: callerHolds(request, PRIVILEGES.ReadAssets) });
    const forwarded: ForwardedSource = source.kind === 'event' ? { kind: 'event', eventUuid: source.eventUuid, change: source.change } : source.point;
    try {
      const message = await renderSource(db, { format: body.Format, compiled, lookups, organizationUuid }, forwarded);
      return { ...payloadOf(message), Source: source.json, Errors: problems, message };
    } catch (error) {
      if (!(error instanceof TemplateRenderError)) throw error;
      const located = { Template: error.template, Message: error.message, Code: error.code, Line: error.line ?? 0, Column: error.column ?? 0 };
      return { Topic: null, Payload: null, Source: source.json, Errors: [...problems, located] };
    }
  };

  return {
    async previewForwarder(request: FastifyRequest<{ Body: PreviewBody }>) {
      const { message: _message, ...result } = await preview(request, request.body);
      return result;
    },

    async previewForwarderSelection(request: FastifyRequest<{ Body: SelectionBody }>) {
      const organizationUuid = organizationOf(request);
      const selection = request.body;
      requireSelectionReadable(request, selection);
      const errors = await foreignSelectionEntries(db, organizationUuid, selection);
      if (Object.keys(errors).length > 0) throw badRequest(`Not in this organization: ${Object.keys(errors).join(', ')}`, errors, 'forwarders.errors.selection_not_found');
      const resolved = await resolveSelection(db, organizationUuid, selection);
      const { rows } = await db.query<{ measurement_uuid: string; name: string; asset_property_uuid: string | null; asset_path: string | null }>(
        `SELECT m.uuid AS measurement_uuid, m.name, s.asset_property_uuid, CASE WHEN p.uuid IS NULL THEN NULL ELSE a.path || '/' || p.name END AS asset_path
           FROM unnest($2::uuid[], $3::uuid[]) AS s (measurement_uuid, asset_property_uuid)
           JOIN measurements m ON m.uuid = s.measurement_uuid AND m.organization_uuid = $1
           LEFT JOIN asset_properties p ON p.uuid = s.asset_property_uuid
           LEFT JOIN assets a ON a.uuid = p.asset_uuid
          ORDER BY lower(m.name), m.uuid LIMIT ${SAMPLE_SIZE}`,
        [organizationUuid, resolved.measurements.map((entry) => entry.measurementUuid), resolved.measurements.map((entry) => entry.assetPropertyUuid)],
      );
      return {
        Measurements: resolved.measurements.length,
        AssetProperties: resolved.measurements.filter((entry) => entry.assetPropertyUuid !== null).length,
        EventTypes: resolved.eventTypeUuids.length,
        Sample: rows.map((row) => ({
          MeasurementUUID: row.measurement_uuid,
          MeasurementName: row.name,
          ...(row.asset_property_uuid ? { AssetPropertyUUID: row.asset_property_uuid, AssetPath: row.asset_path ?? '' } : {}),
        })),
      };
    },

    async sendForwarderTestMessage(request: FastifyRequest<{ Body: TestBody }>) {
      const organizationUuid = organizationOf(request);
      const body = request.body;
      const sink = await findSink(db, organizationUuid, body.SinkUUID);
      if (!sink) throw badRequest('No such sink in this organization', { SinkUUID: ['is not a sink of this organization'] }, 'forwarders.errors.sink_not_found');
      const fits = (sink.sink_type === 'MQTT' && body.Format === 'json') || (sink.sink_type === 'SparkplugB' && body.Format === 'sparkplugb');
      if (!fits) throw badRequest(`${body.Format} does not fit the sink ${sink.name} (${sink.sink_type})`, { Format: ['does not fit the sink'] }, 'forwarders.errors.format_mismatch');
      const { SinkUUID: _sink, ...previewBody } = body;
      const { message, ...result } = await preview(request, previewBody);
      if (!message || result.Errors.length > 0) return { Delivered: false, Message: 'The templates did not render', Topic: result.Topic, Payload: result.Payload, Errors: result.Errors };
      try {
        const outcome = await sendOnce(db, organizationUuid, sink.uuid, message);
        return { Delivered: outcome.delivered, ...(outcome.message ? { Message: outcome.message } : {}), Topic: result.Topic, Payload: result.Payload, Errors: [] };
      } catch (error) {
        request.log.warn({ err: error, sink: sink.uuid }, 'the forwarder test message failed');
        return { Delivered: false, Message: 'The message could not be sent', Topic: result.Topic, Payload: result.Payload, Errors: [] };
      }
    },
  };
}
