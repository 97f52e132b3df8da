import { skipToken } from '@reduxjs/toolkit/query';
import { Eye } from 'lucide-react';
import { useCallback, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { useGetEventConfigurationQuery, useGetEventConfigurationsQuery, useGetEventPropertyConfigurationsQuery, useGetEventTypeQuery } from '../../api/areas/eventConfigurations';
import type { EventPropertyConfigurationRead, EventTypePropertyRead } from '../../api/generated/historian.gen';
import { useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../components/DataTable/types';
import { Page } from '../../components/Page/Page';
import { paths } from '../../lib/paths';
import { selectAccess } from '../../state/privileges';
import { CONFIGURATION_PARAM, modeLabel, OPEN_PARAM, propertyTypeLabel, TAB_PARAM } from './configurations/configRules';
import { ConfigStateBadge } from './configurations/ConfigStateBadge';
import { PropertyConfigurationDrawer } from './configurations/PropertyConfigurationDrawer';
import './configurations/eventConfig.css';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;
const LIST_LIMIT = 1000;

/** A property of the configuration's type with its configuration, if it has one. */
interface Row {
  property: EventTypePropertyRead;
  stored: EventPropertyConfigurationRead | null;
}

/**
 * /event-property-configurations (READ_EVENT_CONFIGURATIONS): for one configuration (chosen here
 * or from the configurations tab, ?configuration=<uuid>), every property of its type, configured
 * ones in priority order, and the drawer of one (?open=<property uuid>).
 */
export function EventPropertyConfigurationsPage() {
  const { t } = useTranslation();
  const pickerId = useId();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageEventConfigurations] });
  const [params, setParams] = useSearchParams();
  const configurationUuid = params.get(CONFIGURATION_PARAM) ?? '';
  const openUuid = params.get(OPEN_PARAM);
  const latestParams = useRef(params);
  latestParams.current = params;
  const change = useCallback(
    (patch: Record<string, string | null>) => {
      const address = new URLSearchParams(latestParams.current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === '') address.delete(key);
        else address.set(key, value);
      }
      setParams(address);
    },
    [setParams],
  );
  const all = useGetEventConfigurationsQuery({ limit: LIST_LIMIT });
  const configuration = useGetEventConfigurationQuery(configurationUuid ? { id: configurationUuid } : skipToken);
  const eventType = useGetEventTypeQuery(configuration.data ? { id: configuration.data.EventTypeUUID } : skipToken);
  const parentUuid = eventType.data?.ParentUUID;
  const parentType = useGetEventTypeQuery(parentUuid ? { id: parentUuid } : skipToken);
  const stored = useGetEventPropertyConfigurationsQuery(configurationUuid ? { eventConfigurationUuiDs: [configurationUuid], limit: LIST_LIMIT } : skipToken);

  const rows = useMemo<Row[] | undefined>(() => {
    if (!eventType.data || !stored.data) return undefined;
    const byProperty = new Map(stored.data.map((item) => [item.EventTypePropertyUUID, item]));
    const list = eventType.data.Properties.map((property) => ({ property, stored: byProperty.get(property.UUID) ?? null }));
    // The processor's order (priority, then name); properties without a configuration last.
    return list.sort((a, b) => {
      if (a.stored && b.stored) return a.stored.Priority - b.stored.Priority || a.property.Name.localeCompare(b.property.Name);
      if (a.stored || b.stored) return a.stored ? -1 : 1;
      return a.property.Name.localeCompare(b.property.Name);
    });
  }, [eventType.data, stored.data]);
  const nextPriority = useMemo(() => Math.max(0, ...(stored.data ?? []).map((item) => item.Priority)) + 1, [stored.data]);

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { id: 'priority', header: t('events.property_configurations.columns.priority'), value: (row) => row.stored?.Priority ?? '', width: 90, align: 'end' },
      { id: 'property', header: t('events.property_configurations.columns.property'), value: (row) => row.property.Name, minWidth: 160 },
      { id: 'type', header: t('events.property_configurations.columns.type'), value: (row) => `${propertyTypeLabel(t, row.property.Type)} · ${row.property.Datatype}`, minWidth: 160 },
      {
        id: 'mode',
        header: t('events.property_configurations.columns.mode'),
        value: (row) => (row.stored ? modeLabel(t, row.stored.Mode) : ''),
        cell: (row) => (row.stored ? modeLabel(t, row.stored.Mode) : <span className="muted">{t('events.property_configurations.not_configured')}</span>),
        width: 170,
      },
      { id: 'source', header: t('events.property_configurations.columns.source'), value: (row) => sourceText(row.stored), minWidth: 200 },
      { id: 'aggregation', header: t('events.property_configurations.columns.aggregation'), value: (row) => [row.stored?.Aggregation ? t(`events.property_configurations.aggregations.${row.stored.Aggregation}`) : null, row.stored?.Interval].filter(Boolean).join(' · '), width: 150 },
    ],
    [t],
  );
  const actions = useMemo<DataTableAction<Row>[]>(() => [{ id: 'open', label: t('events.configurations.open'), icon: <Eye {...ICON} />, onAction: (row) => change({ [OPEN_PARAM]: row.property.UUID }) }], [change, t]);
  const open = rows?.find((row) => row.property.UUID === openUuid);
  const options = (all.data ?? []).map((item) => ({ value: item.UUID, label: `${item.AssetPath ?? ''} · ${item.EventTypeName ?? ''}` }));
  if (configurationUuid && !options.some((option) => option.value === configurationUuid) && configuration.data) options.push({ value: configurationUuid, label: `${configuration.data.AssetPath ?? ''} · ${configuration.data.EventTypeName ?? ''}` });

  return (
    <Page title={t('pages.event_property_configurations')} description={t('events.property_configurations.description')} className="evcfg-page">
      <div className="evcfg-filter">
        <label htmlFor={pickerId}>{t('events.property_configurations.configuration')}</label>
        <select id={pickerId} value={configurationUuid} onChange={(event) => change({ [CONFIGURATION_PARAM]: event.target.value, [OPEN_PARAM]: null })}>
          <option value="">{t('events.property_configurations.choose_configuration')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {configuration.data && <ConfigStateBadge configuration={configuration.data} />}
        {configuration.data && (
          <Link to={`${paths.eventTypes}?${TAB_PARAM}=configurations&${OPEN_PARAM}=${configuration.data.UUID}`}>{t('events.property_configurations.back_to_configuration')}</Link>
        )}
      </div>
      {!configurationUuid ? (
        <p className="muted evcfg-empty">{all.data && all.data.length === 0 ? t('events.property_configurations.no_configurations') : t('events.property_configurations.pick_first')}</p>
      ) : (
        <DataTable
          tableId="event_property_configurations"
          label={t('events.property_configurations.table')}
          columns={columns}
          data={rows}
          getRowId={(row) => row.property.UUID}
          loading={configuration.isLoading || eventType.isLoading || stored.isLoading}
          error={configuration.error ?? eventType.error ?? stored.error}
          onRetry={() => void stored.refetch()}
          selectedRowId={openUuid}
          onSelectionChange={(row) => change({ [OPEN_PARAM]: row?.property.UUID ?? null })}
          rightActions={actions}
          emptyMessage={t('events.property_configurations.no_properties')}
        />
      )}
      {open && configuration.data && eventType.data && (
        <PropertyConfigurationDrawer
          key={`${open.property.UUID}-${open.stored?.UUID ?? 'new'}`}
          configuration={configuration.data}
          property={open.property}
          siblings={eventType.data.Properties}
          parentProperties={parentType.data?.Properties ?? []}
          stored={open.stored}
          nextPriority={nextPriority}
          canManage={canManage}
          onClose={() => change({ [OPEN_PARAM]: null })}
        />
      )}
    </Page>
  );
}

function sourceText(stored: EventPropertyConfigurationRead | null): string {
  if (!stored || stored.Mode !== 'historian') return '';
  if (stored.Source === 'property') return `${stored.FromParent ? '↑ ' : ''}${stored.SourcePropertyName ?? ''}`;
  return stored.DataReferenceName ?? stored.MeasurementUUID ?? stored.AssetPropertyUUID ?? '';
}
