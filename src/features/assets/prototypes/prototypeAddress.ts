import { paths } from '../../../lib/paths';

// Addresses of the prototype pages: the drawer's prototype (?open=) and the bulk page's choice
// (?prototype=UUID&assets=UUID,UUID), so that a view can be shared and reloaded.

export const OPEN_PARAM = 'open';
export const NEW_PROTOTYPE = 'new';
export const PROTOTYPE_PARAM = 'prototype';
export const ASSETS_PARAM = 'assets';

export function bulkPath(prototypeUuid: string, assetUuids: readonly string[] = []): string {
  const params = new URLSearchParams({ [PROTOTYPE_PARAM]: prototypeUuid });
  if (assetUuids.length > 0) params.set(ASSETS_PARAM, assetUuids.join(','));
  return `${paths.assetPrototypesBulk}?${params.toString()}`;
}

export const readAssets = (params: URLSearchParams): string[] => (params.get(ASSETS_PARAM) ?? '').split(',').filter((uuid) => uuid !== '');

/** The plan the bulk page shows (?plan=UUID), so that a reload comes back to it. */
export const PLAN_PARAM = 'plan';
