import { createSelector } from '@reduxjs/toolkit';
import { selectAccess, type Requirement } from './privileges';
import { canOpen, ROUTES, type AppRoute, type PageTitleKey, type RouteAccess } from './routes';

// The configuration area's index: the routes the route table (routes.ts) places there, in table
// order, each shown exactly when the router's guard would let the user open it.

export type ConfigurationLinkKey = PageTitleKey;

export interface ConfigurationLink extends RouteAccess {
  id: string;
  labelKey: ConfigurationLinkKey;
  path: string;
}

function linksOf(routes: readonly AppRoute[]): ConfigurationLink[] {
  return routes.flatMap(({ id, path, placement, requires, requiresAny }) =>
    placement.in === 'configuration' ? [{ id, labelKey: placement.labelKey, path, requires, ...(requiresAny ? { requiresAny } : {}) }] : [],
  );
}

export const CONFIGURATION_LINKS: readonly ConfigurationLink[] = linksOf(ROUTES);

/** The links shown to whoever `can` evaluates; explain access runs the same function for another user. */
export function visibleConfigurationLinks(can: (requirement: Requirement) => boolean): ConfigurationLink[] {
  return CONFIGURATION_LINKS.filter((link) => canOpen(link, can));
}

export const selectVisibleConfigurationLinks = createSelector([selectAccess], visibleConfigurationLinks);
