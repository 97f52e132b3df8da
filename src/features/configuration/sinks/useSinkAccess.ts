import { useGetForwardersQuery, useGetSinksQuery, useGetSinkTypesQuery } from '../../../api/areas/sinks';
import { useAppSelector } from '../../../app/hooks';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess, selectCurrentOrganizationUuid } from '../../../state/privileges';

/**
 * README "Who may do what": READ_SINKS reads sinks and forwarders, MANAGE_SINKS changes, starts,
 * stops and tests them. The organization is part of the arguments, so each has its own cache entry.
 */
export function useSinkAccess() {
  const can = useAppSelector(selectAccess);
  const organizationUuid = useAppSelector(selectCurrentOrganizationUuid);
  const canRead = can({ privileges: [PRIVILEGES.ReadSinks] });
  const canManage = can({ privileges: [PRIVILEGES.ManageSinks] });
  const skip = !canRead || organizationUuid === null;
  const organization = { 'x-organization-uuid': organizationUuid ?? undefined };
  return { canRead, canManage, skip, organization, can };
}

/** How often a visible list asks for fresh statistics. */
export const STATISTICS_POLL_MS = 5000;

export function useSinks(options: { poll?: boolean } = {}) {
  const { skip, organization } = useSinkAccess();
  return useGetSinksQuery(organization, {
    skip,
    pollingInterval: options.poll ? STATISTICS_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
}

export function useSinkTypes() {
  const { skip, organization } = useSinkAccess();
  return useGetSinkTypesQuery(organization, { skip });
}

export function useForwarders(options: { sinkUuid?: string; poll?: boolean; skip?: boolean } = {}) {
  const { skip, organization } = useSinkAccess();
  return useGetForwardersQuery(
    { ...organization, sinkUuid: options.sinkUuid },
    {
      skip: skip || options.skip === true,
      pollingInterval: options.poll ? STATISTICS_POLL_MS : 0,
      skipPollingIfUnfocused: true,
    },
  );
}
