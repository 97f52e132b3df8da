import { paths } from '../lib/paths';
import { ROUTES, SIDEBAR_GROUPS, type AppRoute, type MenuLabelKey, type PageTitleKey, type RouteId } from './routes';

// The header's breadcrumbs, read from the route table (routes.ts): home, then the route's
// ancestors, then the page itself. A route's parent is the list page it belongs to when named
// here (a detail page lives beside its list in the path), otherwise the route whose path is the
// longest prefix of its own; a route in a sidebar group shows the group (which has no page).

export interface Crumb {
  id: string;
  labelKey: PageTitleKey | MenuLabelKey;
  /** Absent for a sidebar group, which opens no page. */
  path?: string;
}

/** Detail pages whose path does not say which list they belong to. */
const PARENTS: Partial<Record<RouteId, RouteId>> = {
  user: 'users',
  group: 'groups',
  auth_provider: 'auth_providers',
  timeseries_database: 'timeseries_databases',
  create_organization: 'organizations',
  edit_organization: 'organizations',
  manual_entry_form: 'manual_entry_forms',
  manual_entry_form_view: 'manual_entry_forms',
  external_database: 'external_databases',
  sink: 'sinks',
  forwarder: 'forwarders',
  task_scheduler: 'task_schedulers',
  event_property_configurations: 'event_types',
  asset_properties: 'assets',
};

const TABLE: readonly AppRoute[] = ROUTES;
const parentIds: Readonly<Partial<Record<string, RouteId>>> = PARENTS;

const spellings = (route: AppRoute): readonly string[] => [route.path, ...(route.aliases ?? [])];

function routeAt(pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TABLE.find((route) => spellings(route).includes(path));
}

function parentOf(route: AppRoute): AppRoute | undefined {
  const named = parentIds[route.id];
  if (named) return TABLE.find((r) => r.id === named);
  let best: AppRoute | undefined;
  for (const candidate of TABLE) {
    if (candidate === route || candidate.path === paths.home || !route.path.startsWith(`${candidate.path}/`)) continue;
    if (!best || candidate.path.length > best.path.length) best = candidate;
  }
  return best;
}

function crumbsOf(route: AppRoute): Crumb[] {
  const own: Crumb = { id: route.id, labelKey: route.titleKey, path: route.path };
  const { placement } = route;
  const group: Crumb[] =
    placement.in === 'sidebar' && placement.group ? [{ id: placement.group, labelKey: SIDEBAR_GROUPS[placement.group].labelKey }] : [];
  const parent = parentOf(route);
  return [...(parent ? crumbsOf(parent) : []), ...group, own];
}

/** Home, the ancestors and the page at `pathname`; home alone for home or a path the table lacks. */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const home = TABLE.find((route) => route.path === paths.home);
  const homeCrumb: Crumb[] = home ? [{ id: home.id, labelKey: home.titleKey, path: home.path }] : [];
  const route = routeAt(pathname);
  if (!route || route === home) return homeCrumb;
  return [...homeCrumb, ...crumbsOf(route)];
}
