import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { ToastViewport } from '../components/Toasts/ToastViewport';
import { AssistantLauncher } from '../features/assistant/AssistantLauncher';
import { calculationSlots } from '../features/calculations/lazy';
import { LicenceStatus } from '../features/licence/LicenceStatus';
import { CalculationSlotsContext } from '../features/measurements/calculationSlots';
import { SetupGate } from '../features/setup/SetupGate';
import { paths } from '../lib/paths';
import { readSidebarState, storeSidebarState, type SidebarState } from '../lib/sidebarPreference';
import { selectJobsPanel } from '../state/jobsPanel';
import { selectShouldWatchJobs } from '../state/jobsWatch';
import { Breadcrumbs } from './Breadcrumbs';
import { SideMenu } from './SideMenu';
import { useAppSelector } from './hooks';
import { UserMenu } from './UserMenu';
import './AppShell.css';

// The jobs panel and the watcher of the user's jobs load when first needed: the panel when it
// opens, the watcher once the user has a job to watch (state/jobsPanel.ts).
const JobsPanel = lazy(async () => ({ default: (await import('../features/jobs/JobsPanel')).JobsPanel }));
const JobWatcher = lazy(async () => ({ default: (await import('../features/jobs/JobWatcher')).JobWatcher }));

function Jobs() {
  const { open } = useAppSelector(selectJobsPanel);
  const shouldWatch = useAppSelector(selectShouldWatchJobs);
  // Once loaded the watcher stays: it stops polling by itself when nothing is left to watch.
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (shouldWatch) setWatching(true);
  }, [shouldWatch]);
  return (
    <Suspense fallback={null}>
      {open && <JobsPanel />}
      {watching && <JobWatcher />}
    </Suspense>
  );
}

/**
 * The signed-in frame: a sticky sidebar (brand, menu, collapse toggle), a header (breadcrumbs, the
 * organization and the user menu), banners, the page, and the toasts. Collapsed, the sidebar shows
 * the entries' icons only, and this device remembers it (lib/sidebarPreference.ts).
 */
export function AppShell() {
  const { t } = useTranslation();
  const [sidebar, setSidebar] = useState<SidebarState>(readSidebarState);
  const collapsed = sidebar === 'collapsed';
  const toggleLabel = collapsed ? t('menu.expand_sidebar') : t('menu.collapse_sidebar');
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  const toggle = () => {
    const next = collapsed ? 'expanded' : 'collapsed';
    storeSidebarState(next);
    setSidebar(next);
  };

  return (
    <div className="app-shell" data-sidebar={sidebar}>
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <aside className="sidebar" id="app-sidebar">
        <Link to={paths.home} className="brand nav-item">
          <img className="brand-logo" src="/favicon.svg" alt="" width={24} height={24} />
          <span className="nav-label">{t('app.name')}</span>
        </Link>
        <SideMenu collapsed={collapsed} />
        <button
          type="button"
          className="nav-item sidebar-toggle"
          aria-controls="app-sidebar"
          aria-expanded={!collapsed}
          onClick={toggle}
        >
          <ToggleIcon className="nav-icon" aria-hidden="true" focusable="false" />
          <span className="nav-label">{toggleLabel}</span>
        </button>
      </aside>
      <div className="app-body">
        <header className="app-header">
          <Breadcrumbs />
          <AssistantLauncher />
          <UserMenu />
        </header>
        <main id="main" className="main" tabIndex={-1}>
          <SetupGate />
          <LicenceStatus />
          <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
            {/* The measurement drawer opens calculations in the calculation editor. */}
            <CalculationSlotsContext value={calculationSlots}>
              <Outlet />
            </CalculationSlotsContext>
          </Suspense>
        </main>
      </div>
      <ToastViewport preloadDetails />
      <Jobs />
    </div>
  );
}
