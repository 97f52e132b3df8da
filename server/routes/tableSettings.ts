import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { PRIVILEGES } from '../../domain/privilegeNames';
import type { AppContext } from '../context';
import { callerOf, organizationOf, requirePrivileges } from '../http/caller';
import { badRequest, notFound } from '../http/problem';
import { tableSettingsRepository, type TableSettingRow } from '../repositories/tableSettings';

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

type TableSettingBody = Write<'TableSetting'>;

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
      const row = await tableSettingsRepository(ctx.db).applying(organization, userUuid, request.query.id);
      return row ? [toJson(row)] : [];
    },

    async createTableSetting(request: FastifyRequest<{ Body: TableSettingBody }>, reply: FastifyReply): Promise<TableSettingJson> {
      const organization = organizationOf(request);
      const body = request.body;
      checkColumns(body);
      const asDefault = body.IsDefault === true;
      if (asDefault) requirePrivileges(request, [PRIVILEGES.SaveTableDefault]);
      const row = await tableSettingsRepository(ctx.db).save({
        organizationUuid: organization,
        userUuid: asDefault ? null : callerOf(request).userUuid,
        tableId: body.ID,
        columnsShown: body.ColumnsShown,
        columnsOrder: body.ColumnsOrder,
      });
      reply.code(201);
      return toJson(row);
    },

    async updateTableSetting(request: FastifyRequest<{ Params: { PK: number }; Body: TableSettingBody }>): Promise<TableSettingJson> {
      const organization = organizationOf(request);
      const { userUuid } = callerOf(request);
      const body = request.body;
      checkColumns(body);
      // Another user's layout, or one in another organization, does not exist for this caller.
      const row = await tableSettingsRepository(ctx.db).findVisible(organization, userUuid, request.params.PK);
      if (!row) throw notFound('No such table setting');
      const isDefault = row.user_uuid === null;
      if (isDefault) requirePrivileges(request, [PRIVILEGES.SaveTableDefault]);
      if (body.ID !== row.table_id) throw badRequest('The table id of a stored setting cannot change', { ID: [`must be ${row.table_id}`] });
      if (body.IsDefault !== undefined && body.IsDefault !== isDefault) {
        throw badRequest('A stored setting cannot move between a user and the organization default', { IsDefault: [`must be ${isDefault}`] });
      }
      const updated = await tableSettingsRepository(ctx.db).updateColumns(row.pk, body.ColumnsShown, body.ColumnsOrder);
      if (!updated) throw notFound('No such table setting');
      return toJson(updated);
    },
  };
}
