import * as fs from 'node:fs';
import * as path from 'node:path';
import { createDefaultCollectors, writeCalculationSettingsSchema } from '../collectors/defaults';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { CALCULATION_SETTINGS_SCHEMA } from './calculationSettings';

// The rules of a calculation on save (DOMAIN.md §2) through the real app: the system calculation
// collector carries the calculation settings schema; sampled, raw and simulation calculations are
// saved; unknown inputs, another organization's, a wrong input count per type, a repeated alias and
// a cycle (A reads B, then B changed to read A) are refused with field errors and translated codes.

const MANAGE = ['READ_MEASUREMENTS', 'MANAGE_MEASUREMENTS'];

let t: TestApp;
let organization: string;
let admin: SessionHeaders;
let calculations: string;
let simulator: string;
let database: string;
let flow: string;
let pressure: string;
let foreign: string;

const insert = async (text: string, params: unknown[]) => (await t.db.query<{ uuid: string }>(text, params)).rows[0].uuid;
const headers = () => ({ ...admin, 'x-organization-uuid': organization });
const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url: `/api${url}`, headers: headers(), payload });

const calculation = (name: string, settings: Record<string, unknown>) => ({
  Name: name,
  CollectorUUID: calculations,
  DatabaseUUID: database,
  Datatype: 'number',
  Status: 'Active',
  Settings: { Script: 'return _A.Value', ...settings },
});
const sampled = (inputs: object[]) => ({ Type: 'sampled', Interval: '1m', IntervalOffset: 0, EvaluateInsufficientData: false, Inputs: inputs });
const input = (Alias: string, MeasurementUUID: string, Aggregation = 'mean') => ({ Alias, MeasurementUUID, Aggregation });

const created = async (name: string, settings: Record<string, unknown>): Promise<string> => {
  const response = await call('POST', '/measurements', calculation(name, settings));
  expect(response.json()).toMatchObject({ Name: name });
  expect(response.statusCode).toBe(201);
  return response.json().UUID;
};

const english = JSON.parse(fs.readFileSync(path.join(__dirname, '../../locales/en/general.json'), 'utf8')) as { calculations: { errors: Record<string, string> } };
const translated = (code: string) => english.calculations.errors[code.replace('calculations.errors.', '')];

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  const other = await createTestOrganization(t.db);
  await createDefaultCollectors(t.db, organization);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: MANAGE } })).uuid);
  calculations = await insert("SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = 'calculation' AND is_system", [organization]);
  simulator = await insert("INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, 'Simulator', 'simulation') RETURNING uuid", [organization]);
  const otherCollector = await insert("INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, 'Elsewhere', 'simulation') RETURNING uuid", [other]);
  database = await insert("INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, 'Line 1', gen_random_uuid()) RETURNING uuid", [organization]);
  const otherDatabase = await insert("INSERT INTO timeseries_databases (organization_uuid, name, type_uuid) VALUES ($1, 'Foreign', gen_random_uuid()) RETURNING uuid", [other]);
  const measurement = (org: string, collector: string, db: string, name: string) =>
    insert("INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, datatype, status) VALUES ($1, $2, $3, $4, 'number', 'Active') RETURNING uuid", [org, collector, db, name]);
  flow = await measurement(organization, simulator, database, 'Flow');
  pressure = await measurement(organization, simulator, database, 'Pressure');
  foreign = await measurement(other, otherCollector, otherDatabase, 'Foreign flow');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

it('gives the system calculation collector the calculation settings schema', async () => {
  const { rows } = await t.db.query<{ measurement_settings_schema: unknown }>('SELECT measurement_settings_schema FROM collectors WHERE uuid = $1', [calculations]);
  expect(rows[0].measurement_settings_schema).toEqual(CALCULATION_SETTINGS_SCHEMA);
});

it('writes the schema again only when it changed, so a start with the same schema adds no audit entry', async () => {
  const updates = async () =>
    (await t.db.query('SELECT 1 FROM audit_logs WHERE subject_uuid = $1 AND action = $2', [calculations, 'Update'])).rows.length;
  const before = await updates();
  await writeCalculationSettingsSchema(t.db);
  expect(await updates()).toBe(before);
  await t.db.query(`UPDATE collectors SET measurement_settings_schema = '{}' WHERE uuid = $1`, [calculations]);
  await writeCalculationSettingsSchema(t.db);
  expect(await updates()).toBe(before + 2);
  const { rows } = await t.db.query<{ measurement_settings_schema: unknown }>('SELECT measurement_settings_schema FROM collectors WHERE uuid = $1', [calculations]);
  expect(rows[0].measurement_settings_schema).toEqual(CALCULATION_SETTINGS_SCHEMA);
});

