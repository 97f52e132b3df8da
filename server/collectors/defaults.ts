import type { Db } from '../db/db';

// SPEC §3: CollectorType includes internal and calculation. Every organization has one of each,
// made with the organization (createDefaultCollectors in its transaction) and, for organizations
// that predate them, by migration 030 and at every start (ensureDefaultCollectors in the seed).

export const INTERNAL_COLLECTOR_TYPE = 'internal';
export const CALCULATION_COLLECTOR_TYPE = 'calculation';
export const SYSTEM_COLLECTOR_TYPES: readonly string[] = [INTERNAL_COLLECTOR_TYPE, CALCULATION_COLLECTOR_TYPE];

const DEFAULTS = [
  { name: 'Internal', type: INTERNAL_COLLECTOR_TYPE },
  { name: 'Calculations', type: CALCULATION_COLLECTOR_TYPE },
] as const;

/** Creates the organization's internal and calculation collectors; does nothing for those it has. */
export async function createDefaultCollectors(tx: Db, organizationUuid: string): Promise<void> {
  for (const { name, type } of DEFAULTS) {
    const { rows } = await tx.query<{ has_system: boolean; name_taken: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM collectors WHERE organization_uuid = $1 AND collector_type = $3 AND is_system) AS has_system,
              EXISTS (SELECT 1 FROM collectors WHERE organization_uuid = $1 AND lower(name) = lower($2)) AS name_taken`,
      [organizationUuid, name, type],
    );
    if (rows[0].has_system) continue;
    // An organization made before collectors existed may already use the name for one of its own.
    const freeName = rows[0].name_taken ? `${name} (${type})` : name;
    await tx.query(
      `INSERT INTO collectors (organization_uuid, name, collector_type, status, is_system) VALUES ($1, $2, $3, 'Active', true)`,
      [organizationUuid, freeName, type],
    );
  }
}

/** Gives every organization that lacks them its default collectors (start-up, after the seed). */
export async function ensureDefaultCollectors(tx: Db): Promise<void> {
  const { rows } = await tx.query<{ uuid: string }>(
    `SELECT o.uuid FROM organizations o
      WHERE (SELECT count(*) FROM collectors c WHERE c.organization_uuid = o.uuid AND c.is_system) < $1`,
    [DEFAULTS.length],
  );
  for (const { uuid } of rows) await createDefaultCollectors(tx, uuid);
}
