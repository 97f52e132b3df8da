import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../../domain/contract';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { callerOf, organizationOf } from '../../http/caller';
import { badRequest, HttpProblem, notFound } from '../../http/problem';
import type { ForwarderTemplates } from './messages';
import { forwarderPreviewHandlers } from './previewHandlers';
import { assertNameGiven, checkForwarder, requireSelectionReadable, requireStartableSink, type ForwarderWrite } from './rules';
import type { ForwarderSelectionJson } from './selection';
import { forwarderStatistics } from './statistics';

// /forwarders (contract tag Forwarders; server/integrations/README.md): what to send to a sink and
// how. Created stopped; saving and starting need the privileges to read what the selection names.
// Ids of another organization answer 404 (in a body: 400 naming the field).

type ForwarderBody = Write<'Forwarder'>;
type ById = { Params: { id: string } };

interface ForwarderRow {
  uuid: string;
  organization_uuid: string;
  sink_uuid: string;
  sink_name: string;
  name: string;
  description: string;
  state: 'running' | 'stopped';
  selection: ForwarderSelectionJson;
  format: 'json' | 'sparkplugb';
  templates: ForwarderTemplates;
  reload_interval: string;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `SELECT f.uuid, f.organization_uuid, f.sink_uuid, s.name AS sink_name, f.name, f.description, f.state, f.selection,
                       f.format, f.templates, f.reload_interval, f.created_at, f.updated_at
                  FROM forwarders f JOIN sinks s ON s.uuid = f.sink_uuid`;

const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/** The selection as stored: lists trimmed of blanks and duplicates, empty ones left out. */
function storedSelection(selection: ForwarderSelectionJson): ForwarderSelectionJson {
  const stored: ForwarderSelectionJson = {};
  for (const list of ['Labels', 'AssetUUIDs', 'AssetPropertyUUIDs', 'EventTypeUUIDs'] as const) {
    const values = [...new Set((selection[list] ?? []).map((value) => (list === 'Labels' ? value.trim() : value.toLowerCase())).filter((value) => value !== ''))];
    if (values.length > 0) stored[list] = values;
  }
  return stored;
}

function storedTemplates(templates: ForwarderTemplates | undefined): ForwarderTemplates {
  const stored: ForwarderTemplates = {};
  for (const [name, text] of Object.entries(templates ?? {})) if (typeof text === 'string' && text.trim() !== '') Object.assign(stored, { [name]: text });
  return stored;
}

const writeOf = (body: ForwarderBody): ForwarderWrite => ({
  SinkUUID: body.SinkUUID,
  Format: body.Format,
  Selection: body.Selection,
  Templates: body.Templates,
  ReloadInterval: body.ReloadInterval,
});

export function forwardersHandlers(ctx: AppContext) {
  const db = ctx.db;

  const toJson = async (rows: ForwarderRow[]) => {
    const statistics = await forwarderStatistics(
      db,
      rows.map((row) => row.uuid),
    );
    return rows.map((row) => ({
      UUID: row.uuid,
      Name: row.name,
      Description: row.description,
      SinkUUID: row.sink_uuid,
      SinkName: row.sink_name,
      State: row.state,
      Selection: row.selection,
      Format: row.format,
      Templates: row.templates,
      ReloadInterval: row.reload_interval,
      Statistics: statistics.get(row.uuid),
      CreatedAt: new Date(row.created_at).toISOString(),
      UpdatedAt: new Date(row.updated_at).toISOString(),
    }));
  };

  const findRow = async (organizationUuid: string, uuid: string): Promise<ForwarderRow> => {
    if (!isUuid(uuid)) throw notFound('No such forwarder');
    const { rows } = await db.query<ForwarderRow>(`${SELECT} WHERE f.organization_uuid = $1 AND f.uuid = $2`, [organizationUuid, uuid]);
    if (!rows[0]) throw new HttpProblem(404, 'No such forwarder', { code: 'forwarders.errors.not_found' });
    return rows[0];
  };

  const answer = async (organizationUuid: string, uuid: string) => (await toJson([await findRow(organizationUuid, uuid)]))[0];

  const nameTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) {
      throw new HttpProblem(409, 'Conflict', { detail: 'A forwarder of this name exists in the organization', code: 'forwarders.errors.name_taken', errors: { Name: ['is already in use'] } });
    }
    throw error;
  };

  /** The body's rules, in the order a caller can act on: privileges first (403), then every 400. */
  const checkBody = async (request: FastifyRequest, body: ForwarderBody) => {
    const name = assertNameGiven(body.Name);
    const selection = storedSelection(body.Selection);
    requireSelectionReadable(request, selection);
    await checkForwarder(db, organizationOf(request), { ...writeOf(body), Selection: selection });
    return { name, selection, templates: storedTemplates(body.Templates) };
  };

  return {
    async getForwarders(request: FastifyRequest<{ Querystring: { SinkUUID?: string } }>) {
      const organizationUuid = organizationOf(request);
      const sink = request.query.SinkUUID;
      const { rows } = await db.query<ForwarderRow>(
        `${SELECT} WHERE f.organization_uuid = $1 AND ($2::uuid IS NULL OR f.sink_uuid = $2::uuid) ORDER BY lower(f.name), f.uuid`,
        [organizationUuid, sink ?? null],
      );
      return toJson(rows);
    },

    async getForwarder(request: FastifyRequest<ById>) {
      return answer(organizationOf(request), request.params.id);
    },

    async createForwarder(request: FastifyRequest<{ Body: ForwarderBody }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const body = request.body;
      const { name, selection, templates } = await checkBody(request, body);
      const actor = callerOf(request).userUuid;
      try {
        const { rows } = await db.query<{ uuid: string }>(
          `INSERT INTO forwarders (organization_uuid, sink_uuid, name, description, selection, format, templates, reload_interval, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING uuid`,
          [organizationUuid, body.SinkUUID, name, body.Description ?? '', JSON.stringify(selection), body.Format, JSON.stringify(templates), body.ReloadInterval, actor],
        );
        return reply.code(201).send(await answer(organizationUuid, rows[0].uuid));
      } catch (error) {
        return nameTaken(error);
      }
    },

    async updateForwarder(request: FastifyRequest<ById & { Body: ForwarderBody }>) {
      const organizationUuid = organizationOf(request);
      const stored = await findRow(organizationUuid, request.params.id);
      const body = request.body;
      const { name, selection, templates } = await checkBody(request, body);
      try {
        const { rowCount } = await db.query(
          `UPDATE forwarders SET sink_uuid = $3, name = $4, description = $5, selection = $6, format = $7, templates = $8, reload_interval = $9,
                  updated_at = now(), updated_by = $10
            WHERE organization_uuid = $1 AND uuid = $2`,
          [
            organizationUuid,
            stored.uuid,
            body.SinkUUID,
            name,
            body.Description ?? stored.description,
            JSON.stringify(selection),
            body.Format,
            JSON.stringify(templates),
            body.ReloadInterval,
            callerOf(request).userUuid,
          ],
        );
        if (rowCount === 0) throw notFound('No such forwarder');
      } catch (error) {
        return nameTaken(error);
      }
      return answer(organizationUuid, stored.uuid);
    },

    async deleteForwarder(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const row = await findRow(organizationUuid, request.params.id);
      await db.query('DELETE FROM forwarders WHERE organization_uuid = $1 AND uuid = $2', [organizationUuid, row.uuid]);
      return reply.code(204).send();
    },

    /** Starting checks again what saving checked: the starter must be able to read the selection. */
    async setForwarderState(request: FastifyRequest<ById & { Body: { State: 'running' | 'stopped' } }>) {
      const organizationUuid = organizationOf(request);
      const row = await findRow(organizationUuid, request.params.id);
      const state = request.body.State;
      if (state !== 'running' && state !== 'stopped') throw badRequest('State is running or stopped', { State: ['is running or stopped'] });
      if (state === 'running') {
        requireSelectionReadable(request, row.selection);
        await requireStartableSink(db, organizationUuid, row.sink_uuid, row.format);
      }
      await db.query('UPDATE forwarders SET state = $3, updated_at = now(), updated_by = $4 WHERE organization_uuid = $1 AND uuid = $2', [
        organizationUuid,
        row.uuid,
        state,
        callerOf(request).userUuid,
      ]);
      return answer(organizationUuid, row.uuid);
    },

    ...forwarderPreviewHandlers(ctx),
  };
}
