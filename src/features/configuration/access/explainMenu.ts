import type { AccessGrant } from '../../../api/generated/historian.gen';
import { ALL_PRIVILEGE_NAMES } from '../../../../domain/privilegeNames';
import { CONFIGURATION_LINKS, visibleConfigurationLinks } from '../../../state/configurationMenu';
import type { LicensedFeatures } from '../../../state/licence';
import { MENU, visibleMenuItems, type MenuItem } from '../../../state/menu';
import { accessEvaluator } from '../../../state/privileges';

// "Explain access" for the menu: which items another user's sidebar and configuration index show,
// computed by the very functions and route table (src/state/routes.ts) the sidebar, the index and
// the router's guard use, over that user's grants instead of the signed-in user's privileges.
// They cannot disagree.

export type MenuVerdict = 'granted' | 'not_granted' | 'depends_on_root';

export interface MenuExplainContext {
  organizationUuid: string | null;
  rootUuid: string | null;
  features: LicensedFeatures;
  hasManualEntryForms: boolean;
  /** The grants include the user's root-level ones (the server sends them only to root readers). */
  rootKnown: boolean;
}

type Holdings = Map<string, Set<string>>;

export function holdingsOfGrants(grants: readonly AccessGrant[]): Holdings {
  const holdings: Holdings = new Map();
  for (const grant of grants) {
    const names = holdings.get(grant.OrganizationUUID) ?? new Set<string>();
    holdings.set(grant.OrganizationUUID, names.add(grant.PrivilegeName));
  }
  return holdings;
}

function shownIds(items: readonly MenuItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.id);
    shownIds(item.children ?? [], into);
  }
  return into;
}

/**
 * The verdict for every item of the menu and every configuration index entry (by id). When the user's root-level privileges are not
 * known, the menu is computed twice, as if the user held nothing at root and as if they held
 * everything there: an item shown in one and not the other depends on root privileges.
 */
export function explainMenu(holdings: ReadonlyMap<string, ReadonlySet<string>>, context: MenuExplainContext): Map<string, MenuVerdict> {
  const shownWith = (byOrganization: ReadonlyMap<string, ReadonlySet<string>>) => {
    const can = accessEvaluator(byOrganization, context.organizationUuid, context.rootUuid, context.features);
    const shown = shownIds(visibleMenuItems(MENU, can, context.hasManualEntryForms));
    for (const link of visibleConfigurationLinks(can)) shown.add(link.id);
    return shown;
  };
  const rootKnown = context.rootKnown || context.rootUuid === null || context.rootUuid === context.organizationUuid;
  const withRoot = (names: ReadonlySet<string>) => new Map([...holdings, ...(context.rootUuid === null ? [] : [[context.rootUuid, names] as const])]);
  const least = rootKnown ? shownWith(holdings) : shownWith(withRoot(new Set()));
  const most = rootKnown ? least : shownWith(withRoot(new Set(ALL_PRIVILEGE_NAMES)));
  const verdicts = new Map<string, MenuVerdict>();
  for (const id of [...shownIds(MENU), ...CONFIGURATION_LINKS.map((link) => link.id)]) {
    verdicts.set(id, least.has(id) ? 'granted' : most.has(id) ? 'depends_on_root' : 'not_granted');
  }
  return verdicts;
}
