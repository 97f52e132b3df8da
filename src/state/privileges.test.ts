import { makeStore } from '../app/store';
import { PRIVILEGES } from '../../domain/privilegeNames';
import { aPrivilege, aSession, ORG_A_UUID, ORG_B_UUID, ROOT_ORG_UUID } from '../testing/fixtures';
import { selectVisibleMenu } from './menu';
import { holdsAll, isFeatureEnabled, selectAccess } from './privileges';
import type { LicenceState } from './licence';
import { chooseOrganization } from './organization';

const org = { UUID: ORG_A_UUID, Name: 'A' };
const root = { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true };

function stateWith(privileges: ReturnType<typeof aPrivilege>[], features: Record<string, boolean | number> = {}, hasForms = false) {
  const licence: LicenceState = {
    loaded: true,
    error: null,
    claims: [{ UUID: 'l1', Name: 'L', ExpiresAt: 2e9, OrganizationUUID: ORG_A_UUID, LicensedFeatures: features }],
  };
  return makeStore({
    session: aSession({ userPrivileges: privileges }),
    organization: { current: org, root, hasManualEntryForms: hasForms },
    licence,
  }).getState();
}

const menuIds = (state: ReturnType<typeof stateWith>) =>
  selectVisibleMenu(state).flatMap((i) => [i.id, ...(i.children ?? []).map((c) => `${i.id}/${c.id}`)]);

describe('privilege checks (SPEC §5, §6)', () => {
  it('a user-privilege check needs an organization and every named privilege held in it', () => {
    const held = new Map([[ORG_A_UUID, new Set(['A', 'B'])]]);
    expect(holdsAll(held, ORG_A_UUID, ['A', 'B'])).toBe(true);
    expect(holdsAll(held, ORG_A_UUID, ['A', 'C'])).toBe(false);
    expect(holdsAll(held, null, ['A'])).toBe(false);
    expect(holdsAll(held, ORG_B_UUID, ['A'])).toBe(false);
  });

  it('a licence feature counts as enabled if boolean true or a number above 0', () => {
    expect(isFeatureEnabled({ A: true, B: false, C: 1, D: 0, E: -1 }, 'A')).toBe(true);
    expect(isFeatureEnabled({ A: true, B: false, C: 1, D: 0, E: -1 }, 'B')).toBe(false);
    expect(isFeatureEnabled({ A: true, B: false, C: 1, D: 0, E: -1 }, 'C')).toBe(true);
    expect(isFeatureEnabled({ A: true, B: false, C: 1, D: 0, E: -1 }, 'D')).toBe(false);
    expect(isFeatureEnabled({ A: true, B: false, C: 1, D: 0, E: -1 }, 'E')).toBe(false);
    expect(isFeatureEnabled({}, 'A')).toBe(false);
  });

  it('root-scoped requirements are checked in the root organization, not the current one', () => {
    const can = selectAccess(stateWith([aPrivilege(PRIVILEGES.ManageSettings, ORG_A_UUID)]));
    expect(can({ privileges: [PRIVILEGES.ManageSettings] })).toBe(true);
    expect(can({ privileges: [PRIVILEGES.ManageSettings], scope: 'root' })).toBe(false);
  });
});

describe('sidebar menu visibility (SPEC §2)', () => {
  it('shows collectors, measurements and assets for their read privileges', () => {
    const state = stateWith([aPrivilege('READ_COLLECTORS'), aPrivilege('READ_MEASUREMENTS'), aPrivilege('READ_ASSETS')]);
    expect(menuIds(state)).toEqual(['collectors', 'measurements', 'assets']);
  });

  it('shows calculations only with ReadMeasurements and the Calculations licence feature', () => {
    expect(menuIds(stateWith([aPrivilege('READ_MEASUREMENTS')], { Calculations: 1 }))).toContain('calculations');
    expect(menuIds(stateWith([aPrivilege('READ_MEASUREMENTS')], { Calculations: 0 }))).not.toContain('calculations');
  });

  it('shows the events group with the Events feature, holding event types and overview by their privileges', () => {
    expect(menuIds(stateWith([aPrivilege('READ_EVENT_CONFIGURATIONS')], { Events: true }))).toEqual(['events', 'events/event_types']);
    expect(menuIds(stateWith([aPrivilege('READ_EVENT_CONFIGURATIONS'), aPrivilege('READ_EVENTS')], {}))).toEqual([]);
  });

  it('shows manual entry forms only with the privilege, the ManualEntry feature and forms in the organization', () => {
    const privileges = [aPrivilege('READ_MANUAL_ENTRY_FORMS')];
    expect(menuIds(stateWith(privileges, { ManualEntry: true }, true))).toContain('manual_entry_forms');
    expect(menuIds(stateWith(privileges, { ManualEntry: true }, false))).not.toContain('manual_entry_forms');
    expect(menuIds(stateWith(privileges, {}, true))).not.toContain('manual_entry_forms');
  });

  it('shows configuration for any of the organization or root privileges that open it', () => {
    expect(menuIds(stateWith([]))).not.toContain('configuration');
    for (const p of ['READ_TIMESERIES_DATABASES', 'READ_USERS', 'READ_USER_GROUPS', 'READ_SETTINGS']) {
      expect(menuIds(stateWith([aPrivilege(p)]))).toContain('configuration');
    }
    for (const p of ['READ_SETTINGS', 'READ_ORGANIZATIONS', 'READ_LOGS']) {
      expect(menuIds(stateWith([aPrivilege(p, ROOT_ORG_UUID)]))).toContain('configuration');
    }
    expect(menuIds(stateWith([aPrivilege('READ_ORGANIZATIONS', ORG_A_UUID)]))).not.toContain('configuration');
  });
});

describe('organization selection (SPEC §4)', () => {
  const a = { UUID: 'a', Name: 'A' };
  const b = { UUID: 'b', Name: 'B' };
  const r = { UUID: 'r', Name: 'Root', IsRoot: true };
  it('uses the stored organization if it is still in the list', () => expect(chooseOrganization(b, [r, a, b])).toBe(b));
  it('otherwise the first non-root organization', () => expect(chooseOrganization({ UUID: 'gone', Name: 'x' }, [r, a, b])).toBe(a));
  it('otherwise the root', () => expect(chooseOrganization(null, [r])).toBe(r));
});
