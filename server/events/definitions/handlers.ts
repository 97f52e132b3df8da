import type { AppContext } from '../../context';
import { eventConfigurationHandlers } from './configurations';
import { eventPropertyConfigurationHandlers } from './propertyConfigurations';
import { eventTypeHandlers } from './types';

/** The operations of /event-types, /event-type-properties, /event-configurations and /event-property-configurations (server/events/README.md, "Definitions"). */
export function eventDefinitionsHandlers(ctx: AppContext) {
  return { ...eventTypeHandlers(ctx), ...eventConfigurationHandlers(ctx), ...eventPropertyConfigurationHandlers(ctx) };
}
