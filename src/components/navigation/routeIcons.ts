import type { LucideIcon } from 'lucide-react';
import {
  Send,
  Share2,
  BadgeCheck,
  Bot,
  Bell,
  Boxes,
  Building2,
  Calculator,
  CalendarClock,
  Circle,
  ClipboardList,
  Database,
  DatabaseZap,
  Gauge,
  House,
  KeyRound,
  ListChecks,
  PackageOpen,
  Plug,
  RadioTower,
  ScrollText,
  Settings,
  Tags,
  UserRound,
  Users,
} from 'lucide-react';
import { ROUTES, type SidebarGroupId } from '../../state/routes';

// One icon per entry the route table offers (sidebar items, sidebar groups, configuration index
// links) and for home. The type lists every offered id, so a new entry without an icon does not
// compile. Icons are decoration: whoever draws one hides it from assistive technology and names
// the control with its translated label.

type TableRoute = (typeof ROUTES)[number];
type OfferedRouteId = Extract<TableRoute, { placement: { in: 'sidebar' | 'configuration' } }>['id'];

const ROUTE_ICONS = {
  home: House,
  collectors: RadioTower,
  measurements: Gauge,
  calculations: Calculator,
  assets: Boxes,
  events: Bell,
  event_types: Tags,
  events_overview: ListChecks,
  manual_entry_forms: ClipboardList,
  configuration: Settings,
  organizations: Building2,
  users: UserRound,
  groups: Users,
  auth_providers: KeyRound,
  timeseries_databases: Database,
  task_schedulers: CalendarClock,
  external_databases: DatabaseZap,
  ai: Bot,
  sinks: Share2,
  forwarders: Send,
  api: Plug,
  license: BadgeCheck,
  product_updates: PackageOpen,
  configuration_audit_log: ScrollText,
} as const satisfies Record<OfferedRouteId | SidebarGroupId | 'home', LucideIcon>;

const byId: Readonly<Partial<Record<string, LucideIcon>>> = ROUTE_ICONS;

/** The icon of a route or sidebar group by id; a neutral dot for an id the table does not offer. */
export function routeIcon(id: string): LucideIcon {
  return byId[id] ?? Circle;
}
