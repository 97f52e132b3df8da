import { removeByUuid, sortGroups, upsertByUuid } from '../listPatches';
import type { GetUserGroupsApiArg, GetUsersApiArg, UserGroupRead, UserRead } from '../generated/historian.gen';
import type { Paginated } from '../transport/types';
import { isProblemError, type HistorianError } from '../transport/errors';
import { accessEndpoints } from '../generated/access.gen';
import { member, withOutcomes, type EndpointOutcome } from '../outcomes';
import { byId, listTags, pageTags, tagTypes, type EndpointTags, type Listed, type ListedPage, type WithId } from '../tags';

// Access administration: organizations, users and their tokens, groups with their members,
// privileges and mappings, identity providers. Loads with the pages that use it.

/** A delete of an organization that still holds things answers 409 with them; the page asks to confirm. */
const asksToConfirm = (error: HistorianError, arg: unknown) =>
  isProblemError(error) && error.code === 409 && error.body.holdings !== undefined && member(arg, 'confirm') !== true;

/** What each endpoint provides or invalidates (see tags.ts). */
export const accessTags = {
  // The licence claims name the organization each licence belongs to, and these calls give,
  // take or free one: the licence page and banner refetch them. A licence issued for one
  // organization is given to it when activated.
  getOrganizations: { providesTags: (list: Listed) => listTags('Organization', list) },
  getOrganization: { providesTags: byId('Organization') },
  createOrganization: { invalidatesTags: [{ type: 'Organization', id: 'LIST' }, 'Session', 'License'] },
  updateOrganization: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'Organization', id: arg.id }, 'Session', 'License'] },
  deleteOrganization: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'Organization', id: arg.id }, { type: 'Organization', id: 'LIST' }, 'Session', 'License'],
  },
  getUsers: { providesTags: (list: Listed) => listTags('User', list) },
  // The users and groups pages' paged calls (below): the same lists, as pages with their totals.
  getUsersPage: { providesTags: (page: ListedPage) => pageTags('User', page) },
  getUserGroupsPage: { providesTags: (page: ListedPage) => pageTags('UserGroup', page) },
  getUser: { providesTags: byId('User') },
  createUser: { invalidatesTags: [{ type: 'User', id: 'LIST' }] },
  updateUser: { invalidatesTags: byId('User') },
  deleteUser: { invalidatesTags: [{ type: 'User', id: 'LIST' }, { type: 'Membership', id: 'LIST' }] },
  updateUserPassword: { invalidatesTags: [] },
  getUserAccess: { providesTags: byId('UserAccess') },
  getUserTokens: { providesTags: (list: Listed) => listTags('UserToken', list) },
  createUserToken: { invalidatesTags: [{ type: 'UserToken', id: 'LIST' }] },
  deleteUserToken: { invalidatesTags: [{ type: 'UserToken', id: 'LIST' }] },
  // Groups, providers and mappings are patched in the cached lists when a change succeeds
  // (below); the others refetch.
  getUserGroups: { providesTags: (list: Listed) => listTags('UserGroup', list) },
  getUserGroup: { providesTags: byId('UserGroup') },
  createUserGroup: { invalidatesTags: [] },
  updateUserGroup: { invalidatesTags: byId('UserGroup') },
  deleteUserGroup: { invalidatesTags: [{ type: 'Membership', id: 'LIST' }, 'UserAccess'] },
  getUserGroupUsers: { providesTags: (list: Listed) => listTags('Membership', list) },
  createUserGroupUser: { invalidatesTags: [{ type: 'Membership', id: 'LIST' }, { type: 'User', id: 'LIST' }, 'UserAccess'] },
  deleteUserGroupUser: { invalidatesTags: [{ type: 'Membership', id: 'LIST' }, 'UserAccess'] },
  // The privileges themselves are fixed; what a group holds changes.
  getPrivileges: { providesTags: [] },
  getUserGroupPrivileges: { providesTags: byId('GroupPrivilege') },
  createUserGroupPrivilege: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'GroupPrivilege', id: arg.id }, 'UserAccess'] },
  deleteUserGroupPrivilege: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'GroupPrivilege', id: arg.id }, 'UserAccess'] },
  // The answer is the group's new set: it replaces the cached one (below) instead of a refetch.
  replaceUserGroupPrivileges: { invalidatesTags: ['UserAccess'] },
  getUserGroupMappings: { providesTags: byId('Mapping') },
  createUserGroupMapping: { invalidatesTags: [] },
  updateUserGroupMapping: { invalidatesTags: [] },
  deleteUserGroupMapping: { invalidatesTags: [] },
  // The sign-in options list the identity providers.
  getAuthenticationProviders: { providesTags: (list: Listed) => listTags('AuthProvider', list) },
  getAuthenticationProvider: { providesTags: byId('AuthProvider') },
  createAuthenticationProvider: { invalidatesTags: ['AuthOptions'] },
  updateAuthenticationProvider: { invalidatesTags: (_result: unknown, _error: unknown, arg: WithId) => [{ type: 'AuthProvider', id: arg.id }, 'AuthOptions'] },
  deleteAuthenticationProvider: { invalidatesTags: ['AuthOptions'] },
  testAuthenticationProvider: { invalidatesTags: [] },
  // The types live in code on the server and never change at run time.
  getAuthenticationProviderTypes: { providesTags: [] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts). */
