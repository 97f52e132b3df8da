import type { BaseQueryApi, QueryReturnValue } from '@reduxjs/toolkit/query';
import type { CreateProductUpdateApiArg, ProductUpdate } from './generated/historian.gen';
import { createHistorianBaseQuery } from './transport/baseQuery';
import { parseError, type HistorianError } from './transport/errors';
import type { HistorianMeta } from './transport/types';
import { xhrFetch } from './transport/xhrFetch';

// POST /product-updates (SPEC §7, multipart) with a progress bar: the same transport, over XHR.
// The path the progress is published under is the one the transport builds from the base path.

export const PRODUCT_UPDATES_UPLOAD_URL = '/api/product-updates';
/** Builds can be large (HISTORIAN_UPLOAD_LIMIT_BYTES defaults to 200 MiB) and plant links slow. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

const uploadBaseQuery = createHistorianBaseQuery({ fetchFn: xhrFetch });

function isProductUpdate(value: unknown): value is ProductUpdate {
  if (typeof value !== 'object' || value === null) return false;
  return ['UUID', 'ProductType', 'Product', 'OS', 'Arch', 'Version'].every((key) => key in value && typeof Reflect.get(value, key) === 'string');
}

/** The queryFn of createProductUpdate (src/api/areas/collectors.ts). */
export async function uploadProductUpdate(
  arg: CreateProductUpdateApiArg,
  api: BaseQueryApi,
  extraOptions: {},
): Promise<QueryReturnValue<ProductUpdate, HistorianError, HistorianMeta>> {
  const result = await uploadBaseQuery(
    { url: '/product-updates', method: 'POST', body: arg.productUpdateUpload, formData: true, timeoutMs: UPLOAD_TIMEOUT_MS },
    api,
    extraOptions,
  );
  if (result.error) return { error: result.error, meta: result.meta };
  if (!isProductUpdate(result.data)) {
    return { error: parseError(201, JSON.stringify(result.data ?? null), { method: 'POST', url: PRODUCT_UPDATES_UPLOAD_URL, body: null }), meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
}
