import { useCallback } from 'react';
import { assetsApi } from '../../../api/areas/assets';
import type { AssetRead } from '../../../api/generated/historian.gen';
import { useAppDispatch } from '../../../app/hooks';

/** Deeper than any plant model: a cycle in bad data must not loop for ever. */
const MAX_DEPTH = 64;

/**
 * The UUIDs of an asset's ancestors, top first, read up the ParentUUID chain (one getAsset per
 * level, answered from the cache when known): what the tree opens to show the asset.
 */
export function useAncestors(): (asset: AssetRead) => Promise<string[]> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (asset: AssetRead) => {
      const chain: string[] = [];
      let parent = asset.ParentUUID;
      while (parent !== null && chain.length < MAX_DEPTH) {
        chain.unshift(parent);
        const request = dispatch(assetsApi.endpoints.getAsset.initiate({ id: parent }, { subscribe: false }));
        const found = await request.unwrap();
        parent = found.ParentUUID;
      }
      return chain;
    },
    [dispatch],
  );
}
