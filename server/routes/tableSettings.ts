import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../domain/privilegeNames';
import type { AppContext } from '../context';
import { callerOf, organizationOf, requirePrivileges } from '../http/caller';
import { badRequest, notFound } from '../http/problem';

// GET /table_setting/?id=, POST /table_settings, PUT /table_settings/{PK} (SPEC §4 "Table
// columns"). A layout belongs to a user in an organization; a row without a user is the
// organization's default, which only holders of P-ADM-SD may write. Reading returns the one that
// applies: the user's own, else the default. POST stores by (organization, user or default,
// table id), replacing what was there, so a client that lost its PK cannot create duplicates.

export interface TableSettingJson {
  PK: number;
  ID: string;
  ColumnsShown: string[];
  ColumnsOrder: string[];
  IsDefault: boolean;
}

interface TableSettingBody {
  PK?: number;
  ID: string;
  ColumnsShown: string[];
  ColumnsOrder: string[];
  IsDefault?: boolean;
}

interface TableSettingRow {
  pk: number;
  user_uuid: string | null;
  table_id: string;
  columns_shown: unknown;
  columns_order: unknown;
}

const COLUMNS = 'pk, user_uuid, table_id, columns_shown, columns_order';

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

const toJson = (row: TableSettingRow): TableSettingJson => ({
  PK: row.pk,
  ID: row.table_id,
  ColumnsShown: stringList(row.columns_shown),
  ColumnsOrder: stringList(row.columns_order),
  IsDefault: row.user_uuid === null,
});

/** The contract checks types; these are the rules between the two lists. */
function checkColumns(body: TableSettingBody): void {
  const errors: Record<string, string[]> = {};
  const duplicates = (list: string[]) => list.filter((id, index) => list.indexOf(id) !== index);
  if (duplicates(body.ColumnsShown).length > 0) errors.ColumnsShown = ['must not repeat a column'];
  if (duplicates(body.ColumnsOrder).length > 0) errors.ColumnsOrder = ['must not repeat a column'];
  const order = new Set(body.ColumnsOrder);
  if (body.ColumnsOrder.length > 0 && body.ColumnsShown.some((id) => !order.has(id))) {
    (errors.ColumnsShown ??= []).push('must list only columns that ColumnsOrder lists');
  }
  if (body.ID.trim() === '') errors.ID = ['must not be blank'];
  if (Object.keys(errors).length > 0) throw badRequest('The table setting is not valid', errors);
}

export function tableSettingsHandlers(ctx: AppContext) {
  return {
    async getTableSetting(request: FastifyRequest<{ Querystring: { id: string } }>): Promise<TableSettingJson[]> {
      const organization = organizationOf(request);
      const { userUuid } = callerOf(request);
      const { rows } = await ctx.db.query<TableSettingRow>(
        `SELECT ${COLUMNS} FROM table_settings
          WHERE organization_uuid = $1 AND table_id = $2 AND (user_uuid = $3 OR user_uuid IS NULL)
          ORDER BY user_uuid NULLS LAST LIMIT 1`,
        [organization, request.query.id, userUuid],
      );
      return rows.map(toJson);
    },

    async createTableSetting(request: FastifyRequest<{ Body: TableSettingBody }>, reply: FastifyReply): Promise<TableSettingJson> {
      const organization = organizationOf(request);
      const body = request.body;
      checkColumns(body);
      const asDefault = body.IsDefault === true;
      if (asDefault) requirePrivileges(request, [PRIVILEGES.SaveTableDefault]);
      const params = [organization, body.ID, JSON.stringify(body.ColumnsShown), JSON.stringify(body.ColumnsOrder)];
      // One statement per case: the two partial unique indexes need their own conflict targets.
      const { rows } = asDefault
        ? await ctx.db.query<TableSettingRow>(
            `INSERT INTO table_settings (organization_uuid, user_uuid, table_id, columns_shown, columns_order)
             VALUES ($1, NULL, $2, $3::jsonb, $4::jsonb)
             ON CONFLICT (organization_uuid, table_id) WHERE user_uuid IS NULL
             DO UPDATE SET columns_shown = EXCLUDED.columns_shown, columns_order = EXCLUDED.columns_order, updated_at = now()
             RETURNING ${COLUMNS}`,
            params,
          )
        : await ctx.db.query<TableSettingRow>(
            `INSERT INTO table_settings (organization_uuid, user_uuid, table_id, columns_shown, columns_order)
             VALUES ($1, $5, $2, $3::jsonb, $4::jsonb)
             ON CONFLICT (organization_uuid, user_uuid, table_id) WHERE user_uuid IS NOT NULL
             DO UPDATE SET columns_shown = EXCLUDED.columns_shown, columns_order = EXCLUDED.columns_order, updated_at = now()
             RETURNING ${COLUMNS}`,
            [...params, callerOf(request).userUuid],
          );
      reply.code(201);
      return toJson(rows[0]);
    },

    async updateTableSetting(request: FastifyRequest<{ Params: { PK: number }; Body: TableSettingBody }>): Promise<TableSettingJson> {
      const organization = organizationOf(request);
      const { userUuid } = callerOf(request);
      const body = request.body;
      checkColumns(body);
      // Another user's layout, or one in another organization, does not exist for this caller.
      const { rows: found } = await ctx.db.query<TableSettingRow>(
        `SELECT ${COLUMNS} FROM table_settings
          WHERE pk = $1 AND organization_uuid = $2 AND (user_uuid = $3 OR user_uuid IS NULL)`,
        [request.params.PK, organization, userUuid],
      );
      const row = found[0];
      if (!row) throw notFound('No such table setting');
      const isDefault = row.user_uuid === null;
      if (isDefault) requirePrivileges(request, [PRIVILEGES.SaveTableDefault]);
      if (body.ID !== row.table_id) throw badRequest('The table id of a stored setting cannot change', { ID: [`must be ${row.table_id}`] });
      if (body.IsDefault !== undefined && body.IsDefault !== isDefault) {
        throw badRequest('A stored setting cannot move between a user and the organization default', { IsDefault: [`must be ${isDefault}`] });
      }
      const { rows } = await ctx.db.query<TableSettingRow>(
        `UPDATE table_settings SET columns_shown = $2::jsonb, columns_order = $3::jsonb, updated_at = now()
          WHERE pk = $1 RETURNING ${COLUMNS}`,
        [row.pk, JSON.stringify(body.ColumnsShown), JSON.stringify(body.ColumnsOrder)],
      );
      return toJson(rows[0]);
    },
  };
}
