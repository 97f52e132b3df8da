import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { Guard } from '../components/Guard';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { LoginPage } from '../features/auth/LoginPage';
import { GALLERY_PATH, isGalleryEnabled } from '../features/gallery/galleryAccess';
import { IS_DEVELOPMENT_BUILD } from '../lib/appVersion';
import { paths } from '../lib/paths';
import { ROUTES, type AppRoute, type PageRouteId } from '../state/routes';
import { ErrorBoundary } from './ErrorBoundary';
import { LocationRecorder } from './LocationRecorder';
import { RedirectIfLoggedIn, RequireAuth } from './RequireAuth';
import { RouterNavigation } from './RouterNavigation';

// Every page but login loads lazily, each in a chunk of its own. The declarative HashRouter is
// used instead of createHashRouter: the data-router engine would cost about 10 KB gzip on the
// sign-in route, and no page here uses loaders or actions (see README, "Bundle budget").
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

// The signed-in shell is lazy too: the sign-in route never renders it (bundle budget).
const AppShell = page(() => import('./AppShell'), 'AppShell');
const HomePage = page(() => import('../features/home/HomePage'), 'HomePage');
const LoginDonePage = page(() => import('../features/auth/LoginDonePage'), 'LoginDonePage');
const SetupPage = page(() => import('../features/setup/SetupPage'), 'SetupPage');
const ProfilePage = page(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const CollectorsPage = page(() => import('../features/collectors/CollectorsPage'), 'CollectorsPage');
const ProductUpdatesPage = page(() => import('../features/collectors/ProductUpdatesPage'), 'ProductUpdatesPage');
const MeasurementsPage = page(() => import('../features/measurements/MeasurementsPage'), 'MeasurementsPage');
const CalculationsPage = page(() => import('../features/measurements/MeasurementsPage'), 'CalculationsPage');
const AssetsPage = page(() => import('../features/assets/AssetsPage'), 'AssetsPage');
const AssetPrototypesPage = page(() => import('../features/assets/AssetPrototypesPage'), 'AssetPrototypesPage');
const AssetPrototypesBulkPage = page(() => import('../features/assets/AssetPrototypesBulkPage'), 'AssetPrototypesBulkPage');
const AssetPropertiesPage = page(() => import('../features/assets/AssetPropertiesPage'), 'AssetPropertiesPage');
const EventTypesPage = page(() => import('../features/events/EventTypesPage'), 'EventTypesPage');
const EventPropertyConfigurationsPage = page(
  () => import('../features/events/EventPropertyConfigurationsPage'),
  'EventPropertyConfigurationsPage',
);
const EventsPage = page(() => import('../features/events/EventsPage'), 'EventsPage');
const ManualEntryFormsPage = page(() => import('../features/manual-entry/ManualEntryFormsPage'), 'ManualEntryFormsPage');
const ManualEntryFormPage = page(() => import('../features/manual-entry/ManualEntryFormPage'), 'ManualEntryFormPage');
const ManualEntryFormViewPage = page(() => import('../features/manual-entry/ManualEntryFormViewPage'), 'ManualEntryFormViewPage');
const AuditLogPage = page(() => import('../features/audit-log/AuditLogPage'), 'AuditLogPage');
const ConfigurationAuditLogPage = page(() => import('../features/audit-log/AuditLogPage'), 'ConfigurationAuditLogPage');
const ConfigurationIndex = page(() => import('../features/configuration/index/ConfigurationIndex'), 'ConfigurationIndex');
const ApiSettingsPage = page(() => import('../features/configuration/api/ApiSettingsPage'), 'ApiSettingsPage');
const LicencePage = page(() => import('../features/configuration/licence/LicencePage'), 'LicencePage');
const TimeseriesDatabasesPage = page(() => import('../features/configuration/timeseries/TimeseriesDatabasesPage'), 'TimeseriesDatabasesPage');
const TimeseriesDatabasePage = page(() => import('../features/configuration/timeseries/TimeseriesDatabasePage'), 'TimeseriesDatabasePage');
const TaskSchedulersPage = page(() => import('../features/configuration/task-schedulers/TaskSchedulersPage'), 'TaskSchedulersPage');
const TaskSchedulerPage = page(() => import('../features/configuration/task-schedulers/TaskSchedulerPage'), 'TaskSchedulerPage');
const ExternalDatabasesPage = page(() => import('../features/configuration/external-databases/ExternalDatabasesPage'), 'ExternalDatabasesPage');
const ExternalDatabasePage = page(() => import('../features/configuration/external-databases/ExternalDatabasePage'), 'ExternalDatabasePage');
const AiPage = page(() => import('../features/configuration/ai/AiPage'), 'AiPage');
const SinksPage = page(() => import('../features/configuration/sinks/SinksPage'), 'SinksPage');
const SinkPage = page(() => import('../features/configuration/sinks/SinkPage'), 'SinkPage');
const ForwardersPage = page(() => import('../features/configuration/sinks/ForwardersPage'), 'ForwardersPage');
const ForwarderPage = page(() => import('../features/configuration/sinks/ForwarderPage'), 'ForwarderPage');
// The replay page renders the real pages (AppRoutes) in a sandbox. A feature may not import app/,
// so the sandbox shell lives here (ReplaySandbox.tsx) and reaches the page as a prop; both load
// lazily, keeping ajv and the player out of the sign-in route.
const QaReplayPage = lazy(async () => ({ default: (await import('../features/qa-replay/QaReplayPage')).QaReplayPage }));
const ReplaySandbox = lazy(async () => ({ default: (await import('./ReplaySandbox')).ReplaySandbox }));
// Access administration, one chunk per page.
const OrganizationsPage = page(() => import('../features/configuration/access/OrganizationsPage'), 'OrganizationsPage');
const OrganizationPage = page(() => import('../features/configuration/access/OrganizationPage'), 'OrganizationPage');
const UsersPage = page(() => import('../features/configuration/access/UsersPage'), 'UsersPage');
const UserPage = page(() => import('../features/configuration/access/UserPage'), 'UserPage');
const GroupsPage = page(() => import('../features/configuration/access/GroupsPage'), 'GroupsPage');
const GroupPage = page(() => import('../features/configuration/access/GroupPage'), 'GroupPage');
const AuthProvidersPage = page(() => import('../features/configuration/access/AuthProvidersPage'), 'AuthProvidersPage');
const AuthProviderPage = page(() => import('../features/configuration/access/AuthProviderPage'), 'AuthProviderPage');
const NotFoundPage = page(() => import('./NotFoundPage'), 'NotFoundPage');
// Development builds, or production with localStorage['historian.gallery'] = '1' (galleryAccess.ts).
const GalleryPage = page(() => import('../features/gallery/GalleryPage'), 'GalleryPage');

/** The page of each route of the table (state/routes.ts) that has one; the rest are placeholders. */
const PAGES: Record<PageRouteId, LazyExoticComponent<ComponentType>> = {
  home: HomePage,
  setup: SetupPage,
  profile: ProfilePage,
  collectors: CollectorsPage,
  product_updates: ProductUpdatesPage,
  measurements: MeasurementsPage,
  calculations: CalculationsPage,
  assets: AssetsPage,
  asset_prototypes: AssetPrototypesPage,
  asset_prototypes_bulk: AssetPrototypesBulkPage,
  asset_properties: AssetPropertiesPage,
  event_types: EventTypesPage,
  event_property_configurations: EventPropertyConfigurationsPage,
  events_overview: EventsPage,
  manual_entry_forms: ManualEntryFormsPage,
  manual_entry_form: ManualEntryFormPage,
  manual_entry_form_view: ManualEntryFormViewPage,
  audit_log: AuditLogPage,
  configuration_audit_log: ConfigurationAuditLogPage,
  configuration: ConfigurationIndex,
  api: ApiSettingsPage,
  license: LicencePage,
  timeseries_databases: TimeseriesDatabasesPage,
  timeseries_database: TimeseriesDatabasePage,
  task_schedulers: TaskSchedulersPage,
  task_scheduler: TaskSchedulerPage,
  external_databases: ExternalDatabasesPage,
  external_database: ExternalDatabasePage,
  ai: AiPage,
  sinks: SinksPage,
  sink: SinkPage,
  forwarders: ForwardersPage,
  forwarder: ForwarderPage,
  organizations: OrganizationsPage,
  create_organization: OrganizationPage,
  edit_organization: OrganizationPage,
  users: UsersPage,
  user: UserPage,
  groups: GroupsPage,
  group: GroupPage,
  auth_providers: AuthProvidersPage,
  auth_provider: AuthProviderPage,
};

function hasPage(route: AppRoute): route is AppRoute & { id: PageRouteId } {
  return route.placeholder !== true;
}

function RoutePlaceholder({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  return <PlaceholderPage title={t(route.titleKey)} />;
}

/** Every route of the table, each page behind the one guard that reads the same table. */
function tableRoutes() {
  return ROUTES.flatMap((route) => {
    const Page = hasPage(route) ? PAGES[route.id] : null;
    const element = <Guard route={route.id}>{Page ? <Page /> : <RoutePlaceholder route={route} />}</Guard>;
    const spellings: readonly string[] = [route.path, ...('aliases' in route ? route.aliases : [])];
    return spellings.map((path) =>
      path === paths.home ? <Route key={path} index element={element} /> : <Route key={path} path={path} element={element} />,
    );
  });
}

/** The routes of SPEC §2: outside the shell by hand, inside it from the route table (state/routes.ts). */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <RouterNavigation>
        <Routes>
          <Route
            path={paths.login}
            element={
              <RedirectIfLoggedIn>
                <LoginPage />
              </RedirectIfLoggedIn>
            }
          />
          <Route path={paths.loginDone} element={<LoginDonePage />} />
          {isGalleryEnabled() && <Route path={GALLERY_PATH} element={<GalleryPage />} />}
          <Route path={paths.qaReplay} element={<QaReplayRoute />} />
          <Route
            path={paths.home}
            element={
              <RequireAuth>
                <AppShell />
              </RequireAuth>
            }
          >
            {tableRoutes()}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </RouterNavigation>
    </ErrorBoundary>
  );
}

/**
 * Outside the shell: the sandbox draws a whole console (sidebar and main region) of its own. Sign-in
 * is needed except in development builds, where a recording can be replayed without any server;
 * the page itself checks ReadLogs at root.
 */
function QaReplayRoute() {
  const { t } = useTranslation();
  const content = (
    <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
      <QaReplayPage sandbox={ReplaySandbox} />
    </Suspense>
  );
  return IS_DEVELOPMENT_BUILD ? content : <RequireAuth>{content}</RequireAuth>;
}

export function AppRouter() {
  return (
    <HashRouter>
      <LocationRecorder />
      <AppRoutes />
    </HashRouter>
  );
}
