import { Building2, ChevronsUpDown, Download, Info, ListChecks, LogOut, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { baseApi } from '../api/baseApi';
import { useLogoutMutation } from '../api/areas/session';
import { APP_VERSION } from '../lib/appVersion';
import { paths } from '../lib/paths';
import { jobsPanelOpened } from '../state/jobsPanel';
import { selectCurrentOrganization } from '../state/privileges';
import { selectIsRecording } from '../state/recorder/recorderSlice';
import { loggedOut } from '../state/session';
import { useAppDispatch, useAppSelector } from './hooks';

// Both dialogs open on demand only, so they load on demand too.
const AboutDialog = lazy(async () => ({ default: (await import('./AboutDialog')).AboutDialog }));
const OrganizationSwitcher = lazy(async () => ({ default: (await import('./OrganizationSwitcher')).OrganizationSwitcher }));

type OpenDialog = 'about' | 'organizations' | null;

/**
 * The user menu of SPEC §2, at the right of the header: the current organization (one click from
 * the switcher), version and about, profile, the recording's export while recording, logout. Every
 * entry stays in view, so that each is one click away (and a replay shows what the user saw).
 * Labels that narrow headers hide stay as the controls' names and tooltips.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const organization = useAppSelector(selectCurrentOrganization);
  const userName = useAppSelector((s) => s.session.userName);
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

  const version = t('menu.version', { version: APP_VERSION });
  const jobs = t('menu.jobs');
  const profile = t('menu.profile');
  return (
    <>
      <ul className="user-menu" aria-label={t('menu.user_menu')}>
        {organization && (
          <li className="user-menu-organization">
            <button
              type="button"
              className="header-button"
              aria-haspopup="dialog"
              aria-label={t('menu.switch_organization', { name: organization.Name })}
              title={organization.Name}
              onClick={() => setDialog('organizations')}
            >
              <Building2 className="header-icon" aria-hidden="true" focusable="false" />
              <span className="truncate">{organization.Name}</span>
              <ChevronsUpDown className="header-icon muted" aria-hidden="true" focusable="false" />
            </button>
          </li>
        )}
        <li>
          <button type="button" className="header-button icon-only" aria-haspopup="dialog" title={version} onClick={() => setDialog('about')}>
            <Info className="header-icon" aria-hidden="true" focusable="false" />
            <span className="visually-hidden">{version}</span>
          </button>
        </li>
        <li>
          <button type="button" className="header-button" aria-haspopup="dialog" title={jobs} onClick={() => dispatch(jobsPanelOpened())}>
            <ListChecks className="header-icon" aria-hidden="true" focusable="false" />
            <span className="header-label">{jobs}</span>
          </button>
        </li>
        {recording && (
          <li>
            <button type="button" className="header-button" onClick={onExportRecording}>
              <Download className="header-icon" aria-hidden="true" focusable="false" />
              <span className="header-label">{t('qa.recorder.export')}</span>
            </button>
          </li>
        )}
        <li>
          <Link to={paths.profile} className="header-button" title={userName ? t('menu.profile_of', { name: userName }) : profile}>
            <UserRound className="header-icon" aria-hidden="true" focusable="false" />
            <span className="header-label">{profile}</span>
          </Link>
        </li>
        <li>
          <button type="button" className="header-button" onClick={onLogout}>
            <LogOut className="header-icon" aria-hidden="true" focusable="false" />
            <span className="header-label">{t('menu.logout')}</span>
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
