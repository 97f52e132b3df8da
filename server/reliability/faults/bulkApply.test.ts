import { runBulkApplyRounds } from './bulkApplyRounds';

// A measurement import of 1,000 rows (five chunks of the measurement_import job) applied by a real
// server process that is killed with SIGKILL once the job has written part of them and started
// again on the same data directory: the job resumes from its checkpoint and ends done, and every
// row of the sheet is a measurement, once. The long version is `npm run bench -- reliability faults`.

it('a SIGKILL in the middle of a measurement import: it resumes and ends with every row stored once', async () => {
  const result = await runBulkApplyRounds({ applies: 1, killsPerApply: 1, rows: 1_000 });
  expect(result.killsMidway).toBe(1);
  expect(result.done).toBe(1);
  expect(result.rows).toBe(1_000);
  expect(result.stored).toBe(1_000);
  expect(result.duplicates).toBe(0);
  expect(result.reported).toBe(1_000);
  // The chunk and its checkpoint commit together: the resumed job redoes nothing, so it reports
  // every row created (not some as unchanged).
  expect(result.created).toBe(1_000);
  expect(result.failed).toBe(0);
  // Resumed after the kill, not started over from nothing in a second job.
  expect(result.attempts).toEqual([2]);
}, 300_000);
