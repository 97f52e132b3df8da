import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeasurementRead } from '../../api/generated/historian.gen';
import type { DataTableColumn } from '../../components/DataTable/types';
import { formatPointTime, formatValue, renderLabels, renderQuality, renderStatus, statusLabel } from './measurementText';
import { useIsSelected, type RowSelection } from './rowSelection';

interface RowCheckboxProps {
  selection: RowSelection;
  measurement: MeasurementRead;
  label: string;
}

function RowCheckbox({ selection, measurement, label }: RowCheckboxProps) {
  const checked = useIsSelected(selection, measurement.UUID);
  return <input type="checkbox" className="measurement-check" aria-label={label} checked={checked} onChange={(event) => selection.toggle(measurement.UUID, event.target.checked)} />;
}

/** Today's times by the clock only, older ones with their date: the column stays narrow. */
function shortTime(language: string): { format: (date: Date) => string } {
  const clock = new Intl.DateTimeFormat(language, { timeStyle: 'medium' });
  const dated = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  return { format: (date) => (date.toDateString() === new Date().toDateString() ? clock.format(date) : dated.format(date)) };
}

/**
 * The measurements table's columns (DOMAIN §1): a checkbox for bulk actions, status icon, name,
 * description, collector, database, datatype, UoM, quality, labels and the last value with its
 * time. The server orders the rows (by name) and pages them, so no column sorts the loaded part.
 */
export function useMeasurementColumns(selection: RowSelection): DataTableColumn<MeasurementRead>[] {
  const { t, i18n } = useTranslation();
  return useMemo<DataTableColumn<MeasurementRead>[]>(() => {
    // Three decimals in the list; the drawer's Last value tab shows more.
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
    const time = shortTime(i18n.language);
    return [
      {
        id: 'select',
        header: t('measurements.table.select'),
        cell: (m) => <RowCheckbox selection={selection} measurement={m} label={t('measurements.table.select_one', { name: m.Name })} />,
        sortable: false,
        width: 40,
        hideable: false,
      },
      { id: 'status', header: t('measurements.table.status'), value: (m) => statusLabel(m.Status, t), cell: (m) => renderStatus(m.Status, t), sortable: false, width: 68, hideable: false },
      { id: 'name', header: t('measurements.table.name'), value: (m) => m.Name, sortable: false, minWidth: 132, hideable: false },
      { id: 'description', header: t('measurements.table.description'), value: (m) => m.Description ?? '', sortable: false, minWidth: 110 },
      { id: 'collector', header: t('measurements.table.collector'), value: (m) => m.CollectorName ?? '', sortable: false, minWidth: 110 },
      {
        id: 'database',
        header: t('measurements.table.database'),
        value: (m) => m.DatabaseName ?? '',
        cell: (m) => m.DatabaseName ?? <span className="muted">{t('measurements.table.no_database')}</span>,
        sortable: false,
        minWidth: 96,
      },
      // Hidden until shown (the gear): the drawer names it, and the row needs the room for the last value.
      { id: 'datatype', header: t('measurements.table.datatype'), value: (m) => m.Datatype, sortable: false, width: 90, defaultHidden: true },
      { id: 'uom', header: t('measurements.table.uom'), value: (m) => m.Attributes?.Config?.UoM ?? '', sortable: false, width: 64 },
      { id: 'quality', header: t('measurements.table.quality'), value: (m) => m.Quality ?? '', cell: (m) => renderQuality(m.Quality, t), sortable: false, width: 96 },
      { id: 'labels', header: t('measurements.table.labels'), value: (m) => (m.Labels ?? []).join(', '), cell: (m) => renderLabels(m.Labels), sortable: false, minWidth: 130 },
      {
        id: 'last_value',
        header: t('measurements.table.last_value'),
        value: (m) => formatValue(m.LastPoint?.Value, number, t),
        cell: (m) => <span className="measurement-value">{formatValue(m.LastPoint?.Value, number, t)}</span>,
        sortable: false,
        align: 'end',
        width: 110,
      },
      { id: 'last_time', header: t('measurements.table.last_time'), value: (m) => formatPointTime(m.LastPoint, time), sortable: false, width: 120 },
    ];
  }, [t, i18n.language, selection]);
}
