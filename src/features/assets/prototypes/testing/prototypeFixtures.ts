import { HttpResponse } from 'msw';
import type { AssetRead, PrototypePlan, PrototypePlanRow, PrototypeRead } from '../../../../api/generated/historian.gen';
import type { RootState } from '../../../../app/store';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../../testing/fixtures';

// Fixtures of the prototype pages' tests (STYLE §16).

export const PROTOTYPE_UUID = '11111111-1111-4111-8111-111111111111';
export const PLAN_UUID = '22222222-2222-4222-8222-222222222222';
export const JOB_UUID = '33333333-3333-4333-8333-333333333333';
export const UNDO_JOB_UUID = '44444444-4444-4444-8444-444444444444';
export const LINE_UUID = '55555555-5555-4555-8555-555555555555';
export const MACHINE_1 = '66666666-6666-4666-8666-666666666661';
export const MACHINE_2 = '66666666-6666-4666-8666-666666666662';

export const READER = [aPrivilege('READ_PROTOTYPES'), aPrivilege('READ_ASSETS'), aPrivilege('READ_TIMESERIES_DATABASES')];
export const MANAGER = [...READER, aPrivilege('MANAGE_PROTOTYPES'), aPrivilege('MANAGE_ASSETS')];

export function stateWith(privileges = MANAGER): Partial<RootState> {
  return {
    session: aSession({ userPrivileges: privileges }),
    organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
  };
}

export const aPrototype = (overrides: Partial<PrototypeRead> = {}): PrototypeRead => ({
  UUID: PROTOTYPE_UUID,
  Name: 'Filler',
  Description: 'Bottle filling machine',
  DefaultDatabaseUUID: null,
  Metadata: { Serial: null, Speed: 40 },
  PropertyPrototypes: [{ UUID: '77777777-7777-4777-8777-777777777771', Name: 'Temperature', Description: '', Kind: 'measurement', Datatype: 'number', NameTemplate: '{{asset.Path}}/Temperature' }],
  InstanceCounts: { Applied: 3, NeedsUpdate: 2 },
  UpdatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const anAsset = (overrides: Partial<AssetRead> = {}): AssetRead => ({
  UUID: LINE_UUID,
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

export const aRow = (overrides: Partial<PrototypePlanRow> = {}): PrototypePlanRow => ({
  RowID: `asset_property:${MACHINE_1}:Temperature`,
  EntityKind: 'asset_property',
  AssetUUID: MACHINE_1,
  AssetPath: 'Plant/Line 1/Filler 1',
  InstanceUUID: '88888888-8888-4888-8888-888888888881',
  Name: 'Temperature',
  Action: 'No change',
  Conflict: false,
  DefaultChoice: null,
  Problem: null,
  Fields: [],
  ...overrides,
});

/** One row of each kind the test needs: an update, a conflict, an override, a new property, no change. */
export const aPlan = (overrides: Partial<PrototypePlan> = {}): PrototypePlan => ({
  UUID: PLAN_UUID,
  PrototypeUUID: PROTOTYPE_UUID,
  State: 'planned',
  CreatedAt: '2026-11-26T10:00:00.000Z',
  ExpiresAt: '2026-11-27T10:00:00.000Z',
  ApplyJobUUID: null,
  UndoJobUUID: null,
  Rows: [
    aRow({ RowID: `asset:${MACHINE_1}:Speed`, EntityKind: 'asset', Name: 'Filler 1', Action: 'Update', DefaultChoice: 'update', Fields: [{ Field: 'Metadata.Speed', Base: 40, Prototype: 45, Instance: 40 }] }),
    aRow({
      RowID: `asset:${MACHINE_2}:Speed`,
      EntityKind: 'asset',
      AssetUUID: MACHINE_2,
      AssetPath: 'Plant/Line 1/Filler 2',
      Name: 'Filler 2',
      Action: 'Update',
      Conflict: true,
      DefaultChoice: null,
      Fields: [{ Field: 'Metadata.Speed', Base: 40, Prototype: 45, Instance: 38 }],
    }),
    aRow({ RowID: `asset_property:${MACHINE_1}:Temperature`, Action: 'Overridden', DefaultChoice: 'keep', Fields: [{ Field: 'Description', Base: '', Prototype: '', Instance: 'Probe at the outlet' }] }),
    aRow({ RowID: `asset_property:${MACHINE_2}:Pressure`, AssetUUID: MACHINE_2, AssetPath: 'Plant/Line 1/Filler 2', InstanceUUID: null, Name: 'Pressure', Action: 'New', Problem: 'calculation_input_unbound' }),
    aRow({ RowID: `asset_property:${MACHINE_2}:Temperature`, AssetUUID: MACHINE_2, AssetPath: 'Plant/Line 1/Filler 2', Fields: [{ Field: 'Name', Base: 'Temperature', Prototype: 'Temperature', Instance: 'Temperature' }] }),
  ],
  Summary: { New: 1, Update: 2, Overridden: 1, 'No change': 1, Conflicts: 1 },
  ...overrides,
});

export const problem = (status: number, body: Record<string, unknown>) => HttpResponse.json({ title: 'Refused', status, ...body }, { status, headers: { 'content-type': 'application/problem+json' } });