const outcomes: Record<string, EndpointOutcome> = {
  createOrganization: { success: { messageKey: 'organizations.saved' }, error: { messageKey: 'configurations.errors.create_organization' } },
  updateOrganization: { success: { messageKey: 'organizations.saved' }, error: { messageKey: 'organizations.errors.save' } },
  deleteOrganization: { success: { messageKey: 'organizations.deleted' }, error: { messageKey: 'organizations.errors.delete' }, quiet: asksToConfirm },
  createUser: { success: { messageKey: 'users.saved' }, error: { messageKey: 'users.save_failed' } },
  updateUser: { success: { messageKey: 'users.saved' }, error: { messageKey: 'users.save_failed' } },
  deleteUser: { success: { messageKey: 'users.deleted' }, error: { messageKey: 'users.delete_failed' } },
  updateUserPassword: { success: { messageKey: 'users.password_set' }, error: { messageKey: 'users.errors.update_password' } },
  createUserToken: { error: { messageKey: 'configurations.errors.generate_token' } },
  deleteUserToken: { error: { messageKey: 'profile.tokens.delete_failed' } },
  createUserGroup: { success: { messageKey: 'groups.saved' }, error: { messageKey: 'groups.errors.save' } },
  updateUserGroup: { success: { messageKey: 'groups.saved' }, error: { messageKey: 'groups.errors.save' } },
  deleteUserGroup: { error: { messageKey: 'groups.errors.delete' } },
  createUserGroupUser: { success: { messageKey: 'configuration.success.member_added' }, error: { messageKey: 'groups.errors.members' } },
  deleteUserGroupUser: { error: { messageKey: 'groups.errors.members' } },
  createUserGroupPrivilege: { error: { messageKey: 'groups.errors.privileges' } },
  deleteUserGroupPrivilege: { error: { messageKey: 'groups.errors.privileges' } },
  replaceUserGroupPrivileges: { success: { messageKey: 'groups.privileges_saved' }, error: { messageKey: 'groups.errors.save_privileges' } },
  createUserGroupMapping: { error: { messageKey: 'groups.errors.mappings' } },
  updateUserGroupMapping: { error: { messageKey: 'groups.errors.mappings' } },
  deleteUserGroupMapping: { error: { messageKey: 'groups.errors.mappings' } },
  createAuthenticationProvider: { success: { messageKey: 'providers.saved' }, error: { messageKey: 'providers.errors.save' } },
  updateAuthenticationProvider: { success: { messageKey: 'providers.saved' }, error: { messageKey: 'providers.errors.save' } },
  deleteAuthenticationProvider: { error: { messageKey: 'providers.errors.delete' } },
  testAuthenticationProvider: { error: { messageKey: 'providers.errors.test' } },
};

const accessTagged = accessEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: accessTags });

