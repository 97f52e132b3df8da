import type { TFunction } from 'i18next';
import { MENU, type MenuItem } from '../../../state/menu';
import type { Requirement } from '../../../state/privileges';

// "Explain access" for menu items: what each item of the sidebar needs, read from the same MENU
// table the sidebar is computed from, so the explanation cannot drift from the rule. Whether a
// given user gets an item is explainMenu.ts.

export interface MenuRequirementRow {
  id: string;
  item: MenuItem;
  depth: number;
  /** Every requirement in `all` must pass, and one of `any` when there are some. */
  all: readonly Requirement[];
  any: readonly Requirement[];
}

export function menuRequirementRows(items: readonly MenuItem[] = MENU, depth = 0, inherited: readonly Requirement[] = []): MenuRequirementRow[] {
  return items.flatMap((item) => {
    const all = [...inherited, ...item.requires];
    const row: MenuRequirementRow = { id: item.id, item, depth, all, any: item.requiresAny ?? [] };
    return [row, ...menuRequirementRows(item.children ?? [], depth + 1, all)];
  });
}

/** One requirement in words: "READ_SETTINGS at root, licence feature Events". */
export function describeRequirement(requirement: Requirement, t: TFunction): string {
  const privileges = (requirement.privileges ?? []).map((name) => (requirement.scope === 'root' ? t('access.at_root', { privilege: name }) : name));
  const features = (requirement.features ?? []).map((feature) => t('access.feature', { feature }));
  return [...privileges, ...features].join(', ');
}
