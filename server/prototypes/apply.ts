import type { Db } from '../db/db';
import { JobInterrupted, type JobContext, type JobTypeDefinition } from '../jobs/registry';
import { createCalculations, type CalculationTarget } from './calculations';
import { fieldState, isRecord, sameValue, type ComparedField } from './diff';
import { addProperties } from './instances';
import { change, inserted, isEntry, removeRow, undoEntry, type Entry } from './journal';
import { refreshLinkStatus } from './linkStatus';
import type { PlanRow } from './plan';
import { loadInstances, loadPrototype } from './state';

// The prototype_apply and prototype_undo jobs (README.md, "Apply", "Undo"): the plan's rows in
// order, in transactions of BATCH rows; each transaction also appends its journal entries and the
// index of the next row to the plan, so that a resumed job continues exactly where the last
// committed batch ended. The prototype values written are the plan's (what was reviewed); the
// apply call has checked that no instance changed since.

export const PROTOTYPE_APPLY = 'prototype_apply';
export const PROTOTYPE_UNDO = 'prototype_undo';
const BATCH = 100;

export interface ApplyPayload {
  PlanUUID: string;
  Calculation: CalculationTarget;
}

interface PlanState {
  uuid: string;
  organization_uuid: string;
  prototype_uuid: string;
  rows: PlanRow[];
  choices: Record<string, 'keep' | 'update'> | null;
  journal: { next?: number; undone?: number; entries?: unknown[] } | null;
}

const isApplyPayload = (value: unknown): value is ApplyPayload => isRecord(value) && typeof value.PlanUUID === 'string' && isRecord(value.Calculation);

async function loadPlan(db: Db, uuid: string, organizationUuid: string): Promise<PlanState> {
  const { rows } = await db.query<PlanState>('SELECT uuid, organization_uuid, prototype_uuid, rows, choices, journal FROM prototype_plans WHERE uuid = $1 AND organization_uuid = $2', [uuid, organizationUuid]);
  if (!rows[0]) throw new Error('the plan is gone');
  return rows[0];
}

const prototypeValues = (fields: readonly ComparedField[], which: (field: ComparedField) => boolean) => Object.fromEntries(fields.filter(which).map((field) => [field.Field, field.Prototype]));

/** Which fields a row with this choice overwrites (README.md's table); null when the row is skipped. */
function fieldsToWrite(row: PlanRow, choice: 'keep' | 'update' | null): ((field: ComparedField) => boolean) | null {
  if (row.Action === 'No change') return () => false;
  if (row.Conflict) return choice === 'update' ? (field) => ['update', 'conflict'].includes(fieldState(field)) : () => false;
  if (row.Action === 'Update') return choice === 'keep' ? null : (field) => fieldState(field) === 'update';
  if (row.Action === 'Overridden') return choice === 'update' ? (field) => fieldState(field) === 'overridden' : () => false;
  return null;
}

/** A row that would write nothing: no field to overwrite and its base already the prototype's side. */
const idle = (row: PlanRow, which: ((field: ComparedField) => boolean) | null) =>
  which === null || (!row.Fields.some(which) && row.Fields.every((field) => sameValue(field.Base, field.Prototype)));

