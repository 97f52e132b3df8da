import type { TFunction } from 'i18next';
import { CONFIGURATION_LINKS } from '../../../state/configurationMenu';
import { MENU, type MenuItem } from '../../../state/menu';
import type { Requirement } from '../../../state/privileges';
import type { MenuLabelKey, PageTitleKey, RouteId } from '../../../state/routes';
import { privilegeLabel } from './privilegeMatrix';

// "Explain access" for menu items: what each item of the sidebar and each entry of the
// configuration index needs, read from the route table they are computed from (state/routes.ts),
// so the explanation cannot drift from the rule. Whether a given user gets an item is explainMenu.ts.

export interface MenuRequirementRow {
  id: string;
  labelKey: MenuLabelKey | PageTitleKey;
  depth: number;
  /** Every requirement in `all` must pass, and one of `any` when there are some. */
  all: readonly Requirement[];
  any: readonly Requirement[];
}

/** The configuration index's entries are listed under the sidebar's Configuration item. */
const CONFIGURATION: RouteId = 'configuration';

function sidebarRows(items: readonly MenuItem[], depth: number, inherited: readonly Requirement[]): MenuRequirementRow[] {
  return items.flatMap((item) => {
    const all = [...inherited, ...item.requires];
    const row: MenuRequirementRow = { id: item.id, labelKey: item.labelKey, depth, all, any: item.requiresAny ?? [] };
    const entries: MenuRequirementRow[] =
      item.id === CONFIGURATION
        ? CONFIGURATION_LINKS.map((link) => ({ id: link.id, labelKey: link.labelKey, depth: depth + 1, all: link.requires, any: link.requiresAny ?? [] }))
        : [];
    return [row, ...entries, ...sidebarRows(item.children ?? [], depth + 1, all)];
  });
}

export function menuRequirementRows(): MenuRequirementRow[] {
  return sidebarRows(MENU, 0, []);
}

/** One requirement in words, privileges named as the group page names them: "Settings: read at root, licence feature Events". */
export function describeRequirement(requirement: Requirement, t: TFunction): string {
  const privileges = (requirement.privileges ?? []).map((name) => (requirement.scope === 'root' ? t('access.at_root', { privilege: privilegeLabel(name, t) }) : privilegeLabel(name, t)));
  const features = (requirement.features ?? []).map((feature) => t('access.feature', { feature }));
  return [...privileges, ...features].join(', ');
}
