import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import { checkCalculationSettings, inputsOf, type CalculationSettingsError } from './calculationSettings';
import { findCycle, loadCalculationGraph } from './dependencies';

// The rules of a calculation on save (DOMAIN.md §2), after its settings fit the calculation
// collector's schema: the settings' own rules (calculationSettings.ts), then those that need the
// database: each input is a measurement of the same organization that is not Deleted (another
// organization's is "not found", never a hint that it exists), and the inputs form no cycle
// through other calculations (a field error on Settings.Inputs naming the cycle, 400 like the rest).

export interface CalculationCheck {
  errors: CalculationSettingsError[];
}

/**
 * `uuid` is the stored calculation's (null when creating: a new one cannot close a cycle, since
 * nothing reads it yet); `name` is its name, for the cycle's message.
 */
export async function checkCalculation(db: Db, organizationUuid: string, uuid: string | null, name: string, settings: Record<string, unknown>): Promise<CalculationCheck> {
  const errors = checkCalculationSettings(settings);
  if (errors.length > 0) return { errors };

  const inputs = inputsOf(settings);
  const wanted = [...new Set(inputs.map((input) => input.MeasurementUUID))];
  const found = wanted.length
    ? await kyselyOf(db)
        .selectFrom('measurements as m')
        .innerJoin('collectors as c', 'c.uuid', 'm.collector_uuid')
        .select('m.uuid')
        .where('m.uuid', 'in', wanted)
        .where('c.organization_uuid', '=', organizationUuid)
        .where('m.status', '!=', 'Deleted')
        .execute()
    : [];
  const present = new Set(found.map((row) => row.uuid));
  inputs.forEach((input, index) => {
    if (!present.has(input.MeasurementUUID)) {
      errors.push({ field: `Settings.Inputs.${index}.MeasurementUUID`, message: 'is not a measurement of this organization', code: 'calculations.errors.input_not_found' });
    }
  });
  if (errors.length > 0 || uuid === null) return { errors };

  const graph = await loadCalculationGraph(db, organizationUuid);
  const cycle = findCycle(graph, { uuid, name, inputs: wanted });
  if (!cycle) return { errors };
  const names = cycle.map((step) => (step === uuid ? name : (graph.get(step)?.name ?? step)));
  return { errors: [{ field: 'Settings.Inputs', message: `form a cycle: ${names.join(' → ')}`, code: 'calculations.errors.cycle' }] };
}
