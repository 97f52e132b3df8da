import { manualEntryEndpoints } from '../generated/manualEntry.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { listTags, tagTypes, type EndpointTags, type Listed } from '../tags';

// Manual entry forms (DOMAIN.md §5; server/manual-entry/README.md): the definitions and who may
// use them, the operator grid's entries, and the values typed into it. Loads with the manual
// entry pages.

type WithId = { id: string };
const form = (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'ManualEntryForm' as const, id: arg.id }];
const entriesOf = (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'ManualEntryEntries' as const, id: arg.id }];

export const manualEntryTags = {
  getManualEntryForms: { providesTags: (list: Listed) => listTags('ManualEntryForm', list) },
  getManualEntryForm: { providesTags: form },
  getManualEntryFormAccess: { providesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'ManualEntryFormAccess', id: arg.id }] },
  getManualEntryFormEntries: { providesTags: entriesOf },
  createManualEntryForm: { invalidatesTags: [{ type: 'ManualEntryForm', id: 'LIST' }] },
  // A changed form changes its grid's columns too.
  updateManualEntryForm: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [
      { type: 'ManualEntryForm', id: arg.id },
      { type: 'ManualEntryForm', id: 'LIST' },
      { type: 'ManualEntryEntries', id: arg.id },
    ],
  },
  deleteManualEntryForm: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'ManualEntryForm', id: arg.id }, { type: 'ManualEntryForm', id: 'LIST' }] },
  // Levels change what the list shows and what the grid lets its users type.
  replaceManualEntryFormAccess: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [
      { type: 'ManualEntryFormAccess', id: arg.id },
      { type: 'ManualEntryForm', id: 'LIST' },
      { type: 'ManualEntryForm', id: arg.id },
      { type: 'ManualEntryEntries', id: arg.id },
    ],
  },
  // The grid keeps what it was sent; the events pages read the values afresh.
  writeManualEntryEventValues: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'ManualEntryEntries', id: arg.id }, { type: 'Event' }, { type: 'EventPropertyValues' }] },
  writeManualEntryAssetValues: { invalidatesTags: entriesOf },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts). Writes report in the grid itself. */
const outcomes: Record<string, EndpointOutcome> = {
  createManualEntryForm: { success: { messageKey: 'manual_entry.outcomes.form_created' }, error: { messageKey: 'manual_entry.errors.form_save' } },
  updateManualEntryForm: { success: { messageKey: 'manual_entry.outcomes.form_saved' }, error: { messageKey: 'manual_entry.errors.form_save' } },
  deleteManualEntryForm: { success: { messageKey: 'manual_entry.outcomes.form_deleted' }, error: { messageKey: 'manual_entry.errors.form_delete' } },
  replaceManualEntryFormAccess: { success: { messageKey: 'manual_entry.outcomes.access_saved' }, error: { messageKey: 'manual_entry.errors.access_save' } },
};

const manualEntryTagged = manualEntryEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: manualEntryTags });

export const manualEntryApi = withOutcomes(manualEntryTagged, outcomes);

export const {
  useGetManualEntryFormsQuery,
  useGetManualEntryFormQuery,
  useGetManualEntryFormAccessQuery,
  useGetManualEntryFormEntriesQuery,
  useCreateManualEntryFormMutation,
  useUpdateManualEntryFormMutation,
  useDeleteManualEntryFormMutation,
  useReplaceManualEntryFormAccessMutation,
  useWriteManualEntryEventValuesMutation,
  useWriteManualEntryAssetValuesMutation,
} = manualEntryApi;
