import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Read } from '../../domain/contract';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { callerOf, organizationOf } from '../http/caller';
import { badRequest, HttpProblem } from '../http/problem';
import { rethrowUniqueConflict } from '../http/uniqueConflict';
import { CALCULATIONS_FEATURE, organizationHasFeature } from '../measurements/licence';
import { CALCULATION_COLLECTOR_TYPE } from '../measurements/measurementRules';
import { refreshLinkStatus } from '../prototypes/linkStatus';
import { keywordOf } from '../repositories/keyword';
import { ASSET_PROPERTY_UNIQUE_FIELDS, assetPropertiesRepository, type AssetPropertyRow } from './assetPropertiesRepository';
import { checkAssetProperty, type AssetPropertyInput } from './assetRules';
import { assetsRepository } from './assetsRepository';

// /asset-properties (DOMAIN.md §3): a measurement or calculation of the organization on an active
// asset under an alias unique on it. Another organization's asset, property or measurement is a
// 404 like one that does not exist (a calculation too without the Calculations licence feature).
// Removing a property never blocks on calculations: they read measurements, not properties. A
// change to a linked property's compared fields (README.md: Name, Description) or to the
// properties of a linked asset refreshes the link status in the same transaction.

type PropertyJson = Read<'AssetProperty'>;
type ById = { Params: { id: string } };
type OneOrMany = string | string[];
interface PropertyBody {
  AssetUUID?: string;
  Name?: string;
  Description?: string;
  MeasurementUUID?: string | null;
  Metadata?: Record<string, unknown>;
}
interface ListQuery {
  Querystring: {
    Limit?: number;
    Page?: number;
    AssetUUIDs?: OneOrMany;
    Recursive?: boolean;
    Keyword?: string;
    Datatypes?: OneOrMany;
    LinkStatuses?: OneOrMany;
  };
}

