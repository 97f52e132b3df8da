import { CALCULATION_SETTINGS_SCHEMA } from '../calculations/calculationSettings';
import type { Db } from '../db/db';
import { sql } from 'kysely';
import { kyselyOf } from '../db/kysely';
import { collectorsRepository } from '../repositories/collectors';

// SPEC §3: CollectorType includes internal and calculation. Every organization has one of each,
// made with the organization (createDefaultCollectors in its transaction) and, for organizations
// that predate them, by migration 030 and at every start (ensureDefaultCollectors in the seed).
// The system calculation collectors carry the calculation settings schema, written from the one
// TypeScript constant (calculations/calculationSettings.ts) when they are made and at every start.

export const INTERNAL_COLLECTOR_TYPE = 'internal';
export const CALCULATION_COLLECTOR_TYPE = 'calculation';
export const SYSTEM_COLLECTOR_TYPES: readonly string[] = [INTERNAL_COLLECTOR_TYPE, CALCULATION_COLLECTOR_TYPE];

const DEFAULTS = [
  { name: 'Internal', type: INTERNAL_COLLECTOR_TYPE },
  { name: 'Calculations', type: CALCULATION_COLLECTOR_TYPE },
] as const;

/** Creates the organization's internal and calculation collectors; does nothing for those it has. */
export async function createDefaultCollectors(tx: Db, organizationUuid: string): Promise<void> {
  const collectors = collectorsRepository(tx);
  for (const { name, type } of DEFAULTS) {
    const { hasSystem, nameTaken } = await collectors.systemCollectorState(organizationUuid, name, type);
    if (hasSystem) continue;
    // An organization made before collectors existed may already use the name for one of its own.
    await collectors.createSystem(organizationUuid, nameTaken ? `${name} (${type})` : name, type);
  }
  await writeCalculationSettingsSchema(tx, organizationUuid);
}

/**
 * Writes the calculation settings schema into the system calculation collectors (of one
 * organization, or all) that do not carry it yet: a start with an unchanged schema writes nothing,
 * so the audit log gets an entry only when the schema really changed.
 */
export async function writeCalculationSettingsSchema(tx: Db, organizationUuid?: string): Promise<void> {
  const schema = JSON.stringify(CALCULATION_SETTINGS_SCHEMA);
  let update = kyselyOf(tx)
    .updateTable('collectors')
    .set({ measurement_settings_schema: schema })
    .where('collector_type', '=', CALCULATION_COLLECTOR_TYPE)
    .where('is_system', '=', true)
    .where(sql<boolean>`measurement_settings_schema IS DISTINCT FROM ${schema}::jsonb`);
  if (organizationUuid !== undefined) update = update.where('organization_uuid', '=', organizationUuid);
  await update.execute();
}

/** Gives every organization that lacks them its default collectors (start-up, after the seed). */
export async function ensureDefaultCollectors(tx: Db): Promise<void> {
  for (const uuid of await collectorsRepository(tx).organizationsLackingSystemCollectors(DEFAULTS.length)) await createDefaultCollectors(tx, uuid);
  await writeCalculationSettingsSchema(tx);
}
