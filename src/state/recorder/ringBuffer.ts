/**
 * A FIFO of fixed capacity: pushing into a full buffer evicts (and returns) the oldest item. An
 * array with shift rather than a circular index: at the recorder's few hundred entries the shift is
 * a short memmove, and the code, which ships on the sign-in route, is half the size.
 */
export class RingBuffer<T> {
  readonly capacity: number;
  #items: T[] = [];

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`Ring buffer capacity must be a positive integer, not ${capacity}.`);
    this.capacity = capacity;
  }

  get size(): number {
    return this.#items.length;
  }

  /** Adds `item`; returns the evicted oldest item when the buffer was full. */
  push(item: T): { evicted: T } | null {
    this.#items.push(item);
    if (this.#items.length <= this.capacity) return null;
    const evicted = this.#items.shift();
    return evicted === undefined ? null : { evicted };
  }

  /** Oldest first; a copy. */
  toArray(): T[] {
    return [...this.#items];
  }

  clear(): void {
    this.#items = [];
  }
}
