import { sharedChainCheck } from '../audit/chainCheck';
import { createTestOrganization, createTestUser, openTestApp, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { createDefaultCollectors } from '../collectors/defaults';
import { insertCollector } from '../collectors/testing/collectorFixtures';
import { insertBuiltinDatabase } from '../ingestion/testing/fixtures';

// SPEC §3's audit area Calculations: a change to a calculation (a measurement of the calculation
// collector) is filed under Calculations with subject type Calculation, from its creation to its
// deletion; any other measurement stays under Measurements; the chain still verifies.

let t: TestApp;
let organization: string;
let admin: SessionHeaders;
let database: string;
let calculator: string;
let plc: string;

interface Entry {
  action: string;
  area: string;
  subject_type: string;
  subject_name: string;
}

beforeAll(async () => {
  t = await openTestApp();
  organization = await createTestOrganization(t.db);
  await createDefaultCollectors(t.db, organization);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_MEASUREMENTS', 'MANAGE_MEASUREMENTS'] } })).uuid);
  database = await insertBuiltinDatabase(t.db, organization);
  calculator = (await t.db.query<{ uuid: string }>("SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = 'calculation'", [organization])).rows[0].uuid;
  plc = await insertCollector(t.db, organization, { name: 'PLC' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...admin, 'x-organization-uuid': organization }, ...(payload ? { payload } : {}) });

async function entriesOf(uuid: string): Promise<Entry[]> {
  const { rows } = await t.db.query<Entry>('SELECT action, area, subject_type, subject_name FROM audit_logs WHERE subject_uuid = $1 ORDER BY sequence', [uuid]);
  return rows;
}

describe('the audit area of calculations', () => {
  it('files a calculation under Calculations from creation to deletion, and a measurement under Measurements', async () => {
    const settings = { Type: 'simulation', Interval: '1m', IntervalOffset: 0, EvaluateInsufficientData: false, Script: '1' };
    const created = await call('POST', '/api/measurements', { Name: 'Yield', CollectorUUID: calculator, DatabaseUUID: database, Datatype: 'number', Status: 'Active', Settings: settings });
    expect(created.statusCode).toBe(201);
    const calculation = created.json();
    const updated = await call('PUT', `/api/measurements/${calculation.UUID}`, { ...calculation, Description: 'Flow times level', Settings: { ...settings, Script: '2' } });
    expect(updated.statusCode).toBe(200);
    expect((await call('DELETE', `/api/measurements/${calculation.UUID}`)).statusCode).toBe(204);

    const measured = await call('POST', '/api/measurements', { Name: 'Flow', CollectorUUID: plc, DatabaseUUID: database, Datatype: 'number', Status: 'Active', Settings: {} });
    expect(measured.statusCode).toBe(201);

    expect(await entriesOf(calculation.UUID)).toEqual([
      { action: 'Create', area: 'Calculations', subject_type: 'Calculation', subject_name: 'Yield' },
      { action: 'Update', area: 'Calculations', subject_type: 'Calculation', subject_name: 'Yield' },
      { action: 'Update', area: 'Calculations', subject_type: 'Calculation', subject_name: 'Yield' },
    ]);
    expect(await entriesOf(measured.json().UUID)).toEqual([{ action: 'Create', area: 'Measurements', subject_type: 'Measurement', subject_name: 'Flow' }]);
    expect((await sharedChainCheck(t.db)).check.intact).toBe(true);
  });

  it('files the removal of a calculation row under Calculations too', async () => {
    const { rows } = await t.db.query<{ uuid: string }>(
      "INSERT INTO measurements (organization_uuid, collector_uuid, database_uuid, name, datatype, status, settings) VALUES ($3, $1, $2, 'Scrap', 'number', 'Active', '{}') RETURNING uuid",
      [calculator, database, organization],
    );
    await t.db.query('DELETE FROM measurements WHERE uuid = $1', [rows[0].uuid]);
    expect((await entriesOf(rows[0].uuid)).map((entry) => [entry.action, entry.area])).toEqual([
      ['Create', 'Calculations'],
      ['Delete', 'Calculations'],
    ]);
  });
});
