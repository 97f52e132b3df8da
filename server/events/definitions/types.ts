import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Read } from '../../../domain/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { organizationOf } from '../../http/caller';
import { badRequest, conflict } from '../../http/problem';
import { rethrowUniqueConflict } from '../../http/uniqueConflict';
import { containsPattern, keywordOf } from '../../repositories/keyword';
import { requireEventsLicence } from '../access';
import { FieldErrors, listOf, missingReference, notFoundOf, pageOf, type OneOrMany } from './common';

// Event types and their typed properties (server/events/README.md, "Definitions"): a type's name is
// unique in the organization case aside (409 on Name), its parent a type of the organization that
// does not make a cycle (400 on ParentUUID); a property's name is unique on its type, a periodic one
// is a number, its Datatype and Type are fixed once events hold values of it. Deletes are refused
// while something uses the type or property.

type EventTypeJson = Read<'EventTypeDefinition'>;
type PropertyJson = Read<'EventTypeProperty'>;
type ById = { Params: { id: string } };

interface TypeBody {
  Name: string;
  Description?: string;
  ParentUUID?: string | null;
}
interface PropertyBody {
  EventTypeUUID: string;
  Name: string;
  Description?: string;
  Datatype: 'number' | 'boolean' | 'string';
  Type: 'simple' | 'periodic' | 'periodic_with_dimension';
  UoM?: string;
}

interface TypeRow {
  uuid: string;
  name: string;
  description: string;
  parent_uuid: string | null;
  parent_name: string | null;
  configuration_count: number;
  created_at: Date;
  updated_at: Date;
}
export interface PropertyRow {
  uuid: string;
  event_type_uuid: string;
  name: string;
  description: string;
  datatype: 'number' | 'boolean' | 'string';
  type: 'simple' | 'periodic' | 'periodic_with_dimension';
  uom: string;
}

const TYPE_SELECT = `
  SELECT t.uuid, t.name, t.description, t.parent_uuid, p.name AS parent_name, t.created_at, t.updated_at,
         (SELECT count(*)::int FROM event_configurations c WHERE c.event_type_uuid = t.uuid) AS configuration_count
    FROM event_types t LEFT JOIN event_types p ON p.uuid = t.parent_uuid`;
const PROPERTY_SELECT = `
  SELECT p.uuid, p.event_type_uuid, p.name, p.description, p.datatype, p.type, p.uom
    FROM event_type_properties p JOIN event_types t ON t.uuid = p.event_type_uuid`;

export const propertyJson = (row: PropertyRow): PropertyJson => ({
  UUID: row.uuid,
  EventTypeUUID: row.event_type_uuid,
  Name: row.name,
  Description: row.description,
  Datatype: row.datatype,
  Type: row.type,
  UoM: row.uom,
});

async function propertiesOf(db: Db, typeUuids: readonly string[]): Promise<Map<string, PropertyJson[]>> {
  const byType = new Map<string, PropertyJson[]>(typeUuids.map((uuid) => [uuid, []]));
  if (typeUuids.length === 0) return byType;
  const { rows } = await db.query<PropertyRow>(`${PROPERTY_SELECT} WHERE p.event_type_uuid = ANY($1::uuid[]) ORDER BY lower(p.name), p.uuid`, [typeUuids]);
  for (const row of rows) byType.get(row.event_type_uuid)?.push(propertyJson(row));
  return byType;
}

async function typeJsons(db: Db, rows: readonly TypeRow[]): Promise<EventTypeJson[]> {
  const properties = await propertiesOf(
    db,
    rows.map((row) => row.uuid),
  );
  return rows.map((row) => ({
    UUID: row.uuid,
    Name: row.name,
    Description: row.description,
    ParentUUID: row.parent_uuid,
    ParentName: row.parent_name,
    Properties: properties.get(row.uuid) ?? [],
    ConfigurationCount: row.configuration_count,
    CreatedAt: row.created_at.toISOString(),
    UpdatedAt: row.updated_at.toISOString(),
  }));
}

/** The event type of the organization, or undefined. */
export async function findType(db: Db, organizationUuid: string, uuid: string): Promise<TypeRow | undefined> {
  const { rows } = await db.query<TypeRow>(`${TYPE_SELECT} WHERE t.organization_uuid = $1 AND t.uuid = $2`, [organizationUuid, uuid]);
  return rows[0];
}

/** The type property of the organization, or undefined. */
export async function findProperty(db: Db, organizationUuid: string, uuid: string): Promise<PropertyRow | undefined> {
  const { rows } = await db.query<PropertyRow>(`${PROPERTY_SELECT} WHERE t.organization_uuid = $1 AND p.uuid = $2`, [organizationUuid, uuid]);
  return rows[0];
}

const nameTaken = (error: unknown): never => rethrowUniqueConflict(error, { event_types_name: 'Name' }, () => 'An event type of this name exists');
const propertyNameTaken = (error: unknown): never =>
  rethrowUniqueConflict(error, { event_type_properties_name: 'Name' }, () => 'The event type has a property of this name');

