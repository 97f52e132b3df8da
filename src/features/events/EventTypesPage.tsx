import { useCallback, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { useAppSelector } from '../../app/hooks';
import { Page } from '../../components/Page/Page';
import { paths } from '../../lib/paths';
import { selectAccess } from '../../state/privileges';
import { ASSET_PARAM, OPEN_PARAM, TAB_PARAM } from './configurations/configRules';
import { ConfigurationsTab } from './configurations/ConfigurationsTab';
import { EventTypesTab } from './types/EventTypesTab';
import './configurations/eventConfig.css';

const TABS = ['types', 'configurations'] as const;
type Tab = (typeof TABS)[number];

/**
 * /event_types and /event-configurations (READ_EVENT_CONFIGURATIONS, the Events licence): the event
 * types with their properties, and the configurations per asset with their state and log. The tab,
 * the asset filter and the open item are kept in the address.
 */
export function EventTypesPage() {
  const { t } = useTranslation();
  const tabsId = useId();
  const location = useLocation();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageEventConfigurations] });
  const [params, setParams] = useSearchParams();
  const asked = params.get(TAB_PARAM);
  const fallback: Tab = location.pathname === paths.eventConfigurations ? 'configurations' : 'types';
  const tab: Tab = TABS.find((id) => id === asked) ?? fallback;
  const latestParams = useRef(params);
  latestParams.current = params;
  const change = useCallback(
    (patch: Record<string, string | null>) => {
      const address = new URLSearchParams(latestParams.current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === '') address.delete(key);
        else address.set(key, value);
      }
      setParams(address);
    },
    [setParams],
  );
  const open = useCallback((uuid: string | null) => change({ [OPEN_PARAM]: uuid }), [change]);
  const chooseTab = (id: Tab) => change({ [TAB_PARAM]: id, [OPEN_PARAM]: null });
  const moveTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length];
    chooseTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };
  const labels: Record<Tab, string> = { types: t('events.types.tab'), configurations: t('events.configurations.tab') };
  return (
    <Page title={t('pages.event_types')} description={t('events.types.description')} className="evcfg-page">
      <div className="evcfg-tabs evcfg-page-tabs" role="tablist" aria-label={t('events.types.tabs')} onKeyDown={moveTab}>
        {TABS.map((id) => (
          <button key={id} type="button" id={`${tabsId}-${id}`} role="tab" aria-selected={tab === id} aria-controls={`${tabsId}-${id}-panel`} tabIndex={tab === id ? 0 : -1} onClick={() => chooseTab(id)}>
            {labels[id]}
          </button>
        ))}
      </div>
      <div className="evcfg-tab-panel" role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'types' ? (
          <EventTypesTab canManage={canManage} openUuid={params.get(OPEN_PARAM)} onOpen={open} />
        ) : (
          <ConfigurationsTab canManage={canManage} openUuid={params.get(OPEN_PARAM)} assetUuid={params.get(ASSET_PARAM) ?? ''} onOpen={open} onAsset={(uuid) => change({ [ASSET_PARAM]: uuid, [OPEN_PARAM]: null })} />
        )}
      </div>
    </Page>
  );
}
