import { eventConfigurationsEndpoints } from '../generated/eventConfigurations.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { listTags, tagTypes, type EndpointTags, type Listed } from '../tags';

// Event types and their properties, event configurations (an event type on an asset with a start
// source), their property configurations, state, log and re-evaluation (DOMAIN.md §4). Loads with
// the event types and property configurations pages, and with the overview for its filters.

type ItemTag = 'EventType' | 'EventTypeProperty' | 'EventConfiguration' | 'EventPropertyConfiguration';
const item = (type: ItemTag) => (_result: unknown, _error: unknown, arg: { id: string }) => [{ type, id: arg.id }];
const itemAndList = (type: ItemTag) => (_result: unknown, _error: unknown, arg: { id: string }) => [{ type, id: arg.id }, { type, id: 'LIST' }];

export const eventConfigurationsTags = {
  getEventTypes: { providesTags: (list: Listed) => listTags('EventType', list) },
  getEventType: { providesTags: item('EventType') },
  createEventType: { invalidatesTags: [{ type: 'EventType', id: 'LIST' }] },
  // A renamed type is named in every configuration and event of it.
  updateEventType: { invalidatesTags: [{ type: 'EventType' }, { type: 'EventConfiguration' }, { type: 'Event' }] },
  deleteEventType: { invalidatesTags: itemAndList('EventType') },
  // A type answers its properties: a change to one refreshes the types too.
  getEventTypeProperties: { providesTags: (list: Listed) => listTags('EventTypeProperty', list) },
  getEventTypeProperty: { providesTags: item('EventTypeProperty') },
  createEventTypeProperty: { invalidatesTags: [{ type: 'EventTypeProperty', id: 'LIST' }, { type: 'EventType' }] },
  updateEventTypeProperty: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'EventTypeProperty', id: arg.id }, { type: 'EventTypeProperty', id: 'LIST' }, { type: 'EventType' }, { type: 'EventPropertyConfiguration' }] },
  deleteEventTypeProperty: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'EventTypeProperty', id: arg.id }, { type: 'EventTypeProperty', id: 'LIST' }, { type: 'EventType' }] },
  getEventConfigurations: { providesTags: (list: Listed) => listTags('EventConfiguration', list) },
  getEventConfiguration: { providesTags: item('EventConfiguration') },
  createEventConfiguration: { invalidatesTags: [{ type: 'EventConfiguration', id: 'LIST' }, { type: 'EventType' }] },
  updateEventConfiguration: { invalidatesTags: itemAndList('EventConfiguration') },
  deleteEventConfiguration: { invalidatesTags: [{ type: 'EventConfiguration' }, { type: 'EventType' }, { type: 'EventPropertyConfiguration', id: 'LIST' }, { type: 'Event', id: 'LIST' }] },
  setEventConfigurationState: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'EventConfiguration', id: arg.id }, { type: 'EventConfiguration', id: 'LIST' }, { type: 'EventConfigurationLog', id: arg.id }] },
  getEventConfigurationLogs: { providesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'EventConfigurationLog', id: arg.id }] },
  // The job changes events; the overview refreshes once it is seen done (the jobs area).
  reevaluateEventConfiguration: { invalidatesTags: [{ type: 'Job', id: 'LIST' }] },
  getEventPropertyConfigurations: { providesTags: (list: Listed) => listTags('EventPropertyConfiguration', list) },
  getEventPropertyConfiguration: { providesTags: item('EventPropertyConfiguration') },
  createEventPropertyConfiguration: { invalidatesTags: [{ type: 'EventPropertyConfiguration', id: 'LIST' }, { type: 'EventConfiguration' }] },
  updateEventPropertyConfiguration: { invalidatesTags: itemAndList('EventPropertyConfiguration') },
  deleteEventPropertyConfiguration: { invalidatesTags: [{ type: 'EventPropertyConfiguration' }, { type: 'EventConfiguration' }] },
  reevaluateEventPropertyConfiguration: { invalidatesTags: [{ type: 'Job', id: 'LIST' }] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts); field errors land on the forms. */
const outcomes: Record<string, EndpointOutcome> = {
  createEventType: { success: { messageKey: 'events.outcomes.type_saved' }, error: { messageKey: 'events.errors.type_save' } },
  updateEventType: { success: { messageKey: 'events.outcomes.type_saved' }, error: { messageKey: 'events.errors.type_save' } },
  deleteEventType: { success: { messageKey: 'events.outcomes.type_deleted' }, error: { messageKey: 'events.errors.type_delete' } },
  createEventTypeProperty: { success: { messageKey: 'events.outcomes.property_saved' }, error: { messageKey: 'events.errors.property_save' } },
  updateEventTypeProperty: { success: { messageKey: 'events.outcomes.property_saved' }, error: { messageKey: 'events.errors.property_save' } },
  deleteEventTypeProperty: { success: { messageKey: 'events.outcomes.property_deleted' }, error: { messageKey: 'events.errors.property_delete' } },
  createEventConfiguration: { success: { messageKey: 'events.outcomes.configuration_saved' }, error: { messageKey: 'events.errors.configuration_save' } },
  updateEventConfiguration: { success: { messageKey: 'events.outcomes.configuration_saved' }, error: { messageKey: 'events.errors.configuration_save' } },
  deleteEventConfiguration: { success: { messageKey: 'events.outcomes.configuration_deleted' }, error: { messageKey: 'events.errors.configuration_delete' } },
  setEventConfigurationState: { error: { messageKey: 'events.errors.state' } },
  createEventPropertyConfiguration: { success: { messageKey: 'events.outcomes.property_configuration_saved' }, error: { messageKey: 'events.errors.property_configuration_save' } },
  updateEventPropertyConfiguration: { success: { messageKey: 'events.outcomes.property_configuration_saved' }, error: { messageKey: 'events.errors.property_configuration_save' } },
  deleteEventPropertyConfiguration: { success: { messageKey: 'events.outcomes.property_configuration_deleted' }, error: { messageKey: 'events.errors.property_configuration_delete' } },
  reevaluateEventConfiguration: { success: { messageKey: 'events.outcomes.reevaluation_started' }, error: { messageKey: 'events.errors.reevaluate' } },
  reevaluateEventPropertyConfiguration: { success: { messageKey: 'events.outcomes.reevaluation_started' }, error: { messageKey: 'events.errors.reevaluate' } },
};

const eventConfigurationsTagged = eventConfigurationsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: eventConfigurationsTags });

export const eventConfigurationsApi = withOutcomes(eventConfigurationsTagged, outcomes);

export const {
  useGetEventTypesQuery,
  useGetEventTypeQuery,
  useCreateEventTypeMutation,
  useUpdateEventTypeMutation,
  useDeleteEventTypeMutation,
  useGetEventTypePropertiesQuery,
  useCreateEventTypePropertyMutation,
  useUpdateEventTypePropertyMutation,
  useDeleteEventTypePropertyMutation,
  useGetEventConfigurationsQuery,
  useGetEventConfigurationQuery,
  useCreateEventConfigurationMutation,
  useUpdateEventConfigurationMutation,
  useDeleteEventConfigurationMutation,
  useSetEventConfigurationStateMutation,
  useGetEventConfigurationLogsQuery,
  useReevaluateEventConfigurationMutation,
  useGetEventPropertyConfigurationsQuery,
  useGetEventPropertyConfigurationQuery,
  useCreateEventPropertyConfigurationMutation,
  useUpdateEventPropertyConfigurationMutation,
  useDeleteEventPropertyConfigurationMutation,
  useReevaluateEventPropertyConfigurationMutation,
} = eventConfigurationsApi;
