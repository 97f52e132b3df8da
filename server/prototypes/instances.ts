import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Read, Write } from '../../domain/contract';
import { assetJson } from '../assets/assetHandlers';
import { assetsRepository } from '../assets/assetsRepository';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { callerOf, organizationOf } from '../http/caller';
import { badRequest, conflict, HttpProblem } from '../http/problem';
import { mayManageMeasurements, calculationTarget, createCalculations, measurementsNamed, type CalculationTarget, type CalculationToMake } from './calculations';
import { expectedCalculation } from './compare';
import { prototypeNotFound } from './definitions';
import { assetPrototypeSide } from './diff';
import { refreshLinkStatus } from './linkStatus';
import { loadPrototype, type InstanceAsset, type PrototypeRow } from './state';
import { renderName } from './templates';

// POST /prototypes/{id}/instances and the link calls (README.md, "Creating an instance"): up to
// 1,000 assets in one transaction, all or none, each with its metadata (every null key of the
// prototype filled), a property per property prototype (bound to the measurement given, else to
// the one its NameTemplate names, else unbound) and the calculations of calculation properties.

type AssetJson = Read<'Asset'>;
type Instantiation = Write<'PrototypeInstantiation'>;
type ById = { Params: { id: string } };

/** The assets as the assets calls answer them (server/assets), in path order. */
async function assetsJson(db: Db, organizationUuid: string, uuids: readonly string[]): Promise<AssetJson[]> {
  const { rows } = await assetsRepository(db).list(organizationUuid, { uuids, limit: Math.max(1, uuids.length), page: 1 });
  return rows.map(assetJson);
}

