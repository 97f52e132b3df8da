import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { baseApi } from '../api/baseApi';
import { useLogoutMutation } from '../api/areas/session';
import { APP_VERSION } from '../lib/appVersion';
import { paths } from '../lib/paths';
import { selectCurrentOrganization } from '../state/privileges';
import { selectIsRecording } from '../state/recorder/recorderSlice';
import { loggedOut } from '../state/session';
import { useAppDispatch, useAppSelector } from './hooks';

// Both dialogs open on demand only, so they load on demand too.
const AboutDialog = lazy(async () => ({ default: (await import('./AboutDialog')).AboutDialog }));
const OrganizationSwitcher = lazy(async () => ({ default: (await import('./OrganizationSwitcher')).OrganizationSwitcher }));

type OpenDialog = 'about' | 'organizations' | null;

/** The bottom of the sidebar (SPEC §2): version and about, organization switcher, profile, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const organization = useAppSelector(selectCurrentOrganization);
  const provider = useAppSelector((s) => s.session.userProvider) ?? 'local';
  const [logout] = useLogoutMutation();
  const recording = useAppSelector(selectIsRecording);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  // Sign-out ends the session on the server and clears the session items and the API cache; the
  // chosen organization and the table layouts stay (ARCHITECTURE, "Local storage").
  const onLogout = async () => {
    await logout({ provider }).unwrap().catch(() => undefined);
    dispatch(loggedOut());
    dispatch(baseApi.util.resetApiState());
    navigate(paths.login);
  };

  const onExportRecording = async () => {
    const { exportRecording, downloadRecording } = await import('../state/recorder/exportRecording');
    const file = await dispatch(exportRecording());
    if (file) downloadRecording(file);
  };

  return (
    <>
      <ul className="user-menu" aria-label={t('menu.user_menu')}>
        <li>
          <button type="button" className="muted" aria-haspopup="dialog" onClick={() => setDialog('about')}>
            {t('menu.version', { version: APP_VERSION })}
          </button>
        </li>
        {organization && (
          <li>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-label={t('menu.switch_organization', { name: organization.Name })}
              onClick={() => setDialog('organizations')}
            >
              {organization.Name}
            </button>
          </li>
        )}
        <li>
          <Link to={paths.profile}>{t('menu.profile')}</Link>
        </li>
        {recording && (
          <li>
            <button type="button" onClick={onExportRecording}>
              {t('qa.recorder.export')}
            </button>
          </li>
        )}
        <li>
          <button type="button" onClick={onLogout}>
            {t('menu.logout')}
          </button>
        </li>
      </ul>
      <Suspense fallback={null}>
        {dialog === 'about' && <AboutDialog onClose={close} />}
        {dialog === 'organizations' && <OrganizationSwitcher onClose={close} />}
      </Suspense>
    </>
  );
}
