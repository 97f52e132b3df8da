import { useGetTimeseriesDatabasesQuery, useGetTimeseriesDatabaseTypesQuery } from '../../../api/areas/configuration';
import { useAppSelector } from '../../../app/hooks';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess, selectCurrentOrganizationUuid } from '../../../state/privileges';

/**
 * SPEC §6: the time-series databases of the current organization load only with
 * ReadTimeseriesDatabases; without it neither they nor the types are asked for. The organization
 * is part of the query's arguments so that each organization has a cache entry of its own.
 */
export function useOrganizationTimeseriesDatabases() {
  const can = useAppSelector(selectAccess);
  const organizationUuid = useAppSelector(selectCurrentOrganizationUuid);
  const canRead = can({ privileges: [PRIVILEGES.ReadTimeseriesDatabases] });
  const canManage = can({ privileges: [PRIVILEGES.ManageTimeseriesDatabases] });
  const skip = !canRead || organizationUuid === null;
  const databases = useGetTimeseriesDatabasesQuery({ 'x-organization-uuid': organizationUuid ?? undefined }, { skip });
  const types = useGetTimeseriesDatabaseTypesQuery(undefined, { skip });
  return { canRead, canManage, organizationUuid, databases, types };
}
