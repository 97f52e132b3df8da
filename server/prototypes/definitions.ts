import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Read, Write } from '../../domain/contract';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { callerOf, organizationOf } from '../http/caller';
import { badRequest, HttpProblem } from '../http/problem';
import { rethrowUniqueConflict } from '../http/uniqueConflict';
import { containsPattern, keywordOf } from '../repositories/keyword';
import { refreshLinkStatus } from './linkStatus';
import { loadPrototype, loadPrototypes, type PrototypeRow } from './state';
import { checkCalculationTemplate } from './templates';

// /prototypes (DOMAIN.md §3, README.md): a prototype's name is unique in the organization (409);
// its PropertyPrototypes are replaced as a list on update (a known UUID is updated, a missing one
// is kept with deleted = true so that its instance items show Deleted, a new one is inserted), and
// every instance's link status is refreshed in the same transaction. Delete leaves the instances,
// NotLinked. Another organization's prototype is a 404.

type PrototypeJson = Read<'Prototype'>;
type PrototypeInput = Write<'Prototype'>;
type ById = { Params: { id: string } };

const DATATYPES = ['number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw'] as const;
const UNIQUE = { prototypes_name: 'Name' } as const;
const nameTaken = (error: unknown): never => rethrowUniqueConflict(error, UNIQUE, () => 'A prototype of this name exists in this organization');
export const prototypeNotFound = () => new HttpProblem(404, 'No such prototype', { code: 'prototypes.errors.not_found' });

export function prototypeJson(row: PrototypeRow, counts: Record<string, number> = {}): PrototypeJson {
  return {
    UUID: row.uuid,
    Name: row.name,
    Description: row.description,
    DefaultDatabaseUUID: row.default_database_uuid,
    Metadata: Object.fromEntries(Object.entries(row.metadata).filter((entry): entry is [string, string | number | boolean | null] => ['string', 'number', 'boolean'].includes(typeof entry[1]) || entry[1] === null)),
    PropertyPrototypes: row.properties
      .filter((item) => !item.deleted)
      .map((item) => ({
        UUID: item.uuid,
        Name: item.name,
        Description: item.description,
        Kind: item.kind,
        Datatype: DATATYPES.find((datatype) => datatype === item.datatype) ?? 'raw',
        NameTemplate: item.name_template,
        CalculationTemplate: item.kind === 'calculation' && typeof item.calculation_template === 'object' && item.calculation_template !== null ? { ...item.calculation_template } : null,
      })),
    InstanceCounts: counts,
    UpdatedAt: row.updated_at.toISOString(),
  };
}

async function instanceCounts(db: Db, prototypeUuids: readonly string[]): Promise<Map<string, Record<string, number>>> {
  const counts = new Map<string, Record<string, number>>(prototypeUuids.map((uuid) => [uuid, {}]));
  if (prototypeUuids.length === 0) return counts;
  const { rows } = await db.query<{ prototype_uuid: string; link_status: string; n: number }>(
    `SELECT prototype_uuid, link_status, count(*)::int AS n FROM assets
      WHERE prototype_uuid = ANY($1::uuid[]) AND status = 'Active' GROUP BY prototype_uuid, link_status`,
    [[...prototypeUuids]],
  );
  for (const row of rows) {
    const entry = counts.get(row.prototype_uuid);
    if (entry) entry[row.link_status] = row.n;
  }
  return counts;
}

