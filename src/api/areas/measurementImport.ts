import type { uploadMeasurementImport } from '../measurementImportUpload';
import { measurementsEndpoints } from '../generated/measurements.gen';
import { tagTypes, type EndpointTags } from '../tags';

// The import of measurements from a collector's template (DOMAIN.md §1): the dry run, uploaded
// over XHR for its progress bar, and the apply that starts a job. Loads with the import dialog;
// the dialog tells its own errors (each with its cell), so no outcome toasts here.

const lazyUpload: typeof uploadMeasurementImport = async (...args) => (await import('../measurementImportUpload')).uploadMeasurementImport(...args);

export const measurementImportTags = {
  // A dry run changes nothing.
  importMeasurementsDryRun: { invalidatesTags: [] },
  // The job adds and changes measurements: the lists refresh once it is started and again when it is seen done.
  importMeasurements: { invalidatesTags: [{ type: 'Measurement', id: 'LIST' }, { type: 'MeasurementLabel', id: 'LIST' }, { type: 'Job', id: 'LIST' }] },
} satisfies Record<string, EndpointTags>;

export const measurementImportApi = measurementsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: measurementImportTags }).enhanceEndpoints({
  endpoints: {
    // RTK Query runs an endpoint's `query` whenever it has one, so the generated one is taken away.
    importMeasurementsDryRun: (definition) => {
      Object.assign(definition, { query: undefined, queryFn: lazyUpload });
    },
  },
});

export const { useImportMeasurementsDryRunMutation, useImportMeasurementsMutation } = measurementImportApi;
