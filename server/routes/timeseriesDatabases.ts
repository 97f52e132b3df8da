import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import type { AppContext } from '../context';
import { isForeignKeyViolation } from '../db/errors';
import { callerOf, organizationOf } from '../http/caller';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem';
import { rethrowUniqueConflict } from '../http/uniqueConflict';
import { TIMESERIES_DATABASE_UNIQUE_FIELDS, timeseriesDatabasesRepository, type TimeseriesDatabaseRow as DatabaseRow } from '../repositories/timeseriesDatabases';
import { createTimeseriesDrivers, TIMESERIES_DATABASE_TYPES } from '../timeseries/registry';
import { TimeseriesSettingsError } from '../timeseries/settings';
import type { ConnectionTestResult, SettingsMap, TimeseriesDriver } from '../timeseries/types';
import { assertSettingsFit, keptSecrets, mergeSecureSettings, presentSettings } from './timeseriesDatabaseSettings';

// /timeseries-databases (SPEC §7): the time-series databases of an organization, each of a driver
// type of server/timeseries/registry.ts. Secure settings are never answered and are replaced only
// when a new value is sent; a stored one goes only to the host and user it was stored with. Ids of another organization answer 404, like ids that do not exist.
// Deleting an entry leaves the database itself and its points alone: they are the site's data.

type DatabaseBody = Write<'TimeseriesDatabase'>;

type TestBody = Write<'TimeseriesDatabaseTest'>;

type ById = { Params: { id: string } };
type WithCreateDatabase = { Querystring: { createDatabase?: boolean } };

/** Secure settings never leave the server (ARCHITECTURE "Security model"). */
const toJson = (row: DatabaseRow) => ({
  UUID: row.uuid,
  Name: row.name,
  Description: row.description,
  OrganizationUUID: row.organization_uuid,
  TimeseriesDatabaseTypeUUID: row.type_uuid,
  Settings: row.settings,
});

/** Only the list may go without an organization header (x-historian-organization-optional): then it lists the root's. */
const listOrganizationOf = (request: FastifyRequest) => {
  const caller = callerOf(request);
  return caller.organizationUuid ?? caller.rootOrganizationUuid;
};

/**
 * The stored secrets the new settings may use: none of another type (a password for another
 * server), and none sent to another host or user unless typed in again (400 otherwise).
 */
const storedSecretsFor = (row: DatabaseRow, driver: TimeseriesDriver, settings: SettingsMap, sent: SettingsMap | undefined): SettingsMap =>
  row.type_uuid === driver.typeUuid ? keptSecrets(driver, { settings: row.settings, secureSettings: row.secure_settings }, settings, sent) : {};

function nameOf(body: DatabaseBody): string {
  const name = body.Name.trim();
  if (name === '') throw badRequest('Name is required', { Name: ['is required'] });
  return name;
}

const nameTaken = (error: unknown): never =>
  rethrowUniqueConflict(error, TIMESERIES_DATABASE_UNIQUE_FIELDS, () => 'A time-series database of this name exists in the organization');

/** How long an answer of the reachability check is kept. */
export const REACHABILITY_TTL_MS = 30_000;

