import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import type { AuditLog, ExportAuditLogsApiArg, GetAuditLogsApiArg } from '../generated/historian.gen';
import type { HistorianArgs, Paginated } from '../transport/types';
import { auditLogsEndpoints } from '../generated/auditLogs.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { listTags, pageTags, tagTypes, type ApiTag, type EndpointTags, type Listed, type ListedPage } from '../tags';

// The audit log, its CSV export and the check of its hash chain. Loads with the audit log pages.
// Nothing the client does changes an entry; every change elsewhere adds entries, so the pages
// refetch when they open rather than wait for an invalidation.

/** What each endpoint provides or invalidates (see tags.ts). */
export const auditLogsTags = {
  getAuditLogs: { providesTags: (list: Listed) => listTags('AuditLog', list) },
  // The audit log page's paged call (below): the same list, as a page with its total.
  getAuditLogsPage: { providesTags: (page: ListedPage) => pageTags('AuditLog', page) },
  getAuditLog: { providesTags: (_entry: unknown, _error: unknown, arg: { uuid: string }): ApiTag[] => [{ type: 'AuditLog', id: arg.uuid }] },
  getAuditChainVerification: { providesTags: ['AuditChain'] },
  exportAuditLogs: { invalidatesTags: [] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts); the lists show their own errors. */
const outcomes: Record<string, EndpointOutcome> = {
  exportAuditLogs: { error: { messageKey: 'audit_log.errors.export' } },
};

/** A streamed export of a long log may take longer than the transport's default 30 s. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/** The filters of the list and of the export, as the contract names them. */
const filterParams = (arg: ExportAuditLogsApiArg) => ({
  From: arg.from,
  To: arg.to,
  Actions: arg.actions,
  Areas: arg.areas,
  SubjectTypes: arg.subjectTypes,
  Subject: arg.subject,
  User: arg.user,
  AllOrganizations: arg.allOrganizations,
  Order: arg.order,
});

const auditLogsTagged = auditLogsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: auditLogsTags }).enhanceEndpoints({
  endpoints: {
    // The generated call with a longer timeout (the transport's option, which the generator does not know).
    exportAuditLogs: (definition) => {
      Object.assign(definition, {
        query: (arg: ExportAuditLogsApiArg): HistorianArgs => ({
          url: '/audit-logs/export',
          headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
          params: filterParams(arg),
          timeoutMs: EXPORT_TIMEOUT_MS,
        }),
      });
    },
  },
});

export const auditLogsApi = withOutcomes(auditLogsTagged, outcomes);

/**
 * The CSV arrives as text (the transport returns non-JSON text as a string), and the store keeps
 * serialisable values only: the mutation answers an object URL for a download link instead,
 * which the caller revokes.
 */
const withCsvDownload = auditLogsApi.enhanceEndpoints<
  never,
  { exportAuditLogs: OverrideResultType<DefinitionsFromApi<typeof auditLogsApi>['exportAuditLogs'], string> }
>({
  endpoints: {
    exportAuditLogs: {
      transformResponse: (file: unknown) => {
        if (file instanceof Blob) return URL.createObjectURL(file);
        return URL.createObjectURL(new Blob([typeof file === 'string' ? file : ''], { type: 'text/csv;charset=utf-8' }));
      },
    },
  },
});

export const { useExportAuditLogsMutation } = withCsvDownload;

/**
 * The generated getAuditLogs answers the items only; the page also needs the total the server
 * counted (x-total-count), which the transport adds for a `paginated` call. Same call, same tags,
 * the answer `{ items, totalCount }`.
 */
const auditLogsPaged = auditLogsApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditLogsPage: build.query<Paginated<AuditLog>, GetAuditLogsApiArg>({
      query: (arg) => ({
        url: '/audit-logs',
        headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        params: { Limit: arg.limit, Page: arg.page, ...filterParams(arg) },
        paginated: true,
      }),
      providesTags: auditLogsTags.getAuditLogsPage.providesTags,
    }),
  }),
});

export const { useGetAuditLogsPageQuery, useLazyGetAuditLogsPageQuery } = auditLogsPaged;
export const auditLogsPagedApi = auditLogsPaged;

export const {
  useGetAuditLogsQuery,
  useGetAuditLogQuery,
  useLazyGetAuditLogQuery,
  useGetAuditChainVerificationQuery,
  useLazyGetAuditChainVerificationQuery,
} = auditLogsApi;