it('saves a sampled calculation over two measurements, a raw one and a simulation one', async () => {
  const yieldUuid = await created('Yield', sampled([input('A', flow, 'mean'), input('B', pressure, 'max')]));
  await created('Flow in m3', { Type: 'raw', Inputs: [{ Alias: 'A', MeasurementUUID: flow, DefaultValue: 0 }] });
  await created('Sine', { Type: 'simulation', Interval: '10s', Script: 'return 1' });
  // A calculation may read another one.
  await created('Yield x2', sampled([input('Y', yieldUuid, 'last')]));
});

it('refuses inputs that are unknown or of another organization, by field path', async () => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  const response = await call('POST', '/measurements', calculation('Bad inputs', sampled([input('A', flow), input('B', unknown), input('C', foreign)])));
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.code).toBe('calculations.errors.input_not_found');
  expect(Object.keys(body.errors).sort()).toEqual(['Settings.Inputs.1.MeasurementUUID', 'Settings.Inputs.2.MeasurementUUID']);
  expect(translated(body.code)).toBe('No such measurement in this organization.');
});

it('refuses an input that is Deleted', async () => {
  const gone = await insert("INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, datatype, status) VALUES ($1, $2, $3, 'Gone', 'number', 'Deleted') RETURNING uuid", [
    organization,
    simulator,
    database,
  ]);
  const response = await call('POST', '/measurements', calculation('Reads gone', sampled([input('A', gone)])));
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toHaveProperty(['Settings.Inputs.0.MeasurementUUID']);
});

it.each([
  ['raw without inputs', () => ({ Type: 'raw', Inputs: [] }), 'calculations.errors.raw_inputs'],
  ['raw with two inputs', () => ({ Type: 'raw', Inputs: [{ Alias: 'A', MeasurementUUID: flow }, { Alias: 'B', MeasurementUUID: pressure }] }), 'calculations.errors.raw_inputs'],
  ['sampled without inputs', () => sampled([]), 'calculations.errors.sampled_inputs'],
  ['simulation with an input', () => ({ Type: 'simulation', Interval: '1m', Inputs: [{ Alias: 'A', MeasurementUUID: flow }] }), 'calculations.errors.simulation_inputs'],
])('refuses the wrong input count per type: %s', async (name, settings, code) => {
  // The settings are made when the test runs: the measurements exist only after beforeAll.
  const response = await call('POST', '/measurements', calculation(name, settings()));
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code, errors: { 'Settings.Inputs': [expect.any(String)] } });
  expect(Object.keys(response.json().errors)).toEqual(['Settings.Inputs']);
  expect(translated(code)).toEqual(expect.any(String));
});

it('refuses a repeated alias, a bad aggregation, a bad interval and an unknown type', async () => {
  const repeated = await call('POST', '/measurements', calculation('Twice A', sampled([input('A', flow), input('A', pressure)])));
  expect(repeated.statusCode).toBe(400);
  expect(repeated.json()).toMatchObject({ code: 'calculations.errors.alias_taken', errors: { 'Settings.Inputs.1.Alias': [expect.stringContaining('A')] } });

  const aggregation = await call('POST', '/measurements', calculation('Average', sampled([input('A', flow, 'average')])));
  expect(aggregation.json()).toMatchObject({ code: 'calculations.errors.aggregation', errors: { 'Settings.Inputs.0.Aggregation': [expect.any(String)] } });

  const interval = await call('POST', '/measurements', calculation('Every minute', { ...sampled([input('A', flow)]), Interval: 'a minute' }));
  expect(interval.json()).toMatchObject({ code: 'calculations.errors.interval', errors: { 'Settings.Interval': [expect.any(String)] } });

  const type = await call('POST', '/measurements', calculation('Odd type', { Type: 'streaming' }));
  expect(type.statusCode).toBe(400);
  expect(type.json().errors).toHaveProperty(['Settings.Type']);
});

it('refuses a cycle: A reads B, then B changed to read A, naming the calculations', async () => {
  const b = await created('Cycle B', sampled([input('F', flow)]));
  await created('Cycle A', sampled([input('B', b)]));
  const a = await insert("SELECT uuid FROM measurements WHERE name = 'Cycle A'", []);
  const response = await call('PUT', `/measurements/${b}`, calculation('Cycle B', sampled([input('A', a)])));
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.code).toBe('calculations.errors.cycle');
  expect(body.errors['Settings.Inputs']).toEqual(['form a cycle: Cycle B → Cycle A → Cycle B']);
  expect(translated(body.code)).toBe('These inputs form a cycle through other calculations.');

  // Reading itself is a cycle too; reading a plain measurement again is fine.
  const self = await call('PUT', `/measurements/${b}`, calculation('Cycle B', sampled([input('B', b)])));
  expect(self.json()).toMatchObject({ code: 'calculations.errors.cycle' });
  expect((await call('PUT', `/measurements/${b}`, calculation('Cycle B', sampled([input('F', flow), input('P', pressure)])))).statusCode).toBe(200);
});
