// The points a collector has sampled and the server has not acknowledged yet, in sampling order,
// with a bound: beyond `maxPoints` the oldest are dropped (and counted). Points are taken out in
// batches; a batch keeps its key until the server acknowledged it, so a retry after a lost answer
// is recognised (collector_batches) and not written twice.

export interface BufferedPoint {
  measurementUuid: string;
  time: number;
  value: unknown;
}

export interface OutgoingBatch {
  BatchKey: string;
  Points: Array<{ MeasurementUUID: string; T: number[]; V: unknown[] }>;
  /** Points in it. */
  count: number;
}

export interface PointBufferOptions {
  maxPoints?: number;
  /** Keys are `<prefix>-<sequence>`; the prefix differs per process, so keys never repeat. */
  keyPrefix?: string;
}

export const DEFAULT_MAX_BUFFERED_POINTS = 100_000;

export function createPointBuffer(options: PointBufferOptions = {}) {
  const maxPoints = options.maxPoints ?? DEFAULT_MAX_BUFFERED_POINTS;
  const keyPrefix = options.keyPrefix ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  let sequence = 0;
  // The batch being sent (or to be sent again): its key and content are fixed until acknowledged.
  let pending: OutgoingBatch | undefined;
  // Not yet in a batch; `head` is the first live index (cheap drops from the front).
  let queue: BufferedPoint[] = [];
  let head = 0;
  let dropped = 0;

  const queued = () => queue.length - head;
  const size = () => queued() + (pending?.count ?? 0);

  function enforceBound() {
    let excess = size() - maxPoints;
    if (excess <= 0) return;
    // The oldest points are those of the pending batch: it goes whole, then the front of the queue.
    if (pending) {
      dropped += pending.count;
      excess -= pending.count;
      pending = undefined;
    }
    if (excess > 0) {
      head += excess;
      dropped += excess;
    }
    if (head > 4096 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  }

  return {
    add(points: readonly BufferedPoint[]) {
      for (const point of points) queue.push(point);
      enforceBound();
    },
    /** The batch to send now: the unacknowledged one again, or the next up to `maxBatchPoints`. */
    next(maxBatchPoints: number): OutgoingBatch | undefined {
      if (pending) return pending;
      const count = Math.min(queued(), maxBatchPoints);
      if (count === 0) return undefined;
      const series = new Map<string, { MeasurementUUID: string; T: number[]; V: unknown[] }>();
      for (let index = head; index < head + count; index += 1) {
        const point = queue[index];
        let entry = series.get(point.measurementUuid);
        if (!entry) {
          entry = { MeasurementUUID: point.measurementUuid, T: [], V: [] };
          series.set(point.measurementUuid, entry);
        }
        entry.T.push(point.time);
        entry.V.push(point.value);
      }
      head += count;
      if (head === queue.length) {
        queue = [];
        head = 0;
      }
      sequence += 1;
      pending = { BatchKey: `${keyPrefix}-${sequence}`, Points: [...series.values()], count };
      return pending;
    },
    /** The server stored it (or refused it for good): it leaves the buffer. */
    acknowledge(batch: OutgoingBatch) {
      if (pending === batch) pending = undefined;
    },
    get size() {
      return size();
    },
    get dropped() {
      return dropped;
    },
  };
}

export type PointBuffer = ReturnType<typeof createPointBuffer>;
