import { sinksEndpoints } from '../generated/sinks.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { listTags, tagTypes, type EndpointTags, type Listed } from '../tags';

// Sinks (broker connections) and the forwarders that send through them (DOMAIN.md §7;
// server/integrations/README.md). Loads with the sinks and forwarders pages.

type WithId = { id: string };
const sink = (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'Sink' as const, id: arg.id }];
const forwarder = (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'Forwarder' as const, id: arg.id }];

export const sinksTags = {
  getSinkTypes: { providesTags: [] },
  getSinks: { providesTags: (list: Listed) => listTags('Sink', list) },
  getSink: { providesTags: sink },
  getSinkStatistics: { providesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'SinkStatistics', id: arg.id }] },
  createSink: { invalidatesTags: [{ type: 'Sink', id: 'LIST' }] },
  updateSink: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'Sink', id: arg.id }, { type: 'Sink', id: 'LIST' }, { type: 'Forwarder', id: 'LIST' }] },
  deleteSink: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'Sink', id: arg.id }, { type: 'Sink', id: 'LIST' }] },
  setSinkState: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [
      { type: 'Sink', id: arg.id },
      { type: 'Sink', id: 'LIST' },
      { type: 'SinkStatistics', id: arg.id },
    ],
  },
  testSinkSettings: { invalidatesTags: [] },
  getForwarders: { providesTags: (list: Listed) => listTags('Forwarder', list) },
  getForwarder: { providesTags: forwarder },
  // A forwarder counts on its sink's card.
  createForwarder: { invalidatesTags: [{ type: 'Forwarder', id: 'LIST' }, { type: 'Sink', id: 'LIST' }] },
  updateForwarder: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'Forwarder', id: arg.id }, { type: 'Forwarder', id: 'LIST' }, { type: 'Sink', id: 'LIST' }] },
  deleteForwarder: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'Forwarder', id: arg.id }, { type: 'Forwarder', id: 'LIST' }, { type: 'Sink', id: 'LIST' }] },
  setForwarderState: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'Forwarder', id: arg.id }, { type: 'Forwarder', id: 'LIST' }] },
  previewForwarder: { invalidatesTags: [] },
  previewForwarderSelection: { invalidatesTags: [] },
  sendForwarderTestMessage: { invalidatesTags: [] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts). Tests and previews report on the page. */
const outcomes: Record<string, EndpointOutcome> = {
  createSink: { success: { messageKey: 'sinks.outcomes.created' }, error: { messageKey: 'sinks.errors.save' } },
  updateSink: { success: { messageKey: 'sinks.outcomes.saved' }, error: { messageKey: 'sinks.errors.save' } },
  deleteSink: { success: { messageKey: 'sinks.outcomes.deleted' }, error: { messageKey: 'sinks.errors.delete' } },
  setSinkState: { error: { messageKey: 'sinks.errors.state' } },
  createForwarder: { success: { messageKey: 'forwarders.outcomes.created' }, error: { messageKey: 'forwarders.errors.save' } },
  updateForwarder: { success: { messageKey: 'forwarders.outcomes.saved' }, error: { messageKey: 'forwarders.errors.save' } },
  deleteForwarder: { success: { messageKey: 'forwarders.outcomes.deleted' }, error: { messageKey: 'forwarders.errors.delete' } },
  setForwarderState: { error: { messageKey: 'forwarders.errors.state' } },
};

const sinksTagged = sinksEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: sinksTags });

export const sinksApi = withOutcomes(sinksTagged, outcomes);

export const {
  useGetSinkTypesQuery,
  useGetSinksQuery,
  useGetSinkQuery,
  useGetSinkStatisticsQuery,
  useCreateSinkMutation,
  useUpdateSinkMutation,
  useDeleteSinkMutation,
  useSetSinkStateMutation,
  useTestSinkSettingsMutation,
  useGetForwardersQuery,
  useGetForwarderQuery,
  useCreateForwarderMutation,
  useUpdateForwarderMutation,
  useDeleteForwarderMutation,
  useSetForwarderStateMutation,
  usePreviewForwarderMutation,
  usePreviewForwarderSelectionMutation,
  useSendForwarderTestMessageMutation,
} = sinksApi;
