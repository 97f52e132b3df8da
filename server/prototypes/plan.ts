import { createHash } from 'node:crypto';
import type { Read } from '../../domain/contract';
import type { Db } from '../db/db';
import { calculationProblem, measurementsNamed, type CalculationTarget } from './calculations';
import { compareInstance, expectedCalculation, measurementsByName } from './compare';
import { fieldState, isRecord, stableJson, type ComparedField } from './diff';
import { loadInstances, type InstanceAsset, type InstanceProperty, type PrototypeRow } from './state';
import { renderName } from './templates';

// The rows of a plan (README.md, "The plan"): one per entity of each instance, with its action,
// default choice, problem and fields three ways, and the fingerprint of its instance side that
// applying checks. `Op` says what applying does with the row; it is kept with the plan and left out
// of the answers.

export type PlanRowJson = Read<'PrototypePlanRow'>;
export type RowOp = 'asset' | 'fields' | 'measurement' | 'link' | 'new' | 'new_measurement' | 'remove' | 'none';
export interface PlanRow extends PlanRowJson {
  Op: RowOp;
}

type Verdict = Pick<PlanRowJson, 'Action' | 'Conflict' | 'DefaultChoice'>;

/** A row's action from its fields' states (README.md's table). */
export function verdictOf(fields: readonly ComparedField[]): Verdict {
  const states = fields.map(fieldState);
  if (states.includes('conflict')) return { Action: 'Update', Conflict: true, DefaultChoice: null };
  if (states.includes('update')) return { Action: 'Update', Conflict: false, DefaultChoice: 'update' };
  if (states.includes('overridden')) return { Action: 'Overridden', Conflict: false, DefaultChoice: 'keep' };
  return { Action: 'No change', Conflict: false, DefaultChoice: null };
}

export const fingerprintOf = (row: Pick<PlanRowJson, 'Action' | 'InstanceUUID' | 'Fields'>): string =>
  createHash('sha1')
    .update(stableJson({ Action: row.Action, InstanceUUID: row.InstanceUUID ?? null, Instance: row.Fields.map((field) => [field.Field, field.Instance]) }))
    .digest('hex');

const nothing = (names: Record<string, unknown>): ComparedField[] => Object.entries(names).map(([Field, value]) => ({ Field, Base: null, Prototype: value, Instance: null }));

