import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../../domain/contract';
import { redactSecureSettings } from '../../../domain/settingsModule';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { uniqueViolationField } from '../../db/errors';
import { callerOf, organizationOf } from '../../http/caller';
import { badRequest, conflict, HttpProblem, notFound } from '../../http/problem';
import { ERROR_CODES, errorText, maskMessage, secretsOf } from './drivers/common';
import { driverOf, setSqliteRoot } from './drivers';
import { ExternalQueryError, type ExternalDatabaseKind } from './drivers/types';
import { kindInfos, sqliteRootOf } from './kinds';
import { externalDatabaseConnection, runReadOnlyQuery } from './query';
import { checkedSettings, DRIVER_UNAVAILABLE_CODE, requireAvailable, unsavedConnection, type SettingsMap } from './settings';

// /external-database-kinds, /external-databases… (server/integrations/README.md, "External
// databases" and "Secrets"). The contract checks the privileges (READ_ reads, MANAGE_ changes,
// tests and previews); ids of another organization are 404. Secure settings never leave: answers
// name the stored ones in StoredSecureSettings. The audit trail is written by the table's trigger.

type DatabaseBody = Write<'ExternalDatabase'>;
type TestBody = Write<'ExternalDatabaseTest'>;
type PreviewBody = Write<'ExternalQueryPreviewRequest'>;
type ById = { Params: { id: string } };

interface DatabaseRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  kind: ExternalDatabaseKind;
  settings: SettingsMap;
  secure_settings: SettingsMap;
  created_at: Date | string;
  updated_at: Date | string;
  used_by: number | string;
}

export const NAME_TAKEN_CODE = 'external_databases.errors.name_taken';
export const IN_USE_CODE = 'external_databases.errors.in_use';
export const TIME_RANGE_CODE = 'external_databases.errors.time_range';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const toJson = (row: DatabaseRow) => ({
  UUID: row.uuid,
  Name: row.name,
  Description: row.description,
  Kind: row.kind,
  Settings: row.settings,
  StoredSecureSettings: redactSecureSettings(row.secure_settings),
  UsedBy: Number(row.used_by),
  CreatedAt: iso(row.created_at),
  UpdatedAt: iso(row.updated_at),
});

/**
 * How many event configurations (their external source) and property configurations read from
 * the database d. Property configurations name it in a column external_database_uuid or in a
 * settings map, whichever their table has (another part adds it).
 */
async function usedBySql(db: Db): Promise<string> {
  const { rows } = await db.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'event_property_configurations' AND column_name IN ('external_database_uuid', 'settings')",
  );
  const columns = new Set(rows.map((row) => row.column_name));
  const sources = ["(SELECT count(*) FROM event_configurations c WHERE c.organization_uuid = d.organization_uuid AND c.settings->'ExternalSource'->>'ExternalDatabaseUUID' = d.uuid::text)"];
  const property = (condition: string) =>
    `(SELECT count(*) FROM event_property_configurations p JOIN event_configurations c ON c.uuid = p.configuration_uuid WHERE c.organization_uuid = d.organization_uuid AND ${condition})`;
  if (columns.has('external_database_uuid')) sources.push(property('p.external_database_uuid::text = d.uuid::text'));
  else if (columns.has('settings')) sources.push(property("p.settings->>'ExternalDatabaseUUID' = d.uuid::text"));
  return sources.join(' + ');
}

async function listRows(db: Db, organizationUuid: string, uuid?: string): Promise<DatabaseRow[]> {
  const { rows } = await db.query<DatabaseRow>(
    `SELECT d.uuid, d.organization_uuid, d.name, d.description, d.kind, d.settings, d.secure_settings, d.created_at, d.updated_at, ${await usedBySql(db)} AS used_by
       FROM external_databases d
      WHERE d.organization_uuid = $1 AND ($2::uuid IS NULL OR d.uuid = $2::uuid)
      ORDER BY lower(d.name), d.uuid`,
    [organizationUuid, uuid ?? null],
  );
  return rows;
}

async function findRow(db: Db, organizationUuid: string, uuid: string): Promise<DatabaseRow> {
  const [row] = await listRows(db, organizationUuid, uuid);
  if (!row) throw notFound('No such external database');
  return row;
}

function nameOf(body: DatabaseBody): string {
  const name = body.Name.trim();
  if (name === '') throw badRequest('Name is required', { Name: ['is required'] }, 'external_databases.errors.name_required');
  return name;
}

const nameTaken = (error: unknown): never => {
  if (uniqueViolationField(error, { external_databases_name: 'Name' }) === undefined) throw error;
  throw new HttpProblem(409, 'Conflict', { detail: 'An external database of this name exists in the organization', code: NAME_TAKEN_CODE, errors: { Name: ['is already in use'] } });
};

const HOUR_MS = 3_600_000;

