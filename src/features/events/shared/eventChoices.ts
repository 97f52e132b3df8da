import { useMemo } from 'react';
import { useGetEventConfigurationsQuery } from '../../../api/areas/eventConfigurations';
import type { Event, EventConfigurationRead } from '../../../api/generated/historian.gen';
import { useAppSelector } from '../../../app/hooks';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';

export interface Choice {
  value: string;
  label: string;
}

export interface EventChoices {
  types: Choice[];
  assets: Choice[];
  configurations: Choice[];
  /** Empty without READ_EVENT_CONFIGURATIONS. */
  configurationList: readonly EventConfigurationRead[];
  canReadConfigurations: boolean;
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);

function add(into: Map<string, string>, value: string | undefined, label: string | undefined) {
  if (value && !into.has(value)) into.set(value, label || value);
}

/**
 * What the type, asset and configuration pickers offer: the configurations of the organization
 * when the reader may see them (READ_EVENT_CONFIGURATIONS), and always what the listed events
 * name, so READ_EVENTS alone still filters by what it sees (least privilege, rulebook).
 */
export function useEventChoices(events: readonly Event[] | undefined, chosen: { types: readonly string[]; assets: readonly string[] }): EventChoices {
  const can = useAppSelector(selectAccess);
  const canReadConfigurations = can({ privileges: [PRIVILEGES.ReadEventConfigurations] });
  const { data } = useGetEventConfigurationsQuery({ limit: 1000 }, { skip: !canReadConfigurations });
  return useMemo(() => {
    const types = new Map<string, string>();
    const assets = new Map<string, string>();
    const configurations = new Map<string, string>();
    for (const configuration of data ?? []) {
      add(types, configuration.EventTypeUUID, configuration.EventTypeName);
      add(assets, configuration.AssetUUID, configuration.AssetPath);
      add(configurations, configuration.UUID, `${configuration.EventTypeName ?? ''} · ${configuration.AssetPath ?? configuration.AssetUUID}`);
    }
    for (const event of events ?? []) {
      add(types, event.EventTypeUUID, event.EventTypeName);
      add(assets, event.AssetUUID, event.AssetPath);
      add(configurations, event.EventConfigurationUUID, `${event.EventTypeName} · ${event.AssetPath}`);
    }
    // A choice from a shared address stays offered, so it can be unticked.
    for (const uuid of chosen.types) add(types, uuid, uuid);
    for (const uuid of chosen.assets) add(assets, uuid, uuid);
    const list = (map: Map<string, string>) => [...map].map(([value, label]) => ({ value, label })).sort(byLabel);
    return { types: list(types), assets: list(assets), configurations: list(configurations), configurationList: data ?? [], canReadConfigurations };
  }, [data, events, chosen.types, chosen.assets, canReadConfigurations]);
}
