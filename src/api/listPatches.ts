// Pure helpers for lists kept in the RTK Query cache and changed in place after a create, update
// or delete (SPEC §4 "Lists": the group, provider and mapping lists update locally), instead of a
// refetch of the whole list.

interface WithUuid {
  UUID?: string;
}

/** Replaces the item with the same UUID, or appends it. */
export function upsertByUuid<T extends WithUuid>(list: T[], item: T): void {
  const index = list.findIndex((entry) => entry.UUID !== undefined && entry.UUID === item.UUID);
  if (index >= 0) list[index] = item;
  else list.push(item);
}

export function removeByUuid<T extends WithUuid>(list: T[], uuid: string): void {
  const index = list.findIndex((entry) => entry.UUID === uuid);
  if (index >= 0) list.splice(index, 1);
}

/** SPEC §3: groups sort by name, system items after user items. */
export function sortGroups<T extends { Name: string; IsSystem?: boolean }>(list: T[]): void {
  list.sort((a, b) => Number(a.IsSystem ?? false) - Number(b.IsSystem ?? false) || a.Name.localeCompare(b.Name, undefined, { sensitivity: 'base' }));
}
