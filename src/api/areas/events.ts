import type { Event, GetEventsApiArg } from '../generated/events.gen';
import { eventsEndpoints } from '../generated/events.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { listTags, pageTags, tagTypes, type EndpointTags, type Listed, type ListedPage } from '../tags';
import type { Paginated } from '../transport/types';

// Events (DOMAIN.md §4): the overview's list and timeline, manual events, edits, merge and split,
// and the distinct values of a property for the filters. Loads with the events pages.

const event = (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'Event' as const, id: arg.id }];

export const eventsTags = {
  getEvents: { providesTags: (list: Listed) => listTags('Event', list) },
  getEventsPage: { providesTags: (page: ListedPage) => pageTags('Event', page) },
  getEvent: { providesTags: event },
  getEventTypePropertyValues: { providesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'EventPropertyValues', id: arg.id }] },
  createEvent: { invalidatesTags: [{ type: 'Event', id: 'LIST' }, { type: 'EventConfiguration' }, { type: 'EventPropertyValues' }] },
  updateEvent: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'Event', id: arg.id }, { type: 'Event', id: 'LIST' }, { type: 'EventPropertyValues' }] },
  // A merge or split changes its neighbours and the children's parents: every event refreshes.
  deleteEvent: { invalidatesTags: [{ type: 'Event' }, { type: 'EventConfiguration' }, { type: 'EventPropertyValues' }] },
  mergeEvent: { invalidatesTags: [{ type: 'Event' }, { type: 'EventConfiguration' }, { type: 'EventPropertyValues' }] },
  splitEvent: { invalidatesTags: [{ type: 'Event' }, { type: 'EventConfiguration' }, { type: 'EventPropertyValues' }] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts). */
const outcomes: Record<string, EndpointOutcome> = {
  createEvent: { success: { messageKey: 'events.outcomes.event_created' }, error: { messageKey: 'events.errors.event_save' } },
  updateEvent: { success: { messageKey: 'events.outcomes.event_saved' }, error: { messageKey: 'events.errors.event_save' } },
  deleteEvent: { success: { messageKey: 'events.outcomes.event_deleted' }, error: { messageKey: 'events.errors.event_delete' } },
  mergeEvent: { success: { messageKey: 'events.outcomes.merged' }, error: { messageKey: 'events.errors.merge' } },
  splitEvent: { success: { messageKey: 'events.outcomes.split' }, error: { messageKey: 'events.errors.split' } },
};

// The paged list is injected below; the generated endpoints get the rest of the table.
const { getEventsPage: eventsPageTags, ...generatedTags } = eventsTags;
const eventsTagged = eventsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: generatedTags });

export const eventsApi = withOutcomes(eventsTagged, outcomes);

/** getEvents answered `{ items, totalCount }` (x-total-count), for the overview's pages. */
const eventsPaged = eventsApi.injectEndpoints({
  endpoints: (build) => ({
    getEventsPage: build.query<Paginated<Event>, GetEventsApiArg>({
      query: (arg) => ({
        url: '/events',
        headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        params: {
          Limit: arg.limit,
          Page: arg.page,
          StartTime: arg.startTime,
          StopTime: arg.stopTime,
          AssetUUIDs: arg.assetUuiDs,
          EventTypeUUIDs: arg.eventTypeUuiDs,
          EventConfigurationUUIDs: arg.eventConfigurationUuiDs,
          Statuses: arg.statuses,
          PropertyFilter: arg.propertyFilter,
          ExcludeManualEvents: arg.excludeManualEvents,
          PreloadProperties: arg.preloadProperties,
          Sort: arg.sort,
          Ascending: arg.ascending,
        },
        paginated: true,
      }),
      providesTags: eventsPageTags.providesTags,
    }),
  }),
});

export const { useGetEventsPageQuery } = eventsPaged;

export const {
  useGetEventsQuery,
  useGetEventQuery,
  useGetEventTypePropertyValuesQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useDeleteEventMutation,
  useMergeEventMutation,
  useSplitEventMutation,
} = eventsApi;
