import { createSelector } from '@reduxjs/toolkit';
import { PRIVILEGES, type PrivilegeName } from '../../domain/privilegeNames';
import { configurationPath, paths } from '../lib/paths';
import { selectAccess, type Requirement } from './privileges';

// The one route table of the signed-in console (SPEC §2, ARCHITECTURE "Hash routing"): per route
// its path, what opening it needs (privileges in the current or root organization, licence
// features) and where it is offered (sidebar, configuration index, nowhere). The router's guard,
// the sidebar (menu.ts), the configuration index (configurationMenu.ts) and explain access all
// read it, so none of them can let a user in, or offer a page, where another would not. The page
// components are attached by route id in app/router.tsx (they are lazy chunks).

export type PageTitleKey =
  | 'pages.home'
  | 'pages.setup'
  | 'pages.profile'
  | 'pages.collectors'
  | 'pages.product_updates'
  | 'pages.measurements'
  | 'pages.calculations'
  | 'pages.assets'
  | 'pages.asset_prototypes'
  | 'pages.asset_prototypes_bulk'
  | 'pages.asset_properties'
  | 'pages.event_types'
  | 'pages.event_property_configurations'
  | 'pages.events'
  | 'pages.manual_entry_forms'
  | 'pages.manual_entry_form'
  | 'pages.manual_entry_form_view'
  | 'pages.audit_log'
  | 'pages.configuration'
  | 'pages.organizations'
  | 'pages.create_organization'
  | 'pages.edit_organization'
  | 'pages.users'
  | 'pages.user'
  | 'pages.groups'
  | 'pages.group'
  | 'pages.auth_providers'
  | 'pages.auth_provider'
  | 'pages.timeseries_databases'
  | 'pages.timeseries_database'
  | 'pages.api_settings'
  | 'pages.license'
  | 'pages.external_databases'
  | 'pages.external_database'
  | 'pages.sinks'
  | 'pages.sink'
  | 'pages.forwarders'
  | 'pages.forwarder'
  | 'pages.task_schedulers'
  | 'pages.task_scheduler'
  | 'pages.ai';

export type MenuLabelKey =
  | 'menu.collectors'
  | 'menu.measurements'
  | 'menu.calculations'
  | 'menu.assets'
  | 'menu.events'
  | 'menu.event_types'
  | 'menu.events_overview'
  | 'menu.manual_entry_forms'
  | 'menu.configuration';

/** Sidebar entries that hold other entries instead of opening a page. */
export const SIDEBAR_GROUPS = { events: { labelKey: 'menu.events' } } as const satisfies Record<string, { labelKey: MenuLabelKey }>;
export type SidebarGroupId = keyof typeof SIDEBAR_GROUPS;

export type Placement =
  | { in: 'sidebar'; labelKey: MenuLabelKey; group?: SidebarGroupId; onlyWithManualEntryForms?: true }
  | { in: 'configuration'; labelKey: PageTitleKey }
  | { in: 'none' };

/** What opening a route needs: every requirement of `requires`, and one of `requiresAny` when given. */
export interface RouteAccess {
  requires: readonly Requirement[];
  requiresAny?: readonly Requirement[];
}

export interface AppRoute extends RouteAccess {
  id: string;
  path: string;
  /** Further spellings of the same page (SPEC §2: /event-configurations, /audit_logs). */
  aliases?: readonly string[];
  titleKey: PageTitleKey;
  placement: Placement;
  /** A SPEC §2 route whose screen is not built yet: the router shows a titled placeholder. */
  placeholder?: true;
}

const open: readonly Requirement[] = [];
const here = (...privileges: PrivilegeName[]): Requirement => ({ privileges });
const atRoot = (...privileges: PrivilegeName[]): Requirement => ({ privileges, scope: 'root' });
const none = { in: 'none' } as const;

