// What every endpoint of the contract provides or invalidates, written by hand (the generator
// writes no tags). Items are tagged by id, lists by a LIST sentinel as well, so that a change to
// one item refreshes exactly the queries that show it. A query whose answer no call of the
// client changes provides nothing; a mutation that changes nothing the client shows (or patches
// the cached lists itself, see historianApi.ts) invalidates nothing. tags.test.ts checks that
// every endpoint is listed here and that every invalidated tag is provided by some query.

export const tagTypes = [
  'Session',
  'AuthOptions',
  'Tokens',
  'Organization',
  'User',
  'UserAccess',
  'UserToken',
  'UserGroup',
  'Membership',
  'GroupPrivilege',
  'Mapping',
  'AuthProvider',
  'Setting',
  'TableSetting',
  'License',
  'Collector',
  'CollectorHealth',
  'ProductUpdate',
  'TimeseriesDatabase',
] as const;

export type TagType = (typeof tagTypes)[number];
export type ApiTag = TagType | { type: TagType; id?: string };

interface WithId {
  id: string;
}
type Listed = readonly { UUID: string }[] | undefined;

const listTags = (type: TagType, list: Listed): ApiTag[] => [...(list ?? []).map((item) => ({ type, id: item.UUID })), { type, id: 'LIST' }];
const byId =
  (...types: TagType[]) =>
  (_result: unknown, _error: unknown, arg: WithId): ApiTag[] =>
    types.map((type) => ({ type, id: arg.id }));

type Describe = readonly ApiTag[] | ((result: never, error: unknown, arg: never) => readonly ApiTag[]);
export interface EndpointTags {
  providesTags?: Describe;
  invalidatesTags?: Describe;
}

export const endpointTags = {
  // The signed-in user: the current user, their privileges and organizations.
  getCurrentUser: { providesTags: ['Session'] },
  updateCurrentUser: { invalidatesTags: ['Session'] },
  // The answer to getCurrentUser says whether the default password must still be changed.
  updateCurrentUserPassword: { invalidatesTags: ['Session'] },
  getCurrentUserOrganizations: { providesTags: ['Session'] },
  getCurrentUserPrivileges: { providesTags: ['Session'] },
  getCurrentUserManualEntryFormPrivileges: { providesTags: ['Session'] },
  getCurrentUserTokens: { providesTags: (list: Listed) => listTags('Tokens', list) },
  createCurrentUserToken: { invalidatesTags: [{ type: 'Tokens', id: 'LIST' }] },
  deleteCurrentUserToken: { invalidatesTags: byId('Tokens') },
  // Signing out resets the whole cache (app/UserMenu.tsx), nothing to refetch.
  login: { invalidatesTags: ['Session'] },
  logout: { invalidatesTags: [] },
  getAuthOptions: { providesTags: ['AuthOptions'] },

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
  getLicenseFingerprint: { providesTags: [] },
  getLicenseInfo: { providesTags: ['License'] },
  activateLicense: { invalidatesTags: ['License', 'Organization'] },

  getUsers: { providesTags: (list: Listed) => listTags('User', list) },
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
  // (historianApi.ts); the others refetch.
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

  getSettings: { providesTags: ['Setting'] },
  updateSettingsBatch: { invalidatesTags: ['Setting'] },
  updateSetting: { invalidatesTags: ['Setting'] },
  getTableSetting: { providesTags: byId('TableSetting') },
  createTableSetting: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: { tableSetting: { ID: string } }) => [{ type: 'TableSetting', id: arg.tableSetting.ID }],
  },
  updateTableSetting: {
    invalidatesTags: (_result: unknown, _error: unknown, arg: { tableSetting: { ID: string } }) => [{ type: 'TableSetting', id: arg.tableSetting.ID }],
  },
  getInfo: { providesTags: [] },
  getTranslations: { providesTags: [] },

  // A change to one collector refetches the list that shows it (by id), a new one the list.
  getCollectors: { providesTags: (list: Listed) => listTags('Collector', list) },
  createCollector: { invalidatesTags: [{ type: 'Collector', id: 'LIST' }] },
  updateCollector: { invalidatesTags: byId('Collector') },
  updateCollectorStatus: { invalidatesTags: byId('Collector', 'CollectorHealth') },
  deleteCollector: { invalidatesTags: byId('Collector') },
  getCollectorToken: { invalidatesTags: [] },
  getCollectorTemplate: { invalidatesTags: [] },
  getCollectorHealthHistory: { providesTags: byId('CollectorHealth') },
  startCollectorUpdate: { invalidatesTags: byId('Collector') },
  getProductUpdates: { providesTags: (list: Listed) => listTags('ProductUpdate', list) },
  createProductUpdate: { invalidatesTags: [{ type: 'ProductUpdate', id: 'LIST' }] },
  deleteProductUpdate: { invalidatesTags: byId('ProductUpdate') },

  // A connection test changes nothing the client shows.
  getTimeseriesDatabases: { providesTags: (list: Listed) => listTags('TimeseriesDatabase', list) },
  createTimeseriesDatabase: { invalidatesTags: [{ type: 'TimeseriesDatabase', id: 'LIST' }] },
  updateTimeseriesDatabase: { invalidatesTags: byId('TimeseriesDatabase') },
  deleteTimeseriesDatabase: { invalidatesTags: byId('TimeseriesDatabase') },
  testTimeseriesDatabase: { invalidatesTags: [] },
  testTimeseriesDatabaseSettings: { invalidatesTags: [] },
  getTimeseriesDatabaseTypes: { providesTags: [] },
} satisfies Record<string, EndpointTags>;
