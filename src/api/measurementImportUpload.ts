import type { BaseQueryApi, QueryReturnValue } from '@reduxjs/toolkit/query';
import type { ImportMeasurementsDryRunApiArg, MeasurementImportDryRun } from './generated/historian.gen';
import { createHistorianBaseQuery } from './transport/baseQuery';
import { parseError, type HistorianError } from './transport/errors';
import type { HistorianMeta } from './transport/types';
import { xhrFetch } from './transport/xhrFetch';

// POST /measurements/import/dry-run (multipart) with a progress bar: the same transport, over XHR,
// as the product updates' upload (productUpdateUpload.ts).

export const MEASUREMENT_IMPORT_UPLOAD_URL = '/api/measurements/import/dry-run';
/** A spreadsheet of 50,000 rows is a few MiB; the server reads every row before it answers. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

const uploadBaseQuery = createHistorianBaseQuery({ fetchFn: xhrFetch });

function isDryRun(value: unknown): value is MeasurementImportDryRun {
  return typeof value === 'object' && value !== null && Array.isArray(Reflect.get(value, 'Rows')) && typeof Reflect.get(value, 'Token') === 'string';
}

/** The queryFn of importMeasurementsDryRun (src/api/areas/measurementImport.ts). */
export async function uploadMeasurementImport(
  arg: ImportMeasurementsDryRunApiArg,
  api: BaseQueryApi,
  extraOptions: {},
): Promise<QueryReturnValue<MeasurementImportDryRun, HistorianError, HistorianMeta>> {
  const result = await uploadBaseQuery(
    {
      url: '/measurements/import/dry-run',
      method: 'POST',
      body: arg.measurementImportUpload,
      formData: true,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      headers: arg['x-organization-uuid'] === undefined ? undefined : { 'x-organization-uuid': arg['x-organization-uuid'] },
    },
    api,
    extraOptions,
  );
  if (result.error) return { error: result.error, meta: result.meta };
  if (!isDryRun(result.data)) {
    return { error: parseError(200, JSON.stringify(result.data ?? null), { method: 'POST', url: MEASUREMENT_IMPORT_UPLOAD_URL, body: null }), meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
}
