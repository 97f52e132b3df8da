import { createSelector } from '@reduxjs/toolkit';
import { PRIVILEGES } from '../../domain/privilegeNames';
import { configurationPath, paths } from '../lib/paths';
import { selectAccess, type Requirement } from './privileges';

// The configuration area's index: every built page with what it needs, evaluated by the same
// selectors as the sidebar so that a link shows exactly when its page would let the user in.

export type ConfigurationLinkKey =
  | 'pages.organizations'
  | 'pages.users'
  | 'pages.groups'
  | 'pages.auth_providers'
  | 'pages.timeseries_databases'
  | 'pages.api_settings'
  | 'pages.license'
  | 'pages.product_updates';

export interface ConfigurationLink {
  id: string;
  labelKey: ConfigurationLinkKey;
  path: string;
  requires: Requirement;
}

export const CONFIGURATION_LINKS: readonly ConfigurationLink[] = [
  { id: 'organizations', labelKey: 'pages.organizations', path: configurationPath('organizations'), requires: { privileges: [PRIVILEGES.ReadOrganizations], scope: 'root' } },
  { id: 'users', labelKey: 'pages.users', path: configurationPath('users'), requires: { privileges: [PRIVILEGES.ReadUsers] } },
  { id: 'groups', labelKey: 'pages.groups', path: configurationPath('groups'), requires: { privileges: [PRIVILEGES.ReadUserGroups] } },
  { id: 'auth_providers', labelKey: 'pages.auth_providers', path: configurationPath('auth_providers'), requires: { privileges: [PRIVILEGES.ReadSettings], scope: 'root' } },
  {
    id: 'timeseries_databases',
    labelKey: 'pages.timeseries_databases',
    path: configurationPath('timeseries_databases'),
    requires: { privileges: [PRIVILEGES.ReadTimeseriesDatabases] },
  },
  { id: 'api', labelKey: 'pages.api_settings', path: configurationPath('api'), requires: { privileges: [PRIVILEGES.ReadSettings], scope: 'root' } },
  { id: 'license', labelKey: 'pages.license', path: configurationPath('license'), requires: { privileges: [PRIVILEGES.ManageSettings], scope: 'root' } },
  { id: 'product_updates', labelKey: 'pages.product_updates', path: paths.productUpdates, requires: { privileges: [PRIVILEGES.ReadCollectors] } },
];

export const selectVisibleConfigurationLinks = createSelector([selectAccess], (can) =>
  CONFIGURATION_LINKS.filter((link) => can(link.requires)),
);
