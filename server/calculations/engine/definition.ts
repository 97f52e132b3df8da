import { parseDuration } from '../../../domain/duration';
import { presentSettings, validateSettings } from '../../../domain/settingsModule';
import { CALCULATION_COLLECTOR_TYPE } from '../../collectors/defaults';
import { isRecord, settingsSchemaOf } from '../../collectors/settingsRules';
import type { Db } from '../../db/db';
import { badRequest } from '../../http/problem';
import { VALUE_TYPES, type Aggregation, type ValueType } from '../../timeseries/types';
import { checkCalculation } from '../calculationRules';
import { AGGREGATIONS, CALCULATION_SETTINGS_SCHEMA, CALCULATION_TYPES, inputsOf, type CalculationType } from '../calculationSettings';
import type { InputValue } from '../sandbox/sandbox';
import type { CalculationDefinition, CalculationInputDef } from './types';

// A calculation as the engine runs it (types.ts), read from a measurement of a calculation
// collector, or made from the unsaved settings of the test call after the checks of a save.

interface CalculationRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  datatype: string;
  database_uuid: string | null;
  status: string;
  collector_uuid: string;
  settings: unknown;
  /** The measurements the inputs name that exist in the same organization. */
  inputs: { uuid: string; database_uuid: string | null; datatype: string; status: string }[] | null;
}

const valueTypeOf = (text: string): ValueType => VALUE_TYPES.find((t) => t === text) ?? 'number';
const typeOf = (value: unknown): CalculationType => CALCULATION_TYPES.find((t) => t === value) ?? 'sampled';
const aggregationOf = (value: unknown): Aggregation | undefined => AGGREGATIONS.find((a) => a === value);
const inputValueOf = (value: unknown): InputValue | undefined =>
  value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' ? value : undefined;

interface ResolvedInput {
  databaseUuid: string | null;
  datatype: ValueType;
}

/**
 * The definition of settings; `resolve` gives each input's measurement. An input whose measurement
 * is gone (deleted, or never of this organization) reads as one without points: a sampled window
 * then misses it, a raw calculation has nothing to run on.
 */
function definitionOf(
  base: Pick<CalculationDefinition, 'uuid' | 'organizationUuid' | 'name' | 'datatype' | 'databaseUuid' | 'status' | 'collectorUuid'>,
  settings: Record<string, unknown>,
  resolve: (measurementUuid: string) => ResolvedInput | undefined,
): CalculationDefinition {
  const type = typeOf(settings.Type);
  const intervalMs = type === 'raw' ? 0 : (typeof settings.Interval === 'string' ? parseDuration(settings.Interval) : undefined) ?? 0;
  const offsetSeconds = typeof settings.IntervalOffset === 'number' && Number.isFinite(settings.IntervalOffset) ? settings.IntervalOffset : 0;
  const inputs: CalculationInputDef[] = inputsOf(settings).map((input) => {
    const resolved = resolve(input.MeasurementUUID);
    const def: CalculationInputDef = {
      alias: input.Alias,
      measurementUuid: input.MeasurementUUID,
      databaseUuid: resolved?.databaseUuid ?? null,
      datatype: resolved?.datatype ?? 'number',
    };
    const aggregation = type === 'sampled' ? aggregationOf(input.Aggregation) : undefined;
    if (aggregation) def.aggregation = aggregation;
    const fallback = inputValueOf(input.DefaultValue);
    if (fallback !== undefined) def.defaultValue = fallback;
    return def;
  });
  return {
    ...base,
    type,
    intervalMs,
    offsetMs: type === 'raw' ? 0 : Math.round(offsetSeconds * 1000),
    evaluateInsufficientData: settings.EvaluateInsufficientData === true,
    inputs,
    script: typeof settings.Script === 'string' ? settings.Script : '',
  };
}

// Inputs are resolved in the same statement: the measurements the settings name, of the same
// organization; a Deleted one has no points to read.
const SELECT_CALCULATIONS = `
  SELECT m.uuid, m.organization_uuid, m.name, m.datatype, m.database_uuid, m.status, m.collector_uuid, m.settings,
         (SELECT jsonb_agg(jsonb_build_object('uuid', i.uuid, 'database_uuid', i.database_uuid, 'datatype', i.datatype, 'status', i.status))
            FROM measurements i
           WHERE i.organization_uuid = m.organization_uuid
             AND i.uuid::text IN (SELECT e->>'MeasurementUUID'
                                    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(m.settings->'Inputs') = 'array' THEN m.settings->'Inputs' ELSE '[]'::jsonb END) e)) AS inputs
    FROM measurements m
    JOIN collectors c ON c.uuid = m.collector_uuid
   WHERE c.collector_type = $1
     AND ($2::uuid IS NULL OR c.organization_uuid = $2::uuid)
     AND ($3::uuid[] IS NULL OR m.uuid = ANY($3::uuid[]))
   ORDER BY m.organization_uuid, m.name, m.uuid`;

