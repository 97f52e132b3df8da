import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { generatedApi } from './generated/historian.gen';
import { removeByUuid, sortGroups, upsertByUuid } from './listPatches';
import type { UserGroup } from './generated/historian.gen';
import type { uploadProductUpdate } from './productUpdateUpload';

// The upload (XHR and its progress store) loads with the page that uploads, not on sign-in.
const lazyUploadProductUpdate: typeof uploadProductUpdate = async (...args) => (await import('./productUpdateUpload')).uploadProductUpdate(...args);

// The one place components import API hooks from. Tags with ids plus a LIST sentinel let a change
// to one item refresh exactly the queries that show it.
export const historianApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['Session', 'Tokens', 'Collector', 'CollectorHealth', 'ProductUpdate'],
  endpoints: {
    getCurrentUser: { providesTags: ['Session'] },
    updateCurrentUser: { invalidatesTags: ['Session'] },
    getCurrentUserTokens: {
      providesTags: (tokens) => [...(tokens ?? []).map((token) => ({ type: 'Tokens' as const, id: token.UUID })), { type: 'Tokens', id: 'LIST' }],
    },
    createCurrentUserToken: { invalidatesTags: [{ type: 'Tokens', id: 'LIST' }] },
    deleteCurrentUserToken: { invalidatesTags: (_result, _error, arg) => [{ type: 'Tokens', id: arg.id }] },
    getCurrentUserPrivileges: { providesTags: ['Session'] },
    getCurrentUserOrganizations: { providesTags: ['Session'] },
    getCurrentUserManualEntryFormPrivileges: { providesTags: ['Session'] },
    login: { invalidatesTags: ['Session'] },
    // Collectors: a change to one refetches the list that shows it (by id), a new one the list.
    getCollectors: {
      providesTags: (list) => [...(list ?? []).map((collector) => ({ type: 'Collector' as const, id: collector.UUID })), { type: 'Collector', id: 'LIST' }],
    },
    createCollector: { invalidatesTags: [{ type: 'Collector', id: 'LIST' }] },
    updateCollector: { invalidatesTags: (_result, _error, arg) => [{ type: 'Collector', id: arg.id }] },
    updateCollectorStatus: { invalidatesTags: (_result, _error, arg) => [{ type: 'Collector', id: arg.id }, { type: 'CollectorHealth', id: arg.id }] },
    deleteCollector: { invalidatesTags: (_result, _error, arg) => [{ type: 'Collector', id: arg.id }] },
    getCollectorToken: { invalidatesTags: [] },
    getCollectorTemplate: { invalidatesTags: [] },
    getCollectorHealthHistory: { providesTags: (_result, _error, arg) => [{ type: 'CollectorHealth', id: arg.id }] },
    startCollectorUpdate: { invalidatesTags: (_result, _error, arg) => [{ type: 'Collector', id: arg.id }] },
    getProductUpdates: {
      providesTags: (list) => [...(list ?? []).map((update) => ({ type: 'ProductUpdate' as const, id: update.UUID })), { type: 'ProductUpdate', id: 'LIST' }],
    },
    // Multipart over XHR, for the progress bar (src/api/productUpdateUpload.ts). RTK Query runs an
    // endpoint's `query` whenever it has one, so the generated one is taken away.
    createProductUpdate: (definition) => {
      Object.assign(definition, { query: undefined, queryFn: lazyUploadProductUpdate, invalidatesTags: [{ type: 'ProductUpdate', id: 'LIST' }] });
    },
    deleteProductUpdate: { invalidatesTags: (_result, _error, arg) => [{ type: 'ProductUpdate', id: arg.id }] },
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

// Access administration (issue 6): organizations, users, groups with their members, privileges
// and mappings, and identity providers. Groups, providers and mappings are patched in the cached
// lists when a change succeeds (every cached argument of the list query), the others refetch.
type AccessTag = 'Organization' | 'User' | 'UserGroup' | 'Membership' | 'GroupPrivilege' | 'Mapping' | 'AuthProvider' | 'UserToken' | 'UserAccess';
const listTags = <T extends { UUID?: string }>(type: AccessTag, list: readonly T[] | undefined) => [
  ...(list ?? []).map((item) => ({ type, id: item.UUID ?? '' })),
  { type, id: 'LIST' },
];

/** Lists update locally after a create or update (SPEC §4): every cached group list gets the saved group. */
async function upsertIntoCachedGroupLists(
  _arg: unknown,
  { dispatch, getState, queryFulfilled }: {
    dispatch: (action: ReturnType<typeof historianApi.util.updateQueryData>) => unknown;
    getState: () => Parameters<typeof historianApi.util.selectCachedArgsForQuery>[0];
    queryFulfilled: Promise<{ data: UserGroup }>;
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

const withAccessAdministration = historianApi.enhanceEndpoints({
  addTagTypes: ['Organization', 'User', 'UserGroup', 'Membership', 'GroupPrivilege', 'Mapping', 'AuthProvider', 'UserToken', 'UserAccess'],
  endpoints: {
    getOrganizations: { providesTags: (list) => listTags('Organization', list) },
    getOrganization: { providesTags: (_result, _error, arg) => [{ type: 'Organization', id: arg.id }] },
    // The licence claims name the organization each licence belongs to, and these calls give,
    // take or free one: the licence page and banner refetch them (the generated License tag).
    createOrganization: { invalidatesTags: [{ type: 'Organization', id: 'LIST' }, 'Session', 'License'] },
    updateOrganization: { invalidatesTags: (_result, _error, arg) => [{ type: 'Organization', id: arg.id }, 'Session', 'License'] },
    deleteOrganization: { invalidatesTags: (_result, _error, arg) => [{ type: 'Organization', id: arg.id }, { type: 'Organization', id: 'LIST' }, 'Session', 'License'] },
    getUsers: { providesTags: (list) => listTags('User', list) },
    getUser: { providesTags: (_result, _error, arg) => [{ type: 'User', id: arg.id }] },
    createUser: { invalidatesTags: [{ type: 'User', id: 'LIST' }] },
    updateUser: { invalidatesTags: (_result, _error, arg) => [{ type: 'User', id: arg.id }] },
    deleteUser: { invalidatesTags: [{ type: 'User', id: 'LIST' }, { type: 'Membership', id: 'LIST' }] },
    getUserAccess: { providesTags: (_result, _error, arg) => [{ type: 'UserAccess', id: arg.id }] },
    getUserTokens: { providesTags: (list) => listTags('UserToken', list) },
    createUserToken: { invalidatesTags: [{ type: 'UserToken', id: 'LIST' }] },
    deleteUserToken: { invalidatesTags: [{ type: 'UserToken', id: 'LIST' }] },
    getUserGroups: { providesTags: (list) => listTags('UserGroup', list) },
    getUserGroup: { providesTags: (_result, _error, arg) => [{ type: 'UserGroup', id: arg.id }] },
    createUserGroup: {
      onQueryStarted: upsertIntoCachedGroupLists,
    },
    updateUserGroup: {
      invalidatesTags: (_result, _error, arg) => [{ type: 'UserGroup', id: arg.id }],
      onQueryStarted: upsertIntoCachedGroupLists,
    },
    deleteUserGroup: {
      invalidatesTags: [{ type: 'Membership', id: 'LIST' }, { type: 'UserAccess' }],
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        await queryFulfilled;
        for (const args of historianApi.util.selectCachedArgsForQuery(getState(), 'getUserGroups')) {
          dispatch(historianApi.util.updateQueryData('getUserGroups', args, (list) => removeByUuid(list, arg.id)));
        }
      },
    },
    getUserGroupUsers: { providesTags: (list) => listTags('Membership', list) },
    createUserGroupUser: { invalidatesTags: [{ type: 'Membership', id: 'LIST' }, { type: 'User', id: 'LIST' }, { type: 'UserAccess' }] },
    deleteUserGroupUser: { invalidatesTags: [{ type: 'Membership', id: 'LIST' }, { type: 'UserAccess' }] },
    getPrivileges: { providesTags: ['GroupPrivilege'] },
    getUserGroupPrivileges: { providesTags: (_result, _error, arg) => [{ type: 'GroupPrivilege', id: arg.id }] },
    createUserGroupPrivilege: { invalidatesTags: (_result, _error, arg) => [{ type: 'GroupPrivilege', id: arg.id }, { type: 'UserAccess' }] },
    deleteUserGroupPrivilege: { invalidatesTags: (_result, _error, arg) => [{ type: 'GroupPrivilege', id: arg.id }, { type: 'UserAccess' }] },
    getUserGroupMappings: { providesTags: (_result, _error, arg) => [{ type: 'Mapping', id: arg.id }] },
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
    getAuthenticationProviders: { providesTags: (list) => listTags('AuthProvider', list) },
    getAuthenticationProvider: { providesTags: (_result, _error, arg) => [{ type: 'AuthProvider', id: arg.id }] },
    createAuthenticationProvider: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(historianApi.util.updateQueryData('getAuthenticationProviders', undefined, (list) => upsertByUuid(list, data)));
      },
    },
    updateAuthenticationProvider: {
      invalidatesTags: (_result, _error, arg) => [{ type: 'AuthProvider', id: arg.id }],
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

// Time-series databases (issue 7). A connection test changes nothing the client shows, so it
// refetches nothing; the types live in code on the server and never change at run time.
const withTimeseriesDatabases = historianApi.enhanceEndpoints({
  addTagTypes: ['TimeseriesDatabase'],
  endpoints: {
    getTimeseriesDatabaseTypes: { providesTags: [] },
    getTimeseriesDatabases: {
      providesTags: (list) => [...(list ?? []).map((database) => ({ type: 'TimeseriesDatabase' as const, id: database.UUID ?? '' })), { type: 'TimeseriesDatabase', id: 'LIST' }],
    },
    createTimeseriesDatabase: { invalidatesTags: [{ type: 'TimeseriesDatabase', id: 'LIST' }] },
    updateTimeseriesDatabase: { invalidatesTags: (_result, _error, arg) => [{ type: 'TimeseriesDatabase', id: arg.id }] },
    deleteTimeseriesDatabase: { invalidatesTags: (_result, _error, arg) => [{ type: 'TimeseriesDatabase', id: arg.id }] },
    testTimeseriesDatabase: { invalidatesTags: [] },
    testTimeseriesDatabaseSettings: { invalidatesTags: [] },
  },
});

export const {
  useGetTimeseriesDatabasesQuery,
  useUpdateTimeseriesDatabaseMutation,
  useDeleteTimeseriesDatabaseMutation,
  useTestTimeseriesDatabaseMutation,
  useTestTimeseriesDatabaseSettingsMutation,
} = withTimeseriesDatabases;
