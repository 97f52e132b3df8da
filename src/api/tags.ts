// What every endpoint of the contract provides or invalidates, written by hand (the generator
// writes no tags). Items are tagged by id, lists by a LIST sentinel as well, so that a change to
// one item refreshes exactly the queries that show it. A query whose answer no call of the
// client changes provides nothing; a mutation that changes nothing the client shows (or patches
// the cached lists itself, see src/api/areas) invalidates nothing. Each area of src/api/areas holds its
// endpoints' table; tags.test.ts checks that every endpoint is listed and that every invalidated tag is provided by some query.

export const tagTypes = [
  'Session',
  'AuthOptions',
  'Tokens',
  'Organization',
  'User',
  'UserAccess',
  'UserToken',
  'UserGroup',
  'Membership',
  'GroupPrivilege',
  'Mapping',
  'AuthProvider',
  'Setting',
  'TableSetting',
  'License',
  'Collector',
  'CollectorHealth',
  'ProductUpdate',
  'TimeseriesDatabase',
  'AuditLog',
  'AuditChain',
  'TaskScheduler',
  'Job',
  'JobLog',
  'Measurement',
  'MeasurementLabel',
  'CalculationContext',
  'Asset',
  'AssetProperty',
  'Prototype',
  'PrototypePlan',
  'EventType',
  'EventTypeProperty',
  'EventConfiguration',
  'EventConfigurationLog',
  'EventPropertyConfiguration',
  'Event',
  'EventPropertyValues',
  'ManualEntryForm',
  'ManualEntryFormAccess',
  'ManualEntryEntries',
  'Sink',
  'SinkStatistics',
  'Forwarder',
  'ExternalDatabase',
  'LlmConfiguration',
] as const;

export type TagType = (typeof tagTypes)[number];
export type ApiTag = TagType | { type: TagType; id?: string };

export interface WithId {
  id: string;
}
export type Listed = readonly { UUID: string }[] | undefined;
/** A page of a list with its total (a `paginated` call of the transport). */
export type ListedPage = { items: readonly { UUID: string }[] } | undefined;

export const listTags = (type: TagType, list: Listed): ApiTag[] => [...(list ?? []).map((item) => ({ type, id: item.UUID })), { type, id: 'LIST' }];
/** A page provides what the same list would: its items by id, and the LIST sentinel. */
export const pageTags = (type: TagType, page: ListedPage): ApiTag[] => listTags(type, page?.items);
export const byId =
  (...types: TagType[]) =>
  (_result: unknown, _error: unknown, arg: WithId): ApiTag[] =>
    types.map((type) => ({ type, id: arg.id }));

type Describe = readonly ApiTag[] | ((result: never, error: unknown, arg: never) => readonly ApiTag[]);
export interface EndpointTags {
  providesTags?: Describe;
  invalidatesTags?: Describe;
}
