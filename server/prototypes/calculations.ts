import type { FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../domain/privilegeNames';
import type { AppContext } from '../context';
import { checkCalculationSettings } from '../calculations/calculationSettings';
import { CALCULATION_COLLECTOR_TYPE } from '../collectors/defaults';
import type { Db } from '../db/db';
import { capAllows, callerOf, organizationOf } from '../http/caller';
import { CALCULATIONS_FEATURE, organizationHasFeature } from '../measurements/licence';

// The calculations that calculation property prototypes make on instances (README.md, "Creating
// an instance"), and the measurements a NameTemplate binds. A calculation that cannot be made (no
// licence, no calculation collector or database, an unbound input, its name taken) is not an
// error: the property stays unbound and the caller says why.

export interface CalculationTarget {
  collectorUuid: string | null;
  databaseUuid: string | null;
  /** Why no calculation can be made in this organization, else null. */
  problem: string | null;
}

/**
 * Where this caller's calculations would go. Making or changing a calculation is a change to a
 * measurement: a caller without MANAGE_MEASUREMENTS gets the problem `calculations_not_permitted`
 * (least privilege: managing assets never lends the right to manage measurements).
 */
export async function calculationTarget(ctx: AppContext, db: Db, organizationUuid: string, defaultDatabaseUuid: string | null, mayManageMeasurements: boolean): Promise<CalculationTarget> {
  const collector = await db.query<{ uuid: string }>("SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = $2 ORDER BY created_at LIMIT 1", [
    organizationUuid,
    CALCULATION_COLLECTOR_TYPE,
  ]);
  const database = await db.query<{ uuid: string }>(
    'SELECT uuid FROM timeseries_databases WHERE organization_uuid = $1 ORDER BY (uuid = $2) DESC, lower(name) LIMIT 1',
    [organizationUuid, defaultDatabaseUuid],
  );
  const collectorUuid = collector.rows[0]?.uuid ?? null;
  const databaseUuid = database.rows[0]?.uuid ?? null;
  const licensed = await organizationHasFeature(ctx, organizationUuid, CALCULATIONS_FEATURE);
  const problem = !mayManageMeasurements ? 'calculations_not_permitted' : !licensed ? 'calculations_unlicensed' : collectorUuid === null ? 'no_calculation_collector' : databaseUuid === null ? 'no_database' : null;
  return { collectorUuid, databaseUuid, problem };
}

/** Whether the caller may make and change measurements (calculations are measurements) in the call's organization. */
export function mayManageMeasurements(request: FastifyRequest): boolean {
  const caller = callerOf(request);
  return caller.privileges.has(PRIVILEGES.ManageMeasurements) && capAllows(caller, organizationOf(request), PRIVILEGES.ManageMeasurements);
}

export interface CalculationToMake {
  name: string;
  datatype: string;
  settings: Record<string, unknown>;
  unbound: readonly string[];
}

/** Why this calculation cannot be made (a problem code), or null. */
export function calculationProblem(target: CalculationTarget, item: CalculationToMake): string | null {
  if (target.problem !== null) return target.problem;
  if (item.unbound.length > 0) return 'calculation_input_unbound';
  if (checkCalculationSettings(item.settings).length > 0) return 'calculation_invalid';
  return null;
}

/** Makes the calculations that can be made, in one statement; the UUID of each, or null with the reason. */
export async function createCalculations(db: Db, organizationUuid: string, target: CalculationTarget, items: readonly CalculationToMake[], actorUuid: string | null): Promise<({ uuid: string } | { problem: string })[]> {
  const results: ({ uuid: string } | { problem: string })[] = items.map((item) => {
    const problem = calculationProblem(target, item);
    return problem === null ? { uuid: '' } : { problem };
  });
  const wanted = items.flatMap((item, index) => (results[index] && 'uuid' in results[index] ? [{ item, index }] : []));
  if (wanted.length === 0 || target.databaseUuid === null || target.collectorUuid === null) return results;
  const taken = await db.query<{ name: string }>('SELECT name FROM measurements WHERE database_uuid = $1 AND name = ANY($2::text[])', [
    target.databaseUuid,
    wanted.map(({ item }) => item.name),
  ]);
  const names = new Set(taken.rows.map((row) => row.name));
  const creating = wanted.filter(({ item, index }) => {
    if (names.has(item.name)) {
      results[index] = { problem: 'calculation_name_taken' };
      return false;
    }
    names.add(item.name);
    return true;
  });
  if (creating.length === 0) return results;
  const { rows } = await db.query<{ uuid: string; name: string }>(
    `INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, datatype, settings, status, created_by, updated_by)
     SELECT $1, $2, $3, v.name, v.datatype, v.settings::jsonb, 'Active', $4, $4
       FROM unnest($5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS v(name, datatype, settings, i)
      ORDER BY v.i
     RETURNING uuid, name`,
    [organizationUuid, target.collectorUuid, target.databaseUuid, actorUuid, creating.map(({ item }) => item.name), creating.map(({ item }) => item.datatype), creating.map(({ item }) => JSON.stringify(item.settings))],
  );
  const uuidOf = new Map(rows.map((row) => [row.name, row.uuid]));
  for (const { item, index } of creating) results[index] = { uuid: uuidOf.get(item.name) ?? '' };
  return results;
}

/** The organization's measurements (not Deleted) of these names, those of the preferred database first. */
export async function measurementsNamed(db: Db, organizationUuid: string, names: readonly string[], preferredDatabaseUuid: string | null): Promise<Map<string, string>> {
  const wanted = [...new Set(names.filter((name) => name.trim() !== ''))];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{ uuid: string; name: string }>(
    `SELECT DISTINCT ON (name) uuid, name FROM measurements
      WHERE organization_uuid = $1 AND name = ANY($2::text[]) AND status <> 'Deleted'
      ORDER BY name, (database_uuid IS NOT DISTINCT FROM $3::uuid) DESC, created_at`,
    [organizationUuid, wanted, preferredDatabaseUuid],
  );
  return new Map(rows.map((row) => [row.name, row.uuid]));
}
