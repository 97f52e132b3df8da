import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import type { AuditLog, ExportAuditLogsApiArg, GetAuditLogsApiArg } from '../generated/historian.gen';
import type { HistorianArgs, Paginated } from '../transport/types';
import { auditLogsEndpoints } from '../generated/auditLogs.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { listTags, tagTypes, type ApiTag, type EndpointTags, type Listed } from '../tags';

// The audit log, its CSV export and the check of its hash chain. Loads with the audit log pages.
// Nothing the client does changes an entry; every change elsewhere adds entries, so the pages
// refetch when they open rather than wait for an invalidation.

/** The pages an infinite query has loaded so far. */
interface LoadedPages {
  pages: readonly { items: readonly { UUID: string }[] }[];
}

/** What each endpoint provides or invalidates (see tags.ts). */
export const auditLogsTags = {
  getAuditLogs: { providesTags: (list: Listed) => listTags('AuditLog', list) },
  // The audit log page's call, loaded page by page as the table scrolls (below).
  getAuditLogPages: { providesTags: (result: LoadedPages | undefined) => listTags('AuditLog', result?.pages.flatMap((page) => page.items)) },
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

/** How many entries the audit log page loads at a time as the user scrolls. */
export const AUDIT_LOG_PAGE_SIZE = 200;

/** The arguments of the page's call: the filters, the organization; Limit and Page come from the pages loaded. */
export type AuditLogPagesArg = Omit<GetAuditLogsApiArg, 'limit' | 'page'>;

/**
 * The audit log page loads pages of AUDIT_LOG_PAGE_SIZE as the user scrolls (an infinite query):
 * the same call as getAuditLogs, each page with the total the server counted (x-total-count),
 * which the transport adds for a `paginated` call. The next page is asked for while fewer entries
 * are loaded than the total.
 */
const auditLogsPaged = auditLogsApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditLogPages: build.infiniteQuery<Paginated<AuditLog>, AuditLogPagesArg, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, allPages, lastPageParam) => {
          const loaded = allPages.reduce((sum, page) => sum + page.items.length, 0);
          return lastPage.items.length > 0 && loaded < lastPage.totalCount ? lastPageParam + 1 : undefined;
        },
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/audit-logs',
        headers: { 'x-organization-uuid': queryArg['x-organization-uuid'] },
        params: { Limit: AUDIT_LOG_PAGE_SIZE, Page: pageParam, ...filterParams(queryArg) },
        paginated: true,
      }),
      providesTags: auditLogsTags.getAuditLogPages.providesTags,
    }),
  }),
});

export const { useGetAuditLogPagesInfiniteQuery } = auditLogsPaged;

export const {
  useGetAuditLogsQuery,
  useGetAuditLogQuery,
  useLazyGetAuditLogQuery,
  useGetAuditChainVerificationQuery,
  useLazyGetAuditChainVerificationQuery,
} = auditLogsApi;