/** The body's errors: 400 for what is wrong in it, 409 for names taken among the siblings. */
async function checkInstances(db: Db, organizationUuid: string, prototype: PrototypeRow, body: Instantiation, parentUuid: string | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const required = Object.entries(prototype.metadata).filter(([, value]) => value === null).map(([key]) => key);
  const bindable = new Set(prototype.properties.filter((item) => !item.deleted && item.kind === 'measurement').map((item) => item.name));
  const bound = [...new Set(body.Instances.flatMap((instance) => Object.values(instance.Bindings ?? {})))];
  const existing = bound.length
    ? new Set((await db.query<{ uuid: string }>("SELECT uuid FROM measurements WHERE organization_uuid = $1 AND uuid = ANY($2::uuid[]) AND status <> 'Deleted'", [organizationUuid, bound])).rows.map((row) => row.uuid))
    : new Set<string>();
  const seen = new Map<string, number>();
  body.Instances.forEach((instance, index) => {
    const at = `Instances.${index}`;
    const name = instance.Name.trim();
    if (name === '') add(`${at}.Name`, 'must not be blank');
    for (const key of required) {
      const value = instance.Metadata?.[key];
      if (value === undefined || value === '') add(`${at}.Metadata.${key}`, `must be filled for ${name}: the prototype leaves ${key} to each instance`);
    }
    for (const [property, measurement] of Object.entries(instance.Bindings ?? {})) {
      if (!bindable.has(property)) add(`${at}.Bindings.${property}`, 'is not a measurement property of the prototype');
      else if (!existing.has(measurement)) add(`${at}.Bindings.${property}`, 'is not a measurement of this organization');
    }
    const twin = seen.get(name.toLowerCase());
    if (twin !== undefined) add(`${at}.Name`, `is the name of instance ${twin} too`);
    seen.set(name.toLowerCase(), index);
  });
  if (Object.keys(errors).length > 0) throw badRequest(`The instances are not valid: ${Object.keys(errors).join(', ')}`, errors, 'prototypes.errors.invalid_instances');
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM assets WHERE organization_uuid = $1 AND parent_uuid IS NOT DISTINCT FROM $2 AND status = 'Active' AND lower(name) = ANY($3::text[])`,
    [organizationUuid, parentUuid, [...seen.keys()]],
  );
  if (rows.length > 0) {
    const taken = Object.fromEntries(rows.map((row) => [`Instances.${seen.get(row.name.toLowerCase()) ?? 0}.Name`, [`is taken by a sibling: ${row.name}`]]));
    throw new HttpProblem(409, 'Conflict', { detail: `Names taken among the siblings: ${rows.map((row) => row.name).join(', ')}`, code: 'assets.errors.name_taken', errors: taken });
  }
}

async function instantiate(calculation: CalculationTarget, tx: Db, organizationUuid: string, prototype: PrototypeRow, body: Instantiation, actor: string): Promise<string[]> {
  let parent: { path: string; depth: number } | null = null;
  if (body.ParentUUID) {
    const found = await tx.query<{ path: string; depth: number }>("SELECT path, depth FROM assets WHERE uuid = $1 AND organization_uuid = $2 AND status = 'Active'", [body.ParentUUID, organizationUuid]);
    if (found.rows.length === 0) throw badRequest('The parent is not an asset of this organization', { ParentUUID: ['is not an asset of this organization'] }, 'assets.errors.parent_not_found');
    parent = found.rows[0];
  }
  const parentUuid = body.ParentUUID ?? null;
  await checkInstances(tx, organizationUuid, prototype, body, parentUuid);
  const side = assetPrototypeSide(prototype.metadata);
  const instances = body.Instances.map((instance) => {
    const name = instance.Name.trim();
    return { name, path: parent ? `${parent.path}/${name}` : name, metadata: { ...side.Metadata, ...(instance.Metadata ?? {}) }, bindings: instance.Bindings ?? {} };
  });
  const inserted = await tx.query<{ uuid: string; name: string }>(
    `INSERT INTO assets (organization_uuid, parent_uuid, name, path, depth, metadata, prototype_uuid, applied, link_status, created_by, updated_by)
     SELECT $1, $2, v.name, v.path, $3, v.metadata::jsonb, $4, $5::jsonb, 'Applied', $6, $6
       FROM unnest($7::text[], $8::text[], $9::text[]) WITH ORDINALITY AS v(name, path, metadata, i)
      ORDER BY v.i
     RETURNING uuid, name`,
    [organizationUuid, parentUuid, parent ? parent.depth + 1 : 0, prototype.uuid, JSON.stringify(side), actor, instances.map((i) => i.name), instances.map((i) => i.path), instances.map((i) => JSON.stringify(i.metadata))],
  );
  const uuidOf = new Map(inserted.rows.map((row) => [row.name, row.uuid]));
  const assets: InstanceAsset[] = instances.map((instance) => ({
    uuid: uuidOf.get(instance.name) ?? '',
    organization_uuid: organizationUuid,
    name: instance.name,
    path: instance.path,
    metadata: instance.metadata,
    applied: side,
    prototype_uuid: prototype.uuid,
    link_status: 'Applied',
  }));
  await addProperties(calculation, tx, organizationUuid, prototype, assets.map((asset, index) => ({ asset, bindings: instances[index].bindings })), actor);
  return assets.map((asset) => asset.uuid);
}

/**
 * Adds every live property prototype to these assets (which have none of them yet): measurement
 * properties first, then calculations in the prototype's order, so that a calculation may read one
 * made before it. Returns, per asset and property prototype, the property made (for the journal).
 */
export async function addProperties(
  calculation: CalculationTarget,
  tx: Db,
  organizationUuid: string,
  prototype: PrototypeRow,
  targets: readonly { asset: InstanceAsset; bindings: Readonly<Record<string, string>>; known?: ReadonlyMap<string, string | null>; only?: ReadonlySet<string> }[],
  actor: string | null,
): Promise<{ assetUuid: string; propertyPrototypeUuid: string; propertyUuid: string; calculationUuid: string | null }[]> {
  const live = prototype.properties.filter((item) => !item.deleted);
  const wanted = (target: (typeof targets)[number], uuid: string) => target.only === undefined || target.only.has(uuid);
  const measurementsOf = targets.map((target) => new Map(target.known ?? []));
  const rendered = targets.flatMap(({ asset }) => live.filter((item) => item.kind === 'measurement').map((item) => renderName(item.name_template, { Name: asset.name, Path: asset.path, Metadata: asset.metadata })));
  const byName = await measurementsNamed(tx, organizationUuid, rendered, prototype.default_database_uuid);
  const rows: { asset: string; name: string; description: string; measurement: string | null; propertyPrototype: string; applied: object }[] = [];
  const calculations = new Map<string, string | null>();
  targets.forEach((target, index) => {
    for (const item of live.filter((candidate) => candidate.kind === 'measurement' && wanted(target, candidate.uuid))) {
      const measurement = target.bindings[item.name] ?? byName.get(renderName(item.name_template, { Name: target.asset.name, Path: target.asset.path, Metadata: target.asset.metadata })) ?? null;
      measurementsOf[index].set(item.name.toLowerCase(), measurement);
      rows.push({ asset: target.asset.uuid, name: item.name, description: item.description, measurement, propertyPrototype: item.uuid, applied: { Name: item.name, Description: item.description } });
    }
  });
  const calculationItems = live.filter((item) => item.kind === 'calculation');
  if (calculationItems.length > 0) {
    for (const item of calculationItems) {
      const making = targets.flatMap((candidate, index) => (wanted(candidate, item.uuid) ? [{ index, expected: expectedCalculation(item, candidate.asset, measurementsOf[index]) }] : []));
      const toMake: CalculationToMake[] = making.map(({ expected }) => ({ name: expected.Name, datatype: item.datatype, settings: expected.Settings, unbound: expected.unbound }));
      const made = await createCalculations(tx, organizationUuid, calculation, toMake, actor);
      making.forEach(({ index, expected }, position) => {
        const result = made[position];
        const uuid = result && 'uuid' in result && result.uuid !== '' ? result.uuid : null;
        measurementsOf[index].set(item.name.toLowerCase(), uuid);
        calculations.set(`${targets[index].asset.uuid}:${item.uuid}`, uuid);
        const applied = uuid === null ? { Name: item.name, Description: item.description } : { Name: item.name, Description: item.description, Measurement: { Name: expected.Name, Settings: expected.Settings } };
        rows.push({ asset: targets[index].asset.uuid, name: item.name, description: item.description, measurement: uuid, propertyPrototype: item.uuid, applied });
      });
    }
  }
  if (rows.length === 0) return [];
  const inserted = await tx.query<{ uuid: string; asset_uuid: string; property_prototype_uuid: string }>(
    `INSERT INTO asset_properties (organization_uuid, asset_uuid, name, description, measurement_uuid, property_prototype_uuid, applied, link_status, created_by, updated_by)
     SELECT $1, v.asset, v.name, v.description, v.measurement, v.pp, v.applied::jsonb, 'Applied', $2, $2
       FROM unnest($3::uuid[], $4::text[], $5::text[], $6::uuid[], $7::uuid[], $8::text[]) AS v(asset, name, description, measurement, pp, applied)
     RETURNING uuid, asset_uuid, property_prototype_uuid`,
    [organizationUuid, actor, rows.map((r) => r.asset), rows.map((r) => r.name), rows.map((r) => r.description), rows.map((r) => r.measurement), rows.map((r) => r.propertyPrototype), rows.map((r) => JSON.stringify(r.applied))],
  );
  return inserted.rows.map((row) => ({
    assetUuid: row.asset_uuid,
    propertyPrototypeUuid: row.property_prototype_uuid,
    propertyUuid: row.uuid,
    calculationUuid: calculations.get(`${row.asset_uuid}:${row.property_prototype_uuid}`) ?? null,
  }));
}

export function prototypeInstanceHandlers(ctx: AppContext) {
  const prototypeOf = async (request: FastifyRequest<ById>): Promise<PrototypeRow> => {
    const row = await loadPrototype(ctx.db, organizationOf(request), request.params.id);
    if (!row) throw prototypeNotFound();
    return row;
  };
  const assetNotFound = () => new HttpProblem(404, 'No such asset', { code: 'assets.errors.not_found' });

  return {
    async instantiatePrototype(request: FastifyRequest<ById & { Body: Instantiation }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const prototype = await prototypeOf(request);
      const actor = callerOf(request).userUuid;
      // Outside the transaction: the licence check reads through ctx.db.
      const calculation = await calculationTarget(ctx, ctx.db, organizationUuid, prototype.default_database_uuid, mayManageMeasurements(request));
      const made = await ctx.db.transaction(async (tx) => {
        // The tree's lock first (server/assets): a rename or move must not miss the children made here.
        await assetsRepository(tx).lockTree(organizationUuid);
        const uuids = await instantiate(calculation, tx, organizationUuid, prototype, request.body, actor);
        await refreshLinkStatus(tx, { assetUuids: uuids });
        return assetsJson(tx, organizationUuid, uuids);
      });
      return reply.code(201).send(made);
    },

    async linkPrototype(request: FastifyRequest<ById & { Body: Write<'PrototypeLink'> }>) {
      const organizationUuid = organizationOf(request);
      const prototype = await prototypeOf(request);
      const assetUuid = request.body.AssetUUID;
      const found = await ctx.db.query<{ prototype_uuid: string | null }>("SELECT prototype_uuid FROM assets WHERE uuid = $1 AND organization_uuid = $2 AND status = 'Active'", [assetUuid, organizationUuid]);
      if (found.rows.length === 0) throw assetNotFound();
      const linkedTo = found.rows[0].prototype_uuid;
      if (linkedTo !== null && linkedTo !== prototype.uuid) throw conflict('The asset is linked to another prototype; unlink it first', 'prototypes.errors.linked_elsewhere');
      return ctx.db.transaction(async (tx) => {
        if (linkedTo === null) {
          await tx.query('UPDATE assets SET prototype_uuid = $2, applied = NULL, updated_at = now(), updated_by = $3 WHERE uuid = $1', [assetUuid, prototype.uuid, callerOf(request).userUuid]);
          await refreshLinkStatus(tx, { assetUuids: [assetUuid] });
        }
        return (await assetsJson(tx, organizationUuid, [assetUuid]))[0];
      });
    },

    async unlinkPrototype(request: FastifyRequest<{ Params: { id: string; assetId: string } }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const prototype = await prototypeOf(request);
      const assetUuid = request.params.assetId;
      await ctx.db.transaction(async (tx) => {
        const { rowCount } = await tx.query(
          "UPDATE assets SET prototype_uuid = NULL, applied = NULL, link_status = 'NotLinked', updated_at = now(), updated_by = $4 WHERE uuid = $1 AND organization_uuid = $2 AND prototype_uuid = $3",
          [assetUuid, organizationUuid, prototype.uuid, callerOf(request).userUuid],
        );
        if (rowCount === 0) throw assetNotFound();
        await tx.query("UPDATE asset_properties SET property_prototype_uuid = NULL, applied = NULL, link_status = 'NotLinked' WHERE asset_uuid = $1 AND property_prototype_uuid IS NOT NULL", [assetUuid]);
      });
      return reply.code(204).send();
    },
  };
}
