import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { badRequest } from '../../http/problem';
import { requireAssetReading, requireExternalDatabaseRunning, requireMeasurementReading } from '../access';
import { missingReference } from './common';

// What a configuration or property configuration names, read in the organization with the
// privilege that naming it needs (server/events/README.md, "Least privilege"): the privilege is
// checked first, so that a caller without it learns nothing about the id.

export interface MeasurementRef {
  uuid: string;
  name: string;
  datatype: string;
}

export interface AssetRef {
  uuid: string;
  path: string;
  status: string;
}

export interface AssetPropertyRef {
  uuid: string;
  name: string;
  asset_uuid: string;
  asset_path: string;
  measurement_uuid: string | null;
  measurement_datatype: string | null;
}

/** A measurement of the organization that is not deleted; 403 without READ_MEASUREMENTS, 404 (on `field`) otherwise. */
export async function namedMeasurement(request: FastifyRequest, db: Db, organizationUuid: string, uuid: string, field: string): Promise<MeasurementRef> {
  requireMeasurementReading(request);
  const { rows } = await db.query<MeasurementRef>(
    "SELECT uuid, name, datatype FROM measurements WHERE organization_uuid = $1 AND uuid = $2 AND status <> 'Deleted'",
    [organizationUuid, uuid],
  );
  if (!rows[0]) throw missingReference(field, 'a measurement');
  return rows[0];
}

/** An asset property of the organization on an active asset; 403 without READ_ASSETS, 404 (on `field`) otherwise. */
export async function namedAssetProperty(request: FastifyRequest, db: Db, organizationUuid: string, uuid: string, field: string): Promise<AssetPropertyRef> {
  requireAssetReading(request);
  const { rows } = await db.query<AssetPropertyRef>(
    `SELECT p.uuid, p.name, p.asset_uuid, a.path AS asset_path, p.measurement_uuid, m.datatype AS measurement_datatype
       FROM asset_properties p JOIN assets a ON a.uuid = p.asset_uuid
       LEFT JOIN measurements m ON m.uuid = p.measurement_uuid AND m.status <> 'Deleted'
      WHERE p.organization_uuid = $1 AND p.uuid = $2 AND a.status = 'Active'`,
    [organizationUuid, uuid],
  );
  if (!rows[0]) throw missingReference(field, 'an asset property');
  return rows[0];
}

/** An asset of the organization (deleted ones too: the caller says what a deleted one means); 403 without READ_ASSETS, 404 (on `field`) otherwise. */
export async function namedAsset(request: FastifyRequest, db: Db, organizationUuid: string, uuid: string, field: string): Promise<AssetRef> {
  requireAssetReading(request);
  const { rows } = await db.query<AssetRef>('SELECT uuid, path, status FROM assets WHERE organization_uuid = $1 AND uuid = $2', [organizationUuid, uuid]);
  if (!rows[0]) throw missingReference(field, 'an asset');
  return rows[0];
}

/** Whether `path` is `above` or below it. */
export const atOrBelow = (path: string, above: string): boolean => path === above || path.startsWith(`${above}/`);

export interface ExternalDatabaseRef {
  uuid: string;
  kind: string;
}

/** Kinds whose driver this server does not have (server/integrations/README.md, "External databases"). */
export const UNAVAILABLE_DATABASE_KINDS: readonly string[] = ['oracle', 'hdb', 'ase'];

/** An external database of the organization; 403 without MANAGE_EXTERNAL_DATABASES, 400 (on `field`) when not of the organization. */
export async function namedExternalDatabase(request: FastifyRequest, db: Db, organizationUuid: string, uuid: string, field: string): Promise<ExternalDatabaseRef> {
  requireExternalDatabaseRunning(request);
  const { rows } = await db.query<ExternalDatabaseRef>('SELECT uuid, kind FROM external_databases WHERE organization_uuid = $1 AND uuid = $2', [organizationUuid, uuid]);
  if (!rows[0]) throw badRequest('No such external database', { [field]: ['is not an external database of this organization'] });
  return rows[0];
}
