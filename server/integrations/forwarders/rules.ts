import type { FastifyRequest } from 'fastify';
import { parseDuration } from '../../../domain/duration';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import type { Db } from '../../db/db';
import { callerOf, capAllows, organizationOf } from '../../http/caller';
import { badRequest, HttpProblem } from '../../http/problem';
import { foreignSelectionEntries, type ForwarderSelectionJson } from './selection';
import { compileForwarderTemplates } from './templates/forwarderTemplates';
import type { ForwarderTemplates } from './messages';

// The rules of saving and starting a forwarder (server/integrations/README.md, "Who may do what"):
// its author must be able to read what it sends; everything it names is of the organization; its
// format fits its sink; its templates parse; its selection is resolved again at most every 10 s.

export const MIN_RELOAD_INTERVAL_MS = 10_000;

export function callerHolds(request: FastifyRequest, privilege: string): boolean {
  const caller = callerOf(request);
  return caller.privileges.has(privilege) && capAllows(caller, organizationOf(request), privilege);
}

const nonEmpty = (list: readonly string[] | undefined) => (list?.length ?? 0) > 0;

/**
 * 403 forwarders.errors.selection_not_permitted, naming each list the caller may not read:
 * points need READ_MEASUREMENTS, assets READ_ASSETS, event types READ_EVENTS and READ_EVENT_CONFIGURATIONS.
 */
export function requireSelectionReadable(request: FastifyRequest, selection: ForwarderSelectionJson): void {
  const errors: Record<string, string[]> = {};
  const missing = new Set<string>();
  const need = (field: keyof ForwarderSelectionJson, privileges: readonly string[]) => {
    const lacking = privileges.filter((privilege) => !callerHolds(request, privilege));
    if (lacking.length === 0) return;
    lacking.forEach((privilege) => missing.add(privilege));
    errors[`Selection.${field}`] = [`needs ${lacking.join(', ')}`];
  };
  const measurementsSelected = nonEmpty(selection.Labels) || nonEmpty(selection.AssetUUIDs) || nonEmpty(selection.AssetPropertyUUIDs);
  if (nonEmpty(selection.Labels)) need('Labels', [PRIVILEGES.ReadMeasurements]);
  if (nonEmpty(selection.AssetUUIDs)) need('AssetUUIDs', [PRIVILEGES.ReadMeasurements, PRIVILEGES.ReadAssets]);
  if (nonEmpty(selection.AssetPropertyUUIDs)) need('AssetPropertyUUIDs', [PRIVILEGES.ReadMeasurements, PRIVILEGES.ReadAssets]);
  if (nonEmpty(selection.EventTypeUUIDs)) need('EventTypeUUIDs', [PRIVILEGES.ReadEvents, PRIVILEGES.ReadEventConfigurations]);
  // A forwarder sends points: even one selecting nothing yet needs READ_MEASUREMENTS to be saved.
  if (!measurementsSelected && !callerHolds(request, PRIVILEGES.ReadMeasurements)) {
    missing.add(PRIVILEGES.ReadMeasurements);
    errors.Selection = [`needs ${PRIVILEGES.ReadMeasurements}`];
  }
  if (missing.size > 0) {
    throw new HttpProblem(403, 'Forbidden', {
      detail: `Forwarding this selection needs ${[...missing].sort().join(', ')}`,
      code: 'forwarders.errors.selection_not_permitted',
      errors,
    });
  }
}

export interface SinkRow {
  uuid: string;
  name: string;
  sink_type: 'MQTT' | 'SparkplugB';
  state: 'running' | 'stopped';
}

export async function findSink(db: Db, organizationUuid: string, uuid: string): Promise<SinkRow | undefined> {
  const { rows } = await db.query<SinkRow>('SELECT uuid, name, sink_type, state FROM sinks WHERE organization_uuid = $1 AND uuid::text = lower($2)', [organizationUuid, uuid]);
  return rows[0];
}

const FORMAT_FOR_SINK: Record<SinkRow['sink_type'], 'json' | 'sparkplugb'> = { MQTT: 'json', SparkplugB: 'sparkplugb' };

export interface ForwarderWrite {
  SinkUUID: string;
  Format: 'json' | 'sparkplugb';
  Selection: ForwarderSelectionJson;
  Templates: ForwarderTemplates;
  ReloadInterval: string;
}

/** Every 400 of a forwarder's body at once: the first field's code leads. */
export async function checkForwarder(db: Db, organizationUuid: string, body: ForwarderWrite): Promise<SinkRow> {
  const errors: Record<string, string[]> = {};
  let code: string | undefined;
  const add = (field: string, message: string, fieldCode: string) => {
    (errors[field] ??= []).push(message);
    code ??= fieldCode;
  };

  const sink = await findSink(db, organizationUuid, body.SinkUUID);
  if (!sink) add('SinkUUID', 'is not a sink of this organization', 'forwarders.errors.sink_not_found');
  else if (FORMAT_FOR_SINK[sink.sink_type] !== body.Format) {
    add('Format', `${body.Format} needs ${body.Format === 'json' ? 'an MQTT' : 'a SparkplugB'} sink; ${sink.name} is ${sink.sink_type}`, 'forwarders.errors.format_mismatch');
  }
  if (body.Format === 'sparkplugb' && nonEmpty(body.Selection.EventTypeUUIDs)) {
    add('Selection.EventTypeUUIDs', 'SparkplugB carries measurements only; send events with the json format', 'forwarders.errors.events_need_json');
  }
  for (const [field, messages] of Object.entries(await foreignSelectionEntries(db, organizationUuid, body.Selection))) {
    for (const message of messages) add(field, message, 'forwarders.errors.selection_not_found');
  }
  for (const problem of compileForwarderTemplates(body.Templates).problems) {
    add(`Templates.${problem.Template}`, problem.Message, problem.Code);
  }
  const interval = parseDuration(body.ReloadInterval);
  if (interval === undefined || interval < MIN_RELOAD_INTERVAL_MS) add('ReloadInterval', 'must be at least 10s', 'forwarders.errors.reload_interval_too_short');

  if (Object.keys(errors).length > 0 || !sink) {
    const fields = Object.keys(errors).join(', ');
    throw badRequest(`The forwarder is not valid: ${fields}`, errors, code);
  }
  return sink;
}

/** A forwarder's sink at the time it is started: there, and of the forwarder's format. */
export async function requireStartableSink(db: Db, organizationUuid: string, sinkUuid: string, format: 'json' | 'sparkplugb'): Promise<void> {
  const sink = await findSink(db, organizationUuid, sinkUuid);
  if (!sink) throw badRequest('The forwarder has no sink', { SinkUUID: ['is not a sink of this organization'] }, 'forwarders.errors.sink_not_found');
  if (FORMAT_FOR_SINK[sink.sink_type] !== format) throw badRequest(`${format} needs another kind of sink`, { Format: ['does not fit the sink'] }, 'forwarders.errors.format_mismatch');
}

export const assertNameGiven = (name: string): string => {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest('Name is required', { Name: ['is required'] });
  return trimmed;
};
