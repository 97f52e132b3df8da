// An in-process event after a batch of points was recorded (batches.ts), for the live calculation
// collector (server/calculations/live): a raw calculation evaluates the new points of its input
// when a batch names that input. Only this process's batches fire it; listeners run after the
// batch is durable and cannot fail or delay it (a throwing listener is ignored).

export interface IngestedSeries {
  measurementUuid: string;
  /** The earliest written point's time, ms since the epoch. */
  from: number;
  /** Just after the latest written point (its time + 1 ms): [from, to[ holds every point written. */
  to: number;
}

export interface IngestedEvent {
  organizationUuid: string;
  collectorUuid: string;
  series: IngestedSeries[];
}

export type IngestedListener = (event: IngestedEvent) => void;

const listeners = new Set<IngestedListener>();

/** Adds a listener; the returned function removes it. */
export function onIngested(listener: IngestedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function hasIngestedListeners(): boolean {
  return listeners.size > 0;
}

export function emitIngested(event: IngestedEvent): void {
  if (event.series.length === 0) return;
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch {
      // A listener's failure is its own; the batch is recorded either way.
    }
  }
}
