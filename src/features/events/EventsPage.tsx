import { ArrowDownWideNarrow, ArrowUpNarrowWide, Eye, GanttChart, GitMerge, Plus, Scissors, Table2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGetEventsPageQuery } from '../../api/areas/events';
import type { Event, EventSort } from '../../api/generated/historian.gen';
import { useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableAction } from '../../components/DataTable/types';
import { ListCount } from '../../components/ListControls/EmptyState';
import { ListPager } from '../../components/ListControls/ListPager';
import '../../components/ListControls/ListControls.css';
import { Page } from '../../components/Page/Page';
import { isLiveRange } from '../../components/trend/trendAddress';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess } from '../../state/privileges';
import { EventDrawer } from './overview/EventDrawer';
import { EventFilterBar } from './overview/EventFilterBar';
import { EVENT_SORTS, filterArgs, hasFilters, OPEN_PARAM, PAGE_PARAM, rangeArgs, readFilters, readPage, readView, VIEW_PARAM, writeFilters, type EventFilters } from './overview/eventFilters';
import { MergeDialog } from './overview/MergeDialog';
import { NewEventDialog } from './overview/NewEventDialog';
import { SplitDialog } from './overview/SplitDialog';
import { useDocumentVisible } from './overview/useDocumentVisible';
import { useEventColumns } from './overview/useEventColumns';
import { useEventChoices } from './shared/eventChoices';
import { EventTimeline } from './timeline/EventTimeline';
import './shared/events.css';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;
/** The datasource's default (DOMAIN.md §4), and smaller pages for a quicker first look. */
export const EVENT_PAGE_SIZES = [100, 250, 500, 1000] as const;
const DEFAULT_PAGE_SIZE = 250;
/** Open events are refreshed this often while the page is in view. */
export const LIVE_REFRESH_MS = 5_000;

