import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<GetUsersApiResponse, GetUsersApiArg>({
      query: (queryArg) => ({
        url: `/users`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
          AllOrganizations: queryArg.allOrganizations,
        },
      }),
    }),
    createUser: build.mutation<CreateUserApiResponse, CreateUserApiArg>({
      query: (queryArg) => ({
        url: `/users`,
        method: "POST",
        body: queryArg.userCreate,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUser: build.query<GetUserApiResponse, GetUserApiArg>({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateUser: build.mutation<UpdateUserApiResponse, UpdateUserApiArg>({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}`,
        method: "PUT",
        body: queryArg.userUpdate,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteUser: build.mutation<DeleteUserApiResponse, DeleteUserApiArg>({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateUserPassword: build.mutation<
      UpdateUserPasswordApiResponse,
      UpdateUserPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}/password`,
        method: "PATCH",
        body: queryArg.passwordChange,
      }),
    }),
    getUserAccess: build.query<GetUserAccessApiResponse, GetUserAccessApiArg>({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}/access`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserTokens: build.query<GetUserTokensApiResponse, GetUserTokensApiArg>({
      query: (queryArg) => ({ url: `/users/${queryArg.id}/tokens` }),
    }),
    createUserToken: build.mutation<
      CreateUserTokenApiResponse,
      CreateUserTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}/tokens`,
        method: "POST",
        body: queryArg.tokenCreate,
      }),
    }),
    deleteUserToken: build.mutation<
      DeleteUserTokenApiResponse,
      DeleteUserTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/users/${queryArg.id}/tokens/${queryArg.tokenId}`,
        method: "DELETE",
      }),
    }),
    getOrganizations: build.query<
      GetOrganizationsApiResponse,
      GetOrganizationsApiArg
    >({
      query: (queryArg) => ({
        url: `/organizations`,
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
        },
      }),
    }),
    createOrganization: build.mutation<
      CreateOrganizationApiResponse,
      CreateOrganizationApiArg
    >({
      query: (queryArg) => ({
        url: `/organizations`,
        method: "POST",
        body: queryArg.organization,
      }),
    }),
    getOrganization: build.query<
      GetOrganizationApiResponse,
      GetOrganizationApiArg
    >({
      query: (queryArg) => ({ url: `/organizations/${queryArg.id}` }),
    }),
    updateOrganization: build.mutation<
      UpdateOrganizationApiResponse,
      UpdateOrganizationApiArg
    >({
      query: (queryArg) => ({
        url: `/organizations/${queryArg.id}`,
        method: "PUT",
        body: queryArg.organization,
      }),
    }),
    deleteOrganization: build.mutation<
      DeleteOrganizationApiResponse,
      DeleteOrganizationApiArg
    >({
      query: (queryArg) => ({
        url: `/organizations/${queryArg.id}`,
        method: "DELETE",
        params: {
          confirm: queryArg.confirm,
        },
      }),
    }),
    getPrivileges: build.query<GetPrivilegesApiResponse, GetPrivilegesApiArg>({
      query: () => ({ url: `/privileges` }),
    }),
    getUserGroups: build.query<GetUserGroupsApiResponse, GetUserGroupsApiArg>({
      query: (queryArg) => ({
        url: `/user-groups`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          Keyword: queryArg.keyword,
        },
      }),
    }),
    createUserGroup: build.mutation<
      CreateUserGroupApiResponse,
      CreateUserGroupApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups`,
        method: "POST",
        body: queryArg.userGroup,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserGroup: build.query<GetUserGroupApiResponse, GetUserGroupApiArg>({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateUserGroup: build.mutation<
      UpdateUserGroupApiResponse,
      UpdateUserGroupApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}`,
        method: "PUT",
        body: queryArg.userGroup,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteUserGroup: build.mutation<
      DeleteUserGroupApiResponse,
      DeleteUserGroupApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserGroupUsers: build.query<
      GetUserGroupUsersApiResponse,
      GetUserGroupUsersApiArg
    >({
      query: (queryArg) => ({
        url: `/user-group-users`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          UserGroupUUID: queryArg.userGroupUuid,
          UserUUID: queryArg.userUuid,
        },
      }),
    }),
    createUserGroupUser: build.mutation<
      CreateUserGroupUserApiResponse,
      CreateUserGroupUserApiArg
    >({
      query: (queryArg) => ({
        url: `/user-group-users`,
        method: "POST",
        body: queryArg.userGroupUserCreate,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteUserGroupUser: build.mutation<
      DeleteUserGroupUserApiResponse,
      DeleteUserGroupUserApiArg
    >({
      query: (queryArg) => ({
        url: `/user-group-users/${queryArg.id}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserGroupPrivileges: build.query<
      GetUserGroupPrivilegesApiResponse,
      GetUserGroupPrivilegesApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/privileges`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createUserGroupPrivilege: build.mutation<
      CreateUserGroupPrivilegeApiResponse,
      CreateUserGroupPrivilegeApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/privileges`,
        method: "POST",
        body: queryArg.groupPrivilege,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    replaceUserGroupPrivileges: build.mutation<
      ReplaceUserGroupPrivilegesApiResponse,
      ReplaceUserGroupPrivilegesApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/privileges`,
        method: "PUT",
        body: queryArg.groupPrivilegeSet,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
          "x-audit-reason": queryArg["x-audit-reason"],
        },
      }),
    }),
    deleteUserGroupPrivilege: build.mutation<
      DeleteUserGroupPrivilegeApiResponse,
      DeleteUserGroupPrivilegeApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/privileges/${queryArg.privilegeId}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getUserGroupMappings: build.query<
      GetUserGroupMappingsApiResponse,
      GetUserGroupMappingsApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/mapping`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    createUserGroupMapping: build.mutation<
      CreateUserGroupMappingApiResponse,
      CreateUserGroupMappingApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/mapping`,
        method: "POST",
        body: queryArg.userGroupMapping,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateUserGroupMapping: build.mutation<
      UpdateUserGroupMappingApiResponse,
      UpdateUserGroupMappingApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/mapping/${queryArg.mappingId}`,
        method: "PUT",
        body: queryArg.userGroupMapping,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    deleteUserGroupMapping: build.mutation<
      DeleteUserGroupMappingApiResponse,
      DeleteUserGroupMappingApiArg
    >({
      query: (queryArg) => ({
        url: `/user-groups/${queryArg.id}/mapping/${queryArg.mappingId}`,
        method: "DELETE",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAuthenticationProviders: build.query<
      GetAuthenticationProvidersApiResponse,
      GetAuthenticationProvidersApiArg
    >({
      query: () => ({ url: `/authentication-providers` }),
    }),
    createAuthenticationProvider: build.mutation<
      CreateAuthenticationProviderApiResponse,
      CreateAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers`,
        method: "POST",
        body: queryArg.authenticationProvider,
      }),
    }),
    testAuthenticationProvider: build.mutation<
      TestAuthenticationProviderApiResponse,
      TestAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers/test`,
        method: "POST",
        body: queryArg.authenticationProviderTest,
      }),
    }),
    getAuthenticationProvider: build.query<
      GetAuthenticationProviderApiResponse,
      GetAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers/${queryArg.id}`,
      }),
    }),
    updateAuthenticationProvider: build.mutation<
      UpdateAuthenticationProviderApiResponse,
      UpdateAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers/${queryArg.id}`,
        method: "PUT",
        body: queryArg.authenticationProvider,
      }),
    }),
    deleteAuthenticationProvider: build.mutation<
      DeleteAuthenticationProviderApiResponse,
      DeleteAuthenticationProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/authentication-providers/${queryArg.id}`,
        method: "DELETE",
      }),
    }),
    getAuthenticationProviderTypes: build.query<
      GetAuthenticationProviderTypesApiResponse,
      GetAuthenticationProviderTypesApiArg
    >({
      query: () => ({ url: `/authentication-provider-types` }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as accessEndpoints };
export type GetUsersApiResponse = /** status 200 A page of users. */ UserRead[];
export type GetUsersApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
  /** Every user of the installation, whatever the current organization; needs READ_USERS at root (else 403). */
  allOrganizations?: boolean;
};
export type CreateUserApiResponse = /** status 201 The new user. */ UserRead;
export type CreateUserApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userCreate: UserCreateWrite;
};
export type GetUserApiResponse = /** status 200 The user. */ UserRead;
export type GetUserApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateUserApiResponse =
  /** status 200 The updated user. */ UserRead;
export type UpdateUserApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userUpdate: UserUpdate;
};
export type DeleteUserApiResponse = unknown;
export type DeleteUserApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateUserPasswordApiResponse = unknown;
export type UpdateUserPasswordApiArg = {
  id: string;
  passwordChange: PasswordChangeWrite;
};
export type GetUserAccessApiResponse =
  /** status 200 The user's privileges here, one entry per privilege and group. */ AccessGrant[];
export type GetUserAccessApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetUserTokensApiResponse = /** status 200 The tokens. */ Token[];
export type GetUserTokensApiArg = {
  id: string;
};
export type CreateUserTokenApiResponse =
  /** status 201 The token with its value, shown once. */ TokenCreated;
export type CreateUserTokenApiArg = {
  id: string;
  tokenCreate: TokenCreate;
};
export type DeleteUserTokenApiResponse = unknown;
export type DeleteUserTokenApiArg = {
  id: string;
  tokenId: string;
};
export type GetOrganizationsApiResponse =
  /** status 200 A page of organizations. */ OrganizationRead[];
export type GetOrganizationsApiArg = {
  limit?: number;
  page?: number;
};
export type CreateOrganizationApiResponse =
  /** status 201 The new organization. */ OrganizationRead;
export type CreateOrganizationApiArg = {
  organization: OrganizationWrite;
};
export type GetOrganizationApiResponse =
  /** status 200 The organization. */ OrganizationRead;
export type GetOrganizationApiArg = {
  id: string;
};
export type UpdateOrganizationApiResponse =
  /** status 200 The updated organization. */ OrganizationRead;
export type UpdateOrganizationApiArg = {
  id: string;
  organization: OrganizationWrite;
};
export type DeleteOrganizationApiResponse = unknown;
export type DeleteOrganizationApiArg = {
  id: string;
  /** Must be true when the organization still holds data. */
  confirm?: boolean;
};
export type GetPrivilegesApiResponse =
  /** status 200 The privileges. */ Privilege[];
export type GetPrivilegesApiArg = void;
export type GetUserGroupsApiResponse =
  /** status 200 A page of groups. */ UserGroupRead[];
export type GetUserGroupsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only the items whose name (or description, where the item has one) contains this text, case aside; `%` and `_` match themselves, as any other character. */
  keyword?: string;
};
export type CreateUserGroupApiResponse =
  /** status 201 The new group. */ UserGroupRead;
export type CreateUserGroupApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroup: UserGroup;
};
export type GetUserGroupApiResponse =
  /** status 200 The group. */ UserGroupRead;
export type GetUserGroupApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateUserGroupApiResponse =
  /** status 200 The updated group. */ UserGroupRead;
export type UpdateUserGroupApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroup: UserGroup;
};
export type DeleteUserGroupApiResponse = unknown;
export type DeleteUserGroupApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetUserGroupUsersApiResponse =
  /** status 200 The memberships. */ UserGroupUserRead[];
export type GetUserGroupUsersApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroupUuid?: string;
  userUuid?: string;
};
export type CreateUserGroupUserApiResponse =
  /** status 201 The membership. */ UserGroupUserRead;
export type CreateUserGroupUserApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroupUserCreate: UserGroupUserCreate;
};
export type DeleteUserGroupUserApiResponse = unknown;
export type DeleteUserGroupUserApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetUserGroupPrivilegesApiResponse =
  /** status 200 The group privileges. */ GroupPrivilegeRead[];
export type GetUserGroupPrivilegesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateUserGroupPrivilegeApiResponse =
  /** status 201 The group privilege. */ GroupPrivilegeRead;
export type CreateUserGroupPrivilegeApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  groupPrivilege: GroupPrivilege;
};
export type ReplaceUserGroupPrivilegesApiResponse =
  /** status 200 The privileges the group grants now. */ GroupPrivilegeRead[];
export type ReplaceUserGroupPrivilegesApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Why the change is made, percent-encoded (encodeURIComponent); recorded with the change's audit log entries, cut to 500 characters. Forms that ask for a reason send it. */
  "x-audit-reason"?: string;
  groupPrivilegeSet: GroupPrivilegeSet;
};
export type DeleteUserGroupPrivilegeApiResponse = unknown;
export type DeleteUserGroupPrivilegeApiArg = {
  id: string;
  privilegeId: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetUserGroupMappingsApiResponse =
  /** status 200 The mappings. */ UserGroupMappingRead[];
export type GetUserGroupMappingsApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type CreateUserGroupMappingApiResponse =
  /** status 201 The mapping. */ UserGroupMappingRead;
export type CreateUserGroupMappingApiArg = {
  id: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroupMapping: UserGroupMapping;
};
export type UpdateUserGroupMappingApiResponse =
  /** status 200 The updated mapping. */ UserGroupMappingRead;
export type UpdateUserGroupMappingApiArg = {
  id: string;
  mappingId: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  userGroupMapping: UserGroupMapping;
};
export type DeleteUserGroupMappingApiResponse = unknown;
export type DeleteUserGroupMappingApiArg = {
  id: string;
  mappingId: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetAuthenticationProvidersApiResponse =
  /** status 200 The providers. */ AuthenticationProviderRead[];
export type GetAuthenticationProvidersApiArg = void;
export type CreateAuthenticationProviderApiResponse =
  /** status 201 The new provider. */ AuthenticationProviderRead;
export type CreateAuthenticationProviderApiArg = {
  authenticationProvider: AuthenticationProviderWrite;
};
export type TestAuthenticationProviderApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestAuthenticationProviderApiArg = {
  authenticationProviderTest: AuthenticationProviderTestWrite;
};
export type GetAuthenticationProviderApiResponse =
  /** status 200 The provider. */ AuthenticationProviderRead;
export type GetAuthenticationProviderApiArg = {
  id: string;
};
export type UpdateAuthenticationProviderApiResponse =
  /** status 200 The updated provider. */ AuthenticationProviderRead;
export type UpdateAuthenticationProviderApiArg = {
  id: string;
  authenticationProvider: AuthenticationProviderWrite;
};
export type DeleteAuthenticationProviderApiResponse = unknown;
export type DeleteAuthenticationProviderApiArg = {
  id: string;
};
export type GetAuthenticationProviderTypesApiResponse =
  /** status 200 The types. */ AuthenticationProviderType[];
export type GetAuthenticationProviderTypesApiArg = void;
export type Uuid = string;
export type Language = "en" | "nl" | "fr" | "de" | "zh";
export type UserAttributes = {
  Locale?: Language;
  ExperimentalFeatures?: boolean;
};
export type UserType = "user" | "service";
export type User = {
  UUID: Uuid;
  Name: string;
  Attributes?: UserAttributes;
  AuthenticationProviderUUID?: Uuid;
  ProviderName?: string;
  UserType?: UserType;
  CreatedAt?: string;
};
export type UserOrganization = {
  UUID: Uuid;
  Name: string;
  IsRoot: boolean;
};
export type UserRead = {
  UUID: Uuid;
  Name: string;
  Attributes?: UserAttributes;
  AuthenticationProviderUUID?: Uuid;
  ProviderName?: string;
  UserType?: UserType;
  CreatedAt?: string;
  /** The organizations the user belongs to (where they are in a group; the root when a root group gives them a privilege), as far as the caller may see them: all with READ_ORGANIZATIONS at root, else those the caller belongs to too. */
  Organizations?: UserOrganization[];
};
export type ManualEntryScalar = (number | null) | string | boolean;
export type ManualEntryConflict = {
  /** The EventTypePropertyUUID or AssetPropertyUUID. */
  Key: string;
  EventUUID?: string;
  Timestamp?: string;
  Expected: ManualEntryScalar;
  Current: ManualEntryScalar;
  UpdatedAt?: string | null;
  UpdatedBy?: string | null;
};
export type Problem = {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  /** A translation key for the client, e.g. users.errors.login. */
  code?: string;
  /** Messages keyed by field path. */
  errors?: {
    [key: string]: string[];
  };
  /** What a deletion would take along, by kind (DELETE /organizations/{id} without confirm). */
  holdings?: {
    [key: string]: number;
  };
  /** Values the translation of code interpolates, e.g. limit: 24h. */
  params?: {
    [key: string]: string;
  };
  /** 409 manual_entry.errors.conflict, the values that changed since they were read. */
  conflicts?: ManualEntryConflict[];
};
export type UserCreate = {
  Name: string;
  Attributes?: UserAttributes;
  AuthenticationProviderUUID?: Uuid;
};
export type UserCreateWrite = {
  Name: string;
  Password?: string;
  Attributes?: UserAttributes;
  AuthenticationProviderUUID?: Uuid;
};
export type UserUpdate = {
  UUID?: Uuid;
  Name: string;
  Attributes?: UserAttributes;
};
export type PasswordChange = {};
export type PasswordChangeWrite = {
  Password: string;
};
export type AccessGrant = {
  PrivilegeUUID: Uuid;
  PrivilegeName: string;
  OrganizationUUID: Uuid;
  GroupUUID: Uuid;
  GroupName: string;
  GroupIsSystem: boolean;
  /** The membership was made by a mapping at sign-in. */
  ViaMapping: boolean;
  /** The mappings that made the membership (external groups the provider named at the last sign-in). */
  Mappings: {
    UUID: Uuid;
    ExternalGroup: string;
    AuthenticationProviderUUID: Uuid;
  }[];
};
export type Token = {
  UUID: Uuid;
  Name: string;
  CreatedAt?: string;
  LastUsedAt?: string | null;
};
export type TokenCreated = Token & {
  /** The bearer value, shown once; only its hash is stored. */
  Token: string;
};
export type TokenCreate = {
  Name: string;
};
export type ItemStatus = "Active" | "Paused" | "Deleted" | "Initial";
export type Organization = {
  Name: string;
  Description?: string;
  IsRoot?: boolean;
  PostgresUser?: string;
  /** The all-zero UUID means no licence. */
  LicenseUUID?: string;
  Status?: ItemStatus;
};
export type OrganizationRead = {
  UUID: Uuid;
  Name: string;
  Description?: string;
  IsRoot?: boolean;
  PostgresUser?: string;
  /** The all-zero UUID means no licence. */
  LicenseUUID?: string;
  Status?: ItemStatus;
};
export type OrganizationWrite = {
  Name: string;
  Description?: string;
  IsRoot?: boolean;
  PostgresUser?: string;
  PostgresPassword?: string;
  PostgresPasswordConfirm?: string;
  /** The all-zero UUID means no licence. */
  LicenseUUID?: string;
  Status?: ItemStatus;
};
export type Privilege = {
  ID?: number;
  UUID: Uuid;
  Name: string;
  Description?: string;
  IsSystem?: boolean;
};
export type UserGroup = {
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  IsSystem?: boolean;
};
export type UserGroupRead = {
  UUID: Uuid;
  OrganizationUUID?: Uuid;
  Name: string;
  Description?: string;
  IsSystem?: boolean;
  CreatedAt: string;
  UpdatedAt: string;
  CreatedBy: string;
  UpdatedBy: string;
};
export type UserGroupUser = {
  UserGroupUUID: Uuid;
  UserUUID: Uuid;
};
export type UserGroupUserRead = {
  UUID: Uuid;
  UserGroupUUID: Uuid;
  UserUUID: Uuid;
  /** Made by a user-group mapping at sign-in; the next sign-in may take it away. */
  ViaMapping?: boolean;
};
export type UserGroupUserCreate = {
  UserGroupUUID: Uuid;
  UserUUID?: Uuid;
  UserName?: string;
};
export type GroupPrivilege = {
  GroupUUID?: Uuid;
  PrivilegeUUID: Uuid;
};
export type GroupPrivilegeRead = {
  UUID: Uuid;
  GroupUUID?: Uuid;
  PrivilegeUUID: Uuid;
  PrivilegeName?: string;
};
export type GroupPrivilegeSet = {
  PrivilegeUUIDs: Uuid[];
};
export type UserGroupMapping = {
  UserGroupUUID?: Uuid;
  AuthenticationProviderUUID?: Uuid;
  ExternalGroup: string;
};
export type UserGroupMappingRead = {
  UUID: Uuid;
  UserGroupUUID?: Uuid;
  AuthenticationProviderUUID?: Uuid;
  ExternalGroup: string;
};
export type ProviderType = "local" | "ldap" | "oidc";
export type SettingsMap = {
  [key: string]: any;
};
export type AuthenticationProvider = {
  ProviderName: string;
  ProviderType: ProviderType;
  IsSystem?: boolean;
  Settings?: SettingsMap;
};
export type AuthenticationProviderRead = {
  UUID: Uuid;
  ProviderName: string;
  ProviderType: ProviderType;
  IsSystem?: boolean;
  Settings?: SettingsMap;
};
export type AuthenticationProviderWrite = {
  ProviderName: string;
  ProviderType: ProviderType;
  IsSystem?: boolean;
  Settings?: SettingsMap;
  /** Sent only when changed; never returned. */
  SecureSettings?: SettingsMap;
};
export type ConnectionTestResult = {
  Success: boolean;
  FailedStep?: string;
  Steps: {
    Name: string;
    Success: boolean;
    Message?: string;
  }[];
};
export type AuthenticationProviderTest = {
  /** The stored provider being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  ProviderName: string;
  ProviderType: ProviderType;
  Settings?: SettingsMap;
  /** A user name to look up. */
  TestUser?: string;
};
export type AuthenticationProviderTestWrite = {
  /** The stored provider being edited; its secure settings fill in those not sent. */
  UUID?: Uuid;
  ProviderName: string;
  ProviderType: ProviderType;
  Settings?: SettingsMap;
  /** Sent only when changed. */
  SecureSettings?: SettingsMap;
  /** A user name to look up. */
  TestUser?: string;
};
export type SettingsSchemaProperty = {
  title?: string;
  description?: string;
  type?: "string" | "number" | "integer" | "boolean" | "object" | "array";
  enum?: any[];
  secure?: boolean;
  password?: boolean;
  minimum?: number;
  maximum?: number;
  default?: any;
  examples?: any[];
  required?: boolean;
  isMultiLine?: boolean;
  order?: number;
};
export type SettingsSchema = {
  type?: "object";
  /** Where the console finds this schema's texts in its catalogue: `<key>.<property>.title`, `<key>.<property>.description` and `<key>.<property>.enum.<value>`; a text missing there falls back to the schema's own (English) one. */
  "x-i18n"?: string;
  properties?: {
    [key: string]: SettingsSchemaProperty;
  };
  required?: string[];
};
export type AuthenticationProviderType = {
  Name: ProviderType;
  SettingsSchema: SettingsSchema;
};
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
} = injectedRtkApi;
