import { JobInterrupted, type JobContext } from '../jobs/registry';
import { prototypeApplyJobType } from './apply';
import { openPrototypeFixture, type PrototypeFixture } from './testFixture';

// Plans, apply and undo (README.md, "The plan") through the HTTP API, with the job runner: every
// action of SPEC §3 and the keep-or-update choice on a conflict, apply then undo giving back
// exactly the state before, the 400s and 409s, the privileges and the organization scoping.

let f: PrototypeFixture;

beforeAll(async () => {
  f = await openPrototypeFixture();
}, 60_000);

afterAll(async () => {
  await f?.close();
});

type Json = Record<string, unknown> & { UUID: string };
interface Row {
  RowID: string;
  EntityKind: string;
  AssetPath: string;
  Name: string;
  Action: string;
  Conflict: boolean;
  DefaultChoice?: string;
  Problem?: string | null;
  Fields: { Field: string; Base: unknown; Prototype: unknown; Instance: unknown }[];
}
interface Plan {
  UUID: string;
  State: string;
  Rows: Row[];
  Summary: Record<string, number>;
}

const definition = (name: string, metadata: object, properties: object[]) => ({ Name: name, Metadata: metadata, PropertyPrototypes: properties });
const speed = { Name: 'Speed', Kind: 'measurement', Datatype: 'number', NameTemplate: '{{asset.Name}}.speed' };
const temperature = { Name: 'Temperature', Kind: 'measurement', Datatype: 'number' };

