import type { Db } from '../db/db';
import type { Caller } from '../http/caller';

// Builds the Caller of a request from the user and the organization the client asked for, in one
// query: the user's privileges in the root organization and in the requested one (the union over
// their groups there, read from the user_effective_privileges view).

/**
 * Which organizations are a user's: those where they are in a group, and the root organization
 * only when a root group gives them at least one privilege (SPEC §1: the root is kept apart).
 * /current-user/organizations lists exactly these, and x-organization-uuid may name only these.
 */
export const USER_ORGANIZATIONS_SQL = `
  SELECT o.uuid, o.name, o.description, o.is_root, o.postgres_user, o.license_uuid, o.status
    FROM organizations o
   WHERE (NOT o.is_root AND o.status <> 'Deleted' AND EXISTS (
            SELECT 1 FROM user_group_users ugu JOIN user_groups ug ON ug.uuid = ugu.user_group_uuid
             WHERE ugu.user_uuid = $1 AND ug.organization_uuid = o.uuid))
      OR (o.is_root AND EXISTS (
            SELECT 1 FROM user_effective_privileges p WHERE p.user_uuid = $1 AND p.organization_uuid = o.uuid))`;

interface CallerRow {
  name: string;
  must_change_password: boolean;
  organization_uuid: string;
  is_root: boolean;
  is_users: boolean;
  privileges: string[];
}

export interface ResolvedCaller {
  caller: Caller;
  /** The requested organization was not one of the user's (or does not exist). */
  organizationDenied: boolean;
}

export async function resolveCaller(
  db: Db,
  userUuid: string,
  requestedOrganization: string | null,
  via: Caller['via'],
): Promise<ResolvedCaller | undefined> {
  const { rows } = await db.query<CallerRow>(
    `WITH mine AS (${USER_ORGANIZATIONS_SQL})
     SELECT u.name, u.must_change_password, o.uuid AS organization_uuid, o.is_root,
            EXISTS (SELECT 1 FROM mine WHERE mine.uuid = o.uuid) AS is_users,
            COALESCE((SELECT json_agg(DISTINCT p.privilege_name) FROM user_effective_privileges p
                       WHERE p.user_uuid = u.uuid AND p.organization_uuid = o.uuid), '[]'::json) AS privileges
       FROM users u CROSS JOIN organizations o
      WHERE u.uuid = $1 AND (o.is_root OR o.uuid = $2::uuid)`,
    [userUuid, requestedOrganization],
  );
  const root = rows.find((row) => row.is_root);
  if (!root) return undefined;
  const requested = requestedOrganization === null ? undefined : rows.find((row) => row.organization_uuid === requestedOrganization);
  const granted = requested?.is_users ? requested : undefined;
  return {
    caller: {
      userUuid,
      userName: root.name,
      organizationUuid: granted ? granted.organization_uuid : null,
      rootOrganizationUuid: root.organization_uuid,
      privileges: new Set(granted ? granted.privileges : []),
      rootPrivileges: new Set(root.privileges),
      via,
      mustChangePassword: root.must_change_password,
    },
    organizationDenied: requestedOrganization !== null && !granted,
  };
}
