import { useState } from 'react';
import { useGetCollectorsQuery } from '../../api/areas/collectors';
import { useGetTimeseriesDatabasesQuery } from '../../api/areas/configuration';
import { useGetCurrentUserOrganizationsQuery } from '../../api/areas/session';
import { useAppSelector } from '../../app/hooks';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess, selectCurrentOrganizationUuid } from '../../state/privileges';
import { selectCanOpenRoute } from '../../state/routes';

/** The arguments the collectors page uses too, so that both read one cache entry. */
const COLLECTORS_QUERY = { limit: 10000 };
/** Health at a glance follows the collectors' reports without a reload. */
export const HOME_POLL_MS = 15_000;

/**
 * What the home page reads, each part only for a user who may open the page it links to (least
 * privilege: a tile or checklist item the user may not read is neither shown nor asked for).
 */
export function useHomeData() {
  const canOpen = useAppSelector(selectCanOpenRoute);
  const can = useAppSelector(selectAccess);
  const organizationUuid = useAppSelector(selectCurrentOrganizationUuid);
  const licence = useAppSelector((state) => state.licence);
  const may = {
    collectors: canOpen('collectors'),
    databases: canOpen('timeseries_databases'),
    manageDatabases: canOpen('timeseries_databases') && can({ privileges: [PRIVILEGES.ManageTimeseriesDatabases] }),
    licence: canOpen('license'),
    organizations: canOpen('organizations'),
    createOrganization: canOpen('create_organization'),
  };
  const collectors = useGetCollectorsQuery(COLLECTORS_QUERY, { skip: !may.collectors, pollingInterval: HOME_POLL_MS, skipPollingIfUnfocused: true });
  const databases = useGetTimeseriesDatabasesQuery({ 'x-organization-uuid': organizationUuid ?? undefined }, { skip: !may.databases || organizationUuid === null });
  const organizations = useGetCurrentUserOrganizationsQuery(undefined, { skip: !may.organizations });
  // Fixed while the page is open, like the licence banner's; the collectors' own answer times their staleness.
  const [openedAt] = useState(() => Date.now());
  return { may, collectors, databases, organizations, licence, openedAt };
}

export type HomeData = ReturnType<typeof useHomeData>;
