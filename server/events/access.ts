import type { FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../domain/privilegeNames';
import type { AppContext } from '../context';
import { callerOf, capAllows, organizationOf } from '../http/caller';
import { forbidden } from '../http/problem';
import { organizationHasFeature } from '../measurements/licence';

// The checks every events call shares (server/events/README.md, "Who may do what"). The contract's
// x-historian-privileges are enforced before a handler runs; these add the licence feature and the
// privileges a call needs besides its own because of what it names.

export const EVENTS_FEATURE = 'Events';

/** 403 events.errors.unlicensed unless the organization's licence has the Events feature. */
export async function requireEventsLicence(ctx: AppContext, organizationUuid: string): Promise<void> {
  if (!(await organizationHasFeature(ctx, organizationUuid, EVENTS_FEATURE))) {
    throw forbidden('The licence has no Events', 'events.errors.unlicensed');
  }
}

/** Whether the caller holds a privilege in the call's organization (a token's cap included). */
export function callerHolds(request: FastifyRequest, privilege: string): boolean {
  const caller = callerOf(request);
  return caller.privileges.has(privilege) && capAllows(caller, organizationOf(request), privilege);
}

/** A configuration that names a measurement makes its values readable as event properties. */
export function requireMeasurementReading(request: FastifyRequest): void {
  if (!callerHolds(request, PRIVILEGES.ReadMeasurements)) {
    throw forbidden('Naming a measurement needs READ_MEASUREMENTS', 'events.errors.measurement_not_permitted');
  }
}

/** A configuration that names an asset property reads the asset tree. */
export function requireAssetReading(request: FastifyRequest): void {
  if (!callerHolds(request, PRIVILEGES.ReadAssets)) {
    throw forbidden('Naming an asset property needs READ_ASSETS', 'events.errors.assets_not_permitted');
  }
}

/**
 * Naming an external database makes the processor run a query with its stored credentials
 * (server/integrations/README.md, "Who may do what"): MANAGE_EXTERNAL_DATABASES besides the events
 * privileges.
 */
export function requireExternalDatabaseRunning(request: FastifyRequest): void {
  if (!callerHolds(request, PRIVILEGES.ManageExternalDatabases)) {
    throw forbidden('Naming an external database needs MANAGE_EXTERNAL_DATABASES', 'events.errors.external_database_not_permitted');
  }
}
