import { Eye, FileUp, Plus, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router-dom';
import { useGetMeasurementsPageQuery } from '../../api/areas/measurements';
import type { MeasurementRead } from '../../api/generated/historian.gen';
import { useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableAction } from '../../components/DataTable/types';
import { ListCount } from '../../components/ListControls/EmptyState';
import { ListPager } from '../../components/ListControls/ListPager';
import '../../components/ListControls/ListControls.css';
import { Page } from '../../components/Page/Page';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess } from '../../state/privileges';
import { BulkBar } from './BulkBar';
import { ImportMeasurementsDialog } from './import/ImportMeasurementsDialog';
import { MeasurementDrawer } from './MeasurementDrawer';
import { MeasurementFilterBar } from './MeasurementFilterBar';
import { filterArgs, hasFilters, NEW_MEASUREMENT, NO_FILTERS, OPEN_PARAM, PAGE_PARAM, readFilters, readPage, TREND_PARAM, withTrend, writeFilters, type MeasurementFilters } from './measurementFilters';
import { useIsAllSelected, useRowSelectionStore, type RowSelection } from './rowSelection';
import { TrendView } from './trend/TrendView';
import { useMeasurementChoices } from './useFilterOptions';
import { useMeasurementColumns } from './useMeasurementColumns';
import './measurements.css';

/**
 * Pages of up to 1,000 rows, not loading as the user scrolls: with 100,000 measurements a page
 * costs the same wherever it is (page 90 is one call, not 90), the address holds the page, and the
 * table draws only the rows in view, so even the largest page scrolls smoothly.
 */
export const MEASUREMENT_PAGE_SIZES = [100, 250, 500, 1000] as const;
const DEFAULT_PAGE_SIZE = 500;

interface MeasurementsViewProps {
  /** /calculations: the same page for the measurements of calculation collectors. */
  calculationsOnly: boolean;
}

function SelectPage({ selection, ids }: { selection: RowSelection; ids: readonly string[] }) {
  const { t } = useTranslation();
  const all = useIsAllSelected(selection, ids);
  return (
    <label className="measurement-select-page">
      <input type="checkbox" checked={all} disabled={ids.length === 0} onChange={(event) => (event.target.checked ? selection.set([...selection.ids(), ...ids]) : selection.set(selection.ids().filter((id) => !ids.includes(id))))} />
      {t('measurements.bulk.select_page')}
    </label>
  );
}

