import { useTranslation } from 'react-i18next';
import type { UserOrganization } from '../../../api/generated/historian.gen';

/** The organizations a user belongs to, as far as the signed-in user may see them (the server filters). */
export function UserOrganizations({ organizations }: { organizations: readonly UserOrganization[] | undefined }) {
  const { t } = useTranslation();
  const list = organizations ?? [];
  return (
    <section aria-labelledby="user-organizations-title" className="page-section">
      <h2 id="user-organizations-title">{t('users.organizations')}</h2>
      {list.length === 0 ? (
        <p role="status">{t('users.no_organizations')}</p>
      ) : (
        <ul aria-labelledby="user-organizations-title">
          {list.map((organization) => (
            <li key={organization.UUID}>{organization.Name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The organizations' names in one table cell. */
export const organizationNames = (organizations: readonly UserOrganization[] | undefined): string => (organizations ?? []).map((organization) => organization.Name).join(', ');
