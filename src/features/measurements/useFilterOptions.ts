import { useMemo } from 'react';
import { useGetCollectorsQuery } from '../../api/areas/collectors';
import { useGetTimeseriesDatabasesQuery } from '../../api/areas/configuration';
import { useGetMeasurementLabelsQuery } from '../../api/areas/measurements';
import type { CollectorRead, TimeseriesDatabaseRead } from '../../api/generated/historian.gen';
import { useAppSelector } from '../../app/hooks';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { isFeatureEnabled, selectAccess, selectLicensedFeatures } from '../../state/privileges';
import type { FilterOptions } from './MeasurementFilterBar';

/** The collector type of the organization's calculation collector (SPEC §3). */
export const CALCULATION_TYPE = 'calculation';
export const CALCULATIONS_FEATURE = 'Calculations';
/** Enough for the filter and the form's choice; an organization with more collectors searches by name instead. */
const COLLECTOR_LIMIT = 1000;

export interface MeasurementChoices {
  options: FilterOptions;
  /** The collectors a measurement of this page may belong to; undefined when the user may not list them. */
  collectors: readonly CollectorRead[] | undefined;
  databases: readonly TimeseriesDatabaseRead[] | undefined;
  /** Calculation collectors are shown (the licence has the feature, SPEC §6). */
  calculationsLicensed: boolean;
}

/**
 * What the filters and the form offer: the labels in use, and the databases and collectors the user
 * may list (READ_TIMESERIES_DATABASES, READ_COLLECTORS). /calculations offers only calculation
 * collectors; /measurements hides them unless the licence has the Calculations feature.
 */
export function useMeasurementChoices(calculationsOnly: boolean): MeasurementChoices {
  const can = useAppSelector(selectAccess);
  const features = useAppSelector(selectLicensedFeatures);
  const calculationsLicensed = isFeatureEnabled(features, CALCULATIONS_FEATURE);
  const mayListCollectors = can({ privileges: [PRIVILEGES.ReadCollectors] });
  const mayListDatabases = can({ privileges: [PRIVILEGES.ReadTimeseriesDatabases] });
  const { data: labels } = useGetMeasurementLabelsQuery({});
  const { data: allCollectors } = useGetCollectorsQuery({ limit: COLLECTOR_LIMIT }, { skip: !mayListCollectors });
  const { data: databases } = useGetTimeseriesDatabasesQuery({}, { skip: !mayListDatabases });

  const collectors = useMemo(
    () =>
      allCollectors?.filter((collector) => {
        const calculation = collector.CollectorType === CALCULATION_TYPE;
        return calculationsOnly ? calculation : !calculation || calculationsLicensed;
      }),
    [allCollectors, calculationsOnly, calculationsLicensed],
  );
  const options = useMemo<FilterOptions>(
    () => ({
      labels: (labels ?? []).map((label) => ({ value: label.Name, label: `${label.Name} (${label.Count})` })),
      databases: mayListDatabases ? (databases ?? []).map((database) => ({ value: database.UUID, label: database.Name })) : undefined,
      collectors: mayListCollectors ? (collectors ?? []).map((collector) => ({ value: collector.UUID, label: collector.Name })) : undefined,
    }),
    [labels, databases, collectors, mayListCollectors, mayListDatabases],
  );
  return { options, collectors: mayListCollectors ? collectors : undefined, databases: mayListDatabases ? databases : undefined, calculationsLicensed };
}
