import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { generatedApi } from './generated/historian.gen';
import { removeByUuid, sortGroups, upsertByUuid } from './listPatches';
import type { UserGroupRead } from './generated/historian.gen';
import { endpointOutcomes, reportOutcome, type OutcomeLifecycle } from './outcomes';
import { endpointTags, tagTypes } from './tags';
import type { uploadProductUpdate } from './productUpdateUpload';

const isLifecycleHook = (value: unknown): value is (arg: unknown, lifecycle: OutcomeLifecycle) => unknown => typeof value === 'function';

// The upload (XHR and its progress store) loads with the page that uploads, not on sign-in.
const lazyUploadProductUpdate: typeof uploadProductUpdate = async (...args) => (await import('./productUpdateUpload')).uploadProductUpdate(...args);

// The one place components import API hooks from. Every endpoint's tags come from one table
// (tags.ts); this file adds what is not a tag: the upload, the licence form and the cached lists
// patched in place.
export const historianApi = generatedApi.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: endpointTags }).enhanceEndpoints({
  endpoints: {
    // Multipart over XHR, for the progress bar (src/api/productUpdateUpload.ts). RTK Query runs an
    // endpoint's `query` whenever it has one, so the generated one is taken away.
    createProductUpdate: (definition) => {
      Object.assign(definition, { query: undefined, queryFn: lazyUploadProductUpdate });
    },
    // SPEC §7: POST /license takes the form field licenseToken, not a JSON body.
    activateLicense: {
      query: (arg) => ({ url: '/license', method: 'POST', body: arg.licenseActivation, formData: true }),
    },
  },
});

export const {
  useGetInfoQuery,
  useGetAuthOptionsQuery,
  useLoginMutation,
  useLogoutMutation,
  useGetCurrentUserQuery,
  useUpdateCurrentUserMutation,
  useUpdateCurrentUserPasswordMutation,
  useGetCurrentUserOrganizationsQuery,
  useGetCurrentUserTokensQuery,
  useCreateCurrentUserTokenMutation,
  useDeleteCurrentUserTokenMutation,
  useLazyGetCurrentUserPrivilegesQuery,
  useLazyGetCurrentUserManualEntryFormPrivilegesQuery,
  useLazyGetCurrentUserOrganizationsQuery,
  useGetTranslationsQuery,
  useGetSettingsQuery,
  useUpdateSettingsBatchMutation,
  useGetLicenseInfoQuery,
  useGetLicenseFingerprintQuery,
  useActivateLicenseMutation,
  useCreateOrganizationMutation,
  useGetOrganizationsQuery,
  useGetTimeseriesDatabaseTypesQuery,
  useCreateTimeseriesDatabaseMutation,
  useGetCollectorsQuery,
  useCreateCollectorMutation,
  useUpdateCollectorMutation,
  useUpdateCollectorStatusMutation,
  useDeleteCollectorMutation,
  useGetCollectorTokenMutation,
  useGetCollectorHealthHistoryQuery,
  useStartCollectorUpdateMutation,
  useGetProductUpdatesQuery,
  useCreateProductUpdateMutation,
  useDeleteProductUpdateMutation,
} = historianApi;

/**
 * The collector template arrives as a Blob, and the store keeps serialisable values only: the
 * mutation answers an object URL for a download link instead, which the caller revokes.
 */
const withTemplateDownload = historianApi.enhanceEndpoints<
  never,
  { getCollectorTemplate: OverrideResultType<DefinitionsFromApi<typeof historianApi>['getCollectorTemplate'], string> }
>({
  endpoints: {
    getCollectorTemplate: { transformResponse: (file: unknown) => (file instanceof Blob ? URL.createObjectURL(file) : '') },
  },
});

export const { useGetCollectorTemplateMutation } = withTemplateDownload;

/** Lists update locally after a create or update (SPEC §4): every cached group list gets the saved group. */
async function upsertIntoCachedGroupLists(
  _arg: unknown,
  { dispatch, getState, queryFulfilled }: {
    dispatch: (action: ReturnType<typeof historianApi.util.updateQueryData>) => unknown;
    getState: () => Parameters<typeof historianApi.util.selectCachedArgsForQuery>[0];
    queryFulfilled: Promise<{ data: UserGroupRead }>;
  },
) {
  const { data } = await queryFulfilled;
  for (const args of historianApi.util.selectCachedArgsForQuery(getState(), 'getUserGroups')) {
    dispatch(
      historianApi.util.updateQueryData('getUserGroups', args, (list) => {
        upsertByUuid(list, data);
        sortGroups(list);
      }),
    );
  }
}

