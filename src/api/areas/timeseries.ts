import { COLUMNS_MEDIA_TYPE, decodeColumns, type ColumnsAnswer } from '../../../domain/timeseriesColumns';
import type { TimeseriesQuery } from '../generated/historian.gen';
import { timeseriesEndpoints } from '../generated/timeseries.gen';
import { tagTypes, type EndpointTags } from '../tags';

// The time-series query (DOMAIN.md §1): points of measurements for trends. Loads with the pages
// that draw them. The charts ask for the columnar answer: typed arrays that uPlot takes as they
// are, decoded as views on the received bytes, so a million points make no million objects.

/** Reads the columnar body; a body that is not the format fails as a parse error. */
export async function readColumnsResponse(response: Response): Promise<ColumnsAnswer> {
  return decodeColumns(await response.arrayBuffer());
}

/**
 * Points change all the time and no call of the console changes them: nothing invalidates a
 * query, a range asked for again after keepUnusedDataFor is read again.
 */
export const timeseriesTags = {
  queryTimeseries: { providesTags: [] },
  queryTimeseriesColumns: { providesTags: [] },
} satisfies Record<string, EndpointTags>;

// The columnar endpoint is injected below; the generated one gets the rest of the table.
const { queryTimeseriesColumns: columnsTags, ...generatedTags } = timeseriesTags;
const timeseriesTagged = timeseriesEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: generatedTags });

const timeseriesApi = timeseriesTagged.injectEndpoints({
  endpoints: (build) => ({
    // The organization comes from the transport's request context, like every other call. The
    // store's development checks skip this endpoint's typed arrays by its name (src/app/store.ts).
    queryTimeseriesColumns: build.query<ColumnsAnswer, TimeseriesQuery>({
      query: (body) => ({
        url: '/timeseries/query',
        method: 'POST',
        body,
        headers: { accept: COLUMNS_MEDIA_TYPE },
        responseHandler: readColumnsResponse,
      }),
      providesTags: columnsTags.providesTags,
      keepUnusedDataFor: 60,
    }),
  }),
});

/** `useTimeseriesColumnsQuery(body, { skip, pollingInterval, … })`: the columnar answer of one query. */
export const { useQueryTimeseriesColumnsQuery: useTimeseriesColumnsQuery } = timeseriesApi;
export const { useQueryTimeseriesQuery } = timeseriesApi;
