import { checkCalculationSettings, SCRIPT_MAX } from './calculationSettings';

// What the settings schema cannot say about a calculation's settings, checked in code: field paths
// and translation keys per rule.

const uuid = '11111111-1111-4111-8111-111111111111';
const fields = (settings: Record<string, unknown>) => checkCalculationSettings(settings).map((e) => `${e.field} ${e.code}`);

describe('checkCalculationSettings', () => {
  it('accepts each type in its shape', () => {
    expect(fields({ Type: 'raw', Inputs: [{ Alias: 'A', MeasurementUUID: uuid, DefaultValue: 0 }], Script: 'x' })).toEqual([]);
    expect(fields({ Type: 'sampled', Interval: '1h30m', Inputs: [{ Alias: 'flow_2', MeasurementUUID: uuid, Aggregation: 'integral' }] })).toEqual([]);
    expect(fields({ Type: 'simulation', Interval: '5s' })).toEqual([]);
  });

  it('leaves an unknown type to the schema', () => {
    expect(fields({ Type: 'streaming', Inputs: 'nothing' })).toEqual([]);
  });

  it('refuses an aggregation outside sampled, unknown input fields and odd default values', () => {
    expect(fields({ Type: 'raw', Inputs: [{ Alias: 'A', MeasurementUUID: uuid, Aggregation: 'mean', Unit: 'x', DefaultValue: { a: 1 } }] })).toEqual([
      'Settings.Inputs.0.Unit calculations.errors.invalid_settings',
      'Settings.Inputs.0.Aggregation calculations.errors.aggregation',
      'Settings.Inputs.0.DefaultValue calculations.errors.invalid_settings',
    ]);
  });

  it('refuses bad aliases and UUIDs, intervals out of range and a script too long', () => {
    expect(fields({ Type: 'sampled', Interval: '2d', Script: 'x'.repeat(SCRIPT_MAX + 1), Inputs: [{ Alias: '1A', MeasurementUUID: 'flow', Aggregation: 'min' }] })).toEqual([
      'Settings.Interval calculations.errors.interval',
      'Settings.Script calculations.errors.script_too_long',
      'Settings.Inputs.0.Alias calculations.errors.alias',
      'Settings.Inputs.0.MeasurementUUID calculations.errors.input_not_found',
    ]);
    // The script reads an input as `_<alias>`: an alias starting with _ could not be read.
    expect(fields({ Type: 'raw', Script: '_A.Value', Inputs: [{ Alias: '_A', MeasurementUUID: '6f1c0d36-1f5e-4a55-9f0f-2f1b7a0c2d11' }] })).toEqual(['Settings.Inputs.0.Alias calculations.errors.alias']);
    expect(fields({ Type: 'simulation', Interval: '500ms' })).toEqual(['Settings.Interval calculations.errors.interval']);
    expect(fields({ Type: 'simulation' })).toEqual(['Settings.Interval calculations.errors.interval']);
  });
});
