import { COLUMNS_MEDIA_TYPE, decodeColumns, type ColumnsAnswer } from '../../../../domain/timeseriesColumns';
import { baseApi } from '../../../api/baseApi';
import type { TimeseriesQuery } from '../../../api/generated/historian.gen';

// Stand-in until the timeseries area's columnar hook is merged: POST /timeseries/query asked
// for the columnar body, decoded into typed-array views.
const trendColumnsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    trendColumns: build.query<ColumnsAnswer, TimeseriesQuery>({
      query: (body) => ({ url: '/timeseries/query', method: 'POST', body, headers: { Accept: COLUMNS_MEDIA_TYPE } }),
      transformResponse: async (blob: Blob) => decodeColumns(await blob.arrayBuffer()),
    }),
  }),
});

export const { useTrendColumnsQuery: useTimeseriesColumnsQuery } = trendColumnsApi;
