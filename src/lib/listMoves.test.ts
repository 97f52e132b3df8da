import { moveDown, moveUp } from './listMoves';

describe('move-up and move-down (column settings)', () => {
  it('moves one item up and down', () => {
    expect(moveUp(['a', 'b', 'c'], new Set(['c']))).toEqual(['a', 'c', 'b']);
    expect(moveDown(['a', 'b', 'c'], new Set(['a']))).toEqual(['b', 'a', 'c']);
  });

  it('moves a block together and keeps items at the edge in place', () => {
    expect(moveUp(['a', 'b', 'c', 'd'], new Set(['b', 'c']))).toEqual(['b', 'c', 'a', 'd']);
    expect(moveUp(['a', 'b', 'c'], new Set(['a', 'c']))).toEqual(['a', 'c', 'b']);
    expect(moveDown(['a', 'b', 'c'], new Set(['c']))).toEqual(['a', 'b', 'c']);
  });
});
