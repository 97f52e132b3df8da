import { Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../components/DataTable/types';
import { CollectorStatusIcon, collectorStatusLabel, renderCollectorStatusIcon, type CollectorStatus } from '../../components/StatusIcon/CollectorStatusIcon';
import { useToasts } from '../../components/Toasts/useToasts';
import { collectorId, sampleCollectors, type SampleCollector } from './sampleData';

const STATUSES: readonly CollectorStatus[] = ['Active', 'Initial', 'Deleted', 'Paused'];
const SMALL = sampleCollectors(24);
const NONE: SampleCollector[] = [];

export function useCollectorColumns(): DataTableColumn<SampleCollector>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { id: 'name', header: t('gallery.column_name'), value: (c) => c.name, minWidth: 160 },
      { id: 'status', header: t('gallery.column_status'), value: (c) => c.status, cell: (c) => renderCollectorStatusIcon(c.status, collectorStatusLabel(c.status, t), true) },
      { id: 'version', header: t('gallery.column_version'), value: (c) => c.version, align: 'end', width: 110, footer: (rows) => t('gallery.footer_count', { count: rows.length }) },
      {
        id: 'platform',
        header: t('gallery.column_platform'),
        stack: [
          { id: 'os', label: t('gallery.column_os'), value: (c) => c.os },
          { id: 'arch', label: t('gallery.column_arch'), value: (c) => c.arch },
        ],
      },
      { id: 'health', header: t('gallery.column_health'), value: (c) => c.health, defaultHidden: true },
    ],
    [t],
  );
}

/** The data table with every option, its three states, and the status icons. */
export function TablesSection() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const columns = useCollectorColumns();
  const leftActions = useMemo<DataTableAction<SampleCollector>[]>(
    () => [{ id: 'edit', label: t('gallery.edit'), icon: <Pencil size={16} aria-hidden="true" focusable="false" />, onAction: (c) => toasts.show('info', c.name) }],
    [t, toasts],
  );
  const rightActions = useMemo<DataTableAction<SampleCollector>[]>(
    () => [
      {
        id: 'delete',
        label: t('gallery.delete'),
        icon: <span aria-hidden="true">✕</span>,
        onAction: (c) => toasts.show('warning', c.name),
        isVisible: (c) => c.status !== 'Deleted',
      },
    ],
    [t, toasts],
  );

  return (
    <section className="gallery-section" aria-labelledby="gallery-tables">
      <h2 id="gallery-tables">{t('gallery.tables')}</h2>
      <DataTable
        tableId="gallery.collectors"
        label={t('gallery.collectors_table')}
        columns={columns}
        data={SMALL}
        getRowId={collectorId}
        leftActions={leftActions}
        rightActions={rightActions}
        renderDetail={(c) => <p>{t('gallery.detail', { name: c.name, health: c.health })}</p>}
        showFooter
        height="360px"
      />
      <h3>{t('gallery.states')}</h3>
      <div className="gallery-grid">
        <DataTable tableId="gallery.loading" label={t('gallery.loading_table')} columns={columns} data={undefined} getRowId={collectorId} height="160px" showSettings={false} />
        <DataTable tableId="gallery.empty" label={t('gallery.empty_table')} columns={columns} data={NONE} getRowId={collectorId} height="160px" showSettings={false} />
        <DataTable tableId="gallery.error" label={t('gallery.error_table')} columns={columns} data={undefined} error getRowId={collectorId} onRetry={() => undefined} height="160px" showSettings={false} />
      </div>
      <h3>{t('gallery.status_icons')}</h3>
      <ul className="gallery-row gallery-icons">
        {STATUSES.map((status) => (
          <li key={status}>
            <CollectorStatusIcon status={status} /> <CollectorStatusIcon status={status} showLabel />
          </li>
        ))}
      </ul>
    </section>
  );
}
