import { randomUUID } from 'node:crypto';
import { openTestDatabase, type TestDatabase } from '../../db/testing/testDatabase';
import { createPostgresDriver } from '../../timeseries/postgres/driver';
import type { TimeseriesStores } from '../../timeseries/stores';
import { AGGREGATIONS, type Aggregation, type Point, type TimeseriesStore, type ValueType } from '../../timeseries/types';
import { createSandbox, type Sandbox } from '../sandbox/sandbox';
import { evaluateRange, windowStarts, type EngineDeps } from './evaluate';
import { STATUS_QUALITY, type CalculationDefinition, type CalculationInputDef } from './types';
import { WindowAggregator, type PointSource } from './windows';

// The evaluation core (DOMAIN.md §2) on the built-in store over PGlite: sampled windows [t1, t2[
// stamped at t1 with an offset, aggregations that agree with the store's own, missing inputs both
// ways, raw and simulation calculations, local state, and each kind of failed evaluation.

const START_TIMEOUT_MS = 60_000;
const DB = '00000000-0000-4000-8000-0000000000db';
const T0 = Date.UTC(2026, 0, 5); // a Monday 00:00 UTC
const MINUTE = 60_000;

let database: TestDatabase;
let store: TimeseriesStore;
let sandbox: Sandbox;
let deps: EngineDeps;

beforeAll(async () => {
  database = await openTestDatabase();
  store = await createPostgresDriver({ serverDb: database.db }).open({ mode: 'builtin' }, {});
  sandbox = await createSandbox();
  const timeseries: TimeseriesStores = { forDatabase: async () => store, forget: async () => undefined, close: async () => undefined };
  deps = { timeseries, sandbox };
}, START_TIMEOUT_MS);

afterAll(async () => {
  sandbox?.dispose();
  await store?.close();
  await database?.cleanup();
});

async function aMeasurement(datatype: ValueType, points: Point[]): Promise<string> {
  const uuid = randomUUID();
  await store.writePoints(uuid, datatype, points);
  return uuid;
}

const input = (alias: string, measurementUuid: string, extra: Partial<CalculationInputDef> = {}): CalculationInputDef => ({
  alias,
  measurementUuid,
  databaseUuid: DB,
  datatype: 'number',
  ...extra,
});

const aCalculation = (overrides: Partial<CalculationDefinition> = {}): CalculationDefinition => ({
  uuid: randomUUID(),
  organizationUuid: randomUUID(),
  name: 'calc',
  datatype: 'number',
  databaseUuid: DB,
  status: 'Active',
  collectorUuid: randomUUID(),
  type: 'sampled',
  intervalMs: MINUTE,
  offsetMs: 0,
  evaluateInsufficientData: false,
  inputs: [],
  script: '_A.Value',
  ...overrides,
});

const at = (seconds: number) => T0 + seconds * 1000;
const series = (values: [number, Point['value']][]): Point[] => values.map(([seconds, value]) => ({ time: at(seconds), value }));

describe('windowStarts', () => {
  it('gives every complete window k·interval + offset in [from, to[', () => {
    const calc = aCalculation({ intervalMs: MINUTE, offsetMs: 15_000 });
    expect(windowStarts(calc, at(0), at(180))).toEqual([at(15), at(75)]);
    expect(windowStarts(calc, at(15), at(195))).toEqual([at(15), at(75), at(135)]);
    expect(windowStarts(aCalculation({ type: 'raw', intervalMs: 0 }), at(0), at(600))).toEqual([]);
  });
});

