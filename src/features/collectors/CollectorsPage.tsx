import { Pause, Pencil, Play, Plus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CollectorRead } from '../../api/generated/historian.gen';
import { collectorsPagedApi, useGetCollectorsPageQuery, useGetProductUpdatesQuery, useUpdateCollectorStatusMutation } from '../../api/areas/collectors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableAction } from '../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../components/ListControls/EmptyState';
import { ListPager } from '../../components/ListControls/ListPager';
import { useListQuery, usePageWithin } from '../../components/ListControls/useListQuery';
import '../../components/ListControls/ListControls.css';
import { Page } from '../../components/Page/Page';
import { paths } from '../../lib/paths';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess, selectLicensedFeatures } from '../../state/privileges';
import { CollectorFormDialog } from './CollectorFormDialog';
import { CollectorPanel } from './CollectorPanel';
import { availableUpdate, sortCollectors, UPGRADING, visibleCollectors } from './collectorRules';
import { useCollectorColumns } from './useCollectorColumns';
import './collectors.css';

/**
 * Live health without a reload: collectors report every few seconds, the page follows. Each poll
 * revalidates with the list's ETag, so an unchanged page costs a 304 and no body.
 */
export const LIVE_HEALTH_POLL_MS = 3000;
const PRODUCT_UPDATES_POLL_MS = 30_000;
const TABLE_ID = 'collectors';

/** The collectors page of SPEC §2: the fleet, its health, and what an administrator does with it. */
export function CollectorsPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const can = useAppSelector(selectAccess);
  const features = useAppSelector(selectLicensedFeatures);
  const canManage = can({ privileges: [PRIVILEGES.ManageCollectors] });
  const list = useListQuery();
  const query = useMemo(() => ({ limit: list.pageSize, page: list.page, keyword: list.keyword || undefined }), [list.pageSize, list.page, list.keyword]);
  const { data, error, isLoading, refetch } = useGetCollectorsPageQuery(query, {
    pollingInterval: LIVE_HEALTH_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const { data: updates } = useGetProductUpdatesQuery(undefined, { pollingInterval: PRODUCT_UPDATES_POLL_MS });
  const [changeStatus] = useUpdateCollectorStatusMutation();
  const collectors = useMemo(() => (data ? sortCollectors(visibleCollectors(data.items, features)) : undefined), [data, features]);
  const columns = useCollectorColumns(updates ?? NO_UPDATES);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<CollectorRead | 'new' | null>(null);
  const selected = collectors?.find((collector) => collector.UUID === selectedId) ?? null;
  const total = data?.totalCount ?? 0;
  usePageWithin(list, data?.totalCount);
  // The count says what the user can see: collectors the licence hides (SPEC §6) are not counted.
  const shownTotal = total - ((data?.items.length ?? 0) - (collectors?.length ?? 0));

  // SPEC §4: starting an update shows the collector as Upgrading at once, before the next poll.
  const onUpdateStarted = useCallback(
    (id: string, version: string) =>
      dispatch(
        collectorsPagedApi.util.updateQueryData('getCollectorsPage', query, (draft) => {
          const collector = draft.items.find((c) => c.UUID === id);
          if (collector) Object.assign(collector, { Health: UPGRADING, UpdateVersion: version });
        }),
      ),
    [dispatch, query],
  );

  const actions = useMemo<DataTableAction<CollectorRead>[]>(
    () =>
      canManage
        ? [
            { id: 'edit', label: t('collectors.actions.edit'), icon: <Pencil size={16} aria-hidden="true" />, onAction: (row) => setEditing(row) },
            {
              id: 'pause',
              label: t('collectors.actions.pause'),
              icon: <Pause size={16} aria-hidden="true" />,
              isVisible: (row) => row.Status === 'Active',
              onAction: (row) => void changeStatus({ id: row.UUID, collectorStatusChange: { Status: 'Paused' } }),
            },
            {
              id: 'activate',
              label: t('collectors.actions.activate'),
              icon: <Play size={16} aria-hidden="true" />,
              isVisible: (row) => row.Status === 'Paused' || row.Status === 'Initial',
              onAction: (row) => void changeStatus({ id: row.UUID, collectorStatusChange: { Status: 'Active' } }),
            },
          ]
        : [],
    [canManage, changeStatus, t],
  );

  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Page
      title={t('pages.collectors')}
      description={t('collectors.description')}
      className="collectors-page"
      actions={
        <>
          <Link className="button" to={paths.productUpdates}>
            {t('collectors.product_updates_link')}
          </Link>
          {canManage && (
            <button type="button" className="primary" onClick={() => setEditing('new')}>
              <Plus size={16} aria-hidden="true" />
              {t('collectors.new')}
            </button>
          )}
        </>
      }
    >
      <DataTable
        tableId={TABLE_ID}
        label={t('collectors.table.label')}
        columns={columns}
        data={collectors}
        getRowId={(collector) => collector.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        toolbar={
          <ListToolbar searchLabel={t('collectors.search')} keyword={list.keyword} onSearch={list.setKeyword} count={data ? t('collectors.count', { count: shownTotal, n: number.format(shownTotal) }) : undefined} />
        }
        emptyState={
          <EmptyList
            keyword={list.keyword}
            onClearSearch={() => list.setKeyword('')}
            message={canManage ? t('collectors.empty_manage') : t('collectors.empty')}
            action={
              canManage && (
                <button type="button" className="primary" onClick={() => setEditing('new')}>
                  {t('collectors.create_first')}
                </button>
              )
            }
          />
        }
        selectedRowId={selectedId}
        onSelectionChange={(row) => setSelectedId(row?.UUID ?? null)}
        rightActions={actions}
      />
      {total > 0 && <ListPager page={list.page} pageSize={list.pageSize} total={total} onPageChange={list.setPage} onPageSizeChange={list.setPageSize} />}
      {selected && (
        <CollectorPanel
          key={selected.UUID}
          collector={selected}
          update={availableUpdate(selected, updates ?? NO_UPDATES)}
          canManage={canManage}
          onEdit={() => setEditing(selected)}
          onUpdateStarted={(version) => onUpdateStarted(selected.UUID, version)}
        />
      )}
      {editing && <CollectorFormDialog collector={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Page>
  );
}

const NO_UPDATES: never[] = [];