/** The body's field errors (400), all at once. */
async function checkPrototype(db: Db, organizationUuid: string, body: PrototypeInput, existing: PrototypeRow | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (body.Name.trim() === '') add('Name', 'must not be blank');
  for (const key of Object.keys(body.Metadata)) if (key.trim() === '') add('Metadata', 'keys must not be blank');
  if (body.DefaultDatabaseUUID) {
    const { rowCount } = await db.query('SELECT 1 FROM timeseries_databases WHERE uuid = $1 AND organization_uuid = $2', [body.DefaultDatabaseUUID, organizationUuid]);
    if (rowCount === 0) add('DefaultDatabaseUUID', 'is not a time-series database of this organization');
  }
  const known = new Set(existing?.properties.filter((item) => !item.deleted).map((item) => item.uuid) ?? []);
  const names = body.PropertyPrototypes.map((item) => item.Name.trim());
  const seenNames = new Set<string>();
  const seenUuids = new Set<string>();
  body.PropertyPrototypes.forEach((item, index) => {
    const at = `PropertyPrototypes.${index}`;
    const name = item.Name.trim();
    if (name === '') add(`${at}.Name`, 'must not be blank');
    else if (seenNames.has(name.toLowerCase())) add(`${at}.Name`, `is used by another property of the prototype: ${name}`);
    seenNames.add(name.toLowerCase());
    if (item.UUID !== undefined) {
      if (!known.has(item.UUID)) add(`${at}.UUID`, 'is not a property prototype of this prototype');
      else if (seenUuids.has(item.UUID)) add(`${at}.UUID`, 'appears twice');
      seenUuids.add(item.UUID);
    }
    if (item.Kind === 'calculation') {
      Object.assign(errors, checkCalculationTemplate(item.CalculationTemplate, name, names, `${at}.CalculationTemplate`));
    } else if (item.CalculationTemplate !== undefined && item.CalculationTemplate !== null) {
      add(`${at}.CalculationTemplate`, 'is for calculation properties only');
    }
  });
  const fields = Object.keys(errors);
  if (fields.length > 0) throw badRequest(`The prototype is not valid: ${fields.join(', ')}`, errors, 'prototypes.errors.invalid');
}

/** Replaces the property prototypes as a list (module comment). */
async function saveProperties(tx: Db, prototypeUuid: string, body: PrototypeInput): Promise<void> {
  const kept = body.PropertyPrototypes.flatMap((item) => (item.UUID === undefined ? [] : [item.UUID]));
  await tx.query('UPDATE property_prototypes SET deleted = true, updated_at = now() WHERE prototype_uuid = $1 AND NOT deleted AND NOT (uuid = ANY($2::uuid[]))', [prototypeUuid, kept]);
  // Names may be swapped between kept items: free them first, past the unique index.
  if (kept.length > 0) await tx.query("UPDATE property_prototypes SET name = '~' || uuid::text WHERE uuid = ANY($1::uuid[])", [kept]);
  for (const [position, item] of body.PropertyPrototypes.entries()) {
    const values = [
      item.Name.trim(),
      item.Description ?? '',
      item.Kind,
      item.Datatype,
      item.NameTemplate ?? '',
      item.Kind === 'calculation' ? JSON.stringify(item.CalculationTemplate) : null,
      position,
    ];
    if (item.UUID === undefined) {
      await tx.query(
        `INSERT INTO property_prototypes (prototype_uuid, name, description, kind, datatype, name_template, calculation_template, position)
         VALUES ($8, $1, $2, $3, $4, $5, $6::jsonb, $7)`,
        [...values, prototypeUuid],
      );
    } else {
      await tx.query(
        `UPDATE property_prototypes SET name = $1, description = $2, kind = $3, datatype = $4, name_template = $5, calculation_template = $6::jsonb,
                position = $7, updated_at = now() WHERE uuid = $8 AND prototype_uuid = $9`,
        [...values, item.UUID, prototypeUuid],
      );
    }
  }
}