describe('sampled', () => {
  it('aggregates two inputs per window [t1, t2[ with an offset (mean and sum) and stamps the result at t1', async () => {
    // Windows [00:15, 01:15[ and [01:15, 02:15[; the points at 00:10 and from 02:15 are outside them.
    const a = await aMeasurement('number', series([[10, 100], [15, 1], [45, 3], [74, 5], [75, 10], [135, 20], [136, 999]]));
    const b = await aMeasurement('number', series([[20, 2], [30, 4], [100, 6], [200, 50]]));
    const calc = aCalculation({ offsetMs: 15_000, inputs: [input('A', a, { aggregation: 'mean' }), input('B', b, { aggregation: 'sum' })], script: '_A.Value * 1000 + _B.Value' });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(140) });
    expect(outcome.points.map((p) => [p.time, p.value, p.status, p.quality])).toEqual([
      [at(15), 3 * 1000 + 6, 'Good', 192],
      [at(75), 10 * 1000 + 6, 'Good', 192],
    ]);
    expect(outcome).toMatchObject({ evaluations: 2, errors: [], truncated: false });
  });

  it('gives the script the window start as an aggregated input\'s Timestamp', async () => {
    const a = await aMeasurement('number', series([[10, 1], [70, 2]]));
    const calc = aCalculation({ inputs: [input('A', a, { aggregation: 'last' })], script: '_A.Timestamp' });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(120) });
    expect(outcome.points.map((p) => p.value)).toEqual([at(0), at(60)]);
  });

  const numbers = series([[0, 4], [7, 1.5], [20, 9], [21, 9], [59, -3], [61, 2], [90, 2], [150, 8], [300, 5], [301, 6], [362, 6], [419, 1]]);

  it.each([...AGGREGATIONS])('agrees with the store\'s readAggregated for epoch-aligned windows: %s of numbers', async (aggregation) => {
    const a = await aMeasurement('number', numbers);
    const [from, to] = [at(0), at(480)];
    const expected = await store.readAggregated(a, 'number', { from, to, windowMs: MINUTE, aggregations: [aggregation] });
    const calc = aCalculation({ evaluateInsufficientData: true, inputs: [input('A', a, { aggregation })], script: '_A.Value' });
    const outcome = await evaluateRange(deps, calc, { from, to });
    const got = new Map(outcome.points.map((p) => [p.time, p.value]));
    expect(outcome.evaluations).toBe(8);
    for (const row of expected) {
      const value = row[aggregation];
      if (value === null || (aggregation === 'count' && value === 0)) expect(got.has(row.time.getTime())).toBe(false);
      else expect(got.get(row.time.getTime())).toBeCloseTo(Number(value), 9);
    }
  });

  it.each(['integral', 'median', 'mean'] as const)('gives the same %s when the points are read in chunks that split windows', async (aggregation) => {
    const a = await aMeasurement('number', numbers);
    const source: PointSource = async (from, to, limit) =>
      (await store.readRaw(a, 'number', { from, to, limit })).map((p) => ({ time: p.time.getTime(), value: p.value, quality: p.quality ?? null }));
    const expected = await store.readAggregated(a, 'number', { from: at(0), to: at(480), windowMs: MINUTE, aggregations: [aggregation] });
    const windows = new WindowAggregator(source, at(0), at(480), aggregation, MINUTE, 0, 2);
    for (const row of expected) {
      const got = await windows.window(row.time.getTime());
      if (row[aggregation] === null) expect(got.count).toBe(0);
      else expect(got.value).toBeCloseTo(Number(row[aggregation]), 9);
    }
  });

  const booleans = series([[0, true], [10, false], [20, false], [70, true], [130, false], [200, true], [210, true], [260, false]]);
  const strings = series([[0, 'b'], [10, 'a'], [20, 'a'], [70, 'é'], [80, 'z'], [130, 'c'], [200, 'x']]);
  const byType: [ValueType, Point[], Aggregation[]][] = [
    ['boolean', booleans, ['count', 'first', 'last', 'mode', 'max', 'min']],
    ['string', strings, ['count', 'first', 'last', 'mode']],
  ];

  it.each(byType)('agrees with the store for %s inputs on what that type allows', async (datatype, points, aggregations) => {
    const a = await aMeasurement(datatype, points);
    const [from, to] = [at(0), at(300)];
    for (const aggregation of aggregations) {
      const expected = await store.readAggregated(a, datatype, { from, to, windowMs: MINUTE, aggregations: [aggregation] });
      const resultType = aggregation === 'count' ? 'number' : datatype;
      const calc = aCalculation({ datatype: resultType, inputs: [input('A', a, { datatype, aggregation })], script: '_A.Value', evaluateInsufficientData: true });
      const outcome = await evaluateRange(deps, calc, { from, to });
      const want = expected.filter((row) => row[aggregation] !== null && row[aggregation] !== 0).map((row) => [row.time.getTime(), row[aggregation]]);
      expect([aggregation, outcome.points.map((p) => [p.time, p.value])]).toEqual([aggregation, want]);
    }
  });

  it('refuses once, evaluating nothing, an aggregation the input\'s type does not allow', async () => {
    const a = await aMeasurement('string', strings);
    const calc = aCalculation({ inputs: [input('A', a, { datatype: 'string', aggregation: 'mean' })] });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(300) });
    expect(outcome).toMatchObject({ evaluations: 0, points: [], errors: [{ time: at(0), code: 'datatype' }] });
    expect(outcome.errors[0].message).toMatch(/mean cannot aggregate string/);
  });

  it('writes an error point BadInsufficientData for a window with an input missing, when EvaluateInsufficientData is off', async () => {
    const a = await aMeasurement('number', series([[10, 1], [70, 2], [130, 3]]));
    const b = await aMeasurement('number', series([[10, 5], [130, 7]]));
    const calc = aCalculation({ inputs: [input('A', a, { aggregation: 'last' }), input('B', b, { aggregation: 'last', defaultValue: 100 })], script: '_A.Value + _B.Value' });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(180) });
    expect(outcome.points).toEqual([
      { time: at(0), value: 6, status: 'Good', quality: 192, tags: {} },
      { time: at(60), value: 0, status: 'BadInsufficientData', quality: STATUS_QUALITY.BadInsufficientData, tags: {} },
      { time: at(120), value: 10, status: 'Good', quality: 192, tags: {} },
    ]);
    expect(outcome.evaluations).toBe(3);
  });

  it('gives the script the DefaultValue (or null) with Timestamp null, when EvaluateInsufficientData is on', async () => {
    const a = await aMeasurement('number', series([[10, 1], [70, 2]]));
    const b = await aMeasurement('number', series([[10, 5]]));
    const c = await aMeasurement('number', []);
    const calc = aCalculation({
      datatype: 'string',
      evaluateInsufficientData: true,
      inputs: [input('A', a, { aggregation: 'last' }), input('B', b, { aggregation: 'last', defaultValue: 100 }), input('C', c, { aggregation: 'sum' })],
      script: '[_A.Value, _B.Value, _B.Timestamp, _C.Value].join("|")',
    });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(120) });
    expect(outcome.points.map((p) => p.value)).toEqual([`1|5|${at(0)}|`, '2|100||']);
  });
});

