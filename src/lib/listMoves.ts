// Moving chosen items of an ordered list one place up or down, as the column-settings dialog does.
// A block of chosen items moves together; an item already at the edge stays and holds back the
// items behind it, so the relative order of the chosen items never changes.

export function moveUp<T>(list: readonly T[], chosen: ReadonlySet<T>): T[] {
  const result = [...list];
  for (let i = 1; i < result.length; i += 1) {
    if (chosen.has(result[i]) && !chosen.has(result[i - 1])) {
      [result[i - 1], result[i]] = [result[i], result[i - 1]];
    }
  }
  return result;
}

export function moveDown<T>(list: readonly T[], chosen: ReadonlySet<T>): T[] {
  return moveUp([...list].reverse(), chosen).reverse();
}