const list = (value: OneOrMany | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export function assetPropertyJson(row: AssetPropertyRow): PropertyJson {
  return {
    UUID: row.uuid,
    AssetUUID: row.asset_uuid,
    AssetPath: row.asset_path,
    Name: row.name,
    Description: row.description,
    MeasurementUUID: row.measurement_uuid,
    ...(row.measurement_name !== null ? { MeasurementName: row.measurement_name } : {}),
    ...(row.datatype !== null ? { Datatype: row.datatype as PropertyJson['Datatype'] } : {}),
    ...(row.uom !== null ? { UoM: row.uom } : {}),
    Metadata: row.metadata,
    PropertyPrototypeUUID: row.property_prototype_uuid,
    LinkStatus: row.link_status,
  };
}

const noSuchProperty = () => new HttpProblem(404, 'No such asset property', { code: 'assets.errors.property_not_found' });
const noSuchAsset = () => new HttpProblem(404, 'No such asset', { code: 'assets.errors.not_found', errors: { AssetUUID: ['is not an asset of this organization'] } });
const noSuchMeasurement = () =>
  new HttpProblem(404, 'No such measurement', { code: 'assets.errors.measurement_not_found', errors: { MeasurementUUID: ['is not a measurement of this organization'] } });

const nameTaken = (error: unknown): never =>
  rethrowUniqueConflict(error, ASSET_PROPERTY_UNIQUE_FIELDS, () => 'The asset has a property of this name', 'is already a property of this asset');

export function assetPropertyHandlers(ctx: AppContext) {
  /** The measurement must be the organization's, not deleted (and a calculation needs the licence feature). */
  const checkMeasurement = async (organizationUuid: string, measurementUuid: string, calculationsLicensed: boolean) => {
    const { rows } = await ctx.db.query<{ status: string; collector_type: string }>(
      'SELECT m.status, c.collector_type FROM measurements m JOIN collectors c ON c.uuid = m.collector_uuid WHERE m.organization_uuid = $1 AND m.uuid = $2',
      [organizationUuid, measurementUuid],
    );
    const measurement = rows[0];
    if (!measurement || (measurement.collector_type === CALCULATION_COLLECTOR_TYPE && !calculationsLicensed)) throw noSuchMeasurement();
    if (measurement.status === 'Deleted') throw badRequest('The measurement is deleted', { MeasurementUUID: ['is deleted'] }, 'assets.errors.measurement_deleted');
  };

  /** The checked input, its measurement verified (read before the transaction: inside it only `tx` may be used). */
  const inputOf = async (organizationUuid: string, body: PropertyBody, existing: AssetPropertyRow | null): Promise<AssetPropertyInput> => {
    const input = checkAssetProperty(body);
    if (input.measurementUuid === null) {
      // Only a property made from a prototype may stay unbound.
      if (existing?.property_prototype_uuid == null) throw badRequest('A property needs a measurement', { MeasurementUUID: ['is required'] }, 'assets.errors.measurement_required');
    } else if (input.measurementUuid !== existing?.measurement_uuid) {
      await checkMeasurement(organizationUuid, input.measurementUuid, await organizationHasFeature(ctx, organizationUuid, CALCULATIONS_FEATURE));
    }
    return input;
  };

  const findIn = async (db: Db, organizationUuid: string, uuid: string) => {
    const row = await assetPropertiesRepository(db).find(organizationUuid, uuid);
    if (!row) throw noSuchProperty();
    return row;
  };

  return {
    async getAssetProperties(request: FastifyRequest<ListQuery>, reply: FastifyReply) {
      const query = request.query;
      const { rows, total } = await assetPropertiesRepository(ctx.db).list(organizationOf(request), {
        assetUuids: list(query.AssetUUIDs),
        recursive: query.Recursive === true,
        keyword: keywordOf(query.Keyword),
        datatypes: list(query.Datatypes),
        linkStatuses: list(query.LinkStatuses),
        limit: query.Limit ?? 100,
        page: query.Page ?? 1,
      });
      reply.header('x-total-count', String(total));
      return rows.map(assetPropertyJson);
    },

    async getAssetProperty(request: FastifyRequest<ById>) {
      return assetPropertyJson(await findIn(ctx.db, organizationOf(request), request.params.id));
    },

    async createAssetProperty(request: FastifyRequest<{ Body: PropertyBody }>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      const input = await inputOf(organizationUuid, request.body, null);
      const actor = callerOf(request).userUuid;
      const created = await ctx.db.transaction(async (tx) => {
        const asset = request.body.AssetUUID ? await assetsRepository(tx).find(organizationUuid, request.body.AssetUUID, true) : undefined;
        if (!asset || asset.status !== 'Active') throw noSuchAsset();
        const uuid = await assetPropertiesRepository(tx)
          .create(organizationUuid, asset.uuid, input, actor)
          .catch((error: unknown) => nameTaken(error));
        if (asset.prototype_uuid !== null) await refreshLinkStatus(tx, { assetUuids: [asset.uuid] });
        return findIn(tx, organizationUuid, uuid);
      });
      return reply.code(201).send(assetPropertyJson(created));
    },

    /** Name, description, measurement (binding an unbound one) and metadata; the asset stays. */
    async updateAssetProperty(request: FastifyRequest<ById & { Body: PropertyBody }>) {
      const organizationUuid = organizationOf(request);
      const existing = await findIn(ctx.db, organizationUuid, request.params.id);
      if (request.body.AssetUUID !== undefined && request.body.AssetUUID !== existing.asset_uuid) {
        throw badRequest('A property stays on its asset', { AssetUUID: ['cannot change'] }, 'assets.errors.asset_fixed');
      }
      const input = await inputOf(organizationUuid, request.body, existing);
      const actor = callerOf(request).userUuid;
      const updated = await ctx.db.transaction(async (tx) => {
        const property = await findIn(tx, organizationUuid, existing.uuid);
        await assetPropertiesRepository(tx)
          .update(property, input, actor)
          .catch((error: unknown) => nameTaken(error));
        const compared = input.name !== property.name || input.description !== property.description;
        if (property.property_prototype_uuid !== null && compared) await refreshLinkStatus(tx, { assetUuids: [property.asset_uuid] });
        return findIn(tx, organizationUuid, property.uuid);
      });
      return assetPropertyJson(updated);
    },

    /** Removes the property; the measurement stays. */
    async deleteAssetProperty(request: FastifyRequest<ById>, reply: FastifyReply) {
      const organizationUuid = organizationOf(request);
      await ctx.db.transaction(async (tx) => {
        const property = await findIn(tx, organizationUuid, request.params.id);
        await assetPropertiesRepository(tx).remove(property);
        if (property.asset_prototype_uuid !== null) await refreshLinkStatus(tx, { assetUuids: [property.asset_uuid] });
      });
      return reply.code(204).send();
    },
  };
}
