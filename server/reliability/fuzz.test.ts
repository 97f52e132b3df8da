import { openFuzzTarget, readContract, runFuzz, type FuzzResult, type FuzzTarget } from './fuzz';

// Issue 22, item 3 (README.md in this folder): every operation of openapi/historian.yaml, a few
// fast-check cases each (near-valid and hostile path, query and body values, wrong content types,
// anonymous and XSRF-less callers), answers below 500 within the deadline. The bench suite `fuzz`
// runs many more. A failure prints fast-check's seed and the shrunk case, to replay with
// runFuzz(target, { only: [operationId], seed, casesPerOperation }).

const CASES = Number(process.env.FUZZ_CASES ?? 3);

let target: FuzzTarget;
let result: FuzzResult;

beforeAll(async () => {
  target = await openFuzzTarget();
  result = await runFuzz(target, { casesPerOperation: CASES, deadlineMs: 10_000, log: (line) => console.log(line) });
}, 600_000);

afterAll(async () => {
  await target?.close();
});

describe('fuzzing every operation of the contract', () => {
  it('fuzzes exactly the contract\'s operations, so that a new one cannot be skipped', () => {
    const contract = readContract().operations.map((operation) => operation.operationId);
    expect(contract.length).toBeGreaterThan(200);
    expect([...result.operations].sort()).toEqual([...contract].sort());
    expect(result.cases).toBeGreaterThanOrEqual(contract.length * CASES);
  });

  it('answers every case below 500, and none hangs', () => {
    expect(result.failures).toEqual([]);
    expect(result.serverErrors).toBe(0);
    expect(result.hangs).toBe(0);
  });

  it('kept the admin signed in: its session still works after the run', async () => {
    expect(await target.heal()).toBe(false);
  });
});
