import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectorRead, ProductUpdate } from '../../api/generated/historian.gen';
import type { DataTableColumn } from '../../components/DataTable/types';
import { CollectorStatusIcon } from '../../components/StatusIcon/CollectorStatusIcon';
import { COLLECTOR_STATUS_ORDER } from '../../../domain/constants';
import { availableUpdate, displayedHealth, settingsState } from './collectorRules';
import { formatTime, healthLabel, settingsStateLabel } from './collectorText';

/** The collectors table's columns (SPEC §2: status icons, health, type, version, OS and architecture). */
export function useCollectorColumns(updates: readonly ProductUpdate[]): DataTableColumn<CollectorRead>[] {
  const { t, i18n } = useTranslation();
  return useMemo<DataTableColumn<CollectorRead>[]>(
    () => [
      {
        id: 'status',
        header: t('collectors.table.status'),
        value: (c) => (c.Status ? COLLECTOR_STATUS_ORDER[c.Status] : undefined),
        cell: (c) => (c.Status ? <CollectorStatusIcon status={c.Status} showLabel /> : null),
        width: 120,
        hideable: false,
      },
      {
        id: 'name',
        header: t('collectors.table.name'),
        value: (c) => c.Name,
        cell: (c) => (
          <span>
            {c.Name}
            {c.IsSystem && <span className="collector-badge">{t('collectors.built_in')}</span>}
          </span>
        ),
        minWidth: 160,
        hideable: false,
      },
      {
        id: 'health',
        header: t('collectors.table.health'),
        value: (c) => healthLabel(displayedHealth(c), t),
        cell: (c) => (
          <span title={c.HealthUpdatedAt ? t('collectors.last_report', { time: formatTime(c.HealthUpdatedAt, i18n.language) }) : undefined}>
            {healthLabel(displayedHealth(c), t)}
          </span>
        ),
        minWidth: 150,
      },
      { id: 'type', header: t('collectors.table.type'), value: (c) => c.CollectorType, width: 120 },
      {
        id: 'version',
        header: t('collectors.table.version'),
        value: (c) => c.BuildVersion,
        cell: (c) => {
          const offer = availableUpdate(c, updates);
          return (
            <span>
              {c.BuildVersion}
              {offer && (
                <span className={`collector-badge${offer.newer ? ' collector-badge-newer' : ''}`}>
                  {offer.newer ? t('collectors.update.newer_available', { version: offer.update.Version }) : t('collectors.update.available', { version: offer.update.Version })}
                </span>
              )}
            </span>
          );
        },
        minWidth: 140,
      },
      { id: 'os', header: t('collectors.table.os'), value: (c) => c.BuildOs, width: 100 },
      { id: 'arch', header: t('collectors.table.arch'), value: (c) => c.BuildArch, width: 100 },
      { id: 'settings', header: t('collectors.table.settings'), value: (c) => settingsStateLabel(settingsState(c), t), width: 170, defaultHidden: false },
    ],
    [t, i18n.language, updates],
  );
}