async function applyRow(db: Db, job: JobContext['job'], plan: PlanState, row: PlanRow, choice: 'keep' | 'update' | null, target: CalculationTarget): Promise<Entry[]> {
  if (row.Problem) return [];
  // The applier's own rights count, not the planner's: a calculation changes only for one who may.
  if (row.Op === 'measurement' && target.problem === 'calculations_not_permitted') return [];
  const propertyPrototypeUuid = row.RowID.split(':')[2] ?? '';
  switch (row.Op) {
    case 'asset': {
      const which = fieldsToWrite(row, choice);
      if (which === null || idle(row, which)) return [];
      const writes = Object.fromEntries(Object.entries(prototypeValues(row.Fields, which)).map(([field, value]) => [field.replace(/^Metadata\./, ''), value]));
      const applied = { Metadata: Object.fromEntries(row.Fields.map((field) => [field.Field.replace(/^Metadata\./, ''), field.Prototype])) };
      return change(db, row.RowID, 'assets', row.AssetUUID, (before) => ({ metadata: { ...record(before.metadata), ...writes }, applied }));
    }
    case 'fields':
    case 'measurement': {
      const which = fieldsToWrite(row, choice);
      if (which === null || idle(row, which)) return [];
      const writes = prototypeValues(row.Fields, which);
      const propertyUuid = row.Op === 'fields' ? row.InstanceUUID : await propertyOf(db, row.AssetUUID, propertyPrototypeUuid);
      if (!propertyUuid) return [];
      const side = prototypeValues(row.Fields, () => true);
      if (row.Op === 'fields') {
        return change(db, row.RowID, 'asset_properties', propertyUuid, (before) => ({ ...lowerKeys(writes), applied: { ...record(before.applied), ...side } }));
      }
      const entries = row.InstanceUUID ? await change(db, row.RowID, 'measurements', row.InstanceUUID, lowerKeys(writes)) : [];
      return [...entries, ...(await change(db, row.RowID, 'asset_properties', propertyUuid, (before) => ({ applied: { ...record(before.applied), Measurement: side } })))];
    }
    case 'link': {
      if (!row.InstanceUUID) return [];
      const side = prototypeValues(row.Fields, () => true);
      const writes = choice === 'update' ? lowerKeys(side) : {};
      return change(db, row.RowID, 'asset_properties', row.InstanceUUID, { ...writes, property_prototype_uuid: propertyPrototypeUuid, applied: side });
    }
    case 'remove':
      if (!row.InstanceUUID) return [];
      if (choice === 'keep') return change(db, row.RowID, 'asset_properties', row.InstanceUUID, { property_prototype_uuid: null, applied: null });
      return removeRow(db, row.RowID, 'asset_properties', row.InstanceUUID);
    case 'new': {
      const prototype = await loadPrototype(db, plan.organization_uuid, plan.prototype_uuid);
      const { assets, propertiesByAsset } = await loadInstances(db, { assetUuids: [row.AssetUUID] });
      if (!prototype || !assets[0]) return [];
      const known = new Map((propertiesByAsset.get(row.AssetUUID) ?? []).map((property) => [property.name.toLowerCase(), property.measurement_uuid]));
      const made = await addProperties(target, db, plan.organization_uuid, prototype, [{ asset: assets[0], bindings: {}, known, only: new Set([propertyPrototypeUuid]) }], job.createdByUuid);
      const entries: Entry[] = [];
      for (const item of made) {
        if (item.calculationUuid) entries.push(...(await inserted(db, row.RowID, 'measurements', item.calculationUuid)));
        entries.push(...(await inserted(db, row.RowID, 'asset_properties', item.propertyUuid)));
      }
      return entries;
    }
    case 'new_measurement': {
      const propertyUuid = await propertyOf(db, row.AssetUUID, propertyPrototypeUuid);
      const name = row.Fields.find((field) => field.Field === 'Name')?.Prototype;
      const settings = row.Fields.find((field) => field.Field === 'Settings')?.Prototype;
      const datatype = await db.query<{ datatype: string }>('SELECT datatype FROM property_prototypes WHERE uuid = $1', [propertyPrototypeUuid]);
      if (!propertyUuid || typeof name !== 'string' || !isRecord(settings) || !datatype.rows[0]) return [];
      const [made] = await createCalculations(db, plan.organization_uuid, target, [{ name, datatype: datatype.rows[0].datatype, settings, unbound: [] }], job.createdByUuid);
      if (!made || !('uuid' in made) || made.uuid === '') return [];
      return [
        ...(await inserted(db, row.RowID, 'measurements', made.uuid)),
        ...(await change(db, row.RowID, 'asset_properties', propertyUuid, (before) => ({ measurement_uuid: made.uuid, applied: { ...record(before.applied), Measurement: { Name: name, Settings: settings } } }))),
      ];
    }
    default:
      return [];
  }
}

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const lowerKeys = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([key, value]) => [key.toLowerCase(), value]));

async function propertyOf(db: Db, assetUuid: string, propertyPrototypeUuid: string): Promise<string | null> {
  const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM asset_properties WHERE asset_uuid = $1 AND property_prototype_uuid = $2 LIMIT 1', [assetUuid, propertyPrototypeUuid]);
  return rows[0]?.uuid ?? null;
}

const assetsOf = (plan: PlanState) => [...new Set(plan.rows.map((row) => row.AssetUUID))];

/**
 * A job that fails (not one interrupted, which resumes) leaves its plan where undo or a new apply
 * can take it: an apply that changed something is `applied` (undo reverses what it did), one that
 * changed nothing `planned` again; an undo goes back to `applied` and a new undo continues it.
 */