export function prototypeDefinitionHandlers(ctx: AppContext) {
  const find = async (request: FastifyRequest<ById>): Promise<PrototypeRow> => {
    const row = await loadPrototype(ctx.db, organizationOf(request), request.params.id);
    if (!row) throw prototypeNotFound();
    return row;
  };
  const answer = async (db: Db, organizationUuid: string, uuid: string): Promise<PrototypeJson> => {
    const row = await loadPrototype(db, organizationUuid, uuid);
    if (!row) throw prototypeNotFound();
    return prototypeJson(row, (await instanceCounts(db, [uuid])).get(uuid));
  };

  return {
    async getPrototypes(request: FastifyRequest<{ Querystring: { Limit?: number; Page?: number; Keyword?: string } }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const keyword = keywordOf(request.query.Keyword);
      const pattern = keyword === null ? null : containsPattern(keyword);
      const limit = request.query.Limit ?? 100;
      const page = request.query.Page ?? 1;
      const { rows } = await ctx.db.query<{ uuid: string; total: number }>(
        `SELECT uuid, count(*) OVER ()::int AS total FROM prototypes
          WHERE organization_uuid = $1 AND ($2::text IS NULL OR name ILIKE $2 ESCAPE '\\' OR description ILIKE $2 ESCAPE '\\')
          ORDER BY lower(name), uuid LIMIT $3 OFFSET $4`,
        [organizationUuid, pattern, limit, (page - 1) * limit],
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        const counted = await ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM prototypes WHERE organization_uuid = $1 AND ($2::text IS NULL OR name ILIKE $2 ESCAPE '\\' OR description ILIKE $2 ESCAPE '\\')`,
          [organizationUuid, pattern],
        );
        total = counted.rows[0].n;
      }
      const uuids = rows.map((row) => row.uuid);
      const found = await loadPrototypes(ctx.db, organizationUuid, uuids);
      const counts = await instanceCounts(ctx.db, uuids);
      reply.header('x-total-count', String(total));
      return uuids.flatMap((uuid) => {
        const row = found.get(uuid);
        return row ? [prototypeJson(row, counts.get(uuid))] : [];
      });
    },

    async getPrototype(request: FastifyRequest<ById>) {
      const row = await find(request);
      return prototypeJson(row, (await instanceCounts(ctx.db, [row.uuid])).get(row.uuid));
    },

    async createPrototype(request: FastifyRequest<{ Body: PrototypeInput }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const body = request.body;
      await checkPrototype(ctx.db, organizationUuid, body, null);
      const actor = callerOf(request).userUuid;
      try {
        const created = await ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ uuid: string }>(
            `INSERT INTO prototypes (organization_uuid, name, description, default_database_uuid, metadata, created_by, updated_by)
             VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6) RETURNING uuid`,
            [organizationUuid, body.Name.trim(), body.Description ?? '', body.DefaultDatabaseUUID ?? null, JSON.stringify(body.Metadata), actor],
          );
          await saveProperties(tx, rows[0].uuid, body);
          return answer(tx, organizationUuid, rows[0].uuid);
        });
        return reply.code(201).send(created);
      } catch (error) {
        return nameTaken(error);
      }
    },

    async updatePrototype(request: FastifyRequest<ById & { Body: PrototypeInput }>) {
      const organizationUuid = organizationOf(request);
      const existing = await find(request);
      const body = request.body;
      await checkPrototype(ctx.db, organizationUuid, body, existing);
      const actor = callerOf(request).userUuid;
      try {
        return await ctx.db.transaction(async (tx) => {
          await tx.query(
            `UPDATE prototypes SET name = $3, description = $4, default_database_uuid = $5, metadata = $6::jsonb, updated_at = now(), updated_by = $7
              WHERE uuid = $1 AND organization_uuid = $2`,
            [existing.uuid, organizationUuid, body.Name.trim(), body.Description ?? '', body.DefaultDatabaseUUID ?? null, JSON.stringify(body.Metadata), actor],
          );
          await saveProperties(tx, existing.uuid, body);
          await refreshLinkStatus(tx, { prototypeUuid: existing.uuid });
          return answer(tx, organizationUuid, existing.uuid);
        });
      } catch (error) {
        return nameTaken(error);
      }
    },

    async deletePrototype(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const existing = await find(request);
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE asset_properties SET property_prototype_uuid = NULL, applied = NULL, link_status = 'NotLinked'
            WHERE organization_uuid = $2 AND property_prototype_uuid IN (SELECT uuid FROM property_prototypes WHERE prototype_uuid = $1)`,
          [existing.uuid, organizationUuid],
        );
        await tx.query("UPDATE assets SET prototype_uuid = NULL, applied = NULL, link_status = 'NotLinked' WHERE prototype_uuid = $1 AND organization_uuid = $2", [
          existing.uuid,
          organizationUuid,
        ]);
        await tx.query('DELETE FROM prototypes WHERE uuid = $1 AND organization_uuid = $2', [existing.uuid, organizationUuid]);
      });
      return reply.code(204).send();
    },
  };
}
