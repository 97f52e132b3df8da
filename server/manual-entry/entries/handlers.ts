import type { FastifyRequest } from 'fastify';
import type { Read, Write } from '../../../domain/contract';
import type { AppContext } from '../../context';
import { callerOf } from '../../http/caller';
import { notFound } from '../../http/problem';
import { requireWriter } from '../access';
import { assetEntries, assetLayout, writeAssetValues } from './assetEntries';
import { auditedWrite, editLimitOf, openForm, rangeOf } from './common';
import { eventEntries, eventLayout, writeEventValues } from './eventEntries';

// The operator grid's calls (server/manual-entry/README.md, "Entries" and "Writes"; contract tag
// ManualEntryForms): the entries of a range, the values typed into an event of an Events form,
// and the values typed at timestamps into an Asset Properties form. Every call checks the
// licence and answers 404 to whoever may not open the form; writing needs a level on it.

type ById = { Params: { id: string } };
type Entries = Read<'ManualEntryEntries'>;

export function manualEntryEntriesHandlers(ctx: AppContext) {
  const stores = () => {
    if (!ctx.timeseries) throw new Error('The time-series stores are not open');
    return ctx.timeseries;
  };

  return {
    async getManualEntryFormEntries(request: FastifyRequest<ById & { Querystring: { From: string; To: string } }>): Promise<Entries> {
      const { form, access } = await openForm(ctx, request, request.params.id);
      const { from, to } = rangeOf(form, request.query.From, request.query.To);
      const limit = editLimitOf(form, access.Level);
      const head = {
        Type: form.form_type,
        Level: access.Level,
        EditLimit: limit?.text ?? null,
        EditableFrom: limit ? new Date(Date.now() - limit.ms).toISOString() : null,
        From: from.toISOString(),
        To: to.toISOString(),
      };
      if (form.form_type === 'Events') {
        const layout = await eventLayout(ctx.db, form, access.Level);
        const { events, truncated } = await eventEntries(ctx.db, form, layout, from, to);
        return { ...head, Columns: layout.columns, Events: events, Truncated: truncated };
      }
      const layout = await assetLayout(ctx.db, form, access.Level);
      const { rows, truncated } = await assetEntries(ctx.db, stores(), layout, from, to);
      return { ...head, Columns: layout.columns, Rows: rows, Truncated: truncated };
    },

    async writeManualEntryEventValues(request: FastifyRequest<{ Params: { id: string; eventId: string }; Body: Write<'ManualEntryEventWrite'> }>) {
      const { form, access } = await openForm(ctx, request, request.params.id);
      requireWriter(access);
      if (form.form_type !== 'Events') throw notFound('No such event in this form');
      const limit = editLimitOf(form, access.Level)!;
      const layout = await eventLayout(ctx.db, form, access.Level);
      const userUuid = callerOf(request).userUuid;
      const now = Date.now();
      return auditedWrite(ctx.db, request.body.Reason, (tx) => writeEventValues(tx, form, layout, limit, request.params.eventId, request.body, userUuid, now));
    },

    async writeManualEntryAssetValues(request: FastifyRequest<ById & { Body: Write<'ManualEntryValuesWrite'> }>) {
      const { form, access } = await openForm(ctx, request, request.params.id);
      requireWriter(access);
      const limit = editLimitOf(form, access.Level)!;
      const layout = await assetLayout(ctx.db, form, access.Level);
      return writeAssetValues(ctx.db, stores(), form, layout, limit, request.body, callerOf(request).userUuid, Date.now());
    },
  };
}
