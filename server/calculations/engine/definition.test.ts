import { createDefaultCollectors } from '../../collectors/defaults';
import type { Db } from '../../db/db';
import { openTestDatabase, type TestDatabase } from '../../db/testing/testDatabase';
import { HttpProblem } from '../../http/problem';
import { definitionFromTest, loadCalculation, loadCalculations } from './definition';

// A calculation as the engine runs it: read from a measurement of a calculation collector (inputs
// resolved to their measurement's database and datatype in the same statement), or made from the
// test call's unsaved settings after the checks of a save.

let database: TestDatabase;
let db: Db;
let organization: string;
let otherOrganization: string;
let store: string;
let flow: string;
let valve: string;
let gone: string;
let foreign: string;
let efficiency: string;
let hours: string;

const one = async (text: string, params: unknown[]) => (await db.query<{ uuid: string }>(text, params)).rows[0].uuid;
const collectorOf = (org: string, type: string) => one('SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = $2', [org, type]);
const aMeasurement = async (org: string, name: string, fields: { type?: string; datatype?: string; status?: string; settings?: object; database?: string | null } = {}) =>
  one('INSERT INTO measurements (organization_uuid, collector_uuid, name, database_uuid, datatype, status, settings) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING uuid', [
    org,
    await collectorOf(org, fields.type ?? 'internal'),
    name,
    fields.database === undefined ? store : fields.database,
    fields.datatype ?? 'number',
    fields.status ?? 'Active',
    JSON.stringify(fields.settings ?? {}),
  ]);

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  organization = await one("INSERT INTO organizations (name) VALUES ('Plant') RETURNING uuid", []);
  otherOrganization = await one("INSERT INTO organizations (name) VALUES ('Elsewhere') RETURNING uuid", []);
  await createDefaultCollectors(db, organization);
  await createDefaultCollectors(db, otherOrganization);
  store = await one("INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, 'historian', gen_random_uuid()) RETURNING uuid", [organization]);
  flow = await aMeasurement(organization, 'Flow');
  valve = await aMeasurement(organization, 'Valve', { datatype: 'boolean' });
  gone = await aMeasurement(organization, 'Gone', { status: 'Deleted' });
  foreign = await aMeasurement(otherOrganization, 'Foreign', { database: null, status: 'Discovered' });
  efficiency = await aMeasurement(organization, 'Efficiency', {
    type: 'calculation',
    status: 'Paused',
    settings: {
      Type: 'sampled',
      Interval: '5m',
      IntervalOffset: 30,
      EvaluateInsufficientData: true,
      Inputs: [
        { Alias: 'F', MeasurementUUID: flow, Aggregation: 'mean', DefaultValue: 0 },
        { Alias: 'V', MeasurementUUID: valve, Aggregation: 'last' },
        { Alias: 'G', MeasurementUUID: gone, Aggregation: 'sum' },
        { Alias: 'X', MeasurementUUID: foreign, Aggregation: 'sum' },
      ],
      Script: '_F.Value',
    },
  });
  hours = await aMeasurement(organization, 'Running hours', { type: 'calculation', settings: { Type: 'raw', Inputs: [{ Alias: 'V', MeasurementUUID: valve }], Script: '_V.Value ? 1 : 0' } });
}, 60_000);

afterAll(async () => {
  await database?.cleanup();
});

describe('loadCalculation', () => {
  it('reads a calculation with its settings and inputs resolved to their database and datatype', async () => {
    const calc = await loadCalculation(db, organization, efficiency);
    expect(calc).toEqual({
      uuid: efficiency,
      organizationUuid: organization,
      name: 'Efficiency',
      datatype: 'number',
      databaseUuid: store,
      status: 'Paused',
      collectorUuid: await collectorOf(organization, 'calculation'),
      type: 'sampled',
      intervalMs: 300_000,
      offsetMs: 30_000,
      evaluateInsufficientData: true,
      inputs: [
        { alias: 'F', measurementUuid: flow, databaseUuid: store, datatype: 'number', aggregation: 'mean', defaultValue: 0 },
        { alias: 'V', measurementUuid: valve, databaseUuid: store, datatype: 'boolean', aggregation: 'last' },
        // A deleted input and another organization's one read as inputs without points.
        { alias: 'G', measurementUuid: gone, databaseUuid: null, datatype: 'number', aggregation: 'sum' },
        { alias: 'X', measurementUuid: foreign, databaseUuid: null, datatype: 'number', aggregation: 'sum' },
      ],
      script: '_F.Value',
    });
  });

  it('gives null for a measurement that is no calculation, and for another organization', async () => {
    expect(await loadCalculation(db, organization, flow)).toBeNull();
    expect(await loadCalculation(db, otherOrganization, efficiency)).toBeNull();
    expect(await loadCalculation(db, organization, 'not-a-uuid')).toBeNull();
  });
});

describe('loadCalculations', () => {
  it('reads many at once: of an organization, of some uuids, or of all', async () => {
    expect((await loadCalculations(db, { organizationUuid: organization })).map((c) => c.name)).toEqual(['Efficiency', 'Running hours']);
    expect((await loadCalculations(db, { uuids: [hours] })).map((c) => [c.type, c.intervalMs, c.inputs.map((i) => i.aggregation)])).toEqual([['raw', 0, [undefined]]]);
    expect((await loadCalculations(db)).map((c) => c.uuid)).toEqual(expect.arrayContaining([efficiency, hours]));
    expect(await loadCalculations(db, { uuids: [] })).toEqual([]);
  });
});

describe('definitionFromTest', () => {
  it('makes the definition of unsaved settings, with the organization\'s calculation collector', async () => {
    const calc = await definitionFromTest(db, organization, { Datatype: 'boolean', Settings: { Type: 'simulation', Interval: '10s', Script: 'true' } });
    expect(calc).toMatchObject({ uuid: null, datatype: 'boolean', type: 'simulation', intervalMs: 10_000, offsetMs: 0, inputs: [], collectorUuid: await collectorOf(organization, 'calculation') });
  });

  it('throws the 400 of a save with the field errors; a deleted input is not found', async () => {
    const attempt = definitionFromTest(db, organization, {
      Datatype: 'number',
      Settings: { Type: 'sampled', Interval: '1m', Inputs: [{ Alias: 'G', MeasurementUUID: gone, Aggregation: 'sum' }], Script: '1' },
    });
    await expect(attempt).rejects.toBeInstanceOf(HttpProblem);
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      extra: { code: 'calculations.errors.input_not_found', errors: { 'Settings.Inputs.0.MeasurementUUID': [expect.any(String)] } },
    });
    await expect(definitionFromTest(db, organization, { Datatype: 'number', Settings: { Type: 'cubic', Script: '1' } })).rejects.toMatchObject({
      status: 400,
      extra: { errors: { 'Settings.Type': [expect.any(String)] } },
    });
  });
});
