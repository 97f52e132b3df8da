import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Event, EventPropertyValue } from '../../../api/generated/historian.gen';
import type { DataTableColumn } from '../../../components/DataTable/types';
import { eventSeconds, formatEventDuration } from '../shared/duration';
import { eventStatusLabel, renderEventStatusIcon } from '../../../components/events/EventStatusIcon';

/** The last part of an asset's path is its name. */
export const assetName = (path: string) => path.split('/').filter((part) => part !== '').pop() ?? path;

/** A simple value as text (a boolean in the user's words). */
export function formatValue(value: EventPropertyValue['Value'] | undefined, number: Intl.NumberFormat, yes: string, no: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'number') return number.format(value);
  return value;
}

/**
 * The overview's columns (DOMAIN.md §4): status, asset, asset path, type, start, stop, duration,
 * parent, and one per simple property the listed events carry. The server sorts (Sort and
 * Ascending above the table): a column sort would order one page only, so none is sortable.
 */
export function useEventColumns(rows: readonly Event[] | undefined, parentSearch: (uuid: string) => string, now: number): DataTableColumn<Event>[] {
  const { t, i18n } = useTranslation();
  // One key per set of names, so the columns stay the same array while the rows refresh.
  const names = useMemo(() => [...new Set((rows ?? []).flatMap((row) => Object.entries(row.Properties).filter(([, value]) => !value.Series).map(([name]) => name)))].sort().join('\u0000'), [rows]);
  // Numbers line up at the end of their column, texts at the start.
  const numeric = useMemo(
    () => new Set(names.split('\u0000').filter((name) => (rows ?? []).every((row) => { const value = row.Properties[name]?.Value; return value === undefined || value === null || typeof value === 'number'; }))),
    [names, rows],
  );
  return useMemo(() => {
    // Minutes are enough in a row; the details give the seconds.
    const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
    const yes = t('events.overview.yes');
    const no = t('events.overview.no');
    const statusLabels = { open: eventStatusLabel('open', t), pending: eventStatusLabel('pending', t), incomplete: eventStatusLabel('incomplete', t), processed: eventStatusLabel('processed', t) };
    const fixed: DataTableColumn<Event>[] = [
      { id: 'status', header: t('events.overview.columns.status'), value: (row) => statusLabels[row.Status], cell: (row) => renderEventStatusIcon(row.Status, statusLabels[row.Status]), sortable: false, width: 64 },
      { id: 'asset', header: t('events.overview.columns.asset'), value: (row) => assetName(row.AssetPath), sortable: false, minWidth: 90 },
      { id: 'asset_path', header: t('events.overview.columns.asset_path'), value: (row) => row.AssetPath, sortable: false, minWidth: 140, defaultHidden: true },
      { id: 'type', header: t('events.overview.columns.type'), value: (row) => row.EventTypeName, sortable: false, minWidth: 104 },
      { id: 'start', header: t('events.overview.columns.start'), value: (row) => row.StartTime, cell: (row) => time.format(new Date(row.StartTime)), sortable: false, width: 150, hideable: false },
      {
        id: 'stop',
        header: t('events.overview.columns.stop'),
        value: (row) => row.StopTime,
        cell: (row) => (row.StopTime ? time.format(new Date(row.StopTime)) : <span className="muted">{t('events.overview.running')}</span>),
        sortable: false,
        width: 150,
      },
      { id: 'duration', header: t('events.overview.columns.duration'), value: (row) => row.Duration, cell: (row) =>
          row.Duration === null ? (
            <span className="muted" title={t('events.overview.running')}>
              {formatEventDuration(eventSeconds(row.StartTime, null, now), i18n.language)}
            </span>
          ) : (
            formatEventDuration(row.Duration, i18n.language)
          ),
        sortable: false,
        width: 100,
        align: 'end',
      },
      {
        id: 'parent',
        header: t('events.overview.columns.parent'),
        value: (row) => row.ParentState,
        cell: (row) => {
          if (row.ParentState === 'none') return <span aria-label={t('events.overview.parent_none')} title={t('events.overview.parent_none')}>—</span>;
          if (row.ParentState === 'missing' || !row.ParentUUID) return <span className="event-parent-missing">{t('events.overview.parent_missing')}</span>;
          return <Link to={{ search: parentSearch(row.ParentUUID) }}>{t('events.overview.parent_open')}</Link>;
        },
        sortable: false,
        width: 100,
      },
    ];
    const properties: DataTableColumn<Event>[] = names === '' ? [] : names.split('\u0000').map((name) => ({
      id: `property:${name}`,
      header: name,
      value: (row: Event) => formatValue(row.Properties[name]?.Value, number, yes, no),
      sortable: false,
      minWidth: 90,
      align: numeric.has(name) ? ('end' as const) : ('start' as const),
    }));
    return [...fixed, ...properties];
  }, [names, numeric, parentSearch, now, t, i18n.language]);
}
