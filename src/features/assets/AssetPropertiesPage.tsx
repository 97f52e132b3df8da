import { ExternalLink, FilterX } from 'lucide-react';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetAssetPropertiesPageQuery } from '../../api/areas/assets';
import type { AssetPropertyRead, PrototypeLinkStatus, ValueType } from '../../api/generated/historian.gen';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../components/DataTable/types';
import { ListCount } from '../../components/ListControls/EmptyState';
import { ListPager } from '../../components/ListControls/ListPager';
import '../../components/ListControls/ListControls.css';
import { MultiFilter } from '../../components/ListControls/MultiFilter';
import { SearchBox } from '../../components/ListControls/SearchBox';
import { Page } from '../../components/Page/Page';
import { LINK_STATUSES, LinkStatusBadge, linkStatusLabel } from './shared/LinkStatusBadge';
import { formatLive, useLiveValues, type LiveValue } from './shared/liveValues';
import './assets.css';

export const DATATYPES: readonly ValueType[] = ['number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw'];
/** One time-series query holds the live values of a whole page (the contract's 50 measurements). */
const PAGE_SIZES = [25, 50] as const;
const PAGE_SIZE = 50;

/** The filters and page in the address (`#/asset-properties?Keyword=…&Datatypes=number&LinkStatuses=NeedsUpdate&Page=2`), so a view can be shared. */
interface PropertyFilters {
  keyword: string;
  datatypes: ValueType[];
  linkStatuses: PrototypeLinkStatus[];
  page: number;
  pageSize: number;
}

function readFilters(params: URLSearchParams): PropertyFilters {
  const page = Number(params.get('Page'));
  const size = Number(params.get('Limit'));
  return {
    keyword: params.get('Keyword') ?? '',
    datatypes: DATATYPES.filter((datatype) => params.getAll('Datatypes').includes(datatype)),
    linkStatuses: LINK_STATUSES.filter((status) => params.getAll('LinkStatuses').includes(status)),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: size === 25 ? 25 : PAGE_SIZE,
  };
}

function writeFilters(filters: PropertyFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('Keyword', filters.keyword);
  for (const datatype of filters.datatypes) params.append('Datatypes', datatype);
  for (const status of filters.linkStatuses) params.append('LinkStatuses', status);
  if (filters.page > 1) params.set('Page', String(filters.page));
  if (filters.pageSize !== PAGE_SIZE) params.set('Limit', String(filters.pageSize));
  return params;
}