// Groups, providers and mappings are patched in the cached lists when a change succeeds (every
// cached argument of the list query), instead of refetching them.
const withAccessAdministration = historianApi.enhanceEndpoints({
  endpoints: {
    createUserGroup: { onQueryStarted: upsertIntoCachedGroupLists },
    updateUserGroup: { onQueryStarted: upsertIntoCachedGroupLists },
    deleteUserGroup: {
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        await queryFulfilled;
        for (const args of historianApi.util.selectCachedArgsForQuery(getState(), 'getUserGroups')) {
          dispatch(historianApi.util.updateQueryData('getUserGroups', args, (list) => removeByUuid(list, arg.id)));
        }
      },
    },
    createUserGroupMapping: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(historianApi.util.updateQueryData('getUserGroupMappings', { id: arg.id }, (list) => upsertByUuid(list, data)));
      },
    },
    updateUserGroupMapping: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(historianApi.util.updateQueryData('getUserGroupMappings', { id: arg.id }, (list) => upsertByUuid(list, data)));
      },
    },
    deleteUserGroupMapping: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(historianApi.util.updateQueryData('getUserGroupMappings', { id: arg.id }, (list) => removeByUuid(list, arg.mappingId)));
      },
    },
    createAuthenticationProvider: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(historianApi.util.updateQueryData('getAuthenticationProviders', undefined, (list) => upsertByUuid(list, data)));
      },
    },
    updateAuthenticationProvider: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(historianApi.util.updateQueryData('getAuthenticationProviders', undefined, (list) => upsertByUuid(list, data)));
      },
    },
    deleteAuthenticationProvider: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(historianApi.util.updateQueryData('getAuthenticationProviders', undefined, (list) => removeByUuid(list, arg.id)));
      },
    },
  },
});

export const {
  useGetOrganizationQuery,
  useUpdateOrganizationMutation,
  useDeleteOrganizationMutation,
  useGetUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useUpdateUserPasswordMutation,
  useGetUserAccessQuery,
  useGetUserTokensQuery,
  useCreateUserTokenMutation,
  useDeleteUserTokenMutation,
  useGetUserGroupsQuery,
  useGetUserGroupQuery,
  useCreateUserGroupMutation,
  useUpdateUserGroupMutation,
  useDeleteUserGroupMutation,
  useGetUserGroupUsersQuery,
  useCreateUserGroupUserMutation,
  useDeleteUserGroupUserMutation,
  useGetPrivilegesQuery,
  useGetUserGroupPrivilegesQuery,
  useCreateUserGroupPrivilegeMutation,
  useDeleteUserGroupPrivilegeMutation,
  useGetUserGroupMappingsQuery,
  useCreateUserGroupMappingMutation,
  useUpdateUserGroupMappingMutation,
  useDeleteUserGroupMappingMutation,
  useGetAuthenticationProvidersQuery,
  useGetAuthenticationProviderQuery,
  useCreateAuthenticationProviderMutation,
  useUpdateAuthenticationProviderMutation,
  useDeleteAuthenticationProviderMutation,
  useGetAuthenticationProviderTypesQuery,
  useTestAuthenticationProviderMutation,
} = withAccessAdministration;

export const {
  useGetTimeseriesDatabasesQuery,
  useUpdateTimeseriesDatabaseMutation,
  useDeleteTimeseriesDatabaseMutation,
  useTestTimeseriesDatabaseMutation,
  useTestTimeseriesDatabaseSettingsMutation,
} = historianApi;

// Last, so that each endpoint's own onQueryStarted (the list patches above) runs beside it.
historianApi.enhanceEndpoints({
  endpoints: Object.fromEntries(
    Object.entries(endpointOutcomes).map(([name, outcome]) => [
      name,
      (definition: { onQueryStarted?: unknown }) => {
        const own = definition.onQueryStarted;
        const onQueryStarted = async (arg: unknown, lifecycle: OutcomeLifecycle) => {
          await Promise.all([isLifecycleHook(own) ? own(arg, lifecycle) : undefined, reportOutcome(outcome, arg, lifecycle)]);
        };
        Object.assign(definition, { onQueryStarted });
      },
    ]),
  ),
});
