import { CirclePlay, CircleStop, Hand } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EventConfigurationRead } from '../../../api/generated/historian.gen';

const ICON = { size: 14, 'aria-hidden': true, focusable: 'false' } as const;

/** Running or stopped, in words and colour; a manual configuration has no state (the rulebook). */
export function ConfigStateBadge({ configuration }: { configuration: Pick<EventConfigurationRead, 'State' | 'StartSource'> }) {
  const { t } = useTranslation();
  if (configuration.StartSource === 'manual')
    return (
      <span className="evcfg-badge evcfg-badge-manual">
        <Hand {...ICON} />
        {t('events.configurations.states.manual')}
      </span>
    );
  return configuration.State === 'running' ? (
    <span className="evcfg-badge evcfg-badge-running">
      <CirclePlay {...ICON} />
      {t('events.configurations.states.running')}
    </span>
  ) : (
    <span className="evcfg-badge evcfg-badge-stopped">
      <CircleStop {...ICON} />
      {t('events.configurations.states.stopped')}
    </span>
  );
}
