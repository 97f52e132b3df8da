import type { GetTaskSchedulersApiArg, TaskSchedulerRead } from '../generated/historian.gen';
import { taskSchedulersEndpoints } from '../generated/taskSchedulers.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { byId, listTags, pageTags, tagTypes, type EndpointTags, type Listed, type ListedPage } from '../tags';
import type { Paginated } from '../transport/types';

// Task schedulers: recurring tasks whose runs are jobs (DOMAIN §8). Loads with their pages.

/** What each endpoint provides or invalidates (see tags.ts). */
export const taskSchedulersTags = {
  getTaskSchedulers: { providesTags: (list: Listed) => listTags('TaskScheduler', list) },
  getTaskSchedulersPage: { providesTags: (page: ListedPage) => pageTags('TaskScheduler', page) },
  getTaskScheduler: { providesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'TaskScheduler', id: arg.id }] },
  createTaskScheduler: { invalidatesTags: [{ type: 'TaskScheduler', id: 'LIST' }] },
  updateTaskScheduler: { invalidatesTags: byId('TaskScheduler') },
  deleteTaskScheduler: { invalidatesTags: byId('TaskScheduler') },
  // A run moves LastRunAt and is a new job.
  runTaskScheduler: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [
      { type: 'TaskScheduler', id: arg.id },
      { type: 'Job', id: 'LIST' },
    ],
  },
  // The preview depends on its arguments only; the measurements change on another page.
  getTaskSchedulerPreview: { providesTags: [] },
  getTaskSchedulerMeasurements: { providesTags: [] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts); field errors land on the form. */
const outcomes: Record<string, EndpointOutcome> = {
  createTaskScheduler: { success: { messageKey: 'task_schedulers.saved' }, error: { messageKey: 'task_schedulers.errors.save' } },
  updateTaskScheduler: { success: { messageKey: 'task_schedulers.saved' }, error: { messageKey: 'task_schedulers.errors.save' } },
  deleteTaskScheduler: { success: { messageKey: 'task_schedulers.deleted' }, error: { messageKey: 'task_schedulers.errors.delete' } },
  runTaskScheduler: { success: { messageKey: 'task_schedulers.run_started' }, error: { messageKey: 'task_schedulers.errors.run' } },
};

// The paged list is injected below; the generated endpoints get the rest of the table.
const { getTaskSchedulersPage: pagedListTags, ...generatedTags } = taskSchedulersTags;
const taskSchedulersTagged = taskSchedulersEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: generatedTags });

export const taskSchedulersApi = withOutcomes(taskSchedulersTagged, outcomes);

/** The list page pages and searches on the server: getTaskSchedulers answered `{ items, totalCount }`. */
const taskSchedulersPaged = taskSchedulersApi.injectEndpoints({
  endpoints: (build) => ({
    getTaskSchedulersPage: build.query<Paginated<TaskSchedulerRead>, GetTaskSchedulersApiArg>({
      query: (arg) => ({
        url: '/task-schedulers',
        headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        params: { Limit: arg.limit, Page: arg.page, Keyword: arg.keyword },
        paginated: true,
      }),
      providesTags: pagedListTags.providesTags,
    }),
  }),
});

export const { useGetTaskSchedulersPageQuery } = taskSchedulersPaged;

export const {
  useGetTaskSchedulerQuery,
  useCreateTaskSchedulerMutation,
  useUpdateTaskSchedulerMutation,
  useDeleteTaskSchedulerMutation,
  useRunTaskSchedulerMutation,
  useGetTaskSchedulerPreviewQuery,
  useGetTaskSchedulerMeasurementsQuery,
} = taskSchedulersApi;