async function settleFailed(db: Db, planUuid: string, kind: 'apply' | 'undo'): Promise<void> {
  const state = kind === 'undo' ? "'applied'" : "CASE WHEN jsonb_array_length(coalesce(journal->'entries', '[]'::jsonb)) > 0 THEN 'applied' ELSE 'planned' END";
  await db.query(`UPDATE prototype_plans SET state = ${state} WHERE uuid = $1`, [planUuid]);
}

function settlingOnFailure(kind: 'apply' | 'undo', run: JobTypeDefinition['run']): JobTypeDefinition['run'] {
  return async (ctx) => {
    try {
      return await run(ctx);
    } catch (error) {
      if (!(error instanceof JobInterrupted) && isRecord(ctx.job.payload) && typeof ctx.job.payload.PlanUUID === 'string') {
        await settleFailed(ctx.db, ctx.job.payload.PlanUUID, kind);
      }
      throw error;
    }
  };
}

export const prototypeApplyJobType: JobTypeDefinition = {
  resumable: true,
  managePrivilege: 'MANAGE_ASSETS',
  run: settlingOnFailure('apply', async (ctx) => {
    if (!isApplyPayload(ctx.job.payload)) throw new Error('the job has no plan');
    const { PlanUUID: planUuid, Calculation: target } = ctx.job.payload;
    let plan = await loadPlan(ctx.db, planUuid, ctx.job.organizationUuid);
    const total = plan.rows.length;
    let next = plan.journal?.next ?? 0;
    while (next < total) {
      const end = Math.min(next + BATCH, total);
      const start = next;
      await ctx.db.transaction(async (tx) => {
        const entries: Entry[] = [];
        for (const row of plan.rows.slice(start, end)) entries.push(...(await applyRow(tx, ctx.job, plan, row, plan.choices?.[row.RowID] ?? row.DefaultChoice ?? null, target)));
        await tx.query(
          `UPDATE prototype_plans SET journal = jsonb_build_object('next', $2::int, 'entries', coalesce(journal->'entries', '[]'::jsonb) || $3::jsonb) WHERE uuid = $1`,
          [planUuid, end, JSON.stringify(entries)],
        );
      });
      next = end;
      await ctx.progress(next / total, `${next} of ${total} rows`);
      await ctx.checkpoint({ next });
    }
    plan = await loadPlan(ctx.db, planUuid, ctx.job.organizationUuid);
    await ctx.db.transaction(async (tx) => {
      await refreshLinkStatus(tx, { assetUuids: assetsOf(plan) });
      await tx.query("UPDATE prototype_plans SET state = 'applied' WHERE uuid = $1", [planUuid]);
    });
    return { Rows: total, Changes: (plan.journal?.entries ?? []).length };
  }),
};

export const prototypeUndoJobType: JobTypeDefinition = {
  resumable: true,
  managePrivilege: 'MANAGE_ASSETS',
  run: settlingOnFailure('undo', async (ctx) => {
    const planUuid = isRecord(ctx.job.payload) && typeof ctx.job.payload.PlanUUID === 'string' ? ctx.job.payload.PlanUUID : '';
    const plan = await loadPlan(ctx.db, planUuid, ctx.job.organizationUuid);
    const entries = (plan.journal?.entries ?? []).filter(isEntry).reverse();
    let undone = plan.journal?.undone ?? 0;
    while (undone < entries.length) {
      const end = Math.min(undone + BATCH, entries.length);
      const start = undone;
      await ctx.db.transaction(async (tx) => {
        for (const entry of entries.slice(start, end)) await undoEntry(tx, entry);
        await tx.query("UPDATE prototype_plans SET journal = jsonb_set(journal, '{undone}', to_jsonb($2::int)) WHERE uuid = $1", [planUuid, end]);
      });
      undone = end;
      await ctx.progress(undone / entries.length, `${undone} of ${entries.length} changes`);
      await ctx.checkpoint({ undone });
    }
    await ctx.db.transaction(async (tx) => {
      await refreshLinkStatus(tx, { assetUuids: assetsOf(plan) });
      await tx.query("UPDATE prototype_plans SET state = 'undone' WHERE uuid = $1", [planUuid]);
    });
    return { Changes: entries.length };
  }),
};
