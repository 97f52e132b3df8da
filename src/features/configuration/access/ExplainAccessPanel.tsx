import { useTranslation } from 'react-i18next';
import { useGetUserAccessQuery } from '../../../api/historianApi';
import { describeRequirement, menuRequirementRows, passes } from './menuRequirements';

const ROWS = menuRequirementRows();

/**
 * "Explain access" for a user: each privilege held in the current organization with the group it
 * comes from (and the mapping, for memberships a sign-in made), then what that opens of the menu.
 */
export function ExplainAccessPanel({ userUuid }: { userUuid: string }) {
  const { t } = useTranslation();
  const { data } = useGetUserAccessQuery({ id: userUuid });
  const held = new Set((data ?? []).map((grant) => grant.PrivilegeName));
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
            {data.map((grant) => (
              <tr key={`${grant.PrivilegeUUID}-${grant.GroupUUID}`}>
                <td>{grant.PrivilegeName}</td>
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
      <h3>{t('access.menu')}</h3>
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">{t('access.menu_item')}</th>
            <th scope="col">{t('access.needs')}</th>
            <th scope="col">{t('access.user_has')}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const all = row.all.map((requirement) => passes(requirement, held));
            const any = row.any.map((requirement) => passes(requirement, held));
            const granted = all.every((result) => result !== false) && (any.length === 0 || any.some((result) => result !== false));
            return (
              <tr key={row.id}>
                <th scope="row" style={{ paddingInlineStart: `${row.depth * 1.5}em` }}>
                  {t(row.item.labelKey)}
                </th>
                <td>{[...row.all, ...row.any].map((requirement) => describeRequirement(requirement, t)).filter(Boolean).join('; ') || t('access.nothing')}</td>
                <td>{granted ? t('access.granted') : t('access.not_granted')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
