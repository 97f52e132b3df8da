import { useTranslation } from 'react-i18next';
import { useGetUserAccessQuery } from '../../../api/areas/access';
import { useAppSelector } from '../../../app/hooks';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess, selectCurrentOrganizationUuid, selectLicensedFeatures, selectRootOrganization } from '../../../state/privileges';
import { explainMenu, holdingsOfGrants, type MenuVerdict } from './explainMenu';
import { describeRequirement, menuRequirementRows } from './menuRequirements';
import { privilegeLabel, privilegeOrder } from './privilegeMatrix';
import './simpleTable.css';

const ROWS = menuRequirementRows();

const VERDICT_KEYS = { granted: 'access.granted', not_granted: 'access.not_granted', depends_on_root: 'access.depends_on_root' } as const satisfies Record<MenuVerdict, string>;

/**
 * "Explain access" for a user: each privilege held in the current organization (and at root, for
 * root readers) with the group it comes from (and the mapping, for memberships a sign-in made),
 * then what that opens of the menu and of the configuration index, computed from the route table
 * as the sidebar, the index and the router's guard compute it (explainMenu.ts).
 */
export function ExplainAccessPanel({ userUuid }: { userUuid: string }) {
  const { t } = useTranslation();
  const { data } = useGetUserAccessQuery({ id: userUuid });
  const can = useAppSelector(selectAccess);
  const organizationUuid = useAppSelector(selectCurrentOrganizationUuid);
  const rootUuid = useAppSelector(selectRootOrganization)?.UUID ?? null;
  const features = useAppSelector(selectLicensedFeatures);
  const hasManualEntryForms = useAppSelector((state) => state.organization.hasManualEntryForms);
  // The server sends root-level grants to the readers of users and groups at root (GET /users/{id}/access).
  const rootKnown = can({ privileges: [PRIVILEGES.ReadUsers, PRIVILEGES.ReadUserGroups], scope: 'root' });
  const verdicts = explainMenu(holdingsOfGrants(data ?? []), { organizationUuid, rootUuid, features, hasManualEntryForms, rootKnown });
  return (
    <section aria-labelledby="explain-access-title" className="page-section">
      <h2 id="explain-access-title">{t('access.explain')}</h2>
      <p className="form-help">{t('access.explain_help')}</p>
      {data && data.length === 0 && <p role="status">{t('access.none')}</p>}
      {data && data.length > 0 && (
        <table className="simple-table" aria-labelledby="explain-access-title">
          <thead>
            <tr>
              <th scope="col">{t('access.privilege')}</th>
              <th scope="col">{t('access.group')}</th>
              <th scope="col">{t('access.source')}</th>
            </tr>
          </thead>
          <tbody>
            {[...data].sort((a, b) => privilegeOrder(a.PrivilegeName) - privilegeOrder(b.PrivilegeName)).map((grant) => (
              <tr key={`${grant.PrivilegeUUID}-${grant.GroupUUID}`}>
                <td title={grant.PrivilegeName}>
                  {grant.OrganizationUUID === rootUuid && rootUuid !== organizationUuid
                    ? t('access.at_root', { privilege: privilegeLabel(grant.PrivilegeName, t) })
                    : privilegeLabel(grant.PrivilegeName, t)}
                </td>
                <td>{grant.GroupName}</td>
                <td>
                  {grant.ViaMapping
                    ? grant.Mappings.map((mapping) => t('access.mapping', { group: mapping.ExternalGroup })).join(', ') || t('groups.via_mapping')
                    : t('access.membership')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3 id="explain-menu-title">{t('access.menu')}</h3>
      <table className="simple-table" aria-labelledby="explain-menu-title">
        <thead>
          <tr>
            <th scope="col">{t('access.menu_item')}</th>
            <th scope="col">{t('access.needs')}</th>
            <th scope="col">{t('access.user_has')}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const verdict = verdicts.get(row.id) ?? 'not_granted';
            return (
              <tr key={row.id}>
                <th scope="row" style={{ paddingInlineStart: `calc(${row.depth * 1.5}em + var(--space-3))` }}>
                  {t(row.labelKey)}
                </th>
                <td>{[...row.all, ...row.any].map((requirement) => describeRequirement(requirement, t)).filter(Boolean).join('; ') || t('access.nothing')}</td>
                <td className="verdict">{t(VERDICT_KEYS[verdict])}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
