import { jobsEndpoints } from '../generated/jobs.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { byId, listTags, tagTypes, type ApiTag, type EndpointTags, type Listed } from '../tags';

// Background jobs: the list, one job, its log, and pause, resume and cancel. Loads with the jobs
// panel (src/features/jobs), never with the sign-in route.

/** What each endpoint provides or invalidates (see tags.ts). */
export const jobsTags = {
  getJobs: { providesTags: (list: Listed) => listTags('Job', list) },
  getJob: { providesTags: byId('Job') },
  getJobLogs: { providesTags: byId('JobLog') },
  // The answer is the job after the change; the lists that show it refetch (they also poll).
  pauseJob: { invalidatesTags: byId('Job') },
  resumeJob: { invalidatesTags: byId('Job') },
  cancelJob: { invalidatesTags: byId('Job', 'JobLog') },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts); the panel shows the new state itself. */
const outcomes: Record<string, EndpointOutcome> = {
  pauseJob: { error: { messageKey: 'jobs.errors.pause' } },
  resumeJob: { error: { messageKey: 'jobs.errors.resume' } },
  cancelJob: { error: { messageKey: 'jobs.errors.cancel' } },
};

/**
 * What a job of each type changes, refreshed when one ends: its writes happen on the server long
 * after the call that started it, so no mutation's tags cover them. Failed and canceled jobs count
 * too, since they may have written part of their work.
 */
const CHANGED_BY_JOB_TYPE: Record<string, readonly ApiTag[]> = {
  measurement_import: [
    { type: 'Measurement', id: 'LIST' },
    { type: 'MeasurementLabel', id: 'LIST' },
  ],
};

export const tagsChangedByJob = (type: string): ApiTag[] => [...(CHANGED_BY_JOB_TYPE[type] ?? [])];

export const jobsApi = withOutcomes(jobsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: jobsTags }), outcomes);

export const { useGetJobsQuery, useGetJobQuery, useGetJobLogsQuery, usePauseJobMutation, useResumeJobMutation, useCancelJobMutation } = jobsApi;
