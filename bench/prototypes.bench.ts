// `npm run bench -- prototypes`: a prototype of 5 properties with 1,000 instances (made through the
// API in one call of 1,000) on PGlite with the job runner; then, 3 times: the prototype changes (a
// metadata value and a property's description) and 10 instances change, and the bench times the
// prototype's update (which refreshes 1,000 link statuses), the plan over all 1,000, the apply
// (prototype_apply job, from start to done) and the undo (prototype_undo job). Medians of 3.
// Figures only, never pass/fail.
import { openPrototypeFixture } from '../server/prototypes/testFixture';

const INSTANCES = 1_000;
const RUNS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function main(): Promise<void> {
  const f = await openPrototypeFixture();
  try {
    const properties = (speedDescription: string) =>
      ['Speed', 'Temperature', 'Pressure', 'Flow', 'Vibration'].map((name) => ({
        Name: name,
        Description: name === 'Speed' ? speedDescription : '',
        Kind: 'measurement',
        Datatype: 'number',
        NameTemplate: `{{asset.Name}}.${name.toLowerCase()}`,
      }));
    const created = await f.call('POST', '/prototypes', { Name: 'Bench pump', Metadata: { Vendor: 'ACME', Power: 5, Serial: null }, PropertyPrototypes: properties('') });
    if (created.statusCode !== 201) throw new Error(created.body);
    const prototype = created.json() as { UUID: string; PropertyPrototypes: { UUID: string; Name: string }[] };
    const uuidOf = new Map(prototype.PropertyPrototypes.map((item) => [item.Name, item.UUID]));
    const instances = Array.from({ length: INSTANCES }, (_, i) => ({ Name: `Pump ${String(i).padStart(4, '0')}`, Metadata: { Serial: `S${i}` } }));
    const [made, instantiateMs] = await timed(() => f.call('POST', `/prototypes/${prototype.UUID}/instances`, { ParentUUID: null, Instances: instances }));
    if (made.statusCode !== 201) throw new Error(made.body);
    const assets = (made.json() as { UUID: string }[]).map((asset) => asset.UUID);
    console.log(`instantiate ${INSTANCES} instances × 5 properties: ${ms(instantiateMs)}`);

    const figures: Record<string, number[]> = { update: [], plan: [], apply: [], undo: [] };
    for (let run = 0; run < RUNS; run++) {
      const body = { Name: 'Bench pump', Metadata: { Vendor: 'ACME', Power: 10 + run, Serial: null }, PropertyPrototypes: properties(`v${run}`).map((item) => ({ ...item, UUID: uuidOf.get(item.Name) })) };
      const [updated, updateMs] = await timed(() => f.call('PUT', `/prototypes/${prototype.UUID}`, body));
      if (updated.statusCode !== 200) throw new Error(updated.body);
      for (const asset of assets.slice(0, 10)) await f.ctx.db.query(`UPDATE assets SET metadata = metadata || '{"Vendor":"Local"}' WHERE uuid = $1`, [asset]);
      const [planned, planMs] = await timed(() => f.call('POST', `/prototypes/${prototype.UUID}/plans`, { AssetUUIDs: assets }));
      if (planned.statusCode !== 201) throw new Error(planned.body);
      const plan = planned.json() as { UUID: string; Rows: unknown[] };
      const [, applyMs] = await timed(async () => {
        const started = await f.call('POST', `/prototype-plans/${plan.UUID}/apply`, { Choices: {} });
        if (started.statusCode !== 202) throw new Error(started.body);
        await f.waitForJob((started.json() as { JobUUID: string }).JobUUID);
      });
      const [, undoMs] = await timed(async () => {
        const started = await f.call('POST', `/prototype-plans/${plan.UUID}/undo`);
        if (started.statusCode !== 202) throw new Error(started.body);
        await f.waitForJob((started.json() as { JobUUID: string }).JobUUID);
      });
      console.log(`run ${run + 1}: ${plan.Rows.length} rows; update ${ms(updateMs)}, plan ${ms(planMs)}, apply ${ms(applyMs)}, undo ${ms(undoMs)}`);
      figures.update.push(updateMs);
      figures.plan.push(planMs);
      figures.apply.push(applyMs);
      figures.undo.push(undoMs);
    }
    for (const [label, values] of Object.entries(figures)) console.log(`median ${label.padEnd(7)} ${ms(median(values)).padStart(10)}  (runs: ${values.map(ms).join(', ')})`);
  } finally {
    await f.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
