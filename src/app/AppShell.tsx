import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { paths } from '../lib/paths';

// The shell is never drawn on the sign-in route, whose first download has a budget (README,
// "Bundle budget"); so its parts load on first use, beside the page they frame.
function part<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const SideMenu = part(() => import('./SideMenu'), 'SideMenu');
const UserMenu = part(() => import('./UserMenu'), 'UserMenu');
const SetupGate = part(() => import('../features/setup/SetupGate'), 'SetupGate');
const LicenceStatus = part(() => import('../features/licence/LicenceStatus'), 'LicenceStatus');
const ToastViewport = part(() => import('../components/Toasts/ToastViewport'), 'ToastViewport');

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
        <Suspense fallback={<div className="side-menu" />}>
          <SideMenu />
          <UserMenu />
        </Suspense>
      </aside>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <SetupGate />
          <LicenceStatus />
        </Suspense>
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <ToastViewport />
      </Suspense>
    </div>
  );
}
