import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Route, Routes, useParams } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { GALLERY_PATH, isGalleryEnabled } from '../features/gallery/galleryAccess';
import { IS_DEVELOPMENT_BUILD } from '../lib/appVersion';
import { CONFIGURATION_SUBROUTES, configurationPath, paths } from '../lib/paths';
import { ErrorBoundary } from './ErrorBoundary';
import { LocationRecorder } from './LocationRecorder';
import { RedirectIfLoggedIn, RequireAuth } from './RequireAuth';

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
const ConfigurationPage = page(() => import('../features/configuration/ConfigurationPage'), 'ConfigurationPage');
const ApiSettingsPage = page(() => import('../features/configuration/api/ApiSettingsPage'), 'ApiSettingsPage');
const LicencePage = page(() => import('../features/configuration/licence/LicencePage'), 'LicencePage');
const TimeseriesDatabasesPage = page(() => import('../features/configuration/timeseries/TimeseriesDatabasesPage'), 'TimeseriesDatabasesPage');
const TimeseriesDatabasePage = page(() => import('../features/configuration/timeseries/TimeseriesDatabasePage'), 'TimeseriesDatabasePage');
// The replay page renders the real pages (AppRoutes) in a sandbox. A feature may not import app/,
// so the sandbox shell lives here (ReplaySandbox.tsx) and reaches the page as a prop; both load
// lazily, keeping ajv and the player out of the sign-in route.
const QaReplayPage = lazy(async () => ({ default: (await import('../features/qa-replay/QaReplayPage')).QaReplayPage }));
const ReplaySandbox = lazy(async () => ({ default: (await import('./ReplaySandbox')).ReplaySandbox }));
// Access administration (issue 6), one chunk per page.
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

/** The route table of SPEC §2; `paths` holds the strings that the menu reads too. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
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
          <Route index element={<HomePage />} />
          <Route path={paths.setup} element={<SetupPage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.collectors} element={<CollectorsPage />} />
          <Route path={paths.productUpdates} element={<ProductUpdatesPage />} />
          <Route path={paths.measurements} element={<MeasurementsPage />} />
          <Route path={paths.calculations} element={<CalculationsPage />} />
          <Route path={paths.assets} element={<AssetsPage />} />
          <Route path={paths.assetPrototypes} element={<AssetPrototypesPage />} />
          <Route path={paths.assetPrototypesBulk} element={<AssetPrototypesBulkPage />} />
          <Route path={paths.assetProperties} element={<AssetPropertiesPage />} />
          <Route path={paths.eventTypes} element={<EventTypesPage />} />
          <Route path={paths.eventConfigurations} element={<EventTypesPage />} />
          <Route path={paths.eventPropertyConfigurations} element={<EventPropertyConfigurationsPage />} />
          <Route path={paths.events} element={<EventsPage />} />
          <Route path={paths.manualEntryForms} element={<ManualEntryFormsPage />} />
          <Route path={paths.manualEntryForm} element={<ManualEntryFormPage />} />
          <Route path={paths.manualEntryFormView} element={<ManualEntryFormViewPage />} />
          <Route path={paths.auditLog} element={<AuditLogPage />} />
          <Route path={paths.auditLogs} element={<AuditLogPage />} />
          <Route path={paths.configuration} element={<ConfigurationPage />} />
          <Route path={configurationPath('api')} element={<ApiSettingsPage />} />
          <Route path={configurationPath('license')} element={<LicencePage />} />
          <Route path={configurationPath('timeseries_databases')} element={<TimeseriesDatabasesPage />} />
          <Route path={configurationPath('timeseries_database')} element={<TimeseriesDatabasePage />} />
          <Route path={configurationPath('organizations')} element={<OrganizationsPage />} />
          <Route path={configurationPath('create_organization')} element={<OrganizationPage />} />
          <Route path={configurationPath('edit_organization')} element={<OrganizationPage />} />
          <Route path={configurationPath('users')} element={<UsersPage />} />
          <Route path={configurationPath('user')} element={<UserPage />} />
          <Route path={configurationPath('groups')} element={<GroupsPage />} />
          <Route path={configurationPath('group')} element={<GroupPage />} />
          <Route path={configurationPath('auth_providers')} element={<AuthProvidersPage />} />
          <Route path={configurationPath('auth_provider')} element={<AuthProviderPage />} />
          <Route path={`${paths.configuration}/*`} element={<ConfigurationSubroute />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}

/** The configuration sub-routes of SPEC §2 that have no page of their own yet; any other name is not found. */
function ConfigurationSubroute() {
  const { '*': sub } = useParams();
  const known = sub === undefined || sub === '' || CONFIGURATION_SUBROUTES.some((name) => name === sub);
  return known ? <ConfigurationPage /> : <NotFoundPage />;
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