async function setUp(name: string, instances: string[]) {
  const created = await f.call('POST', '/prototypes', definition(name, { Vendor: 'ACME', Power: 5, Serial: null }, [speed, temperature]));
  expect(created.statusCode).toBe(201);
  const prototype = created.json() as Json & { PropertyPrototypes: Json[] };
  const made = await f.call('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: instances.map((instance) => ({ Name: instance, Metadata: { Serial: instance } })) });
  expect(made.statusCode).toBe(201);
  const assets = Object.fromEntries((made.json() as Json[]).map((asset) => [String(asset.Name), asset.UUID]));
  return { prototype, assets };
}

const setMetadata = (asset: string, values: object) => f.ctx.db.query('UPDATE assets SET metadata = metadata || $2::jsonb WHERE uuid = $1', [asset, JSON.stringify(values)]);
const setDescription = (asset: string, property: string, description: string) =>
  f.ctx.db.query('UPDATE asset_properties SET description = $3 WHERE asset_uuid = $1 AND name = $2', [asset, property, description]);

async function plan(prototype: string, assets: string[]): Promise<Plan> {
  const response = await f.call('POST', `/prototypes/${prototype}/plans`, { AssetUUIDs: assets });
  expect([response.statusCode, response.statusCode === 201 ? '' : response.body]).toEqual([201, '']);
  return response.json() as Plan;
}

async function apply(planUuid: string, choices: Record<string, string> = {}) {
  const response = await f.call('POST', `/prototype-plans/${planUuid}/apply`, { Choices: choices });
  expect([response.statusCode, response.statusCode === 202 ? '' : response.body]).toEqual([202, '']);
  await f.waitForJob((response.json() as { JobUUID: string }).JobUUID);
}

async function undo(planUuid: string) {
  const response = await f.call('POST', `/prototype-plans/${planUuid}/undo`);
  expect([response.statusCode, response.statusCode === 202 ? '' : response.body]).toEqual([202, '']);
  await f.waitForJob((response.json() as { JobUUID: string }).JobUUID);
}

/** Everything a plan can touch on these assets, for comparing before and after. */
async function snapshot(assets: string[]) {
  const a = await f.ctx.db.query('SELECT uuid, name, metadata, applied, prototype_uuid, link_status FROM assets WHERE uuid = ANY($1::uuid[]) ORDER BY path', [assets]);
  const p = await f.ctx.db.query(
    'SELECT uuid, asset_uuid, name, description, measurement_uuid, property_prototype_uuid, applied, link_status FROM asset_properties WHERE asset_uuid = ANY($1::uuid[]) ORDER BY asset_uuid, name',
    [assets],
  );
  const m = await f.ctx.db.query('SELECT count(*)::int AS n FROM measurements WHERE organization_uuid = $1', [f.organization]);
  return { assets: a.rows, properties: p.rows, measurements: m.rows };
}

const rowOf = (result: Plan, path: string, kind: string, name: string) => {
  const found = result.Rows.find((row) => row.AssetPath === path && row.EntityKind === kind && row.Name === name);
  if (!found) throw new Error(`no ${kind} row ${name} for ${path}: ${JSON.stringify(result.Rows.map((row) => [row.AssetPath, row.EntityKind, row.Name, row.Action]))}`);
  return found;
};

describe('a plan over changed instances', () => {
  it('shows every action, needs a choice for a conflict, applies them all and undoes them to exactly the state before', async () => {
    const { prototype, assets } = await setUp('Line', ['P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
    const pressure = await f.measurement('P2.pressure');
    // Instances change: an override, two conflicts to come, a value already equal to the new one.
    await setMetadata(assets.P1, { Vendor: 'Local' });
    await setDescription(assets.P1, 'Speed', 'mine');
    await setMetadata(assets.P2, { Power: 9 });
    await setMetadata(assets.P3, { Power: 8 });
    await setMetadata(assets.P6, { Power: 7 });
    // P4 and P5 are linked again: their properties are there, unlinked.
    for (const name of ['P4', 'P5']) {
      await f.call('DELETE', `/prototypes/${prototype.UUID}/links/${assets[name]}`);
      expect((await f.call('POST', `/prototypes/${prototype.UUID}/links`, { AssetUUID: assets[name] })).statusCode).toBe(200);
      await setDescription(assets[name], 'Speed', 'local');
    }
    // The prototype changes: Power 5 → 7, Temperature removed, Pressure added.
    const [speedItem] = prototype.PropertyPrototypes;
    const updated = await f.call(
      'PUT',
      `/prototypes/${prototype.UUID}`,
      definition('Line', { Vendor: 'ACME', Power: 7, Serial: null }, [{ ...speed, UUID: speedItem.UUID }, { Name: 'Pressure', Kind: 'measurement', Datatype: 'number', NameTemplate: '{{asset.Name}}.pressure' }]),
    );
    expect(updated.statusCode).toBe(200);

    const all = Object.values(assets);
    const before = await snapshot(all);
    const result = await plan(prototype.UUID, all);
    expect(result.State).toBe('planned');

    expect(rowOf(result, 'P1', 'asset', 'P1')).toMatchObject({ Action: 'Update', Conflict: false, DefaultChoice: 'update' });
    expect(rowOf(result, 'P1', 'asset', 'P1').Fields).toEqual(
      expect.arrayContaining([
        { Field: 'Metadata.Vendor', Base: 'ACME', Prototype: 'ACME', Instance: 'Local' },
        { Field: 'Metadata.Power', Base: 5, Prototype: 7, Instance: 5 },
      ]),
    );
    expect(rowOf(result, 'P1', 'asset_property', 'Speed')).toMatchObject({ Action: 'Overridden', DefaultChoice: 'keep' });
    expect(rowOf(result, 'P2', 'asset', 'P2')).toMatchObject({ Action: 'Update', Conflict: true });
    expect(rowOf(result, 'P2', 'asset', 'P2').DefaultChoice).toBeUndefined();
    expect(rowOf(result, 'P2', 'asset_property', 'Speed')).toMatchObject({ Action: 'No change' });
    expect(rowOf(result, 'P6', 'asset', 'P6')).toMatchObject({ Action: 'No change' });
    expect(rowOf(result, 'P2', 'asset_property', 'Pressure')).toMatchObject({ Action: 'New', Problem: null });
    expect(rowOf(result, 'P1', 'asset_property', 'Temperature')).toMatchObject({ Action: 'Update', DefaultChoice: 'update' });
    expect(rowOf(result, 'P4', 'asset_property', 'Speed')).toMatchObject({ Action: 'Link & Keep', DefaultChoice: 'keep' });
    expect(rowOf(result, 'P4', 'asset_property', 'Temperature')).toMatchObject({ Action: 'Not linked' });
    // A linked asset never applied has no base: its differing metadata (Power) is a conflict too.
    expect(rowOf(result, 'P4', 'asset', 'P4')).toMatchObject({ Action: 'Update', Conflict: true });
    expect(result.Summary).toMatchObject({ Conflicts: 4, 'Link & Keep': 2, 'Not linked': 2, New: 6, Overridden: 1 });

    // Conflicts need a choice: 400 naming the rows.
    const conflicts = ['P2', 'P3', 'P4', 'P5'].map((name) => rowOf(result, name, 'asset', name).RowID);
    const refused = await f.call('POST', `/prototype-plans/${result.UUID}/apply`, { Choices: {} });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys((refused.json() as { errors: object }).errors).sort()).toEqual(conflicts.map((id) => `Choices.${id}`).sort());

    await apply(result.UUID, {
      [conflicts[0]]: 'keep',
      [conflicts[1]]: 'update',
      [conflicts[2]]: 'keep',
      [conflicts[3]]: 'update',
      [rowOf(result, 'P5', 'asset_property', 'Speed').RowID]: 'update',
      [rowOf(result, 'P6', 'asset_property', 'Temperature').RowID]: 'keep',
    });
    expect(((await f.call('GET', `/prototype-plans/${result.UUID}`)).json() as Plan).State).toBe('applied');

    const metadata = async (asset: string) => (await f.ctx.db.query<{ metadata: Record<string, unknown>; link_status: string }>('SELECT metadata, link_status FROM assets WHERE uuid = $1', [asset])).rows[0];
    const properties = async (asset: string) =>
      Object.fromEntries(
        (await f.ctx.db.query<{ name: string; description: string; measurement_uuid: string | null; property_prototype_uuid: string | null; link_status: string }>('SELECT * FROM asset_properties WHERE asset_uuid = $1', [asset])).rows.map((row) => [
          row.name,
          { description: row.description, measurement: row.measurement_uuid, linked: row.property_prototype_uuid !== null, status: row.link_status },
        ]),
      );
    // Update: the prototype's change lands, the override stays.
    expect(await metadata(assets.P1)).toMatchObject({ metadata: { Vendor: 'Local', Power: 7 }, link_status: 'Overridden' });
    // Conflict kept: the instance's value stays and it is Overridden now; conflict updated: the prototype's value.
    expect(await metadata(assets.P2)).toMatchObject({ metadata: { Power: 9 }, link_status: 'Overridden' });
    expect(await metadata(assets.P3)).toMatchObject({ metadata: { Power: 7 }, link_status: 'Applied' });
    // New: Pressure made, bound by its NameTemplate where the measurement exists; removal: Temperature gone, or unlinked by keep.
    expect(await properties(assets.P2)).toEqual({
      Speed: expect.objectContaining({ status: 'Applied' }),
      Pressure: { description: '', measurement: pressure, linked: true, status: 'Applied' },
    });
    expect(Object.keys(await properties(assets.P1)).sort()).toEqual(['Pressure', 'Speed']);
    expect((await properties(assets.P6)).Temperature).toMatchObject({ linked: false, status: 'NotLinked' });
    // Overridden kept; Link & Keep keeps the instance's description (Overridden); Link & Update takes the prototype's.
    expect((await properties(assets.P1)).Speed).toMatchObject({ description: 'mine', status: 'Overridden' });
    expect((await properties(assets.P4)).Speed).toMatchObject({ description: 'local', linked: true, status: 'Overridden' });
    expect((await properties(assets.P5)).Speed).toMatchObject({ description: '', linked: true, status: 'Applied' });
    // Not linked: left alone.
    expect((await properties(assets.P4)).Temperature).toMatchObject({ linked: false, status: 'NotLinked' });

    // A second apply of the same plan is refused.
    expect((await f.call('POST', `/prototype-plans/${result.UUID}/apply`, { Choices: {} })).statusCode).toBe(409);

    await undo(result.UUID);
    expect(((await f.call('GET', `/prototype-plans/${result.UUID}`)).json() as Plan).State).toBe('undone');
    expect(await snapshot(all)).toEqual(before);
  });

  it('refuses to apply when an instance changed since the plan, and to undo when an item changed since the apply (409)', async () => {
    const { prototype, assets } = await setUp('Press', ['Q1', 'Q2']);
    await f.call('PUT', `/prototypes/${prototype.UUID}`, definition('Press', { Vendor: 'ACME', Power: 6, Serial: null }, prototype.PropertyPrototypes));
    const first = await plan(prototype.UUID, [assets.Q1, assets.Q2]);
    await setMetadata(assets.Q2, { Vendor: 'Changed' });
    const refused = await f.call('POST', `/prototype-plans/${first.UUID}/apply`, { Choices: {} });
    expect(refused.statusCode).toBe(409);
    expect(Object.keys((refused.json() as { errors: object }).errors)).toEqual([`asset:${assets.Q2}:metadata`]);

    const second = await plan(prototype.UUID, [assets.Q1, assets.Q2]);
    await apply(second.UUID);
    await setMetadata(assets.Q1, { Power: 1 });
    const undoRefused = await f.call('POST', `/prototype-plans/${second.UUID}/undo`);
    expect(undoRefused.statusCode).toBe(409);
    expect(Object.keys((undoRefused.json() as { errors: object }).errors)).toEqual([`asset:${assets.Q1}:metadata`]);
  });

  it('expires a plan not applied within its day: it reads expired and cannot be applied (409)', async () => {
    const { prototype, assets } = await setUp('Dryer', ['X1']);
    const made = await plan(prototype.UUID, [assets.X1]);
    await f.ctx.db.query("UPDATE prototype_plans SET expires_at = now() - interval '1 minute' WHERE uuid = $1", [made.UUID]);
    expect(((await f.call('GET', `/prototype-plans/${made.UUID}`)).json() as Plan).State).toBe('expired');
    const refused = await f.call('POST', `/prototype-plans/${made.UUID}/apply`, { Choices: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'prototypes.errors.plan_expired' });
  });

  it('refuses a plan over assets that are not instances of the prototype (400)', async () => {
    const { prototype } = await setUp('Mixer', ['R1']);
    const { assets: others } = await setUp('Blender', ['R2']);
    const refused = await f.call('POST', `/prototypes/${prototype.UUID}/plans`, { AssetUUIDs: [others.R2] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { AssetUUIDs: [expect.stringContaining(others.R2)] } });
  });
});

describe('the prototype_apply job', () => {
  it('continues after an interruption from the last committed batch, applying each row once', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `J${i}`);
    const { prototype, assets } = await setUp('Jobbed', names);
    await f.call('PUT', `/prototypes/${prototype.UUID}`, definition('Jobbed', { Vendor: 'Other', Power: 5, Serial: null }, prototype.PropertyPrototypes));
    const made = await plan(prototype.UUID, Object.values(assets));
    expect(made.Rows.length).toBeGreaterThan(100);
    await f.ctx.db.query("UPDATE prototype_plans SET state = 'applying', choices = '{}' WHERE uuid = $1", [made.UUID]);
    let checkpoints = 0;
    const context = (interruptAt: number): JobContext => ({
      db: f.ctx.db,
      job: { uuid: made.UUID, type: 'prototype_apply', organizationUuid: f.organization, payload: { PlanUUID: made.UUID, Calculation: { collectorUuid: null, databaseUuid: null, problem: 'no_calculation_collector' } }, createdByUuid: null, createdByName: 'test', taskSchedulerUuid: null },
      checkpointState: null,
      progress: async () => undefined,
      log: async () => undefined,
      checkpointWithin: async () => undefined,
      checkpoint: async () => {
        checkpoints += 1;
        if (checkpoints === interruptAt) throw new JobInterrupted('shutdown');
      },
      signal: new AbortController().signal,
    });
    await expect(prototypeApplyJobType.run(context(1))).rejects.toBeInstanceOf(JobInterrupted);
    const halfway = await f.ctx.db.query<{ next: number }>("SELECT (journal->>'next')::int AS next FROM prototype_plans WHERE uuid = $1", [made.UUID]);
    expect(halfway.rows[0].next).toBe(100);
    await prototypeApplyJobType.run(context(-1));
    const { rows } = await f.ctx.db.query<{ state: string; entries: { RowID: string }[] }>("SELECT state, journal->'entries' AS entries FROM prototype_plans WHERE uuid = $1", [made.UUID]);
    expect(rows[0].state).toBe('applied');
    const rowIds = rows[0].entries.map((entry) => entry.RowID);
    expect(new Set(rowIds).size).toBe(rowIds.length);
    expect(rowIds).toHaveLength(names.length);
    const vendors = await f.ctx.db.query<{ vendor: string }>("SELECT DISTINCT metadata->>'Vendor' AS vendor FROM assets WHERE prototype_uuid = $1", [prototype.UUID]);
    expect(vendors.rows).toEqual([{ vendor: 'Other' }]);
  });
});

