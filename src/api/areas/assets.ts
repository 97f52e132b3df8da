import type { AssetPropertyRead, AssetRead, GetAssetPropertiesApiArg, GetAssetsApiArg } from '../generated/assets.gen';
import { assetsEndpoints } from '../generated/assets.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { listTags, pageTags, tagTypes, type EndpointTags, type Listed, type ListedPage } from '../tags';
import { isProblemError, type HistorianError } from '../transport/errors';
import type { Paginated } from '../transport/types';

// Assets (DOMAIN.md §3): the tree, one asset, a move, and the asset properties. Loads with the
// assets and asset-properties pages.

const item = (type: 'Asset' | 'AssetProperty') => (_result: unknown, _error: unknown, arg: { id: string }) => [{ type, id: arg.id }];

export const assetsTags = {
  getAssets: { providesTags: (list: Listed) => listTags('Asset', list) },
  getAssetsPage: { providesTags: (page: ListedPage) => pageTags('Asset', page) },
  getAsset: { providesTags: item('Asset') },
  createAsset: { invalidatesTags: [{ type: 'Asset', id: 'LIST' }] },
  // A rename changes the paths below the asset, a move or a delete those and the tree's shape:
  // every list refreshes.
  updateAsset: { invalidatesTags: [{ type: 'Asset' }, { type: 'AssetProperty', id: 'LIST' }] },
  moveAsset: { invalidatesTags: [{ type: 'Asset' }, { type: 'AssetProperty', id: 'LIST' }] },
  deleteAsset: { invalidatesTags: [{ type: 'Asset' }, { type: 'AssetProperty', id: 'LIST' }] },
  getAssetProperties: { providesTags: (list: Listed) => listTags('AssetProperty', list) },
  getAssetPropertiesPage: { providesTags: (page: ListedPage) => pageTags('AssetProperty', page) },
  getAssetProperty: { providesTags: item('AssetProperty') },
  // A new or changed property may change its asset's link status.
  createAssetProperty: { invalidatesTags: [{ type: 'AssetProperty', id: 'LIST' }, { type: 'Asset' }] },
  updateAssetProperty: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'AssetProperty', id: arg.id }, { type: 'AssetProperty', id: 'LIST' }, { type: 'Asset' }] },
  deleteAssetProperty: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'AssetProperty', id: arg.id }, { type: 'AssetProperty', id: 'LIST' }, { type: 'Asset' }] },
} satisfies Record<string, EndpointTags>;

/** A delete refused because something depends on the asset (409 AssetInUse): the page asks to confirm a cascade. */
const asksToCascade = (error: HistorianError) => isProblemError(error) && error.code === 409 && error.body.Dependants !== undefined;

/** What the user is told when a call ends (see outcomes.ts); field errors land on the forms. */
const outcomes: Record<string, EndpointOutcome> = {
  createAsset: { success: { messageKey: 'assets.outcomes.created' }, error: { messageKey: 'assets.errors.save' } },
  updateAsset: { success: { messageKey: 'assets.outcomes.saved' }, error: { messageKey: 'assets.errors.save' } },
  moveAsset: { success: { messageKey: 'assets.outcomes.moved' }, error: { messageKey: 'assets.errors.move' } },
  deleteAsset: { success: { messageKey: 'assets.outcomes.deleted' }, error: { messageKey: 'assets.errors.delete' }, quiet: asksToCascade },
  createAssetProperty: { success: { messageKey: 'assets.outcomes.property_saved' }, error: { messageKey: 'assets.errors.property_save' } },
  updateAssetProperty: { success: { messageKey: 'assets.outcomes.property_saved' }, error: { messageKey: 'assets.errors.property_save' } },
  deleteAssetProperty: { success: { messageKey: 'assets.outcomes.property_deleted' }, error: { messageKey: 'assets.errors.property_delete' } },
};

// The paged lists are injected below; the generated endpoints get the rest of the table.
const { getAssetsPage: assetsPageTags, getAssetPropertiesPage: propertiesPageTags, ...generatedTags } = assetsTags;
const assetsTagged = assetsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: generatedTags });

export const assetsApi = withOutcomes(assetsTagged, outcomes);

/** getAssets and getAssetProperties answered `{ items, totalCount }` (x-total-count). */
const assetsPaged = assetsApi.injectEndpoints({
  endpoints: (build) => ({
    getAssetsPage: build.query<Paginated<AssetRead>, GetAssetsApiArg>({
      query: (arg) => ({
        url: '/assets',
        headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        params: {
          Limit: arg.limit,
          Page: arg.page,
          Keyword: arg.keyword,
          Path: arg.path,
          Roots: arg.roots,
          ParentUUIDs: arg.parentUuiDs,
          UUIDs: arg.uuiDs,
          PrototypeUUIDs: arg.prototypeUuiDs,
          LinkStatuses: arg.linkStatuses,
          Statuses: arg.statuses,
        },
        paginated: true,
      }),
      providesTags: assetsPageTags.providesTags,
    }),
    getAssetPropertiesPage: build.query<Paginated<AssetPropertyRead>, GetAssetPropertiesApiArg>({
      query: (arg) => ({
        url: '/asset-properties',
        headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        params: {
          Limit: arg.limit,
          Page: arg.page,
          AssetUUIDs: arg.assetUuiDs,
          Recursive: arg.recursive,
          Keyword: arg.keyword,
          Datatypes: arg.datatypes,
          LinkStatuses: arg.linkStatuses,
        },
        paginated: true,
      }),
      providesTags: propertiesPageTags.providesTags,
    }),
  }),
});

export const assetsPagedApi = assetsPaged;
export const { useGetAssetsPageQuery, useGetAssetPropertiesPageQuery } = assetsPaged;

export const {
  useGetAssetsQuery,
  useGetAssetQuery,
  useLazyGetAssetQuery,
  useCreateAssetMutation,
  useUpdateAssetMutation,
  useDeleteAssetMutation,
  useMoveAssetMutation,
  useGetAssetPropertiesQuery,
  useCreateAssetPropertyMutation,
  useUpdateAssetPropertyMutation,
  useDeleteAssetPropertyMutation,
} = assetsApi;
