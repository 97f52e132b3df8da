import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../collectors/collectorStore';
import { removeBuildIfUnused, storeBuild } from '../collectors/productUpdateFiles';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { badRequest, conflict, notFound } from '../http/problem';

// GET, POST (multipart) and DELETE /product-updates: builds of a collector type for an OS and an
// architecture (SPEC §3 Product update). Installation-wide, like the product itself; collectors
// fetch them through /collector-api/update. The size limit is HISTORIAN_UPLOAD_LIMIT_BYTES,
// enforced by @fastify/multipart while the file streams in (413 past it).

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

export const PRODUCT_UPDATE_COLUMNS = 'uuid, product_type, product, os, arch, version, checksum, size, created_at';

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

interface UploadBody {
  ProductType: string;
  Product: string;
  OS: string;
  Arch: string;
  Version: string;
  File: unknown;
}

/** The build for one collector platform and version (what a collector may be told to install). */
export async function findProductUpdate(db: Db, type: string, os: string, arch: string, version: string): Promise<ProductUpdateRow | undefined> {
  const { rows } = await db.query<ProductUpdateRow>(
    `SELECT ${PRODUCT_UPDATE_COLUMNS} FROM product_updates WHERE product_type = $1 AND os = $2 AND arch = $3 AND version = $4`,
    [type, os, arch, version],
  );
  return rows[0];
}

export function productUpdatesHandlers(ctx: AppContext) {
  return {
    async getProductUpdates() {
      const { rows } = await ctx.db.query<ProductUpdateRow>(
        `SELECT ${PRODUCT_UPDATE_COLUMNS} FROM product_updates ORDER BY product_type, os, arch, created_at DESC, uuid`,
      );
      return rows.map(productUpdateJson);
    },

    async createProductUpdate(request: FastifyRequest<{ Body: UploadBody }>, reply: FastifyReply) {
      const body = request.body;
      if (!(body.File instanceof Uint8Array) || body.File.byteLength === 0) throw badRequest('File must be a non-empty file', { File: ['is required'] });
      const fields = { type: body.ProductType.trim(), product: body.Product.trim(), os: body.OS.trim(), arch: body.Arch.trim(), version: body.Version.trim() };
      const { checksum, size } = await storeBuild(ctx.config.dataDir, body.File);
      try {
        const { rows } = await ctx.db.query<ProductUpdateRow>(
          `INSERT INTO product_updates (product_type, product, os, arch, version, checksum, size)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${PRODUCT_UPDATE_COLUMNS}`,
          [fields.type, fields.product, fields.os, fields.arch, fields.version, checksum, size],
        );
        request.log.info({ productUpdate: rows[0].uuid, checksum, size }, 'product update stored');
        return reply.code(201).send(productUpdateJson(rows[0]));
      } catch (error) {
        await removeBuildIfUnused(ctx.db, ctx.config.dataDir, checksum);
        if (isUniqueViolation(error)) {
          throw conflict(`Version ${fields.version} of ${fields.type} for ${fields.os}/${fields.arch} is uploaded already; delete it first`);
        }
        throw error;
      }
    },

    async deleteProductUpdate(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      const row = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<ProductUpdateRow>(`DELETE FROM product_updates WHERE uuid = $1 RETURNING ${PRODUCT_UPDATE_COLUMNS}`, [
          request.params.id,
        ]);
        const deleted = rows[0];
        if (!deleted) throw notFound('No such product update');
        // Collectors told to install this build would ask for it forever.
        await tx.query(
          `UPDATE collectors SET update_version = NULL, updated_at = now()
            WHERE collector_type = $1 AND build_os = $2 AND build_arch = $3 AND update_version = $4`,
          [deleted.product_type, deleted.os, deleted.arch, deleted.version],
        );
        return deleted;
      });
      await removeBuildIfUnused(ctx.db, ctx.config.dataDir, row.checksum);
      return reply.code(204).send();
    },
  };
}
