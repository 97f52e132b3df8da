import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { collectorOf } from '../http/collectorCaller';
import { createBatchIngestion, type PointBatch } from '../ingestion/batches';
import { collectorMeasurements, discoverMeasurements, type Discovery } from '../ingestion/measurements';
import { createTimeseriesStores } from '../timeseries/stores';

// The collector calls of the data path (server/ingestion/README.md): the measurements to collect,
// auto-discovery, and batches of points acknowledged once durable.
//
//   GET  /collector-api/measurements   the collector's Active measurements and their version
//   POST /collector-api/measurements   names found by auto-discovery become Discovered
//   POST /collector-api/points         a batch of points, idempotent by its BatchKey

export function collectorIngestionHandlers(ctx: AppContext) {
  const { db } = ctx;
  const ingestion = createBatchIngestion(db, ctx.timeseries ?? createTimeseriesStores(db));
  return {
    async getCollectorMeasurements(request: FastifyRequest) {
      return collectorMeasurements(db, collectorOf(request).collectorUuid);
    },

    async discoverCollectorMeasurements(request: FastifyRequest<{ Body: Discovery }>) {
      const caller = collectorOf(request);
      const result = await discoverMeasurements(db, caller, request.body);
      const created = result.Measurements.filter((item) => item.Created).length;
      if (created > 0) request.log.info({ collector: caller.collectorUuid, created }, 'collector discovered measurements');
      return result;
    },

    async writeCollectorPoints(request: FastifyRequest<{ Body: PointBatch }>) {
      return ingestion.ingest(collectorOf(request).collectorUuid, request.body);
    },
  };
}
