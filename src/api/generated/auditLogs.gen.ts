import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLogs: build.query<GetAuditLogsApiResponse, GetAuditLogsApiArg>({
      query: (queryArg) => ({
        url: `/audit-logs`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          Limit: queryArg.limit,
          Page: queryArg.page,
          From: queryArg["from"],
          To: queryArg.to,
          Actions: queryArg.actions,
          Areas: queryArg.areas,
          SubjectTypes: queryArg.subjectTypes,
          Subject: queryArg.subject,
          User: queryArg.user,
          AllOrganizations: queryArg.allOrganizations,
          Order: queryArg.order,
        },
      }),
    }),
    exportAuditLogs: build.mutation<
      ExportAuditLogsApiResponse,
      ExportAuditLogsApiArg
    >({
      query: (queryArg) => ({
        url: `/audit-logs/export`,
        method: "GET",
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          From: queryArg["from"],
          To: queryArg.to,
          Actions: queryArg.actions,
          Areas: queryArg.areas,
          SubjectTypes: queryArg.subjectTypes,
          Subject: queryArg.subject,
          User: queryArg.user,
          AllOrganizations: queryArg.allOrganizations,
          Order: queryArg.order,
        },
      }),
    }),
    getAuditChainVerification: build.query<
      GetAuditChainVerificationApiResponse,
      GetAuditChainVerificationApiArg
    >({
      query: (queryArg) => ({
        url: `/audit-logs/verification`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getAuditLog: build.query<GetAuditLogApiResponse, GetAuditLogApiArg>({
      query: (queryArg) => ({
        url: `/audit-logs/${queryArg.uuid}`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
        params: {
          AllOrganizations: queryArg.allOrganizations,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as auditLogsEndpoints };
export type GetAuditLogsApiResponse =
  /** status 200 A page of audit log entries. */ AuditLog[];
export type GetAuditLogsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  limit?: number;
  page?: number;
  /** Only entries created at or after this time. */
  from?: string;
  /** Only entries created before this time. */
  to?: string;
  /** Only entries of these actions, bracket style (`Actions[]=Create&Actions[]=Delete`). */
  actions?: AuditAction[];
  /** Only entries of these areas (Users, Collectors, …), bracket style (`Areas[]=Users`). */
  areas?: string[];
  /** Only entries about subjects of these types (User, Collector, …), bracket style (`SubjectTypes[]=User`). */
  subjectTypes?: string[];
  /** Only entries whose subject's name contains this text (case aside), or whose subject id is this text. */
  subject?: string;
  /** Only entries whose user's name contains this text, case aside. */
  user?: string;
  /** Every entry of the installation, also those of no organization, whatever the current organization; needs READ_AUDIT_LOGS at root (else 403). */
  allOrganizations?: boolean;
  /** By CreatedAt, newest first (desc) or oldest first (asc). */
  order?: "asc" | "desc";
};
export type ExportAuditLogsApiResponse = /** status 200 The CSV file. */ Blob;
export type ExportAuditLogsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Only entries created at or after this time. */
  from?: string;
  /** Only entries created before this time. */
  to?: string;
  /** Only entries of these actions, bracket style (`Actions[]=Create&Actions[]=Delete`). */
  actions?: AuditAction[];
  /** Only entries of these areas (Users, Collectors, …), bracket style (`Areas[]=Users`). */
  areas?: string[];
  /** Only entries about subjects of these types (User, Collector, …), bracket style (`SubjectTypes[]=User`). */
  subjectTypes?: string[];
  /** Only entries whose subject's name contains this text (case aside), or whose subject id is this text. */
  subject?: string;
  /** Only entries whose user's name contains this text, case aside. */
  user?: string;
  /** Every entry of the installation, also those of no organization, whatever the current organization; needs READ_AUDIT_LOGS at root (else 403). */
  allOrganizations?: boolean;
  /** By CreatedAt, newest first (desc) or oldest first (asc). */
  order?: "asc" | "desc";
};
export type GetAuditChainVerificationApiResponse =
  /** status 200 The result of the check. */ AuditChainVerification;
export type GetAuditChainVerificationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type GetAuditLogApiResponse = /** status 200 The entry. */ AuditLog;
export type GetAuditLogApiArg = {
  uuid: string;
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  /** Every entry of the installation, also those of no organization, whatever the current organization; needs READ_AUDIT_LOGS at root (else 403). */
  allOrganizations?: boolean;
};
export type AuditAction = "Create" | "Update" | "Delete";
export type AuditLog = {
  UUID: string;
  /** The entry's position in the hash chain. */
  Sequence: number;
  CreatedAt: string;
  /** Null for entries of no organization. */
  OrganizationUUID: string | null;
  /** Null when no user made the change (the system). */
  UserUUID: string | null;
  UserName: string;
  Action: AuditAction;
  /** The product area: Organizations, Users, UserGroups, AuthProviders, Settings, Licences, … */
  Area: string;
  /** The changed object's type: Organization, User, UserGroup, Setting, … */
  SubjectType: string;
  /** The changed object's id (not always a UUID). */
  SubjectUUID: string;
  SubjectName: string;
  /** The row before the change; null on Create. */
  Before: {
    [key: string]: any;
  } | null;
  /** The row after the change; null on Delete. */
  After: {
    [key: string]: any;
  } | null;
  /** The x-audit-reason of the request that made the change. */
  Reason: string | null;
  Hash: string;
  PrevHash: string;
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
export type AuditChainVerification = {
  Intact: boolean;
  CheckedEntries: number;
  /** The first entry checked, or the anchor left by retention pruning; null when the log is empty. */
  Since: string | null;
  CheckedAt: string;
  /** The first entry where the chain breaks; null when it is intact. */
  FirstBroken: {
    Sequence: number;
    CreatedAt: string | null;
    /** Only when the caller may see that entry. */
    UUID: string | null;
    Problem: "content_changed" | "link_broken";
  } | null;
};
export const {
  useGetAuditLogsQuery,
  useLazyGetAuditLogsQuery,
  useExportAuditLogsMutation,
  useGetAuditChainVerificationQuery,
  useLazyGetAuditChainVerificationQuery,
  useGetAuditLogQuery,
  useLazyGetAuditLogQuery,
} = injectedRtkApi;
