import { ERROR_CODES } from './common';
import type { ExternalDriver } from './driver';
import { ExternalQueryError, type ExternalDatabaseKind } from './types';

// oracle, hdb and ase: this server has no driver for them (Available: false); every call answers
// 409 external_databases.errors.driver_unavailable (the routes check first; this is the seam's answer).

export class DriverUnavailableError extends ExternalQueryError {
  constructor(kind: ExternalDatabaseKind) {
    super('reach', `This server has no driver for ${kind} databases`, ERROR_CODES.driverUnavailable);
  }
}

export function unavailableDriver(kind: ExternalDatabaseKind): ExternalDriver {
  return {
    kind,
    test: () => Promise.reject(new DriverUnavailableError(kind)),
    run: () => Promise.reject(new DriverUnavailableError(kind)),
  };
}