function MeasurementsView({ calculationsOnly }: MeasurementsViewProps) {
  const { t, i18n } = useTranslation();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageMeasurements] });
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const page = readPage(params);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const choices = useMeasurementChoices(calculationsOnly);
  const arg = useMemo(
    () => ({
      ...filterArgs(filters),
      limit: pageSize,
      page,
      sort: 'Name' as const,
      onlyCalculations: calculationsOnly || undefined,
      excludeCalculations: !calculationsOnly && !choices.calculationsLicensed ? true : undefined,
    }),
    [filters, pageSize, page, calculationsOnly, choices.calculationsLicensed],
  );
  const { data, error, isLoading, isFetching, refetch } = useGetMeasurementsPageQuery(arg);
  const rows = data?.items;
  const total = data?.totalCount;
  const selection = useRowSelectionStore();
  const columns = useMeasurementColumns(selection);
  const [importing, setImporting] = useState(false);

  // The names and labels of the measurements seen, for the bulk bar (a choice may span pages).
  const seen = useRef(new Map<string, MeasurementRead>());
  useEffect(() => {
    for (const row of rows ?? []) seen.current.set(row.UUID, row);
  }, [rows]);
  const nameOf = useCallback((uuid: string) => seen.current.get(uuid)?.Name, []);
  const labelsOf = useCallback((uuid: string) => seen.current.get(uuid)?.Labels ?? [], []);

  // A changed filter replaces the address rather than adding a step to the history; the update
  // reads the address as last drawn (the search box writes after its debounce).
  const latestParams = useRef(params);
  latestParams.current = params;
  const update = useCallback((change: (current: URLSearchParams) => URLSearchParams, replace = true) => setParams(change(latestParams.current), { replace }), [setParams]);
  const setFilters = useCallback((next: MeasurementFilters) => update((current) => writeFilters(current, next)), [update]);
  const setPage = useCallback(
    (next: number) =>
      update((current) => {
        const address = new URLSearchParams(current);
        if (next > 1) address.set(PAGE_PARAM, String(next));
        else address.delete(PAGE_PARAM);
        return address;
      }),
    [update],
  );
  // A page past the end (after deletes, or a shared link) goes back to the last one.
  useEffect(() => {
    if (total !== undefined && page > 1 && (page - 1) * pageSize >= total) setPage(Math.max(1, Math.ceil(total / pageSize)));
  }, [total, page, pageSize, setPage]);

  const openUuid = params.get(OPEN_PARAM);
  const open = useCallback(
    (uuid: string | null) =>
      update((current) => {
        const address = new URLSearchParams(current);
        if (uuid === null) address.delete(OPEN_PARAM);
        else address.set(OPEN_PARAM, uuid);
        return address;
      }, false),
    [update],
  );
  const trend = params.get(TREND_PARAM);
  // A trend asked for from the bulk bar opens above the filters: bring it into view.
  const trendPanel = useRef<HTMLElement>(null);
  const trendShown = trend !== null;
  useEffect(() => {
    if (trendShown) trendPanel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [trendShown]);
  const showTrend = useCallback((uuids: readonly string[]) => update((current) => withTrend(current, uuids), false), [update]);
  const closeTrend = () =>
    update((current) => {
      const address = withTrend(current, []);
      address.delete('from');
      address.delete('to');
      return address;
    }, false);

  const actions = useMemo<DataTableAction<MeasurementRead>[]>(() => [{ id: 'open', label: t('measurements.actions.open'), icon: <Eye size={16} aria-hidden="true" focusable="false" />, onAction: (row) => open(row.UUID) }], [open, t]);
  const pageIds = useMemo(() => (rows ?? []).map((row) => row.UUID), [rows]);
  const number = new Intl.NumberFormat(i18n.language);
  const filtered = hasFilters(filters);
  const title = calculationsOnly ? t('pages.calculations') : t('pages.measurements');
  const newLabel = calculationsOnly ? t('measurements.new_calculation') : t('measurements.new');

  return (
    <Page
      title={title}
      description={calculationsOnly ? t('measurements.description_calculations') : t('measurements.description')}
      className="measurements-page"
      actions={
        canManage && (
          <>
            {!calculationsOnly && (
              <button type="button" onClick={() => setImporting(true)}>
                <FileUp size={16} aria-hidden="true" focusable="false" />
                {t('measurements.import_button')}
              </button>
            )}
            <button type="button" className="primary" onClick={() => open(NEW_MEASUREMENT)}>
              <Plus size={16} aria-hidden="true" focusable="false" />
              {newLabel}
            </button>
          </>
        )
      }
    >
      {trend && (
        <section ref={trendPanel} className="measurement-trend-panel" aria-label={t('measurements.trend_panel')}>
          <button type="button" className="measurement-trend-close" onClick={closeTrend}>
            <X size={16} aria-hidden="true" focusable="false" />
            {t('measurements.close_trend')}
          </button>
          <TrendView />
        </section>
      )}
      <MeasurementFilterBar filters={filters} options={choices.options} onChange={setFilters} />
      <BulkBar selection={selection} canManage={canManage} nameOf={nameOf} labelsOf={labelsOf} onTrend={showTrend} />
      <DataTable
        tableId={calculationsOnly ? 'calculations' : 'measurements'}
        label={calculationsOnly ? t('measurements.table.label_calculations') : t('measurements.table.label')}
        columns={columns}
        data={rows}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        selectedRowId={openUuid}
        onSelectionChange={(row) => open(row?.UUID ?? null)}
        rightActions={actions}
        toolbar={
          <div className="list-toolbar">
            <SelectPage selection={selection} ids={pageIds} />
            {total !== undefined && <ListCount>{calculationsOnly ? t('measurements.count_calculations', { count: total, n: number.format(total) }) : t('measurements.count', { count: total, n: number.format(total) })}</ListCount>}
            {isFetching && !isLoading && <span className="measurement-refreshing" role="status">{t('measurements.loading_page')}</span>}
          </div>
        }
        emptyState={
          filtered ? (
            <>
              <p role="status">{t('measurements.empty_filtered')}</p>
              <button type="button" onClick={() => setFilters(NO_FILTERS)}>
                {t('measurements.filters.clear')}
              </button>
            </>
          ) : (
            <>
              <p role="status">{emptyText(t, calculationsOnly, canManage)}</p>
              {canManage && (
                <button type="button" className="primary" onClick={() => open(NEW_MEASUREMENT)}>
                  {newLabel}
                </button>
              )}
            </>
          )
        }
      />
      {total !== undefined && total > 0 && (
        <ListPager
          page={page}
          pageSize={pageSize}
          total={total}
          sizes={MEASUREMENT_PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
      {openUuid && (canManage || openUuid !== NEW_MEASUREMENT) && (
        <MeasurementDrawer
          key={openUuid}
          uuid={openUuid === NEW_MEASUREMENT ? null : openUuid}
          listed={rows?.find((row) => row.UUID === openUuid)}
          collectors={choices.collectors}
          databases={choices.databases}
          canManage={canManage}
          createTitle={newLabel}
          onClose={() => open(null)}
          onCreated={(created) => open(created.UUID)}
        />
      )}
      {importing && <ImportMeasurementsDialog open onClose={() => setImporting(false)} />}
    </Page>
  );
}

/** /measurements (READ_MEASUREMENTS). */
export function MeasurementsPage() {
  return <MeasurementsView calculationsOnly={false} />;
}

/** /calculations: the same page for the measurements of calculation collectors (the Calculations licence feature, route table). */
export function CalculationsPage() {
  return <MeasurementsView calculationsOnly />;
}

/** Calculations are written, not imported from a collector's spreadsheet: their empty list says so. */
function emptyText(t: TFunction, calculationsOnly: boolean, canManage: boolean): string {
  if (calculationsOnly) return canManage ? t('measurements.empty_calculations_manage') : t('measurements.empty_calculations');
  return canManage ? t('measurements.empty_manage') : t('measurements.empty');
}
