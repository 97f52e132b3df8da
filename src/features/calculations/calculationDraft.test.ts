import { backfillResultOf, sampleText } from './backfillResult';
import { aggregationChoices, defaultValueOf, draftOf, nextAlias, settingsOf } from './calculationDraft';
import { previewSeries } from './previewSeries';
import { scriptCompletions } from './scriptCompletions';

// The editor's draft of a calculation's Settings and back (DOMAIN.md §2), the suggested aliases,
// the completions a script is offered, and the backfill job's result read defensively.

const FLOW = 'a0000000-0000-4000-8000-0000000000f1';

describe('calculation draft', () => {
  it('keeps what it reads: a stored sampled calculation saves the same settings', () => {
    const stored = { Type: 'sampled', Interval: '5m', IntervalOffset: 30, EvaluateInsufficientData: true, Inputs: [{ Alias: 'A', MeasurementUUID: FLOW, Aggregation: 'max', DefaultValue: 0 }], Script: '_A.Value' };
    expect(settingsOf(draftOf(stored))).toEqual(stored);
  });

  it('saves only the fields of its type', () => {
    const draft = draftOf({ Type: 'sampled', Interval: '1m', Inputs: [{ Alias: 'A', MeasurementUUID: FLOW, Aggregation: 'mean' }], Script: '1' });
    expect(settingsOf({ ...draft, Type: 'raw' })).toEqual({ Type: 'raw', Inputs: [{ Alias: 'A', MeasurementUUID: FLOW }], Script: '1' });
    expect(settingsOf({ ...draft, Type: 'simulation' })).toEqual({ Type: 'simulation', Interval: '1m', IntervalOffset: 0, Inputs: [], Script: '1' });
  });

  it('starts a new calculation sampled over a minute', () => {
    expect(draftOf(undefined)).toMatchObject({ Type: 'sampled', Interval: '1m', IntervalOffset: 0, EvaluateInsufficientData: false, Inputs: [], Script: '' });
  });

  it('reads a typed default value as a number, a boolean or text, and empty as none', () => {
    expect(defaultValueOf(' 2.5 ')).toBe(2.5);
    expect(defaultValueOf('false')).toBe(false);
    expect(defaultValueOf('open')).toBe('open');
    expect(defaultValueOf('  ')).toBeUndefined();
  });

  it('suggests the next free alias: A, B, … Z, then A1', () => {
    expect(nextAlias([])).toBe('A');
    expect(nextAlias(['A', 'C'])).toBe('B');
    expect(nextAlias(Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index)))).toBe('A1');
  });

  it("offers the aggregations the input's datatype allows", () => {
    expect(aggregationChoices('number')).toContain('integral');
    expect(aggregationChoices('string')).toEqual(['count', 'first', 'last', 'mode']);
    expect(aggregationChoices('[]number')).toEqual(['count', 'first', 'last']);
  });
});

describe('script completions', () => {
  it("complete each input's fields by alias and the sandbox's helpers", () => {
    const labels = scriptCompletions(['A', '']).map((completion) => completion.label);
    expect(labels).toEqual(expect.arrayContaining(['_A.Value', '_A.Timestamp', '_A.Tags', '_A.Status', 'set_tag', 'set_status', 'local.get', 'local.set', 'context.previousResult']));
    expect(labels.some((label) => label.startsWith('_.'))).toBe(false);
  });
});

describe('backfill result', () => {
  it('reads the counts, the sample and the first errors, and nothing from a result of another shape', () => {
    const result = backfillResultOf({ DryRun: true, Calculations: [{ UUID: 'u', Name: 'n', Added: 2, Sample: [{ T: 1, Old: null, New: 1.5 }], FirstErrors: [{ T: 2, Code: 'script', Message: 'm', Line: 3 }] }] });
    expect(result?.Calculations[0]).toMatchObject({ Added: 2, Changed: 0, Written: 0, Sample: [{ T: 1, Old: null, New: 1.5 }], FirstErrors: [{ T: 2, Code: 'script', Message: 'm', Line: 3 }] });
    expect(backfillResultOf({ Value: 3 })).toBeNull();
    expect(sampleText(null)).toBe('–');
    expect(sampleText(1.25, (value) => value.toFixed(1))).toBe('1.3');
    expect(sampleText([1, 2])).toBe('[1,2]');
  });
});

describe('preview series', () => {
  it('draws a Bad point (an interval without enough input data) as a gap, not as its zero', () => {
    const series = previewSeries(
      [
        { T: 1, V: 2, Status: 'Good' },
        { T: 2, V: 0, Status: 'BadInsufficientData' },
      ],
      'number',
      'yield (preview)',
    );
    expect(Array.from(series.times)).toEqual([1, 2]);
    expect(Array.from(series.columns.value as Float64Array)).toEqual([2, Number.NaN]);
  });
});