describe('calculation properties', () => {
  const double = (script: string) => ({
    Name: 'Double',
    Kind: 'calculation',
    Datatype: 'number',
    NameTemplate: '{{asset.Name}}.double',
    CalculationTemplate: { Type: 'raw', Script: script, Inputs: [{ Alias: 's', Property: 'Speed' }] },
  });
  const calculationOf = async (asset: string) =>
    (
      await f.ctx.db.query<{ measurement_uuid: string | null; link_status: string; name: string | null; settings: { Script?: string; Inputs?: { MeasurementUUID: string }[] } | null }>(
        `SELECT p.measurement_uuid, p.link_status, m.name, m.settings FROM asset_properties p LEFT JOIN measurements m ON m.uuid = p.measurement_uuid
          WHERE p.asset_uuid = $1 AND p.name = 'Double'`,
        [asset],
      )
    ).rows[0];

  it('makes the calculation from its template on the instance, or leaves the property unbound when an input is; a plan updates it and undo puts it back', async () => {
    const speedOfC1 = await f.measurement('C1.speed');
    const created = await f.call('POST', '/prototypes', definition('Doubler', {}, [speed, double('return _s * 2')]));
    expect(created.statusCode).toBe(201);
    const prototype = created.json() as Json & { PropertyPrototypes: Json[] };
    const made = await f.call('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: [{ Name: 'C1' }, { Name: 'C2' }] });
    expect(made.statusCode).toBe(201);
    const [c1, c2] = (made.json() as Json[]).map((asset) => asset.UUID);
    expect(await calculationOf(c1)).toMatchObject({ name: 'C1.double', link_status: 'Applied', settings: { Script: 'return _s * 2', Inputs: [{ Alias: 's', MeasurementUUID: speedOfC1 }] } });
    expect(await calculationOf(c2)).toMatchObject({ measurement_uuid: null, link_status: 'Applied' });

    const [speedItem, doubleItem] = prototype.PropertyPrototypes;
    const changed = await f.call('PUT', `/prototypes/${prototype.UUID}`, definition('Doubler', {}, [{ ...speed, UUID: speedItem.UUID }, { ...double('return _s * 3'), UUID: doubleItem.UUID }]));
    expect(changed.statusCode).toBe(200);
    expect((await calculationOf(c1)).link_status).toBe('NeedsUpdate');

    const before = await snapshot([c1, c2]);
    const result = await plan(prototype.UUID, [c1, c2]);
    expect(rowOf(result, 'C1', 'measurement', 'Double')).toMatchObject({ Action: 'Update', DefaultChoice: 'update' });
    expect(rowOf(result, 'C2', 'measurement', 'Double')).toMatchObject({ Action: 'New', Problem: 'calculation_input_unbound' });
    await apply(result.UUID);
    expect(await calculationOf(c1)).toMatchObject({ link_status: 'Applied', settings: { Script: 'return _s * 3' } });
    expect((await calculationOf(c2)).measurement_uuid).toBeNull();
    await undo(result.UUID);
    expect(await snapshot([c1, c2])).toEqual(before);
    expect((await calculationOf(c1)).settings).toMatchObject({ Script: 'return _s * 2' });
  });
});

describe('calculation properties and the right to manage measurements', () => {
  const double = { Name: 'Double', Kind: 'calculation', Datatype: 'number', NameTemplate: '{{asset.Name}}.double', CalculationTemplate: { Type: 'raw', Script: 'return _s * 2', Inputs: [{ Alias: 's', Property: 'Speed' }] } };
  const scriptOf = async (asset: string) =>
    (
      await f.ctx.db.query<{ measurement_uuid: string | null; script: string | null }>(
        "SELECT p.measurement_uuid, m.settings ->> 'Script' AS script FROM asset_properties p LEFT JOIN measurements m ON m.uuid = p.measurement_uuid WHERE p.asset_uuid = $1 AND p.name = 'Double'",
        [asset],
      )
    ).rows[0];

  it('lends none: without MANAGE_MEASUREMENTS an instance gets no calculation, a plan changes none and undo of a plan that changed one is refused', async () => {
    const engineer = await f.user(['READ_ASSETS', 'MANAGE_ASSETS', 'READ_PROTOTYPES', 'READ_MEASUREMENTS']);
    await f.measurement('E1.speed');
    await f.measurement('E2.speed');
    const prototype = (await f.call('POST', '/prototypes', definition('Tripler', {}, [speed, double]))).json() as Json & { PropertyPrototypes: Json[] };

    // Instantiated by the engineer: the property is there, unbound; no calculation was made.
    const byEngineer = await f.call('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: [{ Name: 'E1' }] }, engineer);
    expect(byEngineer.statusCode).toBe(201);
    const [e1] = (byEngineer.json() as Json[]).map((asset) => asset.UUID);
    expect(await scriptOf(e1)).toEqual({ measurement_uuid: null, script: null });
    expect((await f.ctx.db.query("SELECT 1 FROM measurements WHERE name = 'E1.double'")).rows).toHaveLength(0);

    // Instantiated by someone who may: the calculation is made.
    const [e2] = ((await f.call('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: [{ Name: 'E2' }] })).json() as Json[]).map((asset) => asset.UUID);
    expect((await scriptOf(e2)).script).toBe('return _s * 2');

    // The prototype's script changes; the engineer's plan marks the calculation's row and applying it changes nothing there.
    const [speedItem, doubleItem] = prototype.PropertyPrototypes;
    const changed = await f.call('PUT', `/prototypes/${prototype.UUID}`, definition('Tripler', {}, [{ ...speed, UUID: speedItem.UUID }, { ...double, UUID: doubleItem.UUID, CalculationTemplate: { ...double.CalculationTemplate, Script: 'return _s * 3' } }]));
    expect(changed.statusCode).toBe(200);
    const planned = await f.call('POST', `/prototypes/${prototype.UUID}/plans`, { AssetUUIDs: [e2] }, engineer);
    expect(planned.statusCode).toBe(201);
    const engineersPlan = planned.json() as Plan;
    expect(rowOf(engineersPlan, 'E2', 'measurement', 'Double')).toMatchObject({ Action: 'Update', Problem: 'calculations_not_permitted' });
    const applied = await f.call('POST', `/prototype-plans/${engineersPlan.UUID}/apply`, { Choices: {} }, engineer);
    expect(applied.statusCode).toBe(202);
    await f.waitForJob((applied.json() as { JobUUID: string }).JobUUID);
    expect((await scriptOf(e2)).script).toBe('return _s * 2');

    // Someone who may applies the change; the engineer may not undo it (it would put the calculation back), they may.
    const mayPlan = await plan(prototype.UUID, [e2]);
    expect(rowOf(mayPlan, 'E2', 'measurement', 'Double').Problem ?? null).toBeNull();
    await apply(mayPlan.UUID);
    expect((await scriptOf(e2)).script).toBe('return _s * 3');
    expect((await f.call('POST', `/prototype-plans/${mayPlan.UUID}/undo`, undefined, engineer)).statusCode).toBe(403);
    await undo(mayPlan.UUID);
    expect((await scriptOf(e2)).script).toBe('return _s * 2');
  });
});

describe('plans: privileges and organizations', () => {
  it('needs MANAGE_ASSETS and READ_PROTOTYPES to plan and apply; READ_PROTOTYPES reads a plan', async () => {
    const { prototype, assets } = await setUp('Kiln', ['K1']);
    const made = await plan(prototype.UUID, [assets.K1]);
    const reader = await f.user(['READ_PROTOTYPES', 'READ_ASSETS']);
    const assetsOnly = await f.user(['MANAGE_ASSETS', 'READ_ASSETS']);
    expect((await f.call('GET', `/prototype-plans/${made.UUID}`, undefined, reader)).statusCode).toBe(200);
    // A plan shows the instances' paths and values: reading it needs READ_ASSETS too.
    expect((await f.call('GET', `/prototype-plans/${made.UUID}`, undefined, await f.user(['READ_PROTOTYPES']))).statusCode).toBe(403);
    expect((await f.call('POST', `/prototypes/${prototype.UUID}/plans`, { AssetUUIDs: [assets.K1] }, reader)).statusCode).toBe(403);
    expect((await f.call('POST', `/prototypes/${prototype.UUID}/plans`, { AssetUUIDs: [assets.K1] }, assetsOnly)).statusCode).toBe(403);
    expect((await f.call('POST', `/prototype-plans/${made.UUID}/apply`, { Choices: {} }, reader)).statusCode).toBe(403);
    expect((await f.call('POST', `/prototype-plans/${made.UUID}/undo`, undefined, assetsOnly)).statusCode).toBe(403);
  });

  it("answers 404 for another organization's plan", async () => {
    const { prototype, assets } = await setUp('Oven', ['O1']);
    const made = await plan(prototype.UUID, [assets.O1]);
    const elsewhere = (method: string, url: string, body?: unknown) => f.call(method, url, body, f.outsider, f.otherOrganization);
    expect((await elsewhere('GET', `/prototype-plans/${made.UUID}`)).statusCode).toBe(404);
    expect((await elsewhere('POST', `/prototype-plans/${made.UUID}/apply`, { Choices: {} })).statusCode).toBe(404);
    expect((await elsewhere('POST', `/prototype-plans/${made.UUID}/undo`)).statusCode).toBe(404);
    expect((await elsewhere('POST', `/prototypes/${prototype.UUID}/plans`, { AssetUUIDs: [assets.O1] })).statusCode).toBe(404);
  });
});