/** 400 on ParentUUID unless the parent is a type of the organization above which `self` is not. */
async function checkParent(db: Db, organizationUuid: string, parentUuid: string | null | undefined, self: string | null): Promise<string | null> {
  if (!parentUuid) return null;
  if (parentUuid === self) throw badRequest('An event type cannot be its own parent', { ParentUUID: ['is the type itself'] }, 'events.errors.type_cycle');
  if (!(await findType(db, organizationUuid, parentUuid))) {
    throw badRequest('The parent is not an event type of this organization', { ParentUUID: ['is not an event type of this organization'] });
  }
  if (self) {
    const { rows } = await db.query<{ found: boolean }>(
      `WITH RECURSIVE up(uuid, parent_uuid) AS (
         SELECT uuid, parent_uuid FROM event_types WHERE uuid = $1 AND organization_uuid = $3
         UNION SELECT t.uuid, t.parent_uuid FROM event_types t JOIN up ON t.uuid = up.parent_uuid)
       SELECT EXISTS (SELECT 1 FROM up WHERE uuid = $2) AS found`,
      [parentUuid, self, organizationUuid],
    );
    if (rows[0].found) throw badRequest('The parent type is below this type', { ParentUUID: ['is below this type'] }, 'events.errors.type_cycle');
  }
  return parentUuid;
}

function checkPropertyBody(body: PropertyBody): void {
  const errors = new FieldErrors();
  if (body.Type !== 'simple' && body.Datatype !== 'number') errors.add('Datatype', 'must be number for a periodic property');
  errors.throwIfAny('property', errors.errors.Datatype ? 'events.errors.periodic_not_number' : undefined);
}

