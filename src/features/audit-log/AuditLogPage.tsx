import { Download, Eye, LoaderCircle } from 'lucide-react';
import { useCallback, useRef, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useExportAuditLogsMutation, useGetAuditLogPagesInfiniteQuery } from '../../api/areas/auditLogs';
import type { AuditLog } from '../../api/generated/historian.gen';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../components/DataTable/types';
import { ListToolbar } from '../../components/ListControls/EmptyState';
import '../../components/ListControls/ListControls.css';
import { Page } from '../../components/Page/Page';
import { useAppSelector } from '../../app/hooks';
import { selectRootOrganization } from '../../state/privileges';
import { ActionBadge } from './ActionBadge';
import { AuditEntryDialog } from './AuditEntryDialog';
import { AuditFilterBar } from './AuditFilterBar';
import { ENTRY_PARAM, filterArgs, hasFilters, NO_FILTERS, readFilters, writeFilters, type AuditFilters } from './auditFilters';
import { downloadObjectUrl } from '../../lib/download';
import { areaLabel, subjectTypeLabel } from './auditLabels';
import { AuditRetention } from './AuditRetention';
import { ChainStatus } from './ChainStatus';
import './AuditLogPage.css';


function EyeIcon() {
  return <Eye size={16} aria-hidden="true" focusable="false" />;
}

interface AuditLogViewProps {
  /** Every entry of the installation (the configuration page, root), not the current organization's. */
  allOrganizations: boolean;
}

