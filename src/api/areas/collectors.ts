import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import type { CollectorRead, GetCollectorsApiArg } from '../generated/historian.gen';
import type { uploadProductUpdate } from '../productUpdateUpload';
import type { Paginated } from '../transport/types';
import { collectorsEndpoints } from '../generated/collectors.gen';
import { cachedText, textAt, withOutcomes, type EndpointOutcome } from '../outcomes';
import { byId, listTags, pageTags, tagTypes, type EndpointTags, type Listed, type ListedPage } from '../tags';

// Collectors, their tokens, health and updates, and the product updates they take. Loads with
// the collectors pages.

// The upload (XHR and its progress store) loads with the page that uploads.
const lazyUploadProductUpdate: typeof uploadProductUpdate = async (...args) => (await import('../productUpdateUpload')).uploadProductUpdate(...args);

/** What each endpoint provides or invalidates (see tags.ts). */
export const collectorsTags = {
  // A change to one collector refetches the list that shows it (by id), a new one the list.
  getCollectors: { providesTags: (list: Listed) => listTags('Collector', list) },
  // The collectors page's paged call (below): the same list, as a page with its total.
  getCollectorsPage: { providesTags: (page: ListedPage) => pageTags('Collector', page) },
  createCollector: { invalidatesTags: [{ type: 'Collector', id: 'LIST' }] },
  updateCollector: { invalidatesTags: byId('Collector') },
  updateCollectorStatus: { invalidatesTags: byId('Collector', 'CollectorHealth') },
  deleteCollector: { invalidatesTags: byId('Collector') },
  getCollectorToken: { invalidatesTags: [] },
  getCollectorTemplate: { invalidatesTags: [] },
  getCollectorHealthHistory: { providesTags: byId('CollectorHealth') },
  startCollectorUpdate: { invalidatesTags: byId('Collector') },
  getProductUpdates: { providesTags: (list: Listed) => listTags('ProductUpdate', list) },
  createProductUpdate: { invalidatesTags: [{ type: 'ProductUpdate', id: 'LIST' }] },
  deleteProductUpdate: { invalidatesTags: byId('ProductUpdate') },
} satisfies Record<string, EndpointTags>;

/** The name of a cached collector, from the full list or a page of the collectors page. */
const collectorName = (state: unknown, id: string) => cachedText(state, 'getCollectors', id, 'Name') || cachedText(state, 'getCollectorsPage', id, 'Name');

/** What the user is told when a call ends (see outcomes.ts). */
const outcomes: Record<string, EndpointOutcome> = {
  createCollector: {
    success: ({ arg }) => ({ type: 'success', messageKey: 'collectors.success.saved', values: { name: textAt(arg, 'collector', 'Name') } }),
    error: { messageKey: 'collectors.errors.save' },
  },
  updateCollector: {
    success: ({ arg }) => ({ type: 'success', messageKey: 'collectors.success.saved', values: { name: textAt(arg, 'collector', 'Name') } }),
    error: { messageKey: 'collectors.errors.save' },
  },
  deleteCollector: {
    success: ({ arg, before }) => ({ type: 'success', messageKey: 'collectors.success.deleted', values: { name: collectorName(before, textAt(arg, 'id')) } }),
    error: { messageKey: 'collectors.errors.delete' },
  },
  updateCollectorStatus: { error: { messageKey: 'collectors.errors.status' } },
  getCollectorToken: { error: { messageKey: 'collectors.errors.token' } },
  getCollectorTemplate: { error: { messageKey: 'collectors.errors.template' } },
  startCollectorUpdate: {
    success: ({ arg, before }) => ({
      type: 'info',
      messageKey: 'collectors.update.started',
      values: { name: collectorName(before, textAt(arg, 'id')), version: textAt(arg, 'collectorUpdateStart', 'Version') },
    }),
    error: { messageKey: 'collectors.errors.update' },
  },
  createProductUpdate: {
    success: ({ data }) => ({ type: 'success', messageKey: 'product_updates.upload.success', values: { version: textAt(data, 'Version') } }),
    error: { messageKey: 'product_updates.upload.error' },
  },
  deleteProductUpdate: {
    success: ({ arg, before }) => ({
      type: 'success',
      messageKey: 'product_updates.delete.success',
      values: { version: cachedText(before, 'getProductUpdates', textAt(arg, 'id'), 'Version') },
    }),
    error: { messageKey: 'product_updates.delete.error' },
  },
};

const collectorsTagged = collectorsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: collectorsTags }).enhanceEndpoints({
  endpoints: {
    // Multipart over XHR, for the progress bar (src/api/productUpdateUpload.ts). RTK Query runs an
    // endpoint's `query` whenever it has one, so the generated one is taken away.
    createProductUpdate: (definition) => {
      Object.assign(definition, { query: undefined, queryFn: lazyUploadProductUpdate });
    },
  },
});

export const collectorsApi = withOutcomes(collectorsTagged, outcomes);

/**
 * The collector template arrives as a Blob, and the store keeps serialisable values only: the
 * mutation answers an object URL for a download link instead, which the caller revokes.
 */
const withTemplateDownload = collectorsApi.enhanceEndpoints<
  never,
  { getCollectorTemplate: OverrideResultType<DefinitionsFromApi<typeof collectorsApi>['getCollectorTemplate'], string> }
>({
  endpoints: {
    getCollectorTemplate: { transformResponse: (file: unknown) => (file instanceof Blob ? URL.createObjectURL(file) : '') },
  },
});

export const { useGetCollectorTemplateMutation } = withTemplateDownload;

/**
 * The generated getCollectors answers the items only; the collectors page also needs the total the
 * server counted (x-total-count), which the transport adds for a `paginated` call. Same call, same
 * tags, the answer `{ items, totalCount }`.
 */
const collectorsPaged = collectorsApi.injectEndpoints({
  endpoints: (build) => ({
    getCollectorsPage: build.query<Paginated<CollectorRead>, GetCollectorsApiArg>({
      query: (arg) => ({
        url: '/collectors',
        headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        params: { Limit: arg.limit, Page: arg.page, Keyword: arg.keyword },
        paginated: true,
      }),
      providesTags: collectorsTags.getCollectorsPage.providesTags,
    }),
  }),
});

export const { useGetCollectorsPageQuery } = collectorsPaged;
export const collectorsPagedApi = collectorsPaged;

export const {
  useGetCollectorsQuery,
  useLazyGetCollectorsQuery,
  useCreateCollectorMutation,
  useUpdateCollectorMutation,
  useDeleteCollectorMutation,
  useUpdateCollectorStatusMutation,
  useGetCollectorTokenMutation,
  useGetCollectorHealthHistoryQuery,
  useLazyGetCollectorHealthHistoryQuery,
  useStartCollectorUpdateMutation,
  useGetProductUpdatesQuery,
  useLazyGetProductUpdatesQuery,
  useCreateProductUpdateMutation,
  useDeleteProductUpdateMutation,
} = collectorsApi;