/** Whether a group belongs on a page searched for this keyword (the server's rule: name or description, case aside). */
const matchesKeyword = (group: UserGroupRead, keyword: string) =>
  keyword === '' || [group.Name, group.Description ?? ''].some((text) => text.toLocaleLowerCase().includes(keyword.toLocaleLowerCase()));

/**
 * SPEC §4: the groups page's pages update locally too. A saved group joins every cached page whose
 * search it matches, in its place by name; a deleted one leaves them; the totals follow.
 */
function patchGroupPages(
  dispatch: (action: ReturnType<typeof accessPaged.util.updateQueryData>) => unknown,
  getState: () => Parameters<typeof accessPaged.util.selectCachedArgsForQuery>[0],
  change: (page: Paginated<UserGroupRead>, keyword: string) => void,
) {
  for (const args of accessPaged.util.selectCachedArgsForQuery(getState(), 'getUserGroupsPage')) {
    dispatch(accessPaged.util.updateQueryData('getUserGroupsPage', args, (page) => change(page, args.keyword?.trim() ?? '')));
  }
}

/** Lists update locally after a create or update (SPEC §4): every cached group list gets the saved group. */
async function upsertIntoCachedGroupLists(
  _arg: unknown,
  { dispatch, getState, queryFulfilled }: {
    dispatch: (action: ReturnType<typeof accessTagged.util.updateQueryData> | ReturnType<typeof accessPaged.util.updateQueryData>) => unknown;
    getState: () => Parameters<typeof accessTagged.util.selectCachedArgsForQuery>[0] & Parameters<typeof accessPaged.util.selectCachedArgsForQuery>[0];
    queryFulfilled: Promise<{ data: UserGroupRead }>;
  },
) {
  const { data } = await queryFulfilled;
  patchGroupPages(dispatch, getState, (page, keyword) => {
    const known = page.items.some((group) => group.UUID === data.UUID);
    if (!known && !matchesKeyword(data, keyword)) return;
    upsertByUuid(page.items, data);
    sortGroups(page.items);
    if (!known) page.totalCount += 1;
  });
  for (const args of accessTagged.util.selectCachedArgsForQuery(getState(), 'getUserGroups')) {
    dispatch(
      accessTagged.util.updateQueryData('getUserGroups', args, (list) => {
        upsertByUuid(list, data);
        sortGroups(list);
      }),
    );
  }
}

// Groups, providers and mappings are patched in the cached lists when a change succeeds (every
// cached argument of the list query), instead of refetching them.
accessTagged.enhanceEndpoints({
  endpoints: {
    createUserGroup: { onQueryStarted: upsertIntoCachedGroupLists },
    updateUserGroup: { onQueryStarted: upsertIntoCachedGroupLists },
    deleteUserGroup: {
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        await queryFulfilled;
        patchGroupPages(dispatch, getState, (page) => {
          const before = page.items.length;
          removeByUuid(page.items, arg.id);
          page.totalCount -= before - page.items.length;
        });
        for (const args of accessTagged.util.selectCachedArgsForQuery(getState(), 'getUserGroups')) {
          dispatch(accessTagged.util.updateQueryData('getUserGroups', args, (list) => removeByUuid(list, arg.id)));
        }
      },
    },
    replaceUserGroupPrivileges: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        // A refused save changes nothing: the cached set stays (the outcome toast says why).
        const answer = await queryFulfilled.catch(() => undefined);
        if (answer) dispatch(accessTagged.util.upsertQueryData('getUserGroupPrivileges', { id: arg.id }, answer.data));
      },
    },
    createUserGroupMapping: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(accessTagged.util.updateQueryData('getUserGroupMappings', { id: arg.id }, (list) => upsertByUuid(list, data)));
      },
    },
    updateUserGroupMapping: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(accessTagged.util.updateQueryData('getUserGroupMappings', { id: arg.id }, (list) => upsertByUuid(list, data)));
      },
    },
    deleteUserGroupMapping: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(accessTagged.util.updateQueryData('getUserGroupMappings', { id: arg.id }, (list) => removeByUuid(list, arg.mappingId)));
      },
    },
    createAuthenticationProvider: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(accessTagged.util.updateQueryData('getAuthenticationProviders', undefined, (list) => upsertByUuid(list, data)));
      },
    },
    updateAuthenticationProvider: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(accessTagged.util.updateQueryData('getAuthenticationProviders', undefined, (list) => upsertByUuid(list, data)));
      },
    },
    deleteAuthenticationProvider: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(accessTagged.util.updateQueryData('getAuthenticationProviders', undefined, (list) => removeByUuid(list, arg.id)));
      },
    },
  },
});

