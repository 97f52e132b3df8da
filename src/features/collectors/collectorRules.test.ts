import { aCollector, aProductUpdate } from './testing/collectorFixtures';
import { availableUpdate, displayedHealth, isNewerVersion, settingsState, sortCollectors, visibleCollectors } from './collectorRules';

describe('collector sort order (SPEC §4)', () => {
  it('sorts Initial, Paused, Active, Deleted, then by name case-insensitively', () => {
    const list = [
      aCollector({ Name: 'delta', Status: 'Deleted' }),
      aCollector({ Name: 'beta', Status: 'Active' }),
      aCollector({ Name: 'Alpha', Status: 'Active' }),
      aCollector({ Name: 'paused', Status: 'Paused' }),
      aCollector({ Name: 'zeta', Status: 'Initial' }),
      aCollector({ Name: 'Aardvark', Status: 'Deleted' }),
    ];
    expect(sortCollectors(list).map((c) => c.Name)).toEqual(['zeta', 'paused', 'Alpha', 'beta', 'Aardvark', 'delta']);
  });
});

describe('calculation collectors (SPEC §6)', () => {
  const list = [aCollector({ Name: 'Calc', CollectorType: 'calculation' }), aCollector({ Name: 'Sim' })];

  it('are hidden unless the organization’s licence has the Calculations feature', () => {
    expect(visibleCollectors(list, {}).map((c) => c.Name)).toEqual(['Sim']);
    expect(visibleCollectors(list, { Calculations: false }).map((c) => c.Name)).toEqual(['Sim']);
    expect(visibleCollectors(list, { Calculations: 0 }).map((c) => c.Name)).toEqual(['Sim']);
  });

  it('are shown when the feature is true or a number above 0', () => {
    expect(visibleCollectors(list, { Calculations: true })).toHaveLength(2);
    expect(visibleCollectors(list, { Calculations: 3 })).toHaveLength(2);
  });
});

describe('update available and newer (SPEC §4)', () => {
  const collector = aCollector({ CollectorType: 'simulation', BuildOs: 'linux', BuildArch: 'x64', BuildVersion: '1.2.0' });

  it('an update is available when a product update exists for the same type, OS and architecture with a different version', () => {
    expect(availableUpdate(collector, [aProductUpdate({ Version: '1.3.0' })])?.update.Version).toBe('1.3.0');
  });

  it('no update is available for the same version, or another type, OS or architecture', () => {
    const others = [
      aProductUpdate({ Version: '1.2.0' }),
      aProductUpdate({ Version: '2.0.0', ProductType: 'opc-ua' }),
      aProductUpdate({ Version: '2.0.0', OS: 'windows' }),
      aProductUpdate({ Version: '2.0.0', Arch: 'arm64' }),
    ];
    expect(availableUpdate(collector, others)).toBeNull();
  });

  it('an older version is available but not newer', () => {
    expect(availableUpdate(collector, [aProductUpdate({ Version: '1.1.9' })])).toEqual({ update: expect.objectContaining({ Version: '1.1.9' }), newer: false });
  });

  it('it counts as newer when it is a greater semantic version than the build version', () => {
    expect(isNewerVersion('1.10.0', '1.9.0')).toBe(true);
    expect(isNewerVersion('1.2.0', '1.2.0-rc.1')).toBe(true);
    expect(isNewerVersion('1.2.0-rc.1', '1.2.0')).toBe(false);
    expect(isNewerVersion('1.9.0', '1.10.0')).toBe(false);
  });

  it('a version that is not semantic is never newer, though it may be available', () => {
    expect(isNewerVersion('build-42', '1.0.0')).toBe(false);
    expect(availableUpdate(collector, [aProductUpdate({ Version: 'build-42' })])?.newer).toBe(false);
  });

  it('of several, the greatest semantic version is offered', () => {
    const offers = [aProductUpdate({ Version: '1.3.0' }), aProductUpdate({ Version: 'nightly' }), aProductUpdate({ Version: '1.10.0' }), aProductUpdate({ Version: '1.0.0' })];
    expect(availableUpdate(collector, offers)).toEqual({ update: expect.objectContaining({ Version: '1.10.0' }), newer: true });
  });

  it('a collector that never registered its platform has no update', () => {
    expect(availableUpdate(aCollector({ BuildOs: '', BuildArch: '' }), [aProductUpdate()])).toBeNull();
  });
});

describe('health shown', () => {
  it('is Upgrading, set locally, from the moment an update is started until the collector runs it', () => {
    expect(displayedHealth(aCollector({ Health: 'Collecting', BuildVersion: '1.0.0', UpdateVersion: '1.1.0' }))).toBe('Upgrading');
    expect(displayedHealth(aCollector({ Health: 'Collecting', BuildVersion: '1.1.0' }))).toBe('Collecting');
  });

  it('a deleted collector shows no health, whatever it last reported', () => {
    expect(displayedHealth(aCollector({ Status: 'Deleted', Health: 'Collecting' }))).toBe('');
    expect(displayedHealth(aCollector({ Status: 'Deleted', Health: 'Collecting', BuildVersion: '1.0.0', UpdateVersion: '1.1.0' }))).toBe('');
  });

  it('settings are in effect once the collector reports the version last saved', () => {
    expect(settingsState(aCollector({ SettingsVersion: 3, AppliedSettingsVersion: 3 }))).toBe('applied');
    expect(settingsState(aCollector({ SettingsVersion: 4, AppliedSettingsVersion: 3 }))).toBe('pending');
    expect(settingsState(aCollector({ SettingsVersion: 1, AppliedSettingsVersion: null }))).toBe('unknown');
  });
});
