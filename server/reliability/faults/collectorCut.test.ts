import { runCollectorCutRounds } from './collectorCutRounds';

// The reference collector's data path talks to a real server through a loopback TCP proxy that is
// cut twice (once between sends, once in the middle of one): it keeps sampling into its buffer while
// cut, and once the link returns the buffer drains and every sampled point is stored, none twice.
// The long version is `npm run bench -- reliability faults`.

it('a collector cut off from the server buffers while cut and, once back, delivers every sampled point once', async () => {
  const result = await runCollectorCutRounds({ rounds: 2, secondsUp: 10, secondsCut: 20 });
  expect(result.roundsNoticed).toBe(2);
  expect(result.drainFlushes.every((flushes) => flushes > 0)).toBe(true);
  expect(result.buffered).toBe(0);
  expect(result.dropped).toBe(0);
  // 3 measurements × (10 + 20 [+ 1 for the cut during a send]) seconds per round.
  expect(result.sampled).toBe(3 * (30 + 31));
  expect(result.stored).toBe(result.sampled);
  expect(result.distinct).toBe(result.stored);
}, 60_000);