describe('raw', () => {
  it('runs once per input point in [from, to[, with the point as the input and its quality as Status', async () => {
    const a = await aMeasurement('number', [
      { time: at(1), value: 1 },
      { time: at(2), value: 2, quality: 192 },
      { time: at(3), value: 3, quality: 64 },
      { time: at(4), value: 4, quality: 0 },
      { time: at(5), value: 5 },
    ]);
    const calc = aCalculation({ type: 'raw', intervalMs: 0, datatype: 'string', inputs: [input('A', a)], script: '`${_A.Value * 2} ${_A.Status} ${_A.Timestamp - context.timestamp}`' });
    const outcome = await evaluateRange(deps, calc, { from: at(1), to: at(5) });
    expect(outcome.points.map((p) => [p.time, p.value])).toEqual([
      [at(1), '2 Good 0'],
      [at(2), '4 Good 0'],
      [at(3), '6 Uncertain 0'],
      [at(4), '8 Bad 0'],
    ]);
  });

  it('reads a long input in chunks and sees the previous result and timestamp', async () => {
    const a = await aMeasurement('number', Array.from({ length: 1200 }, (_, i) => ({ time: at(i), value: i })));
    const calc = aCalculation({ type: 'raw', intervalMs: 0, inputs: [input('A', a)], script: '(context.previousResult ?? 0) + _A.Value' });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(1200) });
    expect(outcome.points).toHaveLength(1200);
    expect(outcome.points.at(-1)?.value).toBe((1199 * 1200) / 2);
    expect(outcome.state).toMatchObject({ previousResult: (1199 * 1200) / 2, previousTimestamp: at(1199) });
  });
});

describe('simulation', () => {
  const counter = 'const n = (local.get("n") ?? 0) + 1;\nlocal.set("n", n);\nreturn n;';

  it('runs once per window without inputs and carries local state, also from one range to the next', async () => {
    const calc = aCalculation({ type: 'simulation', intervalMs: 10_000, script: counter });
    const first = await evaluateRange(deps, calc, { from: at(0), to: at(30) });
    expect(first.points.map((p) => [p.time, p.value])).toEqual([[at(0), 1], [at(10), 2], [at(20), 3]]);
    expect(first.state).toEqual({ local: { n: 3 }, previousResult: 3, previousTimestamp: at(20) });
    const next = await evaluateRange(deps, calc, { from: at(30), to: at(50) }, { state: first.state });
    expect(next.points.map((p) => p.value)).toEqual([4, 5]);
  });

  it('maps set_status to the quality and keeps the tags; an unknown status is stored as 0', async () => {
    const calc = aCalculation({ type: 'simulation', intervalMs: 10_000, script: 'set_tag("unit", "%");\nset_status(context.timestamp % 20000 === 0 ? "Uncertain" : "Odd");\nreturn 1;' });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(20) });
    expect(outcome.points.map((p) => [p.status, p.quality, p.tags])).toEqual([
      ['Uncertain', 64, { unit: '%' }],
      ['Odd', 0, { unit: '%' }],
    ]);
  });

  it('gives no point and no error for a null result', async () => {
    const calc = aCalculation({ type: 'simulation', intervalMs: 10_000, script: 'context.timestamp % 20000 === 0 ? 1 : null' });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(40) });
    expect(outcome).toMatchObject({ evaluations: 4, errors: [] });
    expect(outcome.points.map((p) => p.time)).toEqual([at(0), at(20)]);
  });
});

