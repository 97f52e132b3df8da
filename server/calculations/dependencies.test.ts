import { downstreamOrder, findCycle, graphOf, type CalculationNode } from './dependencies';

// The calculation graph: cycles that a change would close, and the order in which calculations are
// recomputed after a change (B after A when B reads A), with diamonds and long chains.

const node = (uuid: string, inputs: string[] = []): CalculationNode => ({ uuid, name: uuid, inputs });

describe('findCycle', () => {
  it('finds none when the inputs are plain measurements or an acyclic chain', () => {
    const graph = graphOf([node('A', ['m1']), node('B', ['A', 'm2']), node('C', ['B'])]);
    expect(findCycle(graph, node('D', ['C', 'A']))).toBeNull();
    expect(findCycle(graph, node('C', ['B', 'A']))).toBeNull();
  });

  it('finds A reads B reads A, with the changed calculation replacing its stored version', () => {
    const graph = graphOf([node('A', ['B']), node('B', ['m1'])]);
    expect(findCycle(graph, node('B', ['A']))).toEqual(['B', 'A', 'B']);
  });

  it('finds a calculation reading itself', () => {
    expect(findCycle(graphOf([node('A', ['m1'])]), node('A', ['A']))).toEqual(['A', 'A']);
  });

  it('does not call a diamond a cycle', () => {
    // D reads B and C, both read A.
    const graph = graphOf([node('A', ['m1']), node('B', ['A']), node('C', ['A']), node('D', ['B', 'C'])]);
    expect(findCycle(graph, node('D', ['B', 'C']))).toBeNull();
    expect(findCycle(graph, node('A', ['m1', 'm2']))).toBeNull();
    expect(findCycle(graph, node('A', ['D']))).toEqual(['A', 'D', 'B', 'A']);
  });

  it('follows a long chain without overflowing the stack', () => {
    const nodes = Array.from({ length: 20_000 }, (_, i) => node(`c${i}`, [i === 0 ? 'm' : `c${i - 1}`]));
    const graph = graphOf(nodes);
    expect(findCycle(graph, node('c0', ['m']))).toBeNull();
    const cycle = findCycle(graph, node('c0', ['c19999']));
    expect(cycle).toHaveLength(20_001);
    expect(cycle?.[0]).toBe('c0');
    expect(cycle?.[1]).toBe('c19999');
    expect(cycle?.at(-1)).toBe('c0');
  });
});

describe('downstreamOrder', () => {
  it('gives the readers of a measurement, readers after what they read', () => {
    const graph = graphOf([node('C', ['B']), node('B', ['A']), node('A', ['m1']), node('X', ['m2'])]);
    expect(downstreamOrder(graph, ['m1'])).toEqual(['A', 'B', 'C']);
    expect(downstreamOrder(graph, ['A'])).toEqual(['B', 'C']);
    expect(downstreamOrder(graph, ['m2'])).toEqual(['X']);
    expect(downstreamOrder(graph, ['nothing'])).toEqual([]);
  });

  it('orders a diamond with its join last, each calculation once', () => {
    const graph = graphOf([node('D', ['B', 'C']), node('C', ['A']), node('B', ['A']), node('A', ['m1'])]);
    expect(downstreamOrder(graph, ['m1'])).toEqual(['A', 'B', 'C', 'D']);
  });

  it('waits for the longer path: E reads A directly and through B, C, D', () => {
    const graph = graphOf([node('E', ['A', 'D']), node('D', ['C']), node('C', ['B']), node('B', ['A']), node('A', ['m1'])]);
    expect(downstreamOrder(graph, ['m1'])).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('includes a start that reads another start (a backfill of A then B)', () => {
    const graph = graphOf([node('B', ['A']), node('A', ['m1'])]);
    expect(downstreamOrder(graph, ['B', 'A'])).toEqual(['B']);
    expect(downstreamOrder(graph, ['m1', 'A'])).toEqual(['A', 'B']);
  });

  it('orders a long chain given in reverse', () => {
    const nodes = Array.from({ length: 5_000 }, (_, i) => node(`c${String(i).padStart(5, '0')}`, [i === 0 ? 'm' : `c${String(i - 1).padStart(5, '0')}`])).reverse();
    const order = downstreamOrder(graphOf(nodes), ['m']);
    expect(order).toHaveLength(5_000);
    expect(order).toEqual([...nodes].reverse().map((n) => n.uuid));
  });

  it('still lists every calculation when the stored graph holds a cycle', () => {
    const graph = graphOf([node('A', ['m1', 'B']), node('B', ['A'])]);
    expect(downstreamOrder(graph, ['m1']).sort()).toEqual(['A', 'B']);
  });
});
