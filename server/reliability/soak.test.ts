import { CALL_CLASSES, latencyFigures, percentile, QUERY_KINDS, runSoak, slope, type SoakResult } from './soak';

// The smoke of the load suite (server/reliability/README.md, `soak`): a real server process on
// PGlite takes a few seconds of mixed traffic (browsing, a collector's batches, trend queries,
// sign-ins) from concurrent virtual users. Every class of call ran, none answered 5xx or not at
// all, none was refused, and the figures are computed from what was recorded. Ten minutes of the
// same, with figures only: `npm run bench -- reliability soak`.

describe('percentiles of latencies', () => {
  it('are nearest-rank over the values in any order', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 1)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
    // Ten values: p50 is the 5th, p95 and p99 the 10th (nearest rank rounds up).
    expect(percentile([10, 1, 9, 2, 8, 3, 7, 4, 6, 5], 50)).toBe(5);
    expect(percentile([10, 1, 9, 2, 8, 3, 7, 4, 6, 5], 90)).toBe(9);
    expect(percentile([10, 1, 9, 2, 8, 3, 7, 4, 6, 5], 95)).toBe(10);
  });

  it('sort numbers as numbers, and give count and max', () => {
    // A string sort would put 100 before 20.
    expect(latencyFigures([100, 20, 3, 1000, 5])).toEqual({ count: 5, p50: 20, p95: 1000, p99: 1000, max: 1000 });
    expect(latencyFigures([])).toEqual({ count: 0, p50: 0, p95: 0, p99: 0, max: 0 });
    const thousand = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000 + 0.5); // 0.5 … 999.5, shuffled
    expect(latencyFigures(thousand)).toEqual({ count: 1000, p50: 499.5, p95: 949.5, p99: 989.5, max: 999.5 });
  });
});

it('finds the trend of memory samples by least squares', () => {
  expect(slope([{ x: 0, y: 100 }, { x: 1, y: 110 }, { x: 2, y: 120 }])).toBeCloseTo(10, 9);
  // Noise around a flat line: a small trend only.
  expect(slope([{ x: 0, y: 100 }, { x: 1, y: 104 }, { x: 2, y: 96 }, { x: 3, y: 100 }])).toBeCloseTo(-0.8, 9);
  expect(slope([{ x: 5, y: 1 }])).toBe(0);
  expect(slope([{ x: 1, y: 1 }, { x: 1, y: 3 }])).toBe(0);
});

describe('a short soak of a real server', () => {
  let result: SoakResult;
  beforeAll(async () => {
    result = await runSoak({ seconds: 5, warmUpSeconds: 0, measurements: 5, historyHours: 2, browsers: 2, queriers: 2, ingestIntervalMs: 500, pagesPerSession: 4, thinkMs: 100 });
  }, 120_000);

  it('ran every class of call without a 5xx, a failure or a refusal', () => {
    expect(result.problems).toEqual([]);
    expect(result.serverErrors).toBe(0);
    expect(result.failures).toBe(0);
    expect(result.refused).toBe(0);
    for (const callClass of CALL_CLASSES) expect(result.classes[callClass].count).toBeGreaterThan(0);
    // Ingestion at its steady rate (a batch per 500 ms, fewer when the machine is slow) and the
    // history (5 measurements × 120 minutes) before it, every batch acknowledged.
    expect(result.classes.ingest.count).toBeGreaterThanOrEqual(2);
    expect(result.pointsWritten).toBeGreaterThanOrEqual(5 * 120 + 2 * 5 * 10);
  });

  it('adds up its figures', () => {
    const counted = CALL_CLASSES.reduce((sum, callClass) => sum + result.classes[callClass].count, 0);
    expect(result.requests).toBe(counted);
    expect(result.requestsPerSecond).toBeCloseTo(result.requests / result.seconds, 6);
    expect(result.seconds).toBeGreaterThanOrEqual(5);
    for (const callClass of CALL_CLASSES) {
      const figures = result.classes[callClass];
      expect(figures.p50).toBeGreaterThan(0);
      expect(figures.p50).toBeLessThanOrEqual(figures.p95);
      expect(figures.p95).toBeLessThanOrEqual(figures.p99);
      expect(figures.p99).toBeLessThanOrEqual(figures.max);
    }
    // The server's memory was read from its process at each point, and its heap from its report.
    for (const sample of [result.memory.beforeTraffic, result.memory.afterWarmUp, result.memory.end]) {
      expect(sample.rssMiB).toBeGreaterThan(20);
      expect(sample.heapUsedMiB).toBeGreaterThan(1);
      expect(sample.heapUsedMiB).toBeLessThan(sample.rssMiB);
    }
    expect(result.memory.peakRssMiB).toBeGreaterThanOrEqual(result.memory.end.rssMiB);
    expect(result.memory.samples).toBeGreaterThanOrEqual(2);
    // Per route: the queries are timed by kind (how many kinds a few seconds reach depends on
    // the machine), and the routes add up to the requests.
    const queryRoutes = result.routes.filter((r) => r.route.startsWith('POST /api/timeseries/query'));
    expect(queryRoutes.length).toBeGreaterThan(0);
    for (const route of queryRoutes) expect(QUERY_KINDS.map((kind) => `POST /api/timeseries/query (${kind})`)).toContain(route.route);
    expect(queryRoutes.reduce((sum, r) => sum + r.count, 0)).toBe(result.classes.query.count);
    expect(result.routes.reduce((sum, r) => sum + r.count, 0)).toBe(result.requests);
  });
});
