import { RingBuffer } from './ringBuffer';

describe('the recorder ring buffer', () => {
  it('keeps the last N items, oldest first, and hands back each one it drops', () => {
    const buffer = new RingBuffer<number>(3);
    const dropped = [1, 2, 3, 4, 5].map((n) => buffer.push(n));
    expect(buffer.toArray()).toEqual([3, 4, 5]);
    expect(dropped).toEqual([null, null, null, { evicted: 1 }, { evicted: 2 }]);
    expect(buffer.size).toBe(3);
  });

  it('starts empty again after clear', () => {
    const buffer = new RingBuffer<string>(2);
    buffer.push('a');
    buffer.push('b');
    buffer.push('c');
    buffer.clear();
    buffer.push('d');
    expect(buffer.toArray()).toEqual(['d']);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer(1.5)).toThrow(RangeError);
  });
});
