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

/**
 * The measurements table's columns (DOMAIN §1): a checkbox for bulk actions, status icon, name,
 * description, collector, database, datatype, UoM, quality, labels and the last value with its
 * time. The server orders the rows (by name) and pages them, so no column sorts the loaded part.
 */
export function useMeasurementColumns(selection: RowSelection): DataTableColumn<MeasurementRead>[] {
  const { t, i18n } = useTranslation();
  return useMemo<DataTableColumn<MeasurementRead>[]>(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
    const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
    return [
      {
        id: 'select',
        header: t('measurements.table.select'),
        cell: (m) => <RowCheckbox selection={selection} measurement={m} label={t('measurements.table.select_one', { name: m.Name })} />,
        sortable: false,
        width: 48,
        hideable: false,
      },
      { id: 'status', header: t('measurements.table.status'), value: (m) => statusLabel(m.Status, t), cell: (m) => renderStatus(m.Status, t), sortable: false, width: 64, hideable: false },
      { id: 'name', header: t('measurements.table.name'), value: (m) => m.Name, sortable: false, minWidth: 180, hideable: false },
      { id: 'description', header: t('measurements.table.description'), value: (m) => m.Description ?? '', sortable: false, minWidth: 140 },
      { id: 'collector', header: t('measurements.table.collector'), value: (m) => m.CollectorName ?? '', sortable: false, minWidth: 120 },
      {
        id: 'database',
        header: t('measurements.table.database'),
        value: (m) => m.DatabaseName ?? '',
        cell: (m) => m.DatabaseName ?? <span className="muted">{t('measurements.table.no_database')}</span>,
        sortable: false,
        minWidth: 110,
      },
      { id: 'datatype', header: t('measurements.table.datatype'), value: (m) => m.Datatype, sortable: false, width: 100 },
      { id: 'uom', header: t('measurements.table.uom'), value: (m) => m.Attributes?.Config?.UoM ?? '', sortable: false, width: 72 },
      { id: 'quality', header: t('measurements.table.quality'), value: (m) => m.Quality ?? '', cell: (m) => renderQuality(m.Quality, t), sortable: false, width: 110 },
      { id: 'labels', header: t('measurements.table.labels'), value: (m) => (m.Labels ?? []).join(', '), cell: (m) => renderLabels(m.Labels), sortable: false, minWidth: 140 },
      {
        id: 'last_value',
        header: t('measurements.table.last_value'),
        value: (m) => formatValue(m.LastPoint?.Value, number, t),
        cell: (m) => <span className="measurement-value">{formatValue(m.LastPoint?.Value, number, t)}</span>,
        sortable: false,
        align: 'end',
        width: 120,
      },
      { id: 'last_time', header: t('measurements.table.last_time'), value: (m) => formatPointTime(m.LastPoint, time), sortable: false, width: 170 },
    ];
  }, [t, i18n.language, selection]);
}
