import { externalDatabasesEndpoints } from '../generated/externalDatabases.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { listTags, tagTypes, type EndpointTags, type Listed } from '../tags';

// External databases (DOMAIN.md §9; server/integrations/README.md): their kinds, tests before
// saving and read-only query previews. Loads with the external database pages and the event
// configuration editor's external source.

type WithId = { id: string };
const database = (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'ExternalDatabase' as const, id: arg.id }];

export const externalDatabasesTags = {
  getExternalDatabaseKinds: { providesTags: [] },
  getExternalDatabases: { providesTags: (list: Listed) => listTags('ExternalDatabase', list) },
  getExternalDatabase: { providesTags: database },
  createExternalDatabase: { invalidatesTags: [{ type: 'ExternalDatabase', id: 'LIST' }] },
  updateExternalDatabase: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'ExternalDatabase', id: arg.id }, { type: 'ExternalDatabase', id: 'LIST' }] },
  deleteExternalDatabase: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'ExternalDatabase', id: arg.id }, { type: 'ExternalDatabase', id: 'LIST' }] },
  testExternalDatabaseSettings: { invalidatesTags: [] },
  previewExternalDatabaseQuery: { invalidatesTags: [] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts). Tests and previews report on the page. */
const outcomes: Record<string, EndpointOutcome> = {
  createExternalDatabase: { success: { messageKey: 'external_databases.outcomes.created' }, error: { messageKey: 'external_databases.errors.save' } },
  updateExternalDatabase: { success: { messageKey: 'external_databases.outcomes.saved' }, error: { messageKey: 'external_databases.errors.save' } },
  deleteExternalDatabase: { success: { messageKey: 'external_databases.outcomes.deleted' }, error: { messageKey: 'external_databases.errors.delete' } },
};

const externalDatabasesTagged = externalDatabasesEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: externalDatabasesTags });

export const externalDatabasesApi = withOutcomes(externalDatabasesTagged, outcomes);

export const {
  useGetExternalDatabaseKindsQuery,
  useGetExternalDatabasesQuery,
  useGetExternalDatabaseQuery,
  useCreateExternalDatabaseMutation,
  useUpdateExternalDatabaseMutation,
  useDeleteExternalDatabaseMutation,
  useTestExternalDatabaseSettingsMutation,
  usePreviewExternalDatabaseQueryMutation,
} = externalDatabasesApi;
