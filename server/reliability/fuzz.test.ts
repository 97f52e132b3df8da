import Fastify from 'fastify';
import { openFuzzTarget, readContract, runFuzz, type FuzzOperation, type FuzzResult, type FuzzTarget } from './fuzz';

// Issue 22, item 3 (README.md in this folder): every operation of openapi/historian.yaml,
// fast-check cases (near-valid and hostile path, query and body values, wrong content types,
// anonymous and XSRF-less callers), answers below 500 within the deadline. The bench suite `fuzz`
// runs many more. A failure prints fast-check's seed and the shrunk case, to replay with
// runFuzz(target, { only: [operationId], seed, replayPath, casesPerOperation }).

// One case per operation (and a valid call of every list first) keeps the file within its budget
// of npm test (about 90 s on 2 cores; most of it is starting the app and compiling each route);
// the seed changes from run to run and is printed with a failure. FUZZ_CASES=10 for a longer look.
const CASES = Number(process.env.FUZZ_CASES ?? 1);

let target: FuzzTarget;
let result: FuzzResult;

beforeAll(async () => {
  target = await openFuzzTarget();
  result = await runFuzz(target, { casesPerOperation: CASES, deadlineMs: 10_000, log: (line) => {
      // Failures and lost sessions only; the progress lines are for the bench.
      if (!/^\d+\/\d+ operations/.test(line)) console.log(line);
    },
  });
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

describe('the fuzzer itself', () => {
  it('reports a 5xx and a hang with the seed and the shrunk case, and counts them', async () => {
    const app = Fastify();
    app.get('/api/boom/:id', async (_request, reply) => reply.code(500).send({ title: 'boom' }));
    app.get('/api/slow', () => new Promise(() => undefined));
    const operation = (operationId: string, path: string): FuzzOperation => ({
      operationId,
      method: 'get',
      path,
      access: 'public',
      prefixes: ['/api'],
      parameters: path.includes('{id}') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }] : [],
    });
    const fake: FuzzTarget = {
      app,
      contract: { document: {}, operations: [operation('boom', '/boom/{id}'), operation('slow', '/slow')] },
      admin: () => ({}),
      rootOrganization: 'root',
      organization: 'plant',
      collectorToken: 'none',
      spareSession: async () => ({}),
      heal: async () => false,
      protectedIds: new Set(),
      knownIds: [],
      close: () => app.close(),
    };
    const lines: string[] = [];
    const found = await runFuzz(fake, { casesPerOperation: 2, seed: 42, deadlineMs: 200, log: (line) => lines.push(line) });
    await fake.close();
    expect(found.failures.map((failure) => [failure.operationId, failure.status, failure.seed])).toEqual([
      ['boom', 500, 42],
      ['slow', 'hang', 42],
    ]);
    expect(found.serverErrors).toBeGreaterThanOrEqual(1);
    expect(found.hangs).toBeGreaterThanOrEqual(1);
    expect(lines.filter((line) => line.startsWith('FAILED'))).toHaveLength(2);
    expect(found.failures[0].counterexample).toMatch(/^GET \/api\/boom\//);
  });
});