export function eventTypeHandlers(ctx: AppContext) {
  const licensed = async (request: FastifyRequest) => {
    const organizationUuid = organizationOf(request);
    await requireEventsLicence(ctx, organizationUuid);
    return organizationUuid;
  };
  const typeAnswer = async (db: Db, organizationUuid: string, uuid: string) => {
    const row = await findType(db, organizationUuid, uuid);
    if (!row) throw notFoundOf('event type');
    return (await typeJsons(db, [row]))[0];
  };
  const propertyAnswer = async (db: Db, organizationUuid: string, uuid: string) => {
    const row = await findProperty(db, organizationUuid, uuid);
    if (!row) throw notFoundOf('event type property');
    return propertyJson(row);
  };

  return {
    async getEventTypes(request: FastifyRequest<{ Querystring: { Limit?: number; Page?: number; Keyword?: string } }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const params: unknown[] = [organizationUuid];
      let where = 't.organization_uuid = $1';
      const keyword = keywordOf(request.query.Keyword);
      if (keyword) {
        params.push(containsPattern(keyword));
        where += ` AND (t.name ILIKE $2 ESCAPE '\\' OR t.description ILIKE $2 ESCAPE '\\')`;
      }
      const { limit, offset } = pageOf(request.query);
      const total = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_types t WHERE ${where}`, params)).rows[0].n;
      const { rows } = await ctx.db.query<TypeRow>(`${TYPE_SELECT} WHERE ${where} ORDER BY lower(t.name), t.uuid LIMIT ${limit} OFFSET ${offset}`, params);
      reply.header('x-total-count', String(total));
      return typeJsons(ctx.db, rows);
    },

    async getEventType(request: FastifyRequest<ById>) {
      return typeAnswer(ctx.db, await licensed(request), request.params.id);
    },

    async createEventType(request: FastifyRequest<{ Body: TypeBody }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      const created = await ctx.db.transaction(async (tx) => {
        const parent = await checkParent(tx, organizationUuid, body.ParentUUID, null);
        const { rows } = await tx
          .query<{ uuid: string }>('INSERT INTO event_types (organization_uuid, name, description, parent_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid', [
            organizationUuid,
            body.Name.trim(),
            body.Description ?? '',
            parent,
          ])
          .catch(nameTaken);
        return typeAnswer(tx, organizationUuid, rows[0].uuid);
      });
      return reply.code(201).send(created);
    },

    async updateEventType(request: FastifyRequest<ById & { Body: TypeBody }>) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      return ctx.db.transaction(async (tx) => {
        // Serializes parent changes of the organization's types, so two moves cannot make a cycle together.
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('event_types:' || $1::text))", [organizationUuid]);
        const type = await findType(tx, organizationUuid, request.params.id);
        if (!type) throw notFoundOf('event type');
        const parent = await checkParent(tx, organizationUuid, body.ParentUUID, type.uuid);
        await tx
          .query('UPDATE event_types SET name = $2, description = $3, parent_uuid = $4, updated_at = now() WHERE uuid = $1', [
            type.uuid,
            body.Name.trim(),
            body.Description ?? '',
            parent,
          ])
          .catch(nameTaken);
        return typeAnswer(tx, organizationUuid, type.uuid);
      });
    },

    /** Refused (409 events.errors.type_in_use) while a configuration or a child type uses it; its properties go with it. */
    async deleteEventType(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      await ctx.db.transaction(async (tx) => {
        const type = await findType(tx, organizationUuid, request.params.id);
        if (!type) throw notFoundOf('event type');
        const { rows } = await tx.query<{ children: number }>('SELECT count(*)::int AS children FROM event_types WHERE parent_uuid = $1', [type.uuid]);
        if (type.configuration_count > 0 || rows[0].children > 0) {
          throw conflict(`The event type is used by ${type.configuration_count} configurations and ${rows[0].children} child types`, 'events.errors.type_in_use');
        }
        await tx.query('DELETE FROM event_types WHERE uuid = $1', [type.uuid]);
      });
      return reply.code(204).send();
    },

    async getEventTypeProperties(request: FastifyRequest<{ Querystring: { Limit?: number; Page?: number; EventTypeUUIDs?: OneOrMany } }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const params: unknown[] = [organizationUuid];
      let where = 't.organization_uuid = $1';
      const types = listOf(request.query.EventTypeUUIDs);
      if (types.length) {
        params.push(types);
        where += ' AND p.event_type_uuid = ANY($2::uuid[])';
      }
      const { limit, offset } = pageOf(request.query);
      const total = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_type_properties p JOIN event_types t ON t.uuid = p.event_type_uuid WHERE ${where}`, params)).rows[0].n;
      const { rows } = await ctx.db.query<PropertyRow>(`${PROPERTY_SELECT} WHERE ${where} ORDER BY lower(t.name), t.uuid, lower(p.name), p.uuid LIMIT ${limit} OFFSET ${offset}`, params);
      reply.header('x-total-count', String(total));
      return rows.map(propertyJson);
    },

    async getEventTypeProperty(request: FastifyRequest<ById>) {
      return propertyAnswer(ctx.db, await licensed(request), request.params.id);
    },

    async createEventTypeProperty(request: FastifyRequest<{ Body: PropertyBody }>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      checkPropertyBody(body);
      const created = await ctx.db.transaction(async (tx) => {
        if (!(await findType(tx, organizationUuid, body.EventTypeUUID))) throw missingReference('EventTypeUUID', 'an event type');
        const { rows } = await tx
          .query<{ uuid: string }>(
            'INSERT INTO event_type_properties (event_type_uuid, name, description, datatype, type, uom) VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid',
            [body.EventTypeUUID, body.Name.trim(), body.Description ?? '', body.Datatype, body.Type, body.UoM ?? ''],
          )
          .catch(propertyNameTaken);
        return propertyAnswer(tx, organizationUuid, rows[0].uuid);
      });
      return reply.code(201).send(created);
    },

    /** Name, description and unit; Datatype and Type only while no event holds a value of it (409 events.errors.property_has_values). */
    async updateEventTypeProperty(request: FastifyRequest<ById & { Body: PropertyBody }>) {
      const organizationUuid = await licensed(request);
      const body = request.body;
      checkPropertyBody(body);
      return ctx.db.transaction(async (tx) => {
        const property = await findProperty(tx, organizationUuid, request.params.id);
        if (!property) throw notFoundOf('event type property');
        if (body.EventTypeUUID !== property.event_type_uuid) {
          throw badRequest('A property stays on its event type', { EventTypeUUID: ['cannot change; add the property to the other type'] });
        }
        if (body.Datatype !== property.datatype || body.Type !== property.type) {
          const { rows } = await tx.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM event_property_values WHERE event_type_property_uuid = $1) AS found', [property.uuid]);
          if (rows[0].found) throw conflict('Events hold values of this property: its Datatype and Type are fixed', 'events.errors.property_has_values');
        }
        await tx
          .query('UPDATE event_type_properties SET name = $2, description = $3, datatype = $4, type = $5, uom = $6, updated_at = now() WHERE uuid = $1', [
            property.uuid,
            body.Name.trim(),
            body.Description ?? '',
            body.Datatype,
            body.Type,
            body.UoM ?? '',
          ])
          .catch(propertyNameTaken);
        return propertyAnswer(tx, organizationUuid, property.uuid);
      });
    },

    /** Refused (409 events.errors.property_in_use) while a property configuration uses it; the values events hold of it go with it. */
    async deleteEventTypeProperty(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = await licensed(request);
      await ctx.db.transaction(async (tx) => {
        const property = await findProperty(tx, organizationUuid, request.params.id);
        if (!property) throw notFoundOf('event type property');
        const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM event_property_configurations WHERE event_type_property_uuid = $1', [property.uuid]);
        if (rows[0].n > 0) throw conflict(`${rows[0].n} property configurations use the property`, 'events.errors.property_in_use');
        await tx.query('DELETE FROM event_type_properties WHERE uuid = $1', [property.uuid]);
      });
      return reply.code(204).send();
    },
  };
}