function instanceRows(prototype: PrototypeRow, asset: InstanceAsset, properties: readonly InstanceProperty[], target: CalculationTarget, byName: ReadonlyMap<string, string>): PlanRow[] {
  const compared = compareInstance(prototype, asset, properties);
  const base = { AssetUUID: asset.uuid, AssetPath: asset.path, Problem: null };
  const rows: PlanRow[] = [{ ...base, RowID: `asset:${asset.uuid}:metadata`, EntityKind: 'asset', InstanceUUID: asset.uuid, Name: asset.name, Fields: compared.assetFields, ...verdictOf(compared.assetFields), Op: 'asset' }];
  // What the instance's properties will be bound to once the plan's new ones are made.
  const measurements = measurementsByName(properties);
  const unlinkedByName = new Map(compared.unlinked.map((property) => [property.name.toLowerCase(), property]));
  const linkedByPrototype = new Map(compared.linked.map((item) => [item.propertyPrototype.uuid, item]));
  const missing = new Set(compared.missing.map((item) => item.uuid));
  const live = prototype.properties.filter((item) => !item.deleted);
  for (const item of live) {
    if (!missing.has(item.uuid) || unlinkedByName.has(item.name.toLowerCase()) || item.kind !== 'measurement') continue;
    measurements.set(item.name.toLowerCase(), byName.get(renderName(item.name_template, { Name: asset.name, Path: asset.path, Metadata: asset.metadata })) ?? null);
  }
  const rowId = (kind: string, key: string) => `${kind}:${asset.uuid}:${key}`;
  for (const item of live) {
    const linked = linkedByPrototype.get(item.uuid);
    const prototypeSide = { Name: item.name, Description: item.description };
    if (linked) {
      rows.push({ ...base, RowID: rowId('asset_property', item.uuid), EntityKind: 'asset_property', InstanceUUID: linked.property.uuid, Name: item.name, Fields: linked.fields, ...verdictOf(linked.fields), Op: 'fields' });
      if (item.kind !== 'calculation') continue;
      if (linked.measurementFields !== null) {
        const fields = linked.measurementFields;
        const verdict = verdictOf(fields);
        // Changing a calculation is changing a measurement: not for a caller without that right.
        const problem = target.problem === 'calculations_not_permitted' && verdict.Action !== 'No change' ? target.problem : null;
        rows.push({ ...base, RowID: rowId('measurement', item.uuid), EntityKind: 'measurement', InstanceUUID: linked.property.measurement_uuid, Name: item.name, Fields: fields, ...verdict, Problem: problem, Op: 'measurement' });
      } else if (linked.property.measurement_uuid === null) {
        const expected = expectedCalculation(item, asset, measurements);
        const problem = calculationProblem(target, { name: expected.Name, datatype: item.datatype, settings: expected.Settings, unbound: expected.unbound });
        rows.push({ ...base, RowID: rowId('measurement', item.uuid), EntityKind: 'measurement', InstanceUUID: null, Name: item.name, Fields: nothing({ Name: expected.Name, Settings: expected.Settings }), Action: 'New', Conflict: false, DefaultChoice: null, Problem: problem, Op: 'new_measurement' });
      }
      continue;
    }
    const sameName = unlinkedByName.get(item.name.toLowerCase());
    if (sameName) {
      unlinkedByName.delete(item.name.toLowerCase());
      const fields: ComparedField[] = [
        { Field: 'Name', Base: null, Prototype: item.name, Instance: sameName.name },
        { Field: 'Description', Base: null, Prototype: item.description, Instance: sameName.description },
      ];
      rows.push({ ...base, RowID: rowId('asset_property', item.uuid), EntityKind: 'asset_property', InstanceUUID: sameName.uuid, Name: item.name, Fields: fields, Action: 'Link & Keep', Conflict: false, DefaultChoice: 'keep', Op: 'link' });
      continue;
    }
    let problem: string | null = properties.some((property) => property.name.toLowerCase() === item.name.toLowerCase()) ? 'name_taken' : null;
    if (problem === null && item.kind === 'calculation') {
      const expected = expectedCalculation(item, asset, measurements);
      problem = calculationProblem(target, { name: expected.Name, datatype: item.datatype, settings: expected.Settings, unbound: expected.unbound });
    }
    rows.push({ ...base, RowID: rowId('asset_property', item.uuid), EntityKind: 'asset_property', InstanceUUID: null, Name: item.name, Fields: nothing(prototypeSide), Action: 'New', Conflict: false, DefaultChoice: null, Problem: problem, Op: 'new' });
  }
  for (const property of compared.orphaned) {
    const applied = isRecord(property.applied) ? property.applied : {};
    const fields: ComparedField[] = [{ Field: 'Name', Base: applied.Name ?? null, Prototype: null, Instance: property.name }];
    rows.push({ ...base, RowID: rowId('asset_property', property.property_prototype_uuid ?? property.uuid), EntityKind: 'asset_property', InstanceUUID: property.uuid, Name: property.name, Fields: fields, Action: 'Update', Conflict: false, DefaultChoice: 'update', Op: 'remove' });
  }
  for (const property of unlinkedByName.values()) {
    const fields: ComparedField[] = [{ Field: 'Name', Base: null, Prototype: null, Instance: property.name }];
    rows.push({ ...base, RowID: rowId('asset_property', property.name.toLowerCase()), EntityKind: 'asset_property', InstanceUUID: property.uuid, Name: property.name, Fields: fields, Action: 'Not linked', Conflict: false, DefaultChoice: null, Op: 'none' });
  }
  return rows;
}

/** The plan's rows for these assets (all active instances of the prototype, checked by the caller). */
export async function planRows(db: Db, prototype: PrototypeRow, assetUuids: readonly string[], target: CalculationTarget): Promise<PlanRow[]> {
  const { assets, propertiesByAsset } = await loadInstances(db, { assetUuids, prototypeUuid: prototype.uuid, organizationUuid: prototype.organization_uuid });
  const rendered = assets.flatMap((asset) =>
    prototype.properties.filter((item) => !item.deleted && item.kind === 'measurement').map((item) => renderName(item.name_template, { Name: asset.name, Path: asset.path, Metadata: asset.metadata })),
  );
  const byName = await measurementsNamed(db, prototype.organization_uuid, rendered, prototype.default_database_uuid);
  return assets.flatMap((asset) => instanceRows(prototype, asset, propertiesByAsset.get(asset.uuid) ?? [], target, byName));
}

export function summaryOf(rows: readonly PlanRowJson[]): Record<string, number> {
  const summary: Record<string, number> = { Conflicts: 0 };
  for (const row of rows) {
    summary[row.Action] = (summary[row.Action] ?? 0) + 1;
    if (row.Conflict) summary.Conflicts += 1;
  }
  return summary;
}

/**
 * A row as answered. A null DefaultChoice is left out: the contract's enum (keep, update) does not
 * list null, which the response check then refuses although the field is nullable.
 */
export const rowJson = ({ Op: _op, DefaultChoice: choice, ...row }: PlanRow): PlanRowJson => (choice === null || choice === undefined ? row : { ...row, DefaultChoice: choice });