// Last, so that each endpoint's own onQueryStarted (the list patches above) runs beside it.
export const accessApi = withOutcomes(accessTagged, outcomes);

/**
 * The users and groups pages page and search on the server and show the total it counted
 * (x-total-count): the same calls as getUsers and getUserGroups, answered `{ items, totalCount }`
 * by the transport (`paginated`), with the same tags.
 */
const accessPaged = accessApi.injectEndpoints({
  endpoints: (build) => ({
    getUsersPage: build.query<Paginated<UserRead>, GetUsersApiArg>({
      query: (arg) => ({
        url: '/users',
        headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        params: { Limit: arg.limit, Page: arg.page, Keyword: arg.keyword, AllOrganizations: arg.allOrganizations },
        paginated: true,
      }),
      providesTags: accessTags.getUsersPage.providesTags,
    }),
    getUserGroupsPage: build.query<Paginated<UserGroupRead>, GetUserGroupsApiArg>({
      query: (arg) => ({
        url: '/user-groups',
        headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        params: { Limit: arg.limit, Page: arg.page, Keyword: arg.keyword },
        paginated: true,
      }),
      providesTags: accessTags.getUserGroupsPage.providesTags,
    }),
  }),
});

export const { useGetUsersPageQuery, useGetUserGroupsPageQuery } = accessPaged;

export const {
  useGetUsersQuery,
  useLazyGetUsersQuery,
  useCreateUserMutation,
  useGetUserQuery,
  useLazyGetUserQuery,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useUpdateUserPasswordMutation,
  useGetUserAccessQuery,
  useLazyGetUserAccessQuery,
  useGetUserTokensQuery,
  useLazyGetUserTokensQuery,
  useCreateUserTokenMutation,
  useDeleteUserTokenMutation,
  useGetOrganizationsQuery,
  useLazyGetOrganizationsQuery,
  useCreateOrganizationMutation,
  useGetOrganizationQuery,
  useLazyGetOrganizationQuery,
  useUpdateOrganizationMutation,
  useDeleteOrganizationMutation,
  useGetPrivilegesQuery,
  useLazyGetPrivilegesQuery,
  useGetUserGroupsQuery,
  useLazyGetUserGroupsQuery,
  useCreateUserGroupMutation,
  useGetUserGroupQuery,
  useLazyGetUserGroupQuery,
  useUpdateUserGroupMutation,
  useDeleteUserGroupMutation,
  useGetUserGroupUsersQuery,
  useLazyGetUserGroupUsersQuery,
  useCreateUserGroupUserMutation,
  useDeleteUserGroupUserMutation,
  useGetUserGroupPrivilegesQuery,
  useLazyGetUserGroupPrivilegesQuery,
  useCreateUserGroupPrivilegeMutation,
  useReplaceUserGroupPrivilegesMutation,
  useDeleteUserGroupPrivilegeMutation,
  useGetUserGroupMappingsQuery,
  useLazyGetUserGroupMappingsQuery,
  useCreateUserGroupMappingMutation,
  useUpdateUserGroupMappingMutation,
  useDeleteUserGroupMappingMutation,
  useGetAuthenticationProvidersQuery,
  useLazyGetAuthenticationProvidersQuery,
  useCreateAuthenticationProviderMutation,
  useTestAuthenticationProviderMutation,
  useGetAuthenticationProviderQuery,
  useLazyGetAuthenticationProviderQuery,
  useUpdateAuthenticationProviderMutation,
  useDeleteAuthenticationProviderMutation,
  useGetAuthenticationProviderTypesQuery,
  useLazyGetAuthenticationProviderTypesQuery,
} = accessApi;
