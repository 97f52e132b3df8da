import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { CONFIGURATION_SUBROUTES, type ConfigurationSubroute } from '../../lib/paths';
import { ConfigurationIndex } from './index/ConfigurationIndex';

// Keys written out, one per sub-route, so that the catalogue check sees every one of them.
const titles: Record<ConfigurationSubroute, (t: TFunction) => string> = {
  api: (t) => t('pages.api_settings'),
  audit_log: (t) => t('pages.audit_log'),
  audit_logs: (t) => t('pages.audit_log'),
  auth_provider: (t) => t('pages.auth_provider'),
  auth_providers: (t) => t('pages.auth_providers'),
  create_organization: (t) => t('pages.create_organization'),
  edit_organization: (t) => t('pages.edit_organization'),
  organizations: (t) => t('pages.organizations'),
  external_database: (t) => t('pages.external_database'),
  external_databases: (t) => t('pages.external_databases'),
  group: (t) => t('pages.group'),
  groups: (t) => t('pages.groups'),
  license: (t) => t('pages.license'),
  sink: (t) => t('pages.sink'),
  sinks: (t) => t('pages.sinks'),
  forwarder: (t) => t('pages.forwarder'),
  forwarders: (t) => t('pages.forwarders'),
  task_schedulers: (t) => t('pages.task_schedulers'),
  task_scheduler: (t) => t('pages.task_scheduler'),
  timeseries_database: (t) => t('pages.timeseries_database'),
  timeseries_databases: (t) => t('pages.timeseries_databases'),
  user: (t) => t('pages.user'),
  users: (t) => t('pages.users'),
  ai: (t) => t('pages.ai'),
};

function isSubroute(value: string | undefined): value is ConfigurationSubroute {
  return CONFIGURATION_SUBROUTES.some((s) => s === value);
}

/** /configuration and /configuration/*: the configuration area until each page is built. */
export function ConfigurationPage() {
  const { t } = useTranslation();
  const { '*': sub } = useParams();
  if (!sub) return <ConfigurationIndex />;
  const title = isSubroute(sub) ? titles[sub](t) : t('pages.configuration');
  return <PlaceholderPage title={title} />;
}