export function externalDatabasesHandlers(ctx: AppContext) {
  const sqliteRoot = sqliteRootOf(ctx.config);
  setSqliteRoot(sqliteRoot);

  const stored = (row: DatabaseRow) => ({ kind: row.kind, settings: row.settings, secureSettings: row.secure_settings });

  return {
    async getExternalDatabaseKinds() {
      return kindInfos();
    },

    async getExternalDatabases(request: FastifyRequest) {
      return (await listRows(ctx.db, organizationOf(request))).map(toJson);
    },

    async getExternalDatabase(request: FastifyRequest<ById>) {
      return toJson(await findRow(ctx.db, organizationOf(request), request.params.id));
    },

    async createExternalDatabase(request: FastifyRequest<{ Body: DatabaseBody }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const body = request.body;
      const name = nameOf(body);
      const checked = await checkedSettings(body.Kind, body.Settings, body.SecureSettings, undefined, sqliteRoot);
      const user = callerOf(request).userUuid;
      const { rows } = await ctx.db
        .query<{ uuid: string }>(
          `INSERT INTO external_databases (organization_uuid, name, description, kind, settings, secure_settings, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING uuid`,
          [organizationUuid, name, body.Description ?? '', body.Kind, JSON.stringify(checked.settings), JSON.stringify(checked.secureSettings), user],
        )
        .catch(nameTaken);
      return reply.code(201).send(toJson(await findRow(ctx.db, organizationUuid, rows[0].uuid)));
    },

    /** Secure settings: absent or empty keeps, null clears, a value replaces; a changed host, port, database, user or file needs them again. */
    async updateExternalDatabase(request: FastifyRequest<ById & { Body: DatabaseBody }>) {
      const organizationUuid = organizationOf(request);
      const row = await findRow(ctx.db, organizationUuid, request.params.id);
      const body = request.body;
      const name = nameOf(body);
      const checked = await checkedSettings(body.Kind, body.Settings, body.SecureSettings, stored(row), sqliteRoot);
      const { rowCount } = await ctx.db
        .query(
          `UPDATE external_databases SET name = $1, description = $2, kind = $3, settings = $4, secure_settings = $5, updated_by = $6, updated_at = now()
            WHERE uuid = $7 AND organization_uuid = $8`,
          [name, body.Description ?? row.description, body.Kind, JSON.stringify(checked.settings), JSON.stringify(checked.secureSettings), callerOf(request).userUuid, row.uuid, organizationUuid],
        )
        .catch(nameTaken);
      if (!rowCount) throw notFound('No such external database');
      return toJson(await findRow(ctx.db, organizationUuid, row.uuid));
    },

    /** Refused while an event configuration or a property configuration reads from it. */
    async deleteExternalDatabase(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      await ctx.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM external_databases WHERE uuid = $1 AND organization_uuid = $2 FOR UPDATE', [request.params.id, organizationUuid]);
        const row = await findRow(tx, organizationUuid, request.params.id);
        if (Number(row.used_by) > 0) throw conflict(`${row.used_by} event or property configurations read from this database`, IN_USE_CODE);
        await tx.query('DELETE FROM external_databases WHERE uuid = $1 AND organization_uuid = $2', [row.uuid, organizationUuid]);
      });
      return reply.code(204).send();
    },

    /** The editor's test, on unsaved settings; with UUID the stored secrets fill in those not sent, under the stored-secret rule. */
    async testExternalDatabaseSettings(request: FastifyRequest<{ Body: TestBody }>) {
      const organizationUuid = organizationOf(request);
      const body = request.body;
      const row = body.UUID ? await findRow(ctx.db, organizationUuid, body.UUID) : undefined;
      const checked = await checkedSettings(body.Kind, body.Settings, body.SecureSettings, row && stored(row), sqliteRoot);
      return driverOf(body.Kind).test(unsavedConnection(body.Kind, checked, row?.uuid));
    },

    /** Runs the query read-only; a failing query is 200 with Error (its step, message and code). */
    async previewExternalDatabaseQuery(request: FastifyRequest<ById & { Body: PreviewBody }>) {
      const organizationUuid = organizationOf(request);
      const connection = await externalDatabaseConnection(ctx.db, organizationUuid, request.params.id);
      if (!connection) throw notFound('No such external database');
      requireAvailable(connection.kind);
      const body = request.body;
      const stop = body.StopTime ? new Date(body.StopTime) : new Date();
      const start = body.StartTime ? new Date(body.StartTime) : new Date(stop.getTime() - HOUR_MS);
      if (start.getTime() > stop.getTime()) throw badRequest('StartTime lies after StopTime', { StartTime: ['must not lie after StopTime'] }, TIME_RANGE_CODE);
      const startedAt = performance.now();
      try {
        const result = await runReadOnlyQuery(connection, body.Query, {
          params: { StartTime: start, StopTime: stop },
          limit: body.Limit ?? 20,
          timeoutMs: (body.TimeoutSeconds ?? 10) * 1000,
        });
        return { Columns: result.columns, Rows: result.rows, Truncated: result.truncated, DurationMs: result.durationMs };
      } catch (error) {
        if (error instanceof ExternalQueryError && error.code === DRIVER_UNAVAILABLE_CODE) throw conflict(error.message, DRIVER_UNAVAILABLE_CODE);
        const failure =
          error instanceof ExternalQueryError
            ? { Step: error.step, Message: maskMessage(error.message, secretsOf(connection)), Code: error.code }
            : { Step: 'query' as const, Message: maskMessage(errorText(error), secretsOf(connection)), Code: ERROR_CODES.query };
        return { Columns: [], Rows: [], Truncated: false, DurationMs: Math.round(performance.now() - startedAt), Error: failure };
      }
    },
  };
}