/** The audit log: filters kept in the address, the chain status, and the entries loaded page by page as the user scrolls. */
function AuditLogView({ allOrganizations }: AuditLogViewProps) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const openUuid = params.get(ENTRY_PARAM);
  // The whole installation's log is read with READ_AUDIT_LOGS at root: its calls act in the root
  // organization, which the reader may not hold that privilege outside of.
  const rootUuid = useAppSelector(selectRootOrganization)?.UUID;
  const organization = allOrganizations ? rootUuid : undefined;
  const arg = useMemo(() => ({ ...filterArgs(filters, allOrganizations), 'x-organization-uuid': organization }), [filters, allOrganizations, organization]);
  const { data, error, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useGetAuditLogPagesInfiniteQuery(arg, { refetchOnMountOrArgChange: true });
  const [exportLog, exportState] = useExportAuditLogsMutation();

  const entries = useMemo(() => data?.pages.flatMap((page) => page.items), [data]);
  const total = data?.pages[data.pages.length - 1]?.totalCount;

  // A changed filter replaces the address instead of adding a step to the history for every keystroke.
  // An update function reads the address as it was last drawn, not as it was when the caller was
  // made: the search box writes after its debounce, and must not put back the filters of the moment
  // the user started typing (react-router hands a functional update the params of its own render).
  const latestParams = useRef(params);
  latestParams.current = params;
  const setFilters = useCallback(
    (next: AuditFilters | ((current: AuditFilters) => AuditFilters)) => {
      const current = latestParams.current;
      setParams(writeFilters(current, typeof next === 'function' ? next(readFilters(current)) : next), { replace: true });
    },
    [setParams],
  );
  const entrySearch = useCallback(
    (uuid: string) => {
      const next = new URLSearchParams(params);
      next.set(ENTRY_PARAM, uuid);
      return `?${next.toString()}`;
    },
    [params],
  );
  const openEntry = useCallback(
    (row: AuditLog) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(ENTRY_PARAM, row.UUID);
        return next;
      }),
    [setParams],
  );
  const closeEntry = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(ENTRY_PARAM);
      return next;
    });
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  // A short date keeps the column narrow enough for the subject to show at 1024 px; the dialog gives the long form.
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);
  // The server orders the entries (the Order filter); sorting the loaded pages only would mislead.
  const columns = useMemo<DataTableColumn<AuditLog>[]>(
    () => [
      { id: 'time', header: t('audit_log.columns.time'), value: (row) => new Date(row.CreatedAt), cell: (row) => time.format(new Date(row.CreatedAt)), sortable: false, width: 180, hideable: false },
      { id: 'user', header: t('audit_log.columns.user'), value: (row) => row.UserName || t('audit_log.system_user'), sortable: false, minWidth: 90 },
      { id: 'action', header: t('audit_log.columns.action'), value: (row) => row.Action, cell: (row) => <ActionBadge action={row.Action} />, sortable: false, width: 104 },
      { id: 'area', header: t('audit_log.columns.area'), value: (row) => areaLabel(row.Area, t), sortable: false, minWidth: 100 },
      { id: 'subject_type', header: t('audit_log.columns.subject_type'), value: (row) => subjectTypeLabel(row.SubjectType, t), sortable: false, minWidth: 100 },
      { id: 'subject', header: t('audit_log.columns.subject'), value: (row) => row.SubjectName, sortable: false, minWidth: 140 },
      { id: 'reason', header: t('audit_log.columns.reason'), value: (row) => row.Reason ?? '', sortable: false, minWidth: 100 },
    ],
    [t, time],
  );
  const actions = useMemo<DataTableAction<AuditLog>[]>(() => [{ id: 'open', label: t('audit_log.open_entry'), icon: <EyeIcon />, onAction: openEntry }], [openEntry, t]);

  const exportCsv = async () => {
    const file = await exportLog(arg);
    if (!file.error) downloadObjectUrl(file.data, `audit-log-${new Date().toISOString().replace(/:/g, '-').slice(0, 19)}.csv`);
  };

  const number = new Intl.NumberFormat(i18n.language);
  const filtered = hasFilters(filters);
  return (
    <Page
      title={t('pages.audit_log')}
      description={allOrganizations ? t('audit_log.description_all') : t('audit_log.description')}
      actions={
        <button type="button" onClick={() => void exportCsv()} disabled={exportState.isLoading} aria-busy={exportState.isLoading || undefined}>
          {exportState.isLoading ? <LoaderCircle className="audit-spin" size={16} aria-hidden="true" focusable="false" /> : <Download size={16} aria-hidden="true" focusable="false" />}
          {exportState.isLoading ? t('audit_log.export.running') : t('audit_log.export.button')}
        </button>
      }
    >
      <ChainStatus entrySearch={entrySearch} organization={organization} />
      {allOrganizations && <AuditRetention />}
      <AuditFilterBar filters={filters} onChange={setFilters} />
      <DataTable
        tableId={allOrganizations ? 'audit_log_all' : 'audit_log'}
        label={t('audit_log.list_label')}
        columns={columns}
        data={entries}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        rightActions={actions}
        selectable={false}
        onEndReached={loadMore}
        toolbar={
          <ListToolbar
            searchLabel={t('audit_log.filters.subject')}
            keyword={filters.subject}
            onSearch={(subject) => setFilters((current) => ({ ...current, subject: subject.trim() }))}
            count={total === undefined ? undefined : t('audit_log.count', { count: total, n: number.format(total) })}
          />
        }
        emptyState={
          filtered ? (
            <>
              <p role="status">{t('audit_log.empty_filtered')}</p>
              <button type="button" onClick={() => setFilters(NO_FILTERS)}>
                {t('audit_log.filters.clear')}
              </button>
            </>
          ) : (
            <p role="status">{t('audit_log.empty')}</p>
          )
        }
      />
      <p className="audit-more" role="status">
        {isFetchingNextPage && t('audit_log.loading_more')}
        {!isFetchingNextPage && entries && total !== undefined && entries.length < total && t('audit_log.loaded', { n: number.format(entries.length), total: number.format(total) })}
      </p>
      <AuditEntryDialog uuid={openUuid} listed={entries?.find((row) => row.UUID === openUuid)} allOrganizations={allOrganizations} organization={organization} onClose={closeEntry} />
    </Page>
  );
}

/** /audit_log and /audit_logs: the audit log of the current organization (READ_AUDIT_LOGS there). */
export function AuditLogPage() {
  return <AuditLogView allOrganizations={false} />;
}

/** /configuration/audit_log(s): every entry of the installation, also those of no organization (READ_AUDIT_LOGS at root). */
export function ConfigurationAuditLogPage() {
  return <AuditLogView allOrganizations />;
}