function fromRow(row: CalculationRow): CalculationDefinition {
  const found = new Map((row.inputs ?? []).map((input) => [input.uuid, input]));
  return definitionOf(
    {
      uuid: row.uuid,
      organizationUuid: row.organization_uuid,
      name: row.name,
      datatype: valueTypeOf(row.datatype),
      databaseUuid: row.database_uuid,
      status: row.status,
      collectorUuid: row.collector_uuid,
    },
    isRecord(row.settings) ? row.settings : {},
    (uuid) => {
      const input = found.get(uuid);
      return input ? { databaseUuid: input.status === 'Deleted' ? null : input.database_uuid, datatype: valueTypeOf(input.datatype) } : undefined;
    },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Calculations (any status) of one organization, or of all, or those of `uuids`; one statement. */
export async function loadCalculations(db: Db, where: { organizationUuid?: string; uuids?: string[] } = {}): Promise<CalculationDefinition[]> {
  const uuids = where.uuids?.filter((uuid) => UUID.test(uuid));
  if (uuids && uuids.length === 0) return [];
  if (where.organizationUuid !== undefined && !UUID.test(where.organizationUuid)) return [];
  const { rows } = await db.query<CalculationRow>(SELECT_CALCULATIONS, [CALCULATION_COLLECTOR_TYPE, where.organizationUuid ?? null, uuids ?? null]);
  return rows.map(fromRow);
}

/** A measurement of a calculation collector of the organization (any status), else null. */
export async function loadCalculation(db: Db, organizationUuid: string, uuid: string): Promise<CalculationDefinition | null> {
  const [calculation] = await loadCalculations(db, { organizationUuid, uuids: [uuid] });
  return calculation ?? null;
}

/**
 * The unsaved settings of the test call, checked as a save checks them (the settings schema, then
 * checkCalculation without the cycle check: nothing is saved). @throws HttpProblem 400 with the
 * field errors and the first problem's translation key.
 */
export async function definitionFromTest(
  db: Db,
  organizationUuid: string,
  body: { Datatype: string; Settings: Record<string, unknown> },
): Promise<CalculationDefinition> {
  const collector = (
    await db.query<{ uuid: string; measurement_settings_schema: unknown }>(
      `SELECT uuid, measurement_settings_schema FROM collectors
        WHERE organization_uuid = $1 AND collector_type = $2 AND status <> 'Deleted' ORDER BY is_system DESC, created_at LIMIT 1`,
      [organizationUuid, CALCULATION_COLLECTOR_TYPE],
    )
  ).rows[0];
  const errors: Record<string, string[]> = {};
  let code: string | undefined;
  const fail = (field: string, message: string, key = 'calculations.errors.invalid_settings') => {
    (errors[field] ??= []).push(message);
    code ??= key;
  };
  const datatype = VALUE_TYPES.find((t) => t === body.Datatype);
  if (!datatype) fail('Datatype', 'is not a value type', 'calculations.errors.datatype');

  const settings = presentSettings(isRecord(body.Settings) ? body.Settings : {});
  const stored = collector ? settingsSchemaOf(collector.measurement_settings_schema) : undefined;
  const schema = stored && Object.keys(stored.properties ?? {}).length > 0 ? stored : CALCULATION_SETTINGS_SCHEMA;
  const settingsErrors = validateSettings(schema, { Settings: settings, SecureSettings: {} }, { secureOptional: true, refuseUnknown: true, sentSecure: [] });
  for (const [field, list] of Object.entries(settingsErrors)) for (const error of list) fail(field, error.message);
  if (Object.keys(settingsErrors).length === 0) {
    const checked = await checkCalculation(db, organizationUuid, null, '', settings);
    for (const error of checked.errors) fail(error.field, error.message, error.code);
  }
  if (!collector) fail('Settings', 'the organization has no calculation collector');
  if (Object.keys(errors).length > 0 || !collector || !datatype) {
    throw badRequest(`The calculation is not valid: ${Object.keys(errors).join(', ')}`, errors, code ?? 'calculations.errors.invalid_settings');
  }

  const wanted = [...new Set(inputsOf(settings).map((input) => input.MeasurementUUID))];
  const { rows } = await db.query<{ uuid: string; database_uuid: string | null; datatype: string }>(
    `SELECT uuid, database_uuid, datatype FROM measurements WHERE organization_uuid = $1 AND uuid = ANY($2::uuid[]) AND status <> 'Deleted'`,
    [organizationUuid, wanted],
  );
  const found = new Map(rows.map((row) => [row.uuid, { databaseUuid: row.database_uuid, datatype: valueTypeOf(row.datatype) }]));
  return definitionOf(
    { uuid: null, organizationUuid, name: '', datatype, databaseUuid: null, status: 'Active', collectorUuid: collector.uuid },
    settings,
    (uuid) => found.get(uuid),
  );
}
