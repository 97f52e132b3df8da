import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../../domain/contract';
import { declaredSecureSettings, mergeSecureSettings, presentSettings, redactSecureSettings, validateSettings } from '../../../domain/settingsModule';
import type { AppContext } from '../../context';
import { isForeignKeyViolation } from '../../db/errors';
import { callerOf, organizationOf } from '../../http/caller';
import { badRequest, conflict, HttpProblem, notFound } from '../../http/problem';
import { rethrowUniqueConflict } from '../../http/uniqueConflict';
import { secretsKeptFor } from '../../routes/storedSecrets';
import { testSinkConnection } from './connectionTest';
import { brokerUrlErrors, schemaOfKind, SINK_SECRET_BINDING, SINK_TYPES, sinkConfig, type SettingsMap, type SinkKind } from './kinds';
import * as repository from './repository';

// /sinks and /sink-types (server/integrations/README.md; DOMAIN.md §7): the broker connections of
// an organization. Created stopped; secure settings (Password, ClientKey) are never answered, and
// a stored one goes only to the broker, user and certificate it was stored for. Ids of another
// organization answer 404. The audit trail is written by the table's trigger, with the request's
// actor (routes/handlers.ts runs every handler as its caller).

type SinkBody = Write<'Sink'>;
type TestBody = Write<'SinkTest'>;
type ById = { Params: { id: string } };

const count = (value: number | string | null) => (value === null ? 0 : Number(value));
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function statisticsJson(row: repository.SinkStatisticsRow) {
  return {
    Connected: row.connected ?? false,
    Sent: count(row.sent),
    Buffered: count(row.buffered),
    BufferedBytes: count(row.buffered_bytes),
    Dropped: count(row.dropped),
    LastError: row.last_error ?? null,
    LastErrorAt: iso(row.last_error_at),
    ConnectedSince: iso(row.connected_since),
    UpdatedAt: iso(row.statistics_updated_at),
  };
}

const toJson = (row: repository.SinkListRow) => ({
  UUID: row.uuid,
  Name: row.name,
  Description: row.description,
  Type: row.sink_type,
  State: row.state,
  Settings: row.settings,
  StoredSecureSettings: redactSecureSettings(row.secure_settings),
  Statistics: statisticsJson(row),
  ForwarderCount: row.forwarder_count,
  CreatedAt: iso(row.created_at),
  UpdatedAt: iso(row.updated_at),
});

function nameOf(body: SinkBody): string {
  const name = (body.Name ?? '').trim();
  if (name === '') throw badRequest('Name is required', { Name: ['is required'] });
  return name;
}

/** 400 with errors by field path when the settings break the kind's schema or the broker URL rule. */
function assertSettingsFit(kind: SinkKind, settings: SettingsMap, secureSettings: SettingsMap, sentSecure: SettingsMap | undefined): void {
  const schema = schemaOfKind(kind);
  const errors: Record<string, string[]> = {};
  const found = validateSettings(schema, { Settings: settings, SecureSettings: secureSettings }, { refuseUnknown: true, sentSecure: Object.keys(sentSecure ?? {}) });
  for (const [field, list] of Object.entries(found)) errors[field] = list.map((error) => error.message);
  for (const [field, list] of Object.entries(brokerUrlErrors(settings))) (errors[field] ??= []).push(...list);
  const fields = Object.keys(errors);
  if (fields.length > 0) throw badRequest(`The settings do not fit the kind ${kind}: ${fields.join(', ')}`, errors, 'sinks.errors.settings');
}

/** The secure settings after the change: absent or empty keeps, null clears, within the secret binding. */
function secureSettingsFor(kind: SinkKind, stored: repository.SinkRow | undefined, settings: SettingsMap, sent: SettingsMap | undefined): SettingsMap {
  const schema = schemaOfKind(kind);
  const kept = stored ? secretsKeptFor(SINK_SECRET_BINDING, schema.properties ?? {}, { settings: stored.settings, secureSettings: stored.secure_settings }, settings, sent) : {};
  return mergeSecureSettings(declaredSecureSettings(schema, kept), sent);
}

const nameTaken = (error: unknown): never => rethrowUniqueConflict(error, repository.SINK_UNIQUE_FIELDS, () => 'A sink of this name exists in the organization');

