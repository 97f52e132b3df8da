import { Eye, GitCompareArrows, Layers, Plus } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetPrototypesQuery } from '../../api/areas/prototypes';
import type { PrototypeRead } from '../../api/generated/historian.gen';
import { useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../components/ListControls/EmptyState';
import { matchingItems, useListQuery } from '../../components/ListControls/useListQuery';
import '../../components/ListControls/ListControls.css';
import { Page } from '../../components/Page/Page';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess } from '../../state/privileges';
import { InstancesDialog } from './prototypes/InstancesDialog';
import { LINK_STATUSES, LinkStatusBadge, linkStatusLabel } from './shared/LinkStatusBadge';
import { bulkPath, NEW_PROTOTYPE, OPEN_PARAM } from './prototypes/prototypeAddress';
import { PrototypeDrawer } from './prototypes/PrototypeDrawer';
import { instanceTotal } from './prototypes/prototypeRules';
import './prototypes/prototypes.css';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;
/** An organization has tens of prototypes, not thousands: the page has them all and searches them itself. */
const LIST_LIMIT = 1000;

/** /assets/prototypes (READ_PROTOTYPES): the prototypes, their instances by link status, and the editor. */
export function AssetPrototypesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManagePrototypes] });
  const [params, setParams] = useSearchParams();
  const { data, error, isLoading, refetch } = useGetPrototypesQuery({ limit: LIST_LIMIT });
  const list = useListQuery();
  const shown = useMemo(() => matchingItems(data, list.keyword, (row) => [row.Name, row.Description]), [data, list.keyword]);
  const [instancesOf, setInstancesOf] = useState<PrototypeRead | null>(null);

  const latestParams = useRef(params);
  latestParams.current = params;
  const open = useCallback(
    (uuid: string | null) => {
      const address = new URLSearchParams(latestParams.current);
      if (uuid === null) address.delete(OPEN_PARAM);
      else address.set(OPEN_PARAM, uuid);
      setParams(address);
    },
    [setParams],
  );
  const openUuid = params.get(OPEN_PARAM);

  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const columns = useMemo<DataTableColumn<PrototypeRead>[]>(
    () => [
      { id: 'name', header: t('prototypes.columns.name'), value: (row) => row.Name, minWidth: 140 },
      { id: 'description', header: t('prototypes.columns.description'), value: (row) => row.Description ?? '', minWidth: 140 },
      { id: 'properties', header: t('prototypes.columns.properties'), value: (row) => row.PropertyPrototypes.length, width: 100, align: 'end' },
      {
        id: 'instances',
        header: t('prototypes.columns.instances'),
        value: (row) => instanceTotal(row),
        minWidth: 240,
        cell: (row) => {
          const counts = row.InstanceCounts ?? {};
          const present = LINK_STATUSES.filter((status) => (counts[status] ?? 0) > 0);
          return present.length === 0 ? (
            <span className="muted">{t('prototypes.no_instances')}</span>
          ) : (
            <span className="proto-badges">
              {present.map((status) => (
                <span key={status} className="proto-count" aria-label={t('prototypes.instances_with', { status: linkStatusLabel(t, status), count: counts[status] ?? 0, n: number.format(counts[status] ?? 0) })}>
                  {/* Several statuses side by side: their icons, each named in its tooltip and for screen readers. */}
                  <LinkStatusBadge status={status} compact={present.length > 1} />
                  <strong>{number.format(counts[status] ?? 0)}</strong>
                </span>
              ))}
            </span>
          );
        },
      },
    ],
    [t, number],
  );

  const actions = useMemo<DataTableAction<PrototypeRead>[]>(
    () => [
      { id: 'open', label: t('prototypes.actions_open'), icon: <Eye {...ICON} />, onAction: (row) => open(row.UUID) },
      ...(canManage ? [{ id: 'instances', label: t('prototypes.instances.open'), icon: <Layers {...ICON} />, onAction: (row: PrototypeRead) => setInstancesOf(row) }] : []),
      { id: 'review', label: t('prototypes.review'), icon: <GitCompareArrows {...ICON} />, onAction: (row) => navigate(bulkPath(row.UUID)), isDisabled: (row) => instanceTotal(row) === 0 },
    ],
    [canManage, navigate, open, t],
  );

  const createButton = canManage && (
    <button type="button" className="primary" onClick={() => open(NEW_PROTOTYPE)}>
      <Plus {...ICON} />
      {t('prototypes.new')}
    </button>
  );
  return (
    <Page title={t('pages.asset_prototypes')} description={t('prototypes.description')} actions={createButton} className="proto-page">
      <DataTable
        tableId="asset_prototypes"
        label={t('prototypes.table')}
        columns={columns}
        data={shown}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        selectedRowId={openUuid}
        onSelectionChange={(row) => open(row?.UUID ?? null)}
        rightActions={actions}
        toolbar={<ListToolbar searchLabel={t('prototypes.search')} keyword={list.keyword} onSearch={list.setKeyword} count={shown ? t('prototypes.count', { count: shown.length, n: number.format(shown.length) }) : undefined} />}
        emptyState={<EmptyList keyword={list.keyword} onClearSearch={() => list.setKeyword('')} message={canManage ? t('prototypes.empty_manage') : t('prototypes.empty')} action={createButton} />}
      />
      {openUuid && (canManage || openUuid !== NEW_PROTOTYPE) && (
        <PrototypeDrawer
          key={openUuid}
          uuid={openUuid === NEW_PROTOTYPE ? null : openUuid}
          listed={data?.find((row) => row.UUID === openUuid)}
          canManage={canManage}
          onClose={() => open(null)}
          onCreated={(created) => open(created.UUID)}
          onInstances={setInstancesOf}
        />
      )}
      {instancesOf && <InstancesDialog prototype={instancesOf} onClose={() => setInstancesOf(null)} />}
    </Page>
  );
}
