import { createSandbox, type Evaluation, type Sandbox } from './sandbox';

// The server's sandbox: QuickJS in a worker thread, stopped when an evaluation outruns QuickJS's
// own deadline check. Needs NODE_OPTIONS='--experimental-vm-modules', as npm test sets.

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await createSandbox();
}, 60_000);

afterAll(() => sandbox?.dispose());

const evaluation = (value: number): Evaluation => ({
  inputs: [{ alias: 'A', value, timestamp: 0, tags: {}, status: 'Good' }],
  timestamp: 0,
  previousTimestamp: null,
  previousResult: null,
  intervalMs: 1000,
  offsetMs: 0,
  local: {},
});

function run(script: string, value = 1) {
  const compiled = sandbox.compile(script);
  if (!compiled.ok) throw new Error(compiled.error.message);
  try {
    return sandbox.evaluate(compiled.script, evaluation(value));
  } finally {
    sandbox.release(compiled.script);
  }
}

describe('the isolated sandbox', () => {
  it('evaluates as the sandbox in the calling thread does, with local state and helpers', () => {
    expect(run('_A.Value * 2 + 1', 4)).toMatchObject({ ok: true, value: 9 });
    expect(run('set_tag("unit", "bar"); local.set("n", 1); return _A.Value;', 3)).toEqual({ ok: true, value: 3, tags: { unit: 'bar' }, status: 'Good', local: { n: 1 } });
    expect(sandbox.compile('return (')).toMatchObject({ ok: false, error: { code: 'script' } });
  });

  it('stops a script whose few heavy built-in calls outrun QuickJS deadline check, by stopping its worker, and goes on in a fresh one', () => {
    const kept = sandbox.compile('_A.Value + 100');
    if (!kept.ok) throw new Error(kept.error.message);
    // 9,000 loop turns are fewer than QuickJS counts between two deadline checks: in the calling
    // thread this evaluation ran for seconds past its 50 ms.
    expect(run('for (let i = 0; i < 9000; i++) new Array(131072).fill(i);\nreturn 1;')).toMatchObject({ ok: false, error: { code: 'timeout', stoppedWorker: true } });
    // A script compiled before is compiled again in the new worker.
    expect(sandbox.evaluate(kept.script, evaluation(5))).toMatchObject({ ok: true, value: 105 });
    // A second overrun at once takes the standby started after the first.
    expect(run('for (let i = 0; i < 9000; i++) new Array(131072).fill(i);\nreturn 1;')).toMatchObject({ ok: false, error: { code: 'timeout', stoppedWorker: true } });
    expect(sandbox.evaluate(kept.script, evaluation(6))).toMatchObject({ ok: true, value: 106 });
    sandbox.release(kept.script);
  });

  it('an endless loop is stopped by QuickJS itself, without stopping the worker', () => {
    const result = run('while (true) {}');
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(result.ok === false && result.error.stoppedWorker).toBeUndefined();
  });

  it('keeps a thousand 1 MB arrays from growing the process: the worker memory has a ceiling', () => {
    const result = run('const parts = [];\nfor (let i = 0; i < 1024; i++) parts.push(new Array(131072).fill(i));\nreturn parts.length;');
    expect(result.ok).toBe(false);
    expect(result.ok === false && ['memory', 'timeout'].includes(result.error.code)).toBe(true);
    expect(run('_A.Value', 7)).toMatchObject({ ok: true, value: 7 });
  });

  it('rethrows what the sandbox throws for a caller mistake', () => {
    const compiled = sandbox.compile('1');
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(() => sandbox.evaluate(compiled.script, { ...evaluation(1), inputs: [{ alias: '1bad', value: 1, timestamp: 0, tags: {}, status: 'Good' }] })).toThrow(/alias/);
  });
});
