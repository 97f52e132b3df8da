import { assetsEndpoints } from '../generated/assets.gen';
import { listTags, tagTypes, type EndpointTags, type Listed } from '../tags';

// Assets (DOMAIN.md §3): the tree, one asset, a move, and the asset properties. Loads with the
// assets and asset-properties pages.

const item = (type: 'Asset' | 'AssetProperty') => (_result: unknown, _error: unknown, arg: { id: string }) => [{ type, id: arg.id }];

export const assetsTags = {
  getAssets: { providesTags: (list: Listed) => listTags('Asset', list) },
  getAsset: { providesTags: item('Asset') },
  createAsset: { invalidatesTags: [{ type: 'Asset', id: 'LIST' }] },
  updateAsset: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'Asset', id: arg.id }, { type: 'Asset', id: 'LIST' }, { type: 'AssetProperty', id: 'LIST' }] },
  // A move or a delete changes the paths below it: every list refreshes.
  moveAsset: { invalidatesTags: [{ type: 'Asset' }, { type: 'AssetProperty', id: 'LIST' }] },
  deleteAsset: { invalidatesTags: [{ type: 'Asset' }, { type: 'AssetProperty', id: 'LIST' }] },
  getAssetProperties: { providesTags: (list: Listed) => listTags('AssetProperty', list) },
  getAssetProperty: { providesTags: item('AssetProperty') },
  createAssetProperty: { invalidatesTags: [{ type: 'AssetProperty', id: 'LIST' }] },
  updateAssetProperty: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'AssetProperty', id: arg.id }, { type: 'AssetProperty', id: 'LIST' }] },
  deleteAssetProperty: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'AssetProperty', id: arg.id }, { type: 'AssetProperty', id: 'LIST' }] },
} satisfies Record<string, EndpointTags>;

export const assetsApi = assetsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: assetsTags });
