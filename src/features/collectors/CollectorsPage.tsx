import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CollectorRead } from '../../api/generated/historian.gen';
import { collectorsApi, useGetCollectorsQuery, useGetProductUpdatesQuery } from '../../api/areas/collectors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/DataTable/DataTable';
import { paths } from '../../lib/paths';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess, selectLicensedFeatures } from '../../state/privileges';
import { CollectorFormDialog } from './CollectorFormDialog';
import { CollectorPanel } from './CollectorPanel';
import { availableUpdate, sortCollectors, UPGRADING, visibleCollectors } from './collectorRules';
import { useCollectorColumns } from './useCollectorColumns';
import './collectors.css';

/** One page holds every collector of an organization; the contract's maximum page size. */
export const COLLECTORS_QUERY = { limit: 10000 };
/** Live health without a reload: collectors report every few seconds, the page follows. */
export const LIVE_HEALTH_POLL_MS = 3000;
const PRODUCT_UPDATES_POLL_MS = 30_000;
const TABLE_ID = 'collectors';

/** The collectors page of SPEC §2: the fleet, its health, and what an administrator does with it. */
export function CollectorsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const can = useAppSelector(selectAccess);
  const features = useAppSelector(selectLicensedFeatures);
  const canManage = can({ privileges: [PRIVILEGES.ManageCollectors] });
  const { data, error, isLoading, refetch } = useGetCollectorsQuery(COLLECTORS_QUERY, {
    pollingInterval: LIVE_HEALTH_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const { data: updates } = useGetProductUpdatesQuery(undefined, { pollingInterval: PRODUCT_UPDATES_POLL_MS });
  const collectors = useMemo(() => (data ? sortCollectors(visibleCollectors(data, features)) : undefined), [data, features]);
  const columns = useCollectorColumns(updates ?? NO_UPDATES);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<CollectorRead | 'new' | null>(null);
  const selected = collectors?.find((collector) => collector.UUID === selectedId) ?? null;

  // SPEC §4: starting an update shows the collector as Upgrading at once, before the next poll.
  const onUpdateStarted = useCallback(
    (id: string, version: string) =>
      dispatch(
        collectorsApi.util.updateQueryData('getCollectors', COLLECTORS_QUERY, (draft) => {
          const collector = draft.find((c) => c.UUID === id);
          if (collector) Object.assign(collector, { Health: UPGRADING, UpdateVersion: version });
        }),
      ),
    [dispatch],
  );

  return (
    <section className="page collectors-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.collectors')}</h1>
      <div className="collectors-toolbar">
        {canManage && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            {t('collectors.new')}
          </button>
        )}
        <Link to={paths.productUpdates}>{t('collectors.product_updates_link')}</Link>
      </div>
      <DataTable
        tableId={TABLE_ID}
        label={t('collectors.table.label')}
        columns={columns}
        data={collectors}
        getRowId={(collector) => collector.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        emptyMessage={t('collectors.table.empty')}
        selectedRowId={selectedId}
        onSelectionChange={(row) => setSelectedId(row?.UUID ?? null)}
        height="360px"
      />
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
    </section>
  );
}

const NO_UPDATES: never[] = [];
