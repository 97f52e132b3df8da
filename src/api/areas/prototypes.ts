import { prototypesEndpoints } from '../generated/prototypes.gen';
import { listTags, tagTypes, type EndpointTags, type Listed } from '../tags';

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

export const prototypesApi = prototypesEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: prototypesTags });
