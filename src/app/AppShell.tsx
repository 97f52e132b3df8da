import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { ToastViewport } from '../components/Toasts/ToastViewport';
import { LicenceStatus } from '../features/licence/LicenceStatus';
import { SetupGate } from '../features/setup/SetupGate';
import { paths } from '../lib/paths';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

/** The signed-in frame: sidebar (menu and user menu), banners, the page, and the toasts. */
export function AppShell() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <aside className="sidebar">
        <Link to={paths.home} className="brand">
          {t('app.name')}
        </Link>
        <SideMenu />
        <UserMenu />
      </aside>
      <main id="main" className="main" tabIndex={-1}>
        <SetupGate />
        <LicenceStatus />
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <ToastViewport />
    </div>
  );
}