/** /asset-properties (READ_ASSETS): every asset property of the tree in one searchable table; a row opens its asset. */
export function AssetPropertiesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const latest = useRef(filters);
  latest.current = filters;
  const update = useCallback((change: Partial<PropertyFilters>) => setParams(writeFilters({ ...latest.current, page: 1, ...change }), { replace: true }), [setParams]);
  const { data, error, isLoading, isFetching, refetch } = useGetAssetPropertiesPageQuery({
    keyword: filters.keyword || undefined,
    datatypes: filters.datatypes.length > 0 ? filters.datatypes : undefined,
    linkStatuses: filters.linkStatuses.length > 0 ? filters.linkStatuses : undefined,
    limit: filters.pageSize,
    page: filters.page,
  });
  const rows = data?.items;
  const total = data?.totalCount;
  const bound = useMemo(() => [...new Set((rows ?? []).flatMap((row) => (row.MeasurementUUID ? [row.MeasurementUUID] : [])))], [rows]);
  const live = useLiveValues(bound);
  const filtered = filters.keyword !== '' || filters.datatypes.length > 0 || filters.linkStatuses.length > 0;
  const number = new Intl.NumberFormat(i18n.language);
  const openAsset = useCallback((row: AssetPropertyRead) => navigate(`/assets?asset=${encodeURIComponent(row.AssetUUID)}`), [navigate]);
  const columns = usePropertyColumns(live.values);
  const actions = useMemo<DataTableAction<AssetPropertyRead>[]>(() => [{ id: 'open', label: t('assets.properties_page.open_asset'), icon: <ExternalLink size={16} aria-hidden="true" focusable="false" />, onAction: openAsset }], [openAsset, t]);
  const summary = (chosen: readonly string[]) => (chosen.length === 0 ? t('assets.properties_page.any') : t('assets.properties_page.chosen', { count: chosen.length }));

  return (
    <Page title={t('pages.asset_properties')} description={t('assets.properties_page.description')} className="asset-properties-page">
      <div className="asset-filters" role="group" aria-label={t('assets.properties_page.filters')}>
        <SearchBox label={t('assets.properties_page.search')} value={filters.keyword} onSearch={(keyword) => update({ keyword: keyword.trim() })} />
        <MultiFilter label={t('assets.properties_page.datatypes')} summary={summary(filters.datatypes)} options={DATATYPES.map((datatype) => ({ value: datatype, label: datatype }))} selected={filters.datatypes} onChange={(values) => update({ datatypes: DATATYPES.filter((datatype) => values.includes(datatype)) })} />
        <MultiFilter
          label={t('assets.properties_page.link_statuses')}
          summary={summary(filters.linkStatuses)}
          options={LINK_STATUSES.map((status) => ({ value: status, label: linkStatusLabel(t, status) }))}
          selected={filters.linkStatuses}
          onChange={(values) => update({ linkStatuses: LINK_STATUSES.filter((status) => values.includes(status)) })}
        />
        {filtered && (
          <button type="button" onClick={() => update({ keyword: '', datatypes: [], linkStatuses: [] })}>
            <FilterX size={16} aria-hidden="true" focusable="false" />
            {t('assets.properties_page.clear')}
          </button>
        )}
      </div>
      <DataTable
        tableId="asset-properties"
        label={t('assets.properties_page.table')}
        columns={columns}
        data={rows}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        onSelectionChange={(row) => row && openAsset(row)}
        rightActions={actions}
        toolbar={
          <div className="list-toolbar">
            {total !== undefined && <ListCount>{t('assets.properties_page.count', { count: total, n: number.format(total) })}</ListCount>}
            {isFetching && !isLoading && <span className="muted" role="status">{t('table.loading')}</span>}
          </div>
        }
        emptyState={
          filtered ? (
            <>
              <p role="status">{t('assets.properties_page.empty_filtered')}</p>
              <button type="button" onClick={() => update({ keyword: '', datatypes: [], linkStatuses: [] })}>
                {t('assets.properties_page.clear')}
              </button>
            </>
          ) : (
            <p role="status">{t('assets.properties_page.empty')}</p>
          )
        }
      />
      {total !== undefined && total > 0 && (
        <ListPager page={filters.page} pageSize={filters.pageSize} total={total} sizes={PAGE_SIZES} onPageChange={(page) => update({ page })} onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })} />
      )}
    </Page>
  );
}

function usePropertyColumns(values: ReadonlyMap<string, LiveValue>): DataTableColumn<AssetPropertyRead>[] {
  const { t, i18n } = useTranslation();
  return useMemo<DataTableColumn<AssetPropertyRead>[]>(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
    const lastValue = (row: AssetPropertyRead) => (row.MeasurementUUID ? formatLive(values.get(row.MeasurementUUID)?.value, number, t) : '');
    return [
      { id: 'path', header: t('assets.properties_page.asset_path'), value: (row) => row.AssetPath ?? '', sortable: false, minWidth: 200, hideable: false },
      { id: 'alias', header: t('assets.properties.alias'), value: (row) => row.Name, sortable: false, minWidth: 120, hideable: false },
      {
        id: 'measurement',
        header: t('assets.properties.measurement'),
        value: (row) => row.MeasurementName ?? '',
        cell: (row) => (row.MeasurementUUID === null ? <span className="asset-unbound-badge">{t('assets.properties.unbound')}</span> : (row.MeasurementName ?? row.MeasurementUUID)),
        sortable: false,
        minWidth: 150,
      },
      { id: 'datatype', header: t('assets.properties.datatype'), value: (row) => row.Datatype ?? '', sortable: false, width: 96 },
      { id: 'unit', header: t('assets.properties.unit'), value: (row) => row.UoM ?? '', sortable: false, width: 72 },
      { id: 'link_status', header: t('assets.properties.link_status'), value: (row) => linkStatusLabel(t, row.LinkStatus), cell: (row) => <LinkStatusBadge status={row.LinkStatus} />, sortable: false, width: 140 },
      { id: 'last_value', header: t('assets.properties_page.last_value'), value: lastValue, cell: (row) => <span className="asset-value">{lastValue(row)}</span>, sortable: false, align: 'end', width: 110 },
    ];
  }, [t, i18n.language, values]);
}
