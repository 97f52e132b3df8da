import type { GetMeasurementsApiArg, MeasurementRead } from '../generated/historian.gen';
import { measurementsEndpoints } from '../generated/measurements.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { listTags, pageTags, tagTypes, type EndpointTags, type Listed, type ListedPage } from '../tags';
import type { Paginated } from '../transport/types';

// Measurements (DOMAIN §1): the list with its filters, one measurement, bulk status and labels,
// the labels in use. Loads with the measurements and calculations pages.

/** A bulk call changes some of the listed measurements (its answer says which): the lists and the labels refresh. */
const bulkChange = (_result: unknown, _error: unknown, arg: { measurementStatusChange?: { UUIDs: string[] }; measurementLabelsChange?: { UUIDs: string[] } }) => [
  ...(arg.measurementStatusChange?.UUIDs ?? arg.measurementLabelsChange?.UUIDs ?? []).map((id) => ({ type: 'Measurement' as const, id })),
  { type: 'Measurement' as const, id: 'LIST' },
  { type: 'MeasurementLabel' as const, id: 'LIST' },
];

/** What each endpoint provides or invalidates (see tags.ts). */
export const measurementsTags = {
  getMeasurements: { providesTags: (list: Listed) => listTags('Measurement', list) },
  getMeasurementsPage: { providesTags: (page: ListedPage) => pageTags('Measurement', page) },
  getMeasurement: { providesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'Measurement', id: arg.id }] },
  getMeasurementLabels: { providesTags: [{ type: 'MeasurementLabel', id: 'LIST' }] },
  createMeasurement: {
    invalidatesTags: [
      { type: 'Measurement', id: 'LIST' },
      { type: 'MeasurementLabel', id: 'LIST' },
    ],
  },
  updateMeasurement: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [
      { type: 'Measurement', id: arg.id },
      { type: 'MeasurementLabel', id: 'LIST' },
    ],
  },
  deleteMeasurement: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [
      { type: 'Measurement', id: arg.id },
      { type: 'Measurement', id: 'LIST' },
      { type: 'MeasurementLabel', id: 'LIST' },
    ],
  },
  updateMeasurementsStatus: { invalidatesTags: bulkChange },
  updateMeasurementsLabels: { invalidatesTags: bulkChange },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts); field errors land on the form, bulk rows in the answer. */
const outcomes: Record<string, EndpointOutcome> = {
  createMeasurement: { success: { messageKey: 'measurements.saved' }, error: { messageKey: 'measurements.errors.save' } },
  updateMeasurement: { success: { messageKey: 'measurements.saved' }, error: { messageKey: 'measurements.errors.save' } },
  deleteMeasurement: { success: { messageKey: 'measurements.deleted' }, error: { messageKey: 'measurements.errors.delete' } },
  updateMeasurementsStatus: { error: { messageKey: 'measurements.errors.bulk' } },
  updateMeasurementsLabels: { error: { messageKey: 'measurements.errors.bulk' } },
};

// The paged list is injected below; the generated endpoints get the rest of the table.
const { getMeasurementsPage: pagedListTags, ...generatedTags } = measurementsTags;
const measurementsTagged = measurementsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: generatedTags });

export const measurementsApi = withOutcomes(measurementsTagged, outcomes);

/** The list pages and filters on the server: getMeasurements answered `{ items, totalCount }`. */
const measurementsPaged = measurementsApi.injectEndpoints({
  endpoints: (build) => ({
    getMeasurementsPage: build.query<Paginated<MeasurementRead>, GetMeasurementsApiArg>({
      query: (arg) => ({
        url: '/measurements',
        headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        params: {
          Limit: arg.limit,
          Page: arg.page,
          Keyword: arg.keyword,
          Statuses: arg.statuses,
          Labels: arg.labels,
          DatabaseUUIDs: arg.databaseUuiDs,
          CollectorUUIDs: arg.collectorUuiDs,
          Datatypes: arg.datatypes,
          Quality: arg.quality,
          ExcludeCalculations: arg.excludeCalculations,
          OnlyCalculations: arg.onlyCalculations,
          Sort: arg.sort,
        },
        paginated: true,
      }),
      providesTags: pagedListTags.providesTags,
    }),
  }),
});

export const { useGetMeasurementsPageQuery } = measurementsPaged;

export const {
  useGetMeasurementsQuery,
  useGetMeasurementQuery,
  useCreateMeasurementMutation,
  useUpdateMeasurementMutation,
  useDeleteMeasurementMutation,
  useUpdateMeasurementsStatusMutation,
  useUpdateMeasurementsLabelsMutation,
  useGetMeasurementLabelsQuery,
} = measurementsApi;