/** /events (READ_EVENTS and the Events licence, route table): the overview, its timeline, and an event's details. */
export function EventsPage() {
  const { t, i18n } = useTranslation();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageEvents] });
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const view = readView(params);
  const page = readPage(params);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // A relative range is resolved when the filters change, not on every render (the call's
  // arguments would change each time); a live range sends no stop, so new events come in anyway.
  const filterKey = JSON.stringify(filters);
  const [resolved, setResolved] = useState(() => ({ key: filterKey, at: Date.now() }));
  if (resolved.key !== filterKey) setResolved({ key: filterKey, at: Date.now() });
  const resolvedAt = resolved.key === filterKey ? resolved.at : Date.now();
  const arg = useMemo(() => ({ ...filterArgs(filters, resolvedAt), limit: pageSize, page }), [filters, resolvedAt, pageSize, page]);
  const visible = useDocumentVisible();
  const [live, setLive] = useState(false);
  const { data, error, isLoading, isFetching, refetch, fulfilledTimeStamp } = useGetEventsPageQuery(arg, { pollingInterval: live && visible ? LIVE_REFRESH_MS : 0 });
  const rows = data?.items;
  const total = data?.totalCount;
  // Polling while open events are shown, or while the first page of a range that ends now may
  // get new events; a fixed past range of closed events does not change by itself.
  const hasOpen = (rows ?? []).some((row) => row.StopTime === null);
  const mayGrow = isLiveRange(filters.to) && page === 1;
  if (live !== (hasOpen || mayGrow)) setLive(hasOpen || mayGrow);
  const now = fulfilledTimeStamp ?? resolvedAt;
  const choices = useEventChoices(rows, filters);

  const latestParams = useRef(params);
  latestParams.current = params;
  const update = useCallback((change: (current: URLSearchParams) => URLSearchParams, replace = true) => setParams(change(latestParams.current), { replace }), [setParams]);
  const setFilters = useCallback((next: EventFilters) => update((current) => writeFilters(current, next)), [update]);
  const setParam = useCallback(
    (name: string, value: string | null, replace = true) =>
      update((current) => {
        const address = new URLSearchParams(current);
        if (value === null) address.delete(name);
        else address.set(name, value);
        return address;
      }, replace),
    [update],
  );
  const setPage = useCallback((next: number) => setParam(PAGE_PARAM, next > 1 ? String(next) : null), [setParam]);
  useEffect(() => {
    if (total !== undefined && page > 1 && (page - 1) * pageSize >= total) setPage(Math.max(1, Math.ceil(total / pageSize)));
  }, [total, page, pageSize, setPage]);

  const openUuid = params.get(OPEN_PARAM);
  const open = useCallback((uuid: string | null) => setParam(OPEN_PARAM, uuid, false), [setParam]);
  const parentSearch = useCallback(
    (uuid: string) => {
      const next = new URLSearchParams(params);
      next.set(OPEN_PARAM, uuid);
      return `?${next.toString()}`;
    },
    [params],
  );
  const columns = useEventColumns(rows, parentSearch, now);
  const [merging, setMerging] = useState<Event | null>(null);
  const [splitting, setSplitting] = useState<Event | null>(null);
  const [creating, setCreating] = useState(false);

  const actions = useMemo<DataTableAction<Event>[]>(
    () => [
      ...(canManage
        ? [
            { id: 'merge', label: t('events.overview.actions.merge'), icon: <GitMerge {...ICON} />, onAction: (row: Event) => setMerging(row) },
            { id: 'split', label: t('events.overview.actions.split'), icon: <Scissors {...ICON} />, onAction: (row: Event) => setSplitting(row) },
          ]
        : []),
      { id: 'details', label: t('events.overview.actions.details'), icon: <Eye {...ICON} />, onAction: (row: Event) => open(row.UUID) },
    ],
    [canManage, open, t],
  );
  const sortLabels: Record<EventSort, string> = {
    StartTime: t('events.overview.sort.start'),
    StopTime: t('events.overview.sort.stop'),
    ParentUUID: t('events.overview.sort.parent'),
  };
  const number = new Intl.NumberFormat(i18n.language);
  const { range } = rangeArgs(filters, now);
  const canCreate = canManage && choices.canReadConfigurations;

  return (
    <Page
      title={t('pages.events')}
      description={t('events.overview.description')}
      className="events-page"
      actions={
        <>
          <div className="event-view-switch" role="group" aria-label={t('events.overview.view')}>
            <button type="button" aria-pressed={view === 'table'} onClick={() => setParam(VIEW_PARAM, null, false)}>
              <Table2 {...ICON} />
              {t('events.overview.view_table')}
            </button>
            <button type="button" aria-pressed={view === 'timeline'} onClick={() => setParam(VIEW_PARAM, 'timeline', false)}>
              <GanttChart {...ICON} />
              {t('events.overview.view_timeline')}
            </button>
          </div>
          {canCreate && (
            <button type="button" className="primary" onClick={() => setCreating(true)}>
              <Plus {...ICON} />
              {t('events.overview.new_event')}
            </button>
          )}
        </>
      }
    >
      <EventFilterBar filters={filters} choices={choices} onChange={setFilters} />
      {view === 'table' ? (
        <>
          <DataTable
            tableId="events"
            label={t('events.overview.table_label')}
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
                <span className="event-sort">
                  <label htmlFor="events-sort">{t('events.overview.sort.label')}</label>
                  <select id="events-sort" value={filters.sort} onChange={(change) => setFilters({ ...filters, sort: EVENT_SORTS.find((sort) => sort === change.target.value) ?? 'StartTime' })}>
                    {EVENT_SORTS.map((sort) => (
                      <option key={sort} value={sort}>
                        {sortLabels[sort]}
                      </option>
                    ))}
                  </select>
                  <button type="button" aria-pressed={filters.ascending} onClick={() => setFilters({ ...filters, ascending: !filters.ascending })}>
                    {filters.ascending ? <ArrowUpNarrowWide {...ICON} /> : <ArrowDownWideNarrow {...ICON} />}
                    {filters.ascending ? t('events.overview.sort.ascending') : t('events.overview.sort.descending')}
                  </button>
                </span>
                {total !== undefined && <ListCount>{t('events.overview.count', { count: total, n: number.format(total) })}</ListCount>}
                {live && visible && <span className="event-live" role="status">{t('events.overview.live')}</span>}
              </div>
            }
            emptyState={
              hasFilters(filters) ? (
                <>
                  <p role="status">{t('events.overview.empty_filtered')}</p>
                  <button type="button" onClick={() => setFilters({ ...filters, types: [], statuses: [], assets: [], configurations: [], excludeManual: false, properties: [] })}>
                    {t('events.overview.filters.clear')}
                  </button>
                </>
              ) : (
                <p role="status">{t('events.overview.empty')}</p>
              )
            }
          />
          {total !== undefined && total > 0 && (
            <ListPager
              page={page}
              pageSize={pageSize}
              total={total}
              sizes={EVENT_PAGE_SIZES}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          )}
        </>
      ) : (
        <>
          {error ? (
            <p role="alert">{t('events.timeline.load_failed')}</p>
          ) : !rows || !range ? (
            <p role="status">{t('events.overview.loading')}</p>
          ) : (
            <EventTimeline events={rows} range={range} now={now} onOpen={(event) => open(event.UUID)} />
          )}
          {total !== undefined && rows && total > rows.length && <p className="muted">{t('events.timeline.partial', { shown: number.format(rows.length), total: number.format(total) })}</p>}
          {isFetching && !isLoading && <span className="visually-hidden" role="status">{t('events.overview.loading')}</span>}
        </>
      )}
      {openUuid && <EventDrawer key={openUuid} uuid={openUuid} listed={rows?.find((row) => row.UUID === openUuid)} canManage={canManage} canReadConfigurations={choices.canReadConfigurations} onClose={() => open(null)} />}
      {merging && <MergeDialog event={merging} onClose={() => setMerging(null)} />}
      {splitting && <SplitDialog event={splitting} onClose={() => setSplitting(null)} />}
      {creating && (
        <NewEventDialog
          configurations={choices.configurationList}
          onClose={() => setCreating(false)}
          onCreated={(event) => {
            setCreating(false);
            open(event.UUID);
          }}
        />
      )}
    </Page>
  );
}
