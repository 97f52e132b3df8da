import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<
      GetCurrentUserApiResponse,
      GetCurrentUserApiArg
    >({
      query: () => ({ url: `/current-user` }),
    }),
    updateCurrentUser: build.mutation<
      UpdateCurrentUserApiResponse,
      UpdateCurrentUserApiArg
    >({
      query: (queryArg) => ({
        url: `/current-user`,
        method: "PUT",
        body: queryArg.userUpdate,
      }),
    }),
    updateCurrentUserPassword: build.mutation<
      UpdateCurrentUserPasswordApiResponse,
      UpdateCurrentUserPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/current-user/password`,
        method: "PATCH",
        body: queryArg.passwordChange,
      }),
    }),
    getCurrentUserOrganizations: build.query<
      GetCurrentUserOrganizationsApiResponse,
      GetCurrentUserOrganizationsApiArg
    >({
      query: () => ({ url: `/current-user/organizations` }),
    }),
    getCurrentUserPrivileges: build.query<
      GetCurrentUserPrivilegesApiResponse,
      GetCurrentUserPrivilegesApiArg
    >({
      query: () => ({ url: `/current-user/privileges` }),
    }),
    getCurrentUserManualEntryFormPrivileges: build.query<
      GetCurrentUserManualEntryFormPrivilegesApiResponse,
      GetCurrentUserManualEntryFormPrivilegesApiArg
    >({
      query: () => ({ url: `/current-user/manual-entry-form-privileges` }),
    }),
    getCurrentUserTokens: build.query<
      GetCurrentUserTokensApiResponse,
      GetCurrentUserTokensApiArg
    >({
      query: () => ({ url: `/current-user/tokens` }),
    }),
    createCurrentUserToken: build.mutation<
      CreateCurrentUserTokenApiResponse,
      CreateCurrentUserTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/current-user/tokens`,
        method: "POST",
        body: queryArg.tokenCreate,
      }),
    }),
    deleteCurrentUserToken: build.mutation<
      DeleteCurrentUserTokenApiResponse,
      DeleteCurrentUserTokenApiArg
    >({
      query: (queryArg) => ({
        url: `/current-user/tokens/${queryArg.id}`,
        method: "DELETE",
      }),
    }),
    getAuthOptions: build.query<
      GetAuthOptionsApiResponse,
      GetAuthOptionsApiArg
    >({
      query: () => ({ url: `/auth/list` }),
    }),
    login: build.mutation<LoginApiResponse, LoginApiArg>({
      query: (queryArg) => ({
        url: `/auth/${queryArg.provider}/login`,
        method: "POST",
        body: queryArg.loginCredentials,
      }),
    }),
    logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
      query: (queryArg) => ({
        url: `/auth/${queryArg.provider}/logout`,
        method: "GET",
      }),
    }),
    getInfo: build.query<GetInfoApiResponse, GetInfoApiArg>({
      query: () => ({ url: `/info` }),
    }),
    getLicenseInfo: build.query<
      GetLicenseInfoApiResponse,
      GetLicenseInfoApiArg
    >({
      query: () => ({ url: `/license/info` }),
    }),
    getTranslations: build.query<
      GetTranslationsApiResponse,
      GetTranslationsApiArg
    >({
      query: (queryArg) => ({
        url: `/translations/${queryArg.lng}/${queryArg.ns}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as sessionEndpoints };
export type GetCurrentUserApiResponse =
  /** status 200 The user. */ CurrentUserRead;
export type GetCurrentUserApiArg = void;
export type UpdateCurrentUserApiResponse =
  /** status 200 The updated user. */ CurrentUserRead;
export type UpdateCurrentUserApiArg = {
  userUpdate: UserUpdate;
};
export type UpdateCurrentUserPasswordApiResponse = unknown;
export type UpdateCurrentUserPasswordApiArg = {
  passwordChange: PasswordChangeWrite;
};
export type GetCurrentUserOrganizationsApiResponse =
  /** status 200 The organizations. */ OrganizationRead[];
export type GetCurrentUserOrganizationsApiArg = void;
export type GetCurrentUserPrivilegesApiResponse =
  /** status 200 One entry per privilege and organization. */ UserPrivilege[];
export type GetCurrentUserPrivilegesApiArg = void;
export type GetCurrentUserManualEntryFormPrivilegesApiResponse =
  /** status 200 One entry per form, organization and level. */ ManualEntryFormPrivilege[];
export type GetCurrentUserManualEntryFormPrivilegesApiArg = void;
export type GetCurrentUserTokensApiResponse =
  /** status 200 The tokens. */ Token[];
export type GetCurrentUserTokensApiArg = void;
export type CreateCurrentUserTokenApiResponse =
  /** status 201 The token with its value. */ TokenCreated;
export type CreateCurrentUserTokenApiArg = {
  tokenCreate: TokenCreate;
};
export type DeleteCurrentUserTokenApiResponse = unknown;
export type DeleteCurrentUserTokenApiArg = {
  id: string;
};
export type GetAuthOptionsApiResponse =
  /** status 200 The options. */ AuthOption[];
export type GetAuthOptionsApiArg = void;
export type LoginApiResponse =
  /** status 200 Signed in; the session and XSRF-TOKEN cookies are set. */ LoginResultRead;
export type LoginApiArg = {
  /** The provider's name. */
  provider: string;
  loginCredentials: LoginCredentialsWrite;
};
export type LogoutApiResponse = unknown;
export type LogoutApiArg = {
  /** The provider's name. */
  provider: string;
};
export type GetInfoApiResponse =
  /** status 200 The product version and links. */ Info;
export type GetInfoApiArg = void;
export type GetLicenseInfoApiResponse =
  /** status 200 The claims and an error, if any. */ LicenseInfo;
export type GetLicenseInfoApiArg = void;
export type GetTranslationsApiResponse =
  /** status 200 The overriding records. */ Translation[];
export type GetTranslationsApiArg = {
  lng: Language;
  ns: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
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
export type CurrentUser = User & {
  /** True while a local user still holds the default password. */
  MustChangePassword?: boolean;
};
export type CurrentUserRead = UserRead & {
  /** True while a local user still holds the default password. */
  MustChangePassword?: boolean;
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
export type UserUpdate = {
  UUID?: Uuid;
  Name: string;
  Attributes?: UserAttributes;
};
export type PasswordChange = {};
export type PasswordChangeWrite = {
  Password: string;
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
export type UserPrivilege = {
  ID?: number;
  UUID?: Uuid;
  Name: string;
  OrganizationUUID: Uuid;
};
export type ManualEntryFormPrivilege = {
  ID?: number;
  ManualEntryFormUUID: Uuid;
  OrganizationUUID: Uuid;
  Name: "MANUAL_ENTRY_FORM_DEFAULT" | "MANUAL_ENTRY_FORM_ELEVATED";
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
export type ProviderType = "local" | "ldap" | "oidc";
export type AuthOption = {
  UUID: Uuid;
  ProviderName: string;
  ProviderType: ProviderType;
  /** For external providers, the path the login popup opens. */
  AuthPath?: string;
};
export type LoginResult = {
  User: CurrentUser;
};
export type LoginResultRead = {
  User: CurrentUserRead;
};
export type LoginCredentials = {
  Name: string;
};
export type LoginCredentialsWrite = {
  Name: string;
  Password: string;
};
export type Info = {
  Version: string;
  PortalURL?: string;
  SupportURL?: string;
};
export type License = {
  UUID: Uuid;
  Name: string;
  /** Epoch seconds. */
  ExpiresAt: number;
  OrganizationUUID?: Uuid;
  Trial?: boolean;
  /** Feature name to a boolean or a number; a number above 0 counts as enabled. */
  LicensedFeatures: {
    [key: string]: boolean | number;
  };
};
export type LicenseInfo = {
  LicenseClaims: License[];
  Error?: string;
};
export type Translation = {
  ID: string;
  /** The translation key. */
  Name: string;
  Translation: string;
};
export const {
  useGetCurrentUserQuery,
  useLazyGetCurrentUserQuery,
  useUpdateCurrentUserMutation,
  useUpdateCurrentUserPasswordMutation,
  useGetCurrentUserOrganizationsQuery,
  useLazyGetCurrentUserOrganizationsQuery,
  useGetCurrentUserPrivilegesQuery,
  useLazyGetCurrentUserPrivilegesQuery,
  useGetCurrentUserManualEntryFormPrivilegesQuery,
  useLazyGetCurrentUserManualEntryFormPrivilegesQuery,
  useGetCurrentUserTokensQuery,
  useLazyGetCurrentUserTokensQuery,
  useCreateCurrentUserTokenMutation,
  useDeleteCurrentUserTokenMutation,
  useGetAuthOptionsQuery,
  useLazyGetAuthOptionsQuery,
  useLoginMutation,
  useLogoutMutation,
  useGetInfoQuery,
  useLazyGetInfoQuery,
  useGetLicenseInfoQuery,
  useLazyGetLicenseInfoQuery,
  useGetTranslationsQuery,
  useLazyGetTranslationsQuery,
} = injectedRtkApi;
