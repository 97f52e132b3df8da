import { http, HttpResponse } from 'msw';
import type {
  AssetRead,
  EventConfigurationLog,
  EventConfigurationRead,
  EventPropertyConfigurationRead,
  EventTypeDefinitionRead,
  EventTypePropertyRead,
  MeasurementRead,
} from '../../../../api/generated/historian.gen';
import type { RootState } from '../../../../app/store';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../../testing/fixtures';
import { noTranslationOverrides } from '../../../../testing/licence';

// Fixtures of the event types and configurations pages' tests (STYLE §16), in the contract's shapes.

export const BATCH_TYPE = '11111111-1111-4111-8111-111111111111';
export const ORDER_TYPE = '11111111-1111-4111-8111-111111111112';
export const TEMPERATURE = '22222222-2222-4222-8222-222222222221';
export const PROFILE = '22222222-2222-4222-8222-222222222222';
export const CONFIGURATION = '33333333-3333-4333-8333-333333333331';
export const LINE = '44444444-4444-4444-8444-444444444441';
export const TRIGGER = '55555555-5555-4555-8555-555555555551';
export const PROPERTY_CONFIGURATION = '66666666-6666-4666-8666-666666666661';

export const READER = [aPrivilege('READ_EVENT_CONFIGURATIONS'), aPrivilege('READ_ASSETS'), aPrivilege('READ_MEASUREMENTS')];
export const MANAGER = [...READER, aPrivilege('MANAGE_EVENT_CONFIGURATIONS')];

export function stateWith(privileges = MANAGER): Partial<RootState> {
  return {
    session: aSession({ userPrivileges: privileges }),
    organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
  };
}

export const aProperty = (overrides: Partial<EventTypePropertyRead> = {}): EventTypePropertyRead => ({
  UUID: TEMPERATURE,
  EventTypeUUID: BATCH_TYPE,
  Name: 'Temperature',
  Description: '',
  Datatype: 'number',
  Type: 'simple',
  UoM: '°C',
  ...overrides,
});

export const aType = (overrides: Partial<EventTypeDefinitionRead> = {}): EventTypeDefinitionRead => ({
  UUID: BATCH_TYPE,
  Name: 'Batch',
  Description: 'One batch on a line',
  ParentUUID: ORDER_TYPE,
  ParentName: 'Order',
  Properties: [aProperty(), aProperty({ UUID: PROFILE, Name: 'Profile', Type: 'periodic', UoM: '°C' })],
  ConfigurationCount: 1,
  UpdatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const anOrderType = () => aType({ UUID: ORDER_TYPE, Name: 'Order', Description: '', ParentUUID: null, ParentName: null, Properties: [], ConfigurationCount: 0 });

export const aConfiguration = (overrides: Partial<EventConfigurationRead> = {}): EventConfigurationRead => ({
  UUID: CONFIGURATION,
  AssetUUID: LINE,
  AssetPath: 'Plant/Line 1',
  EventTypeUUID: BATCH_TYPE,
  EventTypeName: 'Batch',
  ParentEventConfigurationUUID: null,
  StartSource: 'historian',
  Trigger: { MeasurementUUID: TRIGGER, GracePeriod: '0s', RefreshInterval: '10s' },
  Schedule: null,
  ExternalSource: null,
  State: 'stopped',
  ProcessedUntil: null,
  LastError: null,
  OpenEventUUID: null,
  EventCounts: { processed: 12, incomplete: 2 },
  PropertyConfigurationCount: 1,
  UpdatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const aPropertyConfiguration = (overrides: Partial<EventPropertyConfigurationRead> = {}): EventPropertyConfigurationRead => ({
  UUID: PROPERTY_CONFIGURATION,
  EventConfigurationUUID: CONFIGURATION,
  EventTypePropertyUUID: TEMPERATURE,
  PropertyName: 'Temperature',
  PropertyType: 'simple',
  Datatype: 'number',
  Mode: 'historian',
  Source: 'data_reference',
  MeasurementUUID: TRIGGER,
  AssetPropertyUUID: null,
  DataReferenceName: 'Line 1/Temperature',
  Aggregation: 'mean',
  Priority: 1,
  GoodPointsOnly: true,
  Preview: false,
  PossibleValues: [],
  ...overrides,
});

export const anAsset = (overrides: Partial<AssetRead> = {}): AssetRead => ({
  UUID: LINE,
  Name: 'Line 1',
  Description: '',
  ParentUUID: null,
  AssetPath: 'Plant/Line 1',
  Status: 'Active',
  Metadata: {},
  PrototypeUUID: null,
  PrototypeName: null,
  LinkStatus: 'NotLinked',
  ChildCount: 0,
  ...overrides,
});

export const aMeasurement = (overrides: Partial<MeasurementRead> = {}): MeasurementRead => ({
  UUID: TRIGGER,
  Name: 'Line 1/Running',
  CollectorUUID: '77777777-7777-4777-8777-777777777771',
  DatabaseUUID: null,
  Datatype: 'number',
  Status: 'Active',
  ...overrides,
});

export const aLogLine = (overrides: Partial<EventConfigurationLog> = {}): EventConfigurationLog => ({ ID: 1, At: '2026-11-20T10:00:00.000Z', Level: 'info', Code: 'events.log.started', Values: {}, ...overrides });

/** The calls every page of these tests makes, answered with the fixtures. */
export function commonHandlers() {
  return [
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/assets', () => HttpResponse.json([anAsset()], { headers: { 'x-total-count': '1' } })),
    http.get('/api/assets/:id', () => HttpResponse.json(anAsset())),
    http.get('/api/measurements', () => HttpResponse.json([aMeasurement(), aMeasurement({ UUID: '55555555-5555-4555-8555-555555555552', Name: 'Line 1/Mode', Datatype: 'string' })], { headers: { 'x-total-count': '2' } })),
    http.get('/api/measurements/:id', ({ params }) => HttpResponse.json(params.id === '55555555-5555-4555-8555-555555555552' ? aMeasurement({ UUID: String(params.id), Name: 'Line 1/Mode', Datatype: 'string' }) : aMeasurement())),
  ];
}
