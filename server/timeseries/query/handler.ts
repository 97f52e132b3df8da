import type { FastifyReply, FastifyRequest } from 'fastify';
import { COLUMNS_MEDIA_TYPE, encodeColumns } from '../../../domain/timeseriesColumns';
import type { AppContext } from '../../context';
import { organizationOf } from '../../http/caller';
import { HttpProblem, badRequest } from '../../http/problem';
import { JSON_TYPE, markPreserialized } from '../../http/responseValidation';
import { InvalidAggregationError } from '../aggregations';
import { InvalidTimeRangeError } from '../points';
import { UnknownTimeseriesDatabaseError } from '../stores';
import { columnSeriesOf, seriesJson } from './json';
import { findQueryMeasurements, type QueryMeasurement } from './measurements';
import { emptySeries, readSeries } from './read';
import { QueryBodyError, planQuery, type QueryBody, type QueryPlan } from './request';
import { rawKindOf, type SeriesData } from './series';

// POST /timeseries/query (DOMAIN.md §1): the points of up to 50 measurements of the caller's
// organization, raw or aggregated, as JSON or, when the Accept header asks for it, as the compact
// columnar body of domain/timeseriesColumns.ts. A measurement the caller cannot see fails the
// whole query with 404, as ids of another organization do everywhere else in the API.

export const QUERY_NOT_FOUND_CODE = 'timeseries.errors.not_found';
export const QUERY_UNREACHABLE_CODE = 'timeseries.errors.database_unreachable';

/** Whether the Accept header names the columnar type (with a quality above 0). */
export function wantsColumns(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    return type === COLUMNS_MEDIA_TYPE && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

function planOf(body: QueryBody): QueryPlan {
  try {
    return planQuery(body);
  } catch (error) {
    if (error instanceof QueryBodyError) throw badRequest('The query is not valid', error.errors);
    throw error;
  }
}

export function timeseriesQueryHandlers(ctx: AppContext) {
  const readOne = async (request: FastifyRequest, measurement: QueryMeasurement, plan: QueryPlan): Promise<SeriesData> => {
    const stores = ctx.timeseries;
    if (!measurement.databaseUuid || !stores) return emptySeries(measurement.datatype, plan);
    try {
      const store = await stores.forDatabase(measurement.databaseUuid);
      return await readSeries(store, measurement.uuid, measurement.datatype, plan);
    } catch (error) {
      // The plan keeps within the stores' limits; a store refusing it anyway names no field.
      if (error instanceof InvalidTimeRangeError || error instanceof InvalidAggregationError) throw badRequest(error.message);
      if (error instanceof UnknownTimeseriesDatabaseError) return emptySeries(measurement.datatype, plan);
      request.log.warn({ err: error, database: measurement.databaseUuid }, 'a time-series database could not be read');
      throw new HttpProblem(502, 'Bad Gateway', {
        detail: `The time-series database ${measurement.databaseName} could not be read`,
        code: QUERY_UNREACHABLE_CODE,
      });
    }
  };

  return {
    async queryTimeseries(request: FastifyRequest<{ Body: QueryBody }>, reply: FastifyReply) {
      const plan = planOf(request.body);
      const measurements = await findQueryMeasurements(ctx.db, organizationOf(request), plan.measurementUuids);
      if (measurements.length < plan.measurementUuids.length) {
        const found = new Set(measurements.map((m) => m.uuid));
        const missing = plan.measurementUuids.filter((uuid) => !found.has(uuid));
        throw new HttpProblem(404, 'Not Found', { detail: `No such measurement in this organization: ${missing.join(', ')}`, code: QUERY_NOT_FOUND_CODE });
      }
      const series = await Promise.all(measurements.map((measurement) => readOne(request, measurement, plan)));
      // One address, two bodies: caches must keep them apart.
      reply.header('vary', 'Accept');

      if (wantsColumns(request.headers.accept)) {
        const body = encodeColumns({ series: measurements.map((measurement, i) => columnSeriesOf(measurement, series[i])) });
        return reply.type(COLUMNS_MEDIA_TYPE).send(Buffer.from(body));
      }
      const parts = measurements.map((measurement, i) => seriesJson(measurement, series[i], plan.includeLastKnown, rawKindOf(measurement.datatype)));
      return reply.type(JSON_TYPE).send(markPreserialized(reply, `{"Series":[${parts.join(',')}]}`));
    },
  };
}