export function sinksHandlers(ctx: AppContext) {
  const findRow = async (request: FastifyRequest, uuid: string) => {
    const row = await repository.findSinkWithStatistics(ctx.db, organizationOf(request), uuid);
    if (!row) throw notFound('No such sink');
    return row;
  };

  const answer = async (request: FastifyRequest, uuid: string) => toJson(await findRow(request, uuid));

  return {
    async getSinkTypes() {
      return SINK_TYPES;
    },

    async getSinks(request: FastifyRequest) {
      return (await repository.listSinks(ctx.db, organizationOf(request))).map(toJson);
    },

    async getSink(request: FastifyRequest<ById>) {
      return answer(request, request.params.id);
    },

    async getSinkStatistics(request: FastifyRequest<ById>) {
      return statisticsJson(await findRow(request, request.params.id));
    },

    async createSink(request: FastifyRequest<{ Body: SinkBody }>, reply: FastifyReply) {
      const body = request.body;
      const name = nameOf(body);
      const settings = presentSettings(body.Settings);
      const secureSettings = secureSettingsFor(body.Type, undefined, settings, body.SecureSettings);
      assertSettingsFit(body.Type, settings, secureSettings, body.SecureSettings);
      let uuid: string;
      try {
        uuid = await repository.createSink(ctx.db, organizationOf(request), {
          name,
          description: body.Description ?? '',
          kind: body.Type,
          settings,
          secureSettings,
          userUuid: callerOf(request).userUuid,
        });
      } catch (error) {
        return nameTaken(error);
      }
      return reply.code(201).send(await answer(request, uuid));
    },

    /** A running sink reconnects with the new settings (the hub sees updated_at change). */
    async updateSink(request: FastifyRequest<ById & { Body: SinkBody }>) {
      const stored = await findRow(request, request.params.id);
      const body = request.body;
      const name = nameOf(body);
      const settings = presentSettings(body.Settings);
      // A secret of the other kind has the same names and the same broker: the binding decides.
      const secureSettings = secureSettingsFor(body.Type, stored, settings, body.SecureSettings);
      assertSettingsFit(body.Type, settings, secureSettings, body.SecureSettings);
      if (body.Type !== stored.sink_type && stored.forwarder_count > 0) {
        throw new HttpProblem(409, 'Conflict', {
          detail: 'Forwarders send to this sink in its format: change or delete them first',
          code: 'sinks.errors.type_in_use',
          errors: { Type: ['cannot change while forwarders send to this sink'] },
        });
      }
      try {
        const updated = await repository.updateSink(ctx.db, stored.organization_uuid, stored.uuid, {
          name,
          description: body.Description ?? stored.description,
          kind: body.Type,
          settings,
          secureSettings,
          userUuid: callerOf(request).userUuid,
        });
        if (!updated) throw notFound('No such sink');
      } catch (error) {
        return nameTaken(error);
      }
      return answer(request, stored.uuid);
    },

    async deleteSink(request: FastifyRequest<ById>, reply: FastifyReply) {
      const row = await findRow(request, request.params.id);
      const inUse = () => conflict('Forwarders send to this sink: delete them or point them elsewhere first', 'sinks.errors.in_use');
      if ((await repository.forwarderCount(ctx.db, row.uuid)) > 0) throw inUse();
      try {
        await repository.deleteSink(ctx.db, row.organization_uuid, row.uuid);
      } catch (error) {
        // A forwarder made between the count and the delete.
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
      return reply.code(204).send();
    },

    async setSinkState(request: FastifyRequest<ById & { Body: { State: 'running' | 'stopped' } }>) {
      const row = await findRow(request, request.params.id);
      await repository.setSinkState(ctx.db, row.organization_uuid, row.uuid, request.body.State, callerOf(request).userUuid);
      return answer(request, row.uuid);
    },

    /** The form's values before saving; with the UUID of a stored sink its secrets fill in those not sent, within their binding. */
    async testSinkSettings(request: FastifyRequest<{ Body: TestBody }>) {
      const body = request.body;
      const stored = body.UUID ? await findRow(request, body.UUID) : undefined;
      const settings = presentSettings(body.Settings);
      const secureSettings = secureSettingsFor(body.Type, stored, settings, body.SecureSettings);
      assertSettingsFit(body.Type, settings, secureSettings, body.SecureSettings);
      return testSinkConnection(sinkConfig(body.Type, settings, secureSettings), stored?.uuid);
    },
  };
}
