import { createSelector } from '@reduxjs/toolkit';
import { PRIVILEGES } from '../../domain/privilegeNames';
import { selectAccess, type Requirement } from './privileges';
import { canOpen, ROUTES, SIDEBAR_GROUPS, type AppRoute, type MenuLabelKey, type SidebarGroupId } from './routes';
import type { PersistedSlices } from './rootState';

// The sidebar of SPEC §2, read from the route table (routes.ts): every route placed in the
// sidebar, in table order, the grouped ones under their group. Which items show is computed by
// selectVisibleMenu, never in components, with the guard's own rule (an item shows exactly when
// its page would let the user in). Labels are translation keys written out in routes.ts.

export interface MenuItem {
  id: string;
  labelKey: MenuLabelKey;
  path?: string;
  /** Every requirement in the list must pass (AND). */
  requires: readonly Requirement[];
  /** Shown when any of these passes (OR); used by the configuration item. */
  requiresAny?: readonly Requirement[];
  /** Shown only when the organization has manual entry forms. */
  needsManualEntryForms?: boolean;
  children?: readonly MenuItem[];
}

function menuOf(routes: readonly AppRoute[]): MenuItem[] {
  const menu: MenuItem[] = [];
  const groups = new Map<SidebarGroupId, MenuItem[]>();
  for (const route of routes) {
    const { placement } = route;
    if (placement.in !== 'sidebar') continue;
    const item: MenuItem = {
      id: route.id,
      labelKey: placement.labelKey,
      path: route.path,
      requires: route.requires,
      ...(route.requiresAny ? { requiresAny: route.requiresAny } : {}),
      ...(placement.onlyWithManualEntryForms ? { needsManualEntryForms: true } : {}),
    };
    if (!placement.group) {
      menu.push(item);
      continue;
    }
    let children = groups.get(placement.group);
    if (!children) {
      groups.set(placement.group, (children = []));
      // A group needs nothing of its own: it shows when one of its items does.
      menu.push({ id: placement.group, labelKey: SIDEBAR_GROUPS[placement.group].labelKey, requires: [], children });
    }
    children.push(item);
  }
  return menu;
}

export const MENU: readonly MenuItem[] = menuOf(ROUTES);

/** The items shown to whoever `can` evaluates; explain access runs the same function for another user. */
export function visibleMenuItems(
  items: readonly MenuItem[],
  can: (r: Requirement) => boolean,
  hasManualEntryForms: boolean,
): MenuItem[] {
  const result: MenuItem[] = [];
  for (const item of items) {
    if (!canOpen(item, can)) continue;
    // A manager sees it without forms too: the list is where the first one is created.
    if (item.needsManualEntryForms && !hasManualEntryForms && !can({ privileges: [PRIVILEGES.ManageManualEntryForms] })) continue;
    if (item.children) {
      const children = visibleMenuItems(item.children, can, hasManualEntryForms);
      if (children.length === 0) continue;
      result.push({ ...item, children });
    } else {
      result.push(item);
    }
  }
  return result;
}

export const selectVisibleMenu = createSelector(
  [selectAccess, (state: PersistedSlices) => state.organization.hasManualEntryForms],
  (can, hasManualEntryForms) => visibleMenuItems(MENU, can, hasManualEntryForms),
);
