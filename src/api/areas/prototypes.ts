import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { prototypesEndpoints, type ImportPrototypePlanApiArg } from '../generated/prototypes.gen';
import { cachedText, textAt, withOutcomes, type EndpointOutcome } from '../outcomes';
import type { HistorianError } from '../transport/errors';
import { listTags, tagTypes, type EndpointTags, type Listed } from '../tags';
import { assetsApi } from './assets';

// Prototypes (DOMAIN.md §3): their definitions, instances and links, and the plans that keep
// instances in step. Loads with the prototypes and bulk pages.

const item = (type: 'Prototype' | 'PrototypePlan') => (_result: unknown, _error: unknown, arg: { id: string }) => [{ type, id: arg.id }];

export const prototypesTags = {
  getPrototypes: { providesTags: (list: Listed) => listTags('Prototype', list) },
  getPrototype: { providesTags: item('Prototype') },
  createPrototype: { invalidatesTags: [{ type: 'Prototype', id: 'LIST' }] },
  // A changed prototype changes its instances' link statuses.
  updatePrototype: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'Prototype', id: arg.id }, { type: 'Prototype', id: 'LIST' }, { type: 'Asset' }, { type: 'AssetProperty', id: 'LIST' }] },
  deletePrototype: { invalidatesTags: [{ type: 'Prototype' }, { type: 'Asset' }, { type: 'AssetProperty', id: 'LIST' }] },
  instantiatePrototype: { invalidatesTags: [{ type: 'Asset', id: 'LIST' }, { type: 'AssetProperty', id: 'LIST' }, { type: 'Prototype', id: 'LIST' }, { type: 'Measurement', id: 'LIST' }] },
  linkPrototype: { invalidatesTags: [{ type: 'Asset' }, { type: 'Prototype', id: 'LIST' }] },
  unlinkPrototype: { invalidatesTags: [{ type: 'Asset' }, { type: 'AssetProperty', id: 'LIST' }, { type: 'Prototype', id: 'LIST' }] },
  planPrototype: { invalidatesTags: [] },
  getPrototypePlan: { providesTags: item('PrototypePlan') },
  // The job changes assets; the lists refresh once it is seen done (the jobs area).
  applyPrototypePlan: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'PrototypePlan', id: arg.id }, { type: 'Job', id: 'LIST' }] },
  exportPrototypePlan: { invalidatesTags: [] },
  importPrototypePlan: { invalidatesTags: [] },
  undoPrototypePlan: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'PrototypePlan', id: arg.id }, { type: 'Job', id: 'LIST' }] },
} satisfies Record<string, EndpointTags>;

/** Refusals the bulk page explains on the page itself (rows named by a 400, a plan that went stale by a 409). */
const toldOnPage = (error: HistorianError) => error.kind === 'problem' && (error.code === 400 || error.code === 409);

/** What the user is told when a call ends (see outcomes.ts); field errors land on the form. */
const outcomes: Record<string, EndpointOutcome> = {
  createPrototype: {
    success: ({ arg }) => ({ type: 'success', messageKey: 'prototypes.saved', values: { name: textAt(arg, 'prototype', 'Name') } }),
    error: { messageKey: 'prototypes.errors.save' },
  },
  updatePrototype: {
    success: ({ arg }) => ({ type: 'success', messageKey: 'prototypes.saved', values: { name: textAt(arg, 'prototype', 'Name') } }),
    error: { messageKey: 'prototypes.errors.save' },
  },
  deletePrototype: {
    success: ({ arg, before }) => ({ type: 'success', messageKey: 'prototypes.deleted', values: { name: cachedText(before, 'getPrototypes', textAt(arg, 'id'), 'Name') } }),
    error: { messageKey: 'prototypes.errors.delete' },
  },
  // The instances dialog tells the total once every batch is made.
  instantiatePrototype: { error: { messageKey: 'prototypes.errors.instantiate' } },
  planPrototype: { error: { messageKey: 'prototypes.errors.plan' } },
  applyPrototypePlan: { success: { messageKey: 'prototypes.bulk.apply_started' }, error: { messageKey: 'prototypes.errors.apply' }, quiet: toldOnPage },
  undoPrototypePlan: { success: { messageKey: 'prototypes.bulk.undo_started' }, error: { messageKey: 'prototypes.errors.undo' }, quiet: toldOnPage },
  exportPrototypePlan: { error: { messageKey: 'prototypes.errors.export' } },
  importPrototypePlan: { error: { messageKey: 'prototypes.errors.import' }, quiet: (error) => error.kind === 'problem' && error.code === 400 },
};

const prototypesTagged = prototypesEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: prototypesTags }).enhanceEndpoints({
  endpoints: {
    // The filled-in spreadsheet goes as multipart, like the measurements' import.
    importPrototypePlan: (definition) => {
      Object.assign(definition, {
        query: (arg: ImportPrototypePlanApiArg) => ({
          url: `/prototype-plans/${arg.id}/spreadsheet`,
          method: 'POST',
          body: arg.prototypePlanUpload,
          formData: true,
          headers: { 'x-organization-uuid': arg['x-organization-uuid'] },
        }),
      });
    },
  },
});

export const prototypesApi = withOutcomes(prototypesTagged, outcomes);

/**
 * The plan's spreadsheet arrives as a Blob, and the store keeps serialisable values only: the
 * mutation answers an object URL for a download link instead, which the caller revokes (as the
 * collector template in collectors.ts).
 */
const withPlanDownload = prototypesApi.enhanceEndpoints<
  never,
  { exportPrototypePlan: OverrideResultType<DefinitionsFromApi<typeof prototypesApi>['exportPrototypePlan'], string> }
>({
  endpoints: {
    exportPrototypePlan: { transformResponse: (file: unknown) => (file instanceof Blob ? URL.createObjectURL(file) : '') },
  },
});

export const { useExportPrototypePlanMutation } = withPlanDownload;

export const {
  useGetPrototypesQuery,
  useGetPrototypeQuery,
  useCreatePrototypeMutation,
  useUpdatePrototypeMutation,
  useDeletePrototypeMutation,
  useInstantiatePrototypeMutation,
  usePlanPrototypeMutation,
  useGetPrototypePlanQuery,
  useApplyPrototypePlanMutation,
  useUndoPrototypePlanMutation,
  useImportPrototypePlanMutation,
} = prototypesApi;

/** The assets a prototype page picks from (a parent, the instances): the assets area's list, searched on the server. */
export const useAssetChoicesQuery = assetsApi.endpoints.getAssets.useQuery;
