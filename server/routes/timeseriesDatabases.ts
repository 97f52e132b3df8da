import type { FastifyReply, FastifyRequest } from 'fastify';
import { validateWithSchema } from '../../src/lib/schemaValidation';
import { toValidationSchema } from '../../src/lib/settingsSchema';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../access/scope';
import { callerOf } from '../http/caller';
import { badRequest, conflict, HttpProblem } from '../http/problem';
import { createTimeseriesDrivers, TIMESERIES_DATABASE_TYPES } from '../timeseries/registry';
import { TimeseriesSettingsError } from '../timeseries/settings';
import type { SettingsMap } from '../timeseries/types';

// Minimal time-series database entries for the setup wizard (issue 5): the types, the list and
// create. Update, delete and the connection test belong to the time-series database work and
// answer 501 until it adds them.

interface DatabaseRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  type_uuid: string;
  settings: SettingsMap;
}

interface DatabaseBody {
  Name: string;
  Description?: string;
  TimeseriesDatabaseTypeUUID: string;
  Settings?: SettingsMap;
  SecureSettings?: SettingsMap;
}

const COLUMNS = 'uuid, organization_uuid, name, description, type_uuid, settings';

/** Secure settings never leave the server (ARCHITECTURE "Security model"). */
const toJson = (row: DatabaseRow) => ({
  UUID: row.uuid,
  Name: row.name,
  Description: row.description,
  OrganizationUUID: row.organization_uuid,
  TimeseriesDatabaseTypeUUID: row.type_uuid,
  Settings: row.settings,
});

/** Without an organization header the call acts at root level (x-historian-organization-optional). */
const organizationOf = (request: FastifyRequest) => {
  const caller = callerOf(request);
  return caller.organizationUuid ?? caller.rootOrganizationUuid;
};

export function timeseriesDatabasesHandlers(ctx: AppContext) {
  const drivers = createTimeseriesDrivers({ serverDb: ctx.db });
  return {
    async getTimeseriesDatabaseTypes() {
      return TIMESERIES_DATABASE_TYPES;
    },

    async getTimeseriesDatabases(request: FastifyRequest) {
      const { rows } = await ctx.db.query<DatabaseRow>(`SELECT ${COLUMNS} FROM timeseries_databases WHERE organization_uuid = $1 ORDER BY lower(name)`, [
        organizationOf(request),
      ]);
      return rows.map(toJson);
    },

    async createTimeseriesDatabase(request: FastifyRequest<{ Body: DatabaseBody; Querystring: { createDatabase?: boolean } }>, reply: FastifyReply) {
      const body = request.body;
      const driver = drivers.byTypeUuid(body.TimeseriesDatabaseTypeUUID);
      if (!driver) throw badRequest('Unknown time-series database type', { TimeseriesDatabaseTypeUUID: ['is not a known type'] });
      const name = body.Name.trim();
      if (name === '') throw badRequest('Name is required', { Name: ['is required'] });
      let settings = body.Settings ?? {};
      const secureSettings = body.SecureSettings ?? {};
      const invalid = validateWithSchema(toValidationSchema(driver.settingsSchema), { ...settings, ...secureSettings });
      const errors = Object.fromEntries(Object.entries(invalid).map(([path, list]) => [`Settings.${path}`, list.map((error) => error.key)]));
      if (Object.keys(errors).length > 0) throw badRequest('The settings do not match the type', errors);
      if (request.query.createDatabase) {
        try {
          settings = (await driver.createDatabase(settings, secureSettings)).settings;
        } catch (error) {
          if (error instanceof TimeseriesSettingsError) throw badRequest(error.message, { [`Settings.${error.setting}`]: [error.message] });
          request.log.warn({ err: error }, 'creating the time-series database failed');
          throw new HttpProblem(502, 'Bad Gateway', { detail: 'The database could not be created', code: 'configuration.errors.update_database' });
        }
      }
      try {
        const { rows } = await ctx.db.query<DatabaseRow>(
          `INSERT INTO timeseries_databases (organization_uuid, name, description, type_uuid, settings, secure_settings)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
          [organizationOf(request), name, body.Description ?? '', driver.typeUuid, JSON.stringify(settings), JSON.stringify(secureSettings)],
        );
        return reply.code(201).send(toJson(rows[0]));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('A time-series database of this name exists in the organization');
        throw error;
      }
    },
  };
}
