import { useGetExternalDatabaseKindsQuery, useGetExternalDatabasesQuery } from '../../../api/areas/externalDatabases';
import { useAppSelector } from '../../../app/hooks';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess, selectCurrentOrganizationUuid } from '../../../state/privileges';

/**
 * The external databases of the current organization and the kinds this server knows: read with
 * READ_EXTERNAL_DATABASES, changed, tested and queried with MANAGE_EXTERNAL_DATABASES
 * (server/integrations/README.md). Without the read privilege nothing is asked for.
 */
export function useOrganizationExternalDatabases() {
  const can = useAppSelector(selectAccess);
  const organizationUuid = useAppSelector(selectCurrentOrganizationUuid);
  const canRead = can({ privileges: [PRIVILEGES.ReadExternalDatabases] });
  const canManage = can({ privileges: [PRIVILEGES.ManageExternalDatabases] });
  const skip = !canRead || organizationUuid === null;
  const organization = { 'x-organization-uuid': organizationUuid ?? undefined };
  const databases = useGetExternalDatabasesQuery(organization, { skip });
  const kinds = useGetExternalDatabaseKindsQuery(organization, { skip });
  return { canRead, canManage, organizationUuid, databases, kinds };
}