describe('failures', () => {
  it('reports a syntax error once, at from, with its line, and evaluates nothing', async () => {
    const calc = aCalculation({ type: 'simulation', intervalMs: 10_000, script: 'const a = 1;\nconst b = ;\nreturn a;' });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(600) });
    expect(outcome).toMatchObject({ evaluations: 0, points: [], errors: [{ time: at(0), code: 'script', line: 2 }] });
  });

  it('fails only the evaluations that throw, with the line, and does not advance the state with them', async () => {
    const script = 'const n = (local.get("n") ?? 0) + 1;\nlocal.set("n", n);\nif (context.timestamp === ' + at(10) + ') throw new Error("bad window");\nreturn n;';
    const calc = aCalculation({ type: 'simulation', intervalMs: 10_000, script });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(30) });
    expect(outcome.errors).toEqual([{ time: at(10), code: 'script', message: expect.stringMatching(/bad window/), line: 3 }]);
    expect(outcome.points.map((p) => [p.time, p.value])).toEqual([[at(0), 1], [at(20), 2]]);
  });

  it.each([
    ['number', '"text"'],
    ['number', 'true'],
    ['boolean', '1'],
    ['string', '1'],
    ['[]number', '1'],
  ] as const)('refuses a result a %s calculation cannot hold: %s (code datatype)', async (datatype, script) => {
    const calc = aCalculation({ type: 'simulation', intervalMs: 10_000, datatype, script });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(20) });
    expect(outcome.points).toEqual([]);
    expect(outcome.errors.map((e) => e.code)).toEqual(['datatype', 'datatype']);
  });

  it('stops an endless loop per evaluation with a timeout and goes on', async () => {
    const calc = aCalculation({ type: 'simulation', intervalMs: 10_000, script: 'if (context.timestamp === ' + at(0) + ') { while (true) {} }\nreturn 1;' });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(30) });
    expect(outcome.errors.map((e) => [e.time, e.code])).toEqual([[at(0), 'timeout']]);
    expect(outcome.points.map((p) => p.time)).toEqual([at(10), at(20)]);
  });
});

describe('options', () => {
  it('reads an input from the overrides instead of its store (a dry run\'s upstream results)', async () => {
    const a = await aMeasurement('number', series([[10, 1], [70, 2]]));
    const calc = aCalculation({ inputs: [input('A', a, { aggregation: 'sum' })] });
    const overrides = new Map([[a, [{ time: at(80), value: 30, quality: null }, { time: at(5), value: 10, quality: null }, { time: at(6), value: 11, quality: 192 }]]]);
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(120) }, { overrides });
    expect(outcome.points.map((p) => p.value)).toEqual([21, 30]);
  });

  it('stops after maxEvaluations and says the range held more (truncated)', async () => {
    const calc = aCalculation({ type: 'simulation', intervalMs: 1_000, script: '1' });
    const outcome = await evaluateRange(deps, calc, { from: at(0), to: at(100) }, { maxEvaluations: 10 });
    expect(outcome).toMatchObject({ evaluations: 10, truncated: true });
    expect(outcome.points).toHaveLength(10);
    const exact = await evaluateRange(deps, calc, { from: at(0), to: at(10) }, { maxEvaluations: 10 });
    expect(exact).toMatchObject({ evaluations: 10, truncated: false });
  });

  it('aborts between evaluations when the signal says so', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const calc = aCalculation({ type: 'simulation', intervalMs: 1_000, script: '1' });
    await expect(evaluateRange(deps, calc, { from: at(0), to: at(100) }, { signal: controller.signal })).rejects.toThrow('cancelled');
  });
});
