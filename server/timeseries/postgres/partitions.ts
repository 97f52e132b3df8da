import { POINTS_TABLE } from './schema';
import type { SqlClient } from './schema';

// One partition per week, created just before the first write into it. A week keeps a busy
// site's partition and its index small enough to stay in memory while it is written, and is the
// unit in which old data can later be detached or dropped.

const WEEK_MS = 7 * 86_400_000;
// Weeks start on Monday 00:00 UTC, like ISO weeks; 1970-01-05 was a Monday.
const WEEK_ORIGIN_MS = Date.UTC(1970, 0, 5);
// Any fixed number; servers creating the same week's partition take turns on it.
const PARTITION_LOCK_KEY = '7202604131700011';

export function partitionStart(timeMs: number): number {
  return WEEK_ORIGIN_MS + Math.floor((timeMs - WEEK_ORIGIN_MS) / WEEK_MS) * WEEK_MS;
}

export function partitionName(startMs: number): string {
  return `${POINTS_TABLE}_p${new Date(startMs).toISOString().slice(0, 10).replace(/-/g, '')}`;
}

/** One statement creating the missing partitions: the names and bounds are ours, never user input. */
export function createPartitionsSql(starts: readonly number[]): string {
  const creates = starts.map((start) => {
    const name = partitionName(start);
    const from = new Date(start).toISOString();
    const to = new Date(start + WEEK_MS).toISOString();
    return `  IF to_regclass('${name}') IS NULL THEN
    CREATE TABLE ${name} PARTITION OF ${POINTS_TABLE} FOR VALUES FROM ('${from}') TO ('${to}');
  END IF;`;
  });
  // A DO block is one statement in one transaction, so the xact lock covers the check and the create.
  return `DO $$
BEGIN
  PERFORM pg_advisory_xact_lock(${PARTITION_LOCK_KEY});
${creates.join('\n')}
END $$`;
}

/** Remembers the weeks known to exist, so a write costs no catalog lookup after the first. */
export class PartitionManager {
  readonly #known = new Set<number>();

  constructor(private readonly client: SqlClient) {}

  async ensure(timesMs: Iterable<number>): Promise<void> {
    const missing = new Set<number>();
    for (const time of timesMs) {
      const start = partitionStart(time);
      if (!this.#known.has(start)) missing.add(start);
    }
    if (missing.size === 0) return;
    const starts = [...missing].sort((a, b) => a - b);
    await this.client.query(createPartitionsSql(starts));
    for (const start of starts) this.#known.add(start);
  }

  /** After a partition was dropped behind our back (retention), look again before the next write. */
  forget(): void {
    this.#known.clear();
  }
}