export const ROUTES = [
  { id: 'home', path: paths.home, titleKey: 'pages.home', requires: open, placement: none },
  // The wizard guards itself: it opens only while setup is not done (features/setup).
  { id: 'setup', path: paths.setup, titleKey: 'pages.setup', requires: open, placement: none },
  { id: 'profile', path: paths.profile, titleKey: 'pages.profile', requires: open, placement: none },
  {
    id: 'collectors',
    path: paths.collectors,
    titleKey: 'pages.collectors',
    requires: [here(PRIVILEGES.ReadCollectors)],
    placement: { in: 'sidebar', labelKey: 'menu.collectors' },
  },
  {
    id: 'measurements',
    path: paths.measurements,
    titleKey: 'pages.measurements',
    requires: [here(PRIVILEGES.ReadMeasurements)],
    placement: { in: 'sidebar', labelKey: 'menu.measurements' },
  },
  {
    id: 'calculations',
    path: paths.calculations,
    titleKey: 'pages.calculations',
    requires: [{ privileges: [PRIVILEGES.ReadMeasurements], features: ['Calculations'] }],
    placement: { in: 'sidebar', labelKey: 'menu.calculations' },
  },
  { id: 'assets', path: paths.assets, titleKey: 'pages.assets', requires: [here(PRIVILEGES.ReadAssets)], placement: { in: 'sidebar', labelKey: 'menu.assets' } },
  { id: 'asset_prototypes', path: paths.assetPrototypes, titleKey: 'pages.asset_prototypes', requires: [here(PRIVILEGES.ReadPrototypes)], placement: none },
  { id: 'asset_prototypes_bulk', path: paths.assetPrototypesBulk, titleKey: 'pages.asset_prototypes_bulk', requires: [here(PRIVILEGES.ReadPrototypes)], placement: none },
  { id: 'asset_properties', path: paths.assetProperties, titleKey: 'pages.asset_properties', requires: [here(PRIVILEGES.ReadAssets)], placement: none },
  {
    id: 'event_types',
    path: paths.eventTypes,
    aliases: [paths.eventConfigurations],
    titleKey: 'pages.event_types',
    requires: [{ privileges: [PRIVILEGES.ReadEventConfigurations], features: ['Events'] }],
    placement: { in: 'sidebar', labelKey: 'menu.event_types', group: 'events' },
  },
  {
    id: 'events_overview',
    path: paths.events,
    titleKey: 'pages.events',
    requires: [{ privileges: [PRIVILEGES.ReadEvents], features: ['Events'] }],
    placement: { in: 'sidebar', labelKey: 'menu.events_overview', group: 'events' },
  },
  {
    id: 'event_property_configurations',
    path: paths.eventPropertyConfigurations,
    titleKey: 'pages.event_property_configurations',
    requires: [{ privileges: [PRIVILEGES.ReadEventConfigurations], features: ['Events'] }],
    placement: none,
  },
  {
    id: 'manual_entry_forms',
    path: paths.manualEntryForms,
    titleKey: 'pages.manual_entry_forms',
    requires: [{ privileges: [PRIVILEGES.ReadManualEntryForms], features: ['ManualEntry'] }],
    // SPEC §2: the item shows only when the organization has forms; the page opens without (to create the first).
    placement: { in: 'sidebar', labelKey: 'menu.manual_entry_forms', onlyWithManualEntryForms: true },
  },
  {
    id: 'manual_entry_form',
    path: paths.manualEntryForm,
    titleKey: 'pages.manual_entry_form',
    requires: [{ privileges: [PRIVILEGES.ReadManualEntryForms], features: ['ManualEntry'] }],
    placement: none,
  },
  // Operators use a form through their per-form privileges (SPEC §3), which the page and the server check.
  { id: 'manual_entry_form_view', path: paths.manualEntryFormView, titleKey: 'pages.manual_entry_form_view', requires: [{ features: ['ManualEntry'] }], placement: none },
  { id: 'audit_log', path: paths.auditLog, aliases: [paths.auditLogs], titleKey: 'pages.audit_log', requires: [here(PRIVILEGES.ReadAuditLogs)], placement: none },
  {
    id: 'configuration',
    path: paths.configuration,
    titleKey: 'pages.configuration',
    requires: open,
    requiresAny: [
      here(PRIVILEGES.ReadTimeseriesDatabases),
      here(PRIVILEGES.ReadUsers),
      here(PRIVILEGES.ReadUserGroups),
      here(PRIVILEGES.ReadSettings),
      atRoot(PRIVILEGES.ReadSettings),
      atRoot(PRIVILEGES.ReadOrganizations),
      atRoot(PRIVILEGES.ReadLogs),
    ],
    placement: { in: 'sidebar', labelKey: 'menu.configuration' },
  },
  // The configuration index lists the entries placed in 'configuration', in this order.
  {
    id: 'organizations',
    path: configurationPath('organizations'),
    titleKey: 'pages.organizations',
    requires: [atRoot(PRIVILEGES.ReadOrganizations)],
    placement: { in: 'configuration', labelKey: 'pages.organizations' },
  },
  { id: 'create_organization', path: configurationPath('create_organization'), titleKey: 'pages.create_organization', requires: [atRoot(PRIVILEGES.ManageOrganizations)], placement: none },
  { id: 'edit_organization', path: configurationPath('edit_organization'), titleKey: 'pages.edit_organization', requires: [atRoot(PRIVILEGES.ReadOrganizations)], placement: none },
  { id: 'users', path: configurationPath('users'), titleKey: 'pages.users', requires: [here(PRIVILEGES.ReadUsers)], placement: { in: 'configuration', labelKey: 'pages.users' } },
  { id: 'user', path: configurationPath('user'), titleKey: 'pages.user', requires: [here(PRIVILEGES.ReadUsers)], placement: none },
  { id: 'groups', path: configurationPath('groups'), titleKey: 'pages.groups', requires: [here(PRIVILEGES.ReadUserGroups)], placement: { in: 'configuration', labelKey: 'pages.groups' } },
  { id: 'group', path: configurationPath('group'), titleKey: 'pages.group', requires: [here(PRIVILEGES.ReadUserGroups)], placement: none },
  {
    id: 'auth_providers',
    path: configurationPath('auth_providers'),
    titleKey: 'pages.auth_providers',
    requires: [atRoot(PRIVILEGES.ReadSettings)],
    placement: { in: 'configuration', labelKey: 'pages.auth_providers' },
  },
  { id: 'auth_provider', path: configurationPath('auth_provider'), titleKey: 'pages.auth_provider', requires: [atRoot(PRIVILEGES.ReadSettings)], placement: none },
  {
    id: 'timeseries_databases',
    path: configurationPath('timeseries_databases'),
    titleKey: 'pages.timeseries_databases',
    requires: [here(PRIVILEGES.ReadTimeseriesDatabases)],
    placement: { in: 'configuration', labelKey: 'pages.timeseries_databases' },
  },
  {
    id: 'timeseries_database',
    path: configurationPath('timeseries_database'),
    titleKey: 'pages.timeseries_database',
    requires: [here(PRIVILEGES.ReadTimeseriesDatabases)],
    placement: none,
  },
  {
    id: 'task_schedulers',
    path: configurationPath('task_schedulers'),
    titleKey: 'pages.task_schedulers',
    requires: [here(PRIVILEGES.ReadTaskSchedulers)],
    placement: { in: 'configuration', labelKey: 'pages.task_schedulers' },
  },
  { id: 'task_scheduler', path: configurationPath('task_scheduler'), titleKey: 'pages.task_scheduler', requires: [here(PRIVILEGES.ReadTaskSchedulers)], placement: none },
  { id: 'api', path: configurationPath('api'), titleKey: 'pages.api_settings', requires: [atRoot(PRIVILEGES.ReadSettings)], placement: { in: 'configuration', labelKey: 'pages.api_settings' } },
  { id: 'license', path: configurationPath('license'), titleKey: 'pages.license', requires: [atRoot(PRIVILEGES.ManageSettings)], placement: { in: 'configuration', labelKey: 'pages.license' } },
  {
    id: 'product_updates',
    path: paths.productUpdates,
    titleKey: 'pages.product_updates',
    requires: [here(PRIVILEGES.ReadCollectors)],
    placement: { in: 'configuration', labelKey: 'pages.product_updates' },
  },
  // Every entry of the installation; the organization's own log is /audit_log.
  {
    id: 'configuration_audit_log',
    path: configurationPath('audit_log'),
    aliases: [configurationPath('audit_logs')],
    titleKey: 'pages.audit_log',
    requires: [atRoot(PRIVILEGES.ReadAuditLogs)],
    placement: { in: 'configuration', labelKey: 'pages.audit_log' },
  },
  // The integrations (DOMAIN.md §7, §9, §10 name their privileges).
  {
    id: 'external_databases',
    path: configurationPath('external_databases'),
    titleKey: 'pages.external_databases',
    requires: [here(PRIVILEGES.ReadExternalDatabases)],
    placement: { in: 'configuration', labelKey: 'pages.external_databases' },
  },
  { id: 'external_database', path: configurationPath('external_database'), titleKey: 'pages.external_database', requires: [here(PRIVILEGES.ReadExternalDatabases)], placement: none },
  { id: 'sinks', path: configurationPath('sinks'), titleKey: 'pages.sinks', requires: [here(PRIVILEGES.ReadSinks)], placement: { in: 'configuration', labelKey: 'pages.sinks' } },
  { id: 'sink', path: configurationPath('sink'), titleKey: 'pages.sink', requires: [here(PRIVILEGES.ReadSinks)], placement: none },
  // Forwarders send what sinks deliver; DOMAIN.md gives them no privilege family of their own.
  { id: 'forwarders', path: configurationPath('forwarders'), titleKey: 'pages.forwarders', requires: [here(PRIVILEGES.ReadSinks)], placement: { in: 'configuration', labelKey: 'pages.forwarders' } },
  { id: 'forwarder', path: configurationPath('forwarder'), titleKey: 'pages.forwarder', requires: [here(PRIVILEGES.ReadSinks)], placement: none },
  { id: 'ai', path: configurationPath('ai'), titleKey: 'pages.ai', requires: [here(PRIVILEGES.ReadLlm)], placement: { in: 'configuration', labelKey: 'pages.ai' } },
] as const satisfies readonly AppRoute[];

type TableRoute = (typeof ROUTES)[number];
export type RouteId = TableRoute['id'];
/** Routes with a page of their own (the router attaches one to each). */
export type PageRouteId = Exclude<TableRoute, { placeholder: true }>['id'];

export function routeById(id: RouteId): AppRoute {
  const route: AppRoute | undefined = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`No route ${id}`);
  return route;
}

/** Whether whoever `can` evaluates may open a route: the one rule the guard, menu and index share. */
export function canOpen(route: RouteAccess, can: (requirement: Requirement) => boolean): boolean {
  return route.requires.every(can) && (route.requiresAny === undefined || route.requiresAny.some(can));
}

/** The guard's question for the signed-in user: may they open the route with this id? */
export const selectCanOpenRoute = createSelector([selectAccess], (can) => (id: RouteId) => canOpen(routeById(id), can));
