import { sql } from 'kysely';
import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';

// Uploaded builds of a collector type for an OS and an architecture (SPEC §3 Product update),
// installation-wide. The bytes live on disk under their checksum (collectors/productUpdateFiles.ts).

/** The UNIQUE (product_type, os, arch, version) of migration 030: a build is uploaded once per version. */
export const PRODUCT_UPDATE_UNIQUE_FIELDS = { product_updates_product_type_os_arch_version_key: 'Version' } as const;

const PRODUCT_UPDATE_COLUMNS = ['uuid', 'product_type', 'product', 'os', 'arch', 'version', 'checksum', 'size', 'created_at'] as const;

export interface ProductUpdateRow {
  uuid: string;
  product_type: string;
  product: string;
  os: string;
  arch: string;
  version: string;
  checksum: string;
  size: number;
  created_at: Date;
}

export interface Platform {
  productType: string;
  os: string;
  arch: string;
  version: string;
}

export interface NewProductUpdate extends Platform {
  product: string;
  checksum: string;
  size: number;
}

export const productUpdateJson = (row: ProductUpdateRow) => ({
  UUID: row.uuid,
  ProductType: row.product_type,
  Product: row.product,
  OS: row.os,
  Arch: row.arch,
  Version: row.version,
  Checksum: row.checksum,
  Size: row.size,
  CreatedAt: row.created_at.toISOString(),
});

export function productUpdatesRepository(db: Db) {
  const q = kyselyOf(db);

  return {
    async list(): Promise<ProductUpdateRow[]> {
      return q
        .selectFrom('product_updates')
        .select(PRODUCT_UPDATE_COLUMNS)
        .orderBy('product_type')
        .orderBy('os')
        .orderBy('arch')
        .orderBy('created_at', 'desc')
        .orderBy('uuid')
        .execute();
    },

    /** The build for one collector platform and version (what a collector may be told to install). */
    async find(platform: Platform): Promise<ProductUpdateRow | undefined> {
      return q
        .selectFrom('product_updates')
        .select(PRODUCT_UPDATE_COLUMNS)
        .where('product_type', '=', platform.productType)
        .where('os', '=', platform.os)
        .where('arch', '=', platform.arch)
        .where('version', '=', platform.version)
        .executeTakeFirst();
    },

    /** Throws the database's unique violation for a version uploaded already (see PRODUCT_UPDATE_UNIQUE_FIELDS). */
    async create(update: NewProductUpdate): Promise<ProductUpdateRow> {
      return q
        .insertInto('product_updates')
        .values({
          product_type: update.productType,
          product: update.product,
          os: update.os,
          arch: update.arch,
          version: update.version,
          checksum: update.checksum,
          size: update.size,
        })
        .returning(PRODUCT_UPDATE_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async delete(uuid: string): Promise<ProductUpdateRow | undefined> {
      return q.deleteFrom('product_updates').where('uuid', '=', uuid).returning(PRODUCT_UPDATE_COLUMNS).executeTakeFirst();
    },

    /** Whether any product update still refers to the file of this checksum. */
    async checksumInUse(checksum: string): Promise<boolean> {
      const row = await q.selectFrom('product_updates').select(sql`1`.as('one')).where('checksum', '=', checksum).limit(1).executeTakeFirst();
      return row !== undefined;
    },
  };
}
