import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../api/historianApi';
import { APP_VERSION } from '../lib/appVersion';
import { paths } from '../lib/paths';
import { selectCurrentOrganization } from '../state/privileges';
import { loggedOut } from '../state/session';
import { useAppDispatch, useAppSelector } from './hooks';

/** The bottom of the sidebar: version, organization, profile and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const organization = useAppSelector(selectCurrentOrganization);
  const provider = useAppSelector((s) => s.session.userProvider) ?? 'local';
  const [logout] = useLogoutMutation();

  const onLogout = async () => {
    await logout({ provider }).unwrap().catch(() => undefined);
    dispatch(loggedOut());
    navigate(paths.login);
  };

  return (
    <ul className="user-menu" aria-label={t('menu.user_menu')}>
      <li className="muted">{t('menu.version', { version: APP_VERSION })}</li>
      {organization && <li>{organization.Name}</li>}
      <li>
        <Link to={paths.profile}>{t('menu.profile')}</Link>
      </li>
      <li>
        <button type="button" onClick={onLogout}>
          {t('menu.logout')}
        </button>
      </li>
    </ul>
  );
}