export function timeseriesDatabasesHandlers(ctx: AppContext) {
  const drivers = createTimeseriesDrivers({ serverDb: ctx.db });
  // Reachability by database: many viewers of the home page make one check per database and TTL.
  // Kept under the settings it was made with, so a changed address is checked again at once.
  const reachability = new Map<string, { key: string; at: number; result: Promise<ConnectionTestResult> }>();

  const driverOf = (typeUuid: string): TimeseriesDriver => {
    const driver = drivers.byTypeUuid(typeUuid);
    if (!driver) throw badRequest('Unknown time-series database type', { TimeseriesDatabaseTypeUUID: ['is not a known type'] });
    return driver;
  };

  /** The row when it belongs to the caller's organization; 404 otherwise. */
  const findRow = async (request: FastifyRequest, uuid: string): Promise<DatabaseRow> => {
    const row = await timeseriesDatabasesRepository(ctx.db).find(organizationOf(request), uuid);
    if (!row) throw notFound('No such time-series database');
    return row;
  };

  /** createDatabase=true: the database or bucket is really made, under the internal default name when none is given. */
  const createDatabase = async (request: FastifyRequest, driver: TimeseriesDriver, settings: SettingsMap, secureSettings: SettingsMap) => {
    try {
      return (await driver.createDatabase(settings, secureSettings)).settings;
    } catch (error) {
      if (error instanceof TimeseriesSettingsError) throw badRequest(error.message, { [`Settings.${error.setting}`]: [error.message] });
      request.log.warn({ err: error }, 'creating the time-series database failed');
      const reason = error instanceof Error ? `: ${error.message}` : '';
      throw new HttpProblem(502, 'Bad Gateway', { detail: `The database could not be created${reason}`, code: 'configuration.errors.update_database' });
    }
  };

  return {
    async getTimeseriesDatabaseTypes() {
      return TIMESERIES_DATABASE_TYPES;
    },

    async getTimeseriesDatabases(request: FastifyRequest) {
      return (await timeseriesDatabasesRepository(ctx.db).list(listOrganizationOf(request))).map(toJson);
    },

    async createTimeseriesDatabase(request: FastifyRequest<{ Body: DatabaseBody } & WithCreateDatabase>, reply: FastifyReply) {
      const body = request.body;
      const driver = driverOf(body.TimeseriesDatabaseTypeUUID);
      const name = nameOf(body);
      let settings = presentSettings(body.Settings);
      const secureSettings = mergeSecureSettings(driver, {}, body.SecureSettings);
      assertSettingsFit(driver, settings, secureSettings);
      if (request.query.createDatabase) settings = await createDatabase(request, driver, settings, secureSettings);
      try {
        const row = await timeseriesDatabasesRepository(ctx.db).create(organizationOf(request), {
          name,
          description: body.Description ?? '',
          typeUuid: driver.typeUuid,
          settings,
          secureSettings,
        });
        return reply.code(201).send(toJson(row));
      } catch (error) {
        return nameTaken(error);
      }
    },

    /** SecureSettings absent, or a key of it absent, keeps the stored secret. */
    async updateTimeseriesDatabase(request: FastifyRequest<ById & { Body: DatabaseBody } & WithCreateDatabase>) {
      const stored = await findRow(request, request.params.id);
      const body = request.body;
      const driver = driverOf(body.TimeseriesDatabaseTypeUUID);
      const name = nameOf(body);
      let settings = presentSettings(body.Settings);
      const secureSettings = mergeSecureSettings(driver, storedSecretsFor(stored, driver, settings, body.SecureSettings), body.SecureSettings);
      assertSettingsFit(driver, settings, secureSettings);
      if (request.query.createDatabase) settings = await createDatabase(request, driver, settings, secureSettings);
      try {
        const row = await timeseriesDatabasesRepository(ctx.db).update(stored.organization_uuid, stored.uuid, {
          name,
          description: body.Description ?? stored.description,
          typeUuid: driver.typeUuid,
          settings,
          secureSettings,
        });
        // Deleted by someone else between the read and the write.
        if (!row) throw notFound('No such time-series database');
        return toJson(row);
      } catch (error) {
        return nameTaken(error);
      }
    },

    async deleteTimeseriesDatabase(request: FastifyRequest<ById>, reply: FastifyReply) {
      const row = await findRow(request, request.params.id);
      try {
        await timeseriesDatabasesRepository(ctx.db).delete(row.organization_uuid, row.uuid);
      } catch (error) {
        // Measurements keep their database for life (DOMAIN.md §1), deleted ones too.
        if (isForeignKeyViolation(error)) throw conflict('Measurements are still stored in this database', 'timeseries.errors.in_use');
        throw error;
      }
      await ctx.timeseries?.forget(row.uuid);
      return reply.code(204).send();
    },

    /** Really connects, writes and reads one point with the stored settings; names the failed step. */
    async testTimeseriesDatabase(request: FastifyRequest<ById>) {
      const row = await findRow(request, request.params.id);
      return driverOf(row.type_uuid).test(row.settings, row.secure_settings);
    },

    /** Connects and signs in with the stored settings, changing nothing; kept REACHABILITY_TTL_MS. */
    async getTimeseriesDatabaseReachability(request: FastifyRequest<ById>) {
      const row = await findRow(request, request.params.id);
      const key = JSON.stringify([row.type_uuid, row.settings, createHash('sha256').update(JSON.stringify(row.secure_settings)).digest('hex')]);
      const now = Date.now();
      const kept = reachability.get(row.uuid);
      if (kept && kept.key === key && now - kept.at < REACHABILITY_TTL_MS) return kept.result;
      const result = driverOf(row.type_uuid).test(row.settings, row.secure_settings, { readOnly: true });
      reachability.set(row.uuid, { key, at: now, result });
      return result;
    },

    /**
     * The editor's test button, on the form's values before saving. With the UUID of a stored
     * database, the secrets not sent (never sent back to the form) are taken from it.
     */
    async testTimeseriesDatabaseSettings(request: FastifyRequest<{ Body: TestBody }>) {
      const body = request.body;
      const driver = driverOf(body.TimeseriesDatabaseTypeUUID);
      const stored = body.UUID ? await findRow(request, body.UUID) : undefined;
      const settings = presentSettings(body.Settings);
      const secureSettings = mergeSecureSettings(driver, stored ? storedSecretsFor(stored, driver, settings, body.SecureSettings) : {}, body.SecureSettings);
      assertSettingsFit(driver, settings, secureSettings);
      return driver.test(settings, secureSettings);
    },
  };
}
