import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { callerOf, organizationOf } from '../../http/caller';
import { badRequest, notFound } from '../../http/problem';
import { rethrowUniqueConflict } from '../../http/uniqueConflict';
import { containsPattern, keywordOf } from '../../repositories/keyword';
import { accessOf, callerHolds, levelsOf, requireManualEntryLicence, requireOpenable, type FormAccess } from '../access';
import { findForm, formsOf, requireForm, type FormRow } from '../formRow';
import { checkedForm, requireAuthorHolds, type CheckedForm, type FormBody } from './checkedForm';
import { formAccess, replaceFormAccess, type GroupAccessBody } from './formAccess';
import { formsJson, type FormJson } from './formJson';

// /manual-entry-forms and …/access (server/manual-entry/README.md, "Who may do what", "Forms" and
// "Access"). Every call checks the licence first; the contract's privileges are checked before a
// handler runs, and what a form hands out is checked against its author on every save.

type ById = { Params: { id: string } };

const nameTaken = (error: unknown): never => rethrowUniqueConflict(error, { manual_entry_forms_name: 'Name' }, () => 'A form of this name exists already');

export function manualEntryFormsHandlers(ctx: AppContext) {
  const licensed = async (request: FastifyRequest) => {
    const organizationUuid = organizationOf(request);
    await requireManualEntryLicence(ctx, organizationUuid);
    return organizationUuid;
  };

  /** One form as answered, with the caller's access to it (read after the transaction that wrote it). */
  const answer = async (request: FastifyRequest, organizationUuid: string, uuid: string): Promise<FormJson> => {
    const form = await requireForm(ctx.db, organizationUuid, uuid);
    const access = await accessOf(ctx, request, form.uuid);
    return (await formsJson(ctx.db, organizationUuid, [form], () => access))[0];
  };

  const store = async (tx: Db, request: FastifyRequest, organizationUuid: string, form: CheckedForm, uuid: string | null): Promise<string> => {
    const { durations: d } = form;
    const values = [form.name, form.description, d.DefaultTimeRange, d.MaxTimeRange, d.AutoRefreshInterval, d.MaxEditAge, d.MaxElevatedEditAge, JSON.stringify(form.config), callerOf(request).userUuid];
    if (uuid === null) {
      const { rows } = await tx
        .query<{ uuid: string }>(
          `INSERT INTO manual_entry_forms (name, description, default_time_range, max_time_range, auto_refresh_interval, max_edit_age, max_elevated_edit_age,
                                           config, created_by, updated_by, organization_uuid, form_type)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11) RETURNING uuid`,
          [...values, organizationUuid, form.type],
        )
        .catch(nameTaken);
      return rows[0].uuid;
    }
    await tx
      .query(
        `UPDATE manual_entry_forms SET name = $1, description = $2, default_time_range = $3, max_time_range = $4, auto_refresh_interval = $5,
                max_edit_age = $6, max_elevated_edit_age = $7, config = $8, updated_by = $9, updated_at = now()
          WHERE uuid = $10`,
        [...values, uuid],
      )
      .catch(nameTaken);
    return uuid;
  };

  return {
    /** The forms the caller may open: all of them for a manager, else those they hold a level on. */
    async getManualEntryForms(request: FastifyRequest<{ Querystring: { Keyword?: string } }>) {
      const organizationUuid = await licensed(request);
      const keyword = keywordOf(request.query.Keyword);
      let forms = await formsOf(ctx.db, organizationUuid);
      if (keyword) {
        const { rows } = await ctx.db.query<{ uuid: string }>(
          "SELECT uuid FROM manual_entry_forms WHERE organization_uuid = $1 AND (name ILIKE $2 ESCAPE '\\' OR description ILIKE $2 ESCAPE '\\')",
          [organizationUuid, containsPattern(keyword)],
        );
        const matching = new Set(rows.map((row) => row.uuid));
        forms = forms.filter((form) => matching.has(form.uuid));
      }
      const canManage = callerHolds(request, PRIVILEGES.ManageManualEntryForms);
      const levels = await levelsOf(ctx.db, callerOf(request), organizationUuid, forms.map((form) => form.uuid));
      const accessOfForm = (form: FormRow): FormAccess => ({ Level: levels.get(form.uuid) ?? 'disabled', CanManage: canManage });
      const openable = forms.filter((form) => canManage || accessOfForm(form).Level !== 'disabled');
      return formsJson(ctx.db, organizationUuid, openable, accessOfForm);
    },

    /** 404 for whoever may not open it, as if it did not exist. */
    async getManualEntryForm(request: FastifyRequest<ById>) {
      const organizationUuid = await licensed(request);
      const form = await requireForm(ctx.db, organizationUuid, request.params.id);
      const access = await accessOf(ctx, request, form.uuid);
      requireOpenable(access);
      return (await formsJson(ctx.db, organizationUuid, [form], () => access))[0];
    },

    async createManualEntryForm(request: FastifyRequest<{ Body: FormBody }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      requireAuthorHolds(request, request.body);
      const uuid = await ctx.db.transaction(async (tx) => store(tx, request, organizationUuid, await checkedForm(tx, organizationUuid, request.body), null));
      return reply.code(201).send(await answer(request, organizationUuid, uuid));
    },

    /** The same checks as create; the Type is fixed. */
    async updateManualEntryForm(request: FastifyRequest<ById & { Body: FormBody }>) {
      const organizationUuid = await licensed(request);
      const uuid = await ctx.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM manual_entry_forms WHERE uuid = $1 AND organization_uuid = $2 FOR UPDATE', [request.params.id, organizationUuid]);
        const form = await findForm(tx, organizationUuid, request.params.id);
        if (!form) throw notFound();
        if (request.body.Type !== form.form_type) throw badRequest('The type of a form cannot change', { Type: [`cannot change from ${form.form_type}; create another form`] });
        requireAuthorHolds(request, request.body);
        return store(tx, request, organizationUuid, await checkedForm(tx, organizationUuid, request.body, form.config), form.uuid);
      });
      return answer(request, organizationUuid, uuid);
    },

    /** Its levels go with it; values typed through it stay, with their audit trail. */
    async deleteManualEntryForm(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const { rowCount } = await ctx.db.query('DELETE FROM manual_entry_forms WHERE uuid = $1 AND organization_uuid = $2', [request.params.id, organizationUuid]);
      if (!rowCount) throw notFound();
      return reply.code(204).send();
    },

    async getManualEntryFormAccess(request: FastifyRequest<ById>) {
      const organizationUuid = await licensed(request);
      const form = await requireForm(ctx.db, organizationUuid, request.params.id);
      return formAccess(ctx.db, organizationUuid, form.uuid);
    },

    /** One transaction: a refused item changes nothing. */
    async replaceManualEntryFormAccess(request: FastifyRequest<ById & { Body: GroupAccessBody }>) {
      const organizationUuid = await licensed(request);
      return ctx.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM manual_entry_forms WHERE uuid = $1 AND organization_uuid = $2 FOR UPDATE', [request.params.id, organizationUuid]);
        const form = await requireForm(tx, organizationUuid, request.params.id);
        await replaceFormAccess(tx, callerOf(request), organizationUuid, form.uuid, request.body);
        return formAccess(tx, organizationUuid, form.uuid);
      });
    },
  };
}
