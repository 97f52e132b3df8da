import type { ColumnSeries } from '../../../domain/timeseriesColumns';
import { buildTrendModel, laneSegments, lastValue, MIXED_STATE, unionTimes } from './trendData';

const T0 = Date.UTC(2026, 0, 1);
const range = { start: T0, end: T0 + 10_000 };

function aSeries(overrides: Partial<ColumnSeries> = {}): ColumnSeries {
  return {
    measurementUuid: 'm1',
    name: 'Temperature',
    database: 'db',
    datatype: 'number',
    uom: '°C',
    fields: ['time', 'value'],
    times: new Float64Array([T0, T0 + 1000, T0 + 2000]),
    columns: { value: new Float64Array([1, 2, 3]) },
    lastKnown: null,
    truncated: false,
    ...overrides,
  };
}

describe('the data handed to the chart', () => {
  it('hands a raw series without gaps over as it is, without copying a million points', () => {
    const series = aSeries();
    const model = buildTrendModel([series], {}, range);
    expect(model.data[0]).toBe(series.times);
    expect(model.data[1]).toBe(series.columns.value);
    expect(model.lines[0]).toMatchObject({ valueIndex: 1, envelope: null, scaleKey: 'y:°C' });
  });

  it('turns the format nulls (NaN) into gaps', () => {
    const model = buildTrendModel([aSeries({ columns: { value: new Float64Array([1, NaN, 3]) } })], {}, range);
    expect(model.data[1]).toEqual([1, null, 3]);
  });

  it('keeps min and max of each bucket as an envelope around an aggregated series', () => {
    const series = aSeries({
      fields: ['time', 'mean', 'min', 'max'],
      columns: { mean: new Float64Array([2, 5, 3]), min: new Float64Array([1, 0, 2]), max: new Float64Array([3, 40, 4]) },
    });
    const model = buildTrendModel([series], {}, range);
    expect(model.lines[0].envelope).toEqual({ minIndex: 2, maxIndex: 3 });
    // The spike of 40 survives aggregation in the envelope.
    expect(Array.from(model.data[3])).toEqual([3, 40, 4]);
  });

  it('joins series with different times on one x axis, with gaps where a series has no point', () => {
    const a = aSeries({ measurementUuid: 'a', times: new Float64Array([T0, T0 + 2000]), columns: { value: new Float64Array([1, 3]) } });
    const b = aSeries({ measurementUuid: 'b', times: new Float64Array([T0 + 1000, T0 + 2000]), columns: { value: new Float64Array([20, 30]) } });
    const model = buildTrendModel([a, b], {}, range);
    expect(Array.from(model.data[0])).toEqual([T0, T0 + 1000, T0 + 2000]);
    expect(model.data[1]).toEqual([1, null, 3]);
    expect(model.data[2]).toEqual([null, 20, 30]);
  });

  it('gives each unit its own y axis, alternating left and right, and shares it between series of the same unit', () => {
    const model = buildTrendModel(
      [aSeries({ measurementUuid: 'a' }), aSeries({ measurementUuid: 'b', uom: 'bar' }), aSeries({ measurementUuid: 'c' })],
      {},
      range,
    );
    expect(model.axes.map((axis) => [axis.uom, axis.side])).toEqual([['°C', 3], ['bar', 1]]);
    expect(model.lines.map((line) => line.scaleKey)).toEqual(['y:°C', 'y:bar', 'y:°C']);
  });

  it('takes the y range of a unit from ValueMin and ValueMax, and the limits from the engineering specs', () => {
    const model = buildTrendModel([aSeries()], { m1: { valueMin: 0, valueMax: 120, limitLo: 10, limitHi: 90, name: 'Oven', uom: 'K' } }, range);
    expect(model.axes[0]).toMatchObject({ uom: 'K', min: 0, max: 120 });
    expect(model.lines[0]).toMatchObject({ name: 'Oven', limitLo: 10, limitHi: 90 });
  });

  it('draws booleans and strings as state lanes, not lines, and flags truncated answers', () => {
    const flag = aSeries({ measurementUuid: 'f', datatype: 'boolean', columns: { value: new Float64Array([1, 1, 0]) }, truncated: true });
    const model = buildTrendModel([aSeries(), flag], {}, range);
    expect(model.lines).toHaveLength(1);
    expect(model.lanes[0].segments).toEqual([
      { start: T0, end: T0 + 2000, value: 'true' },
      { start: T0 + 2000, end: T0 + 10_000, value: 'false' },
    ]);
    expect(model.legend.map((item) => item.kind)).toEqual(['line', 'lane']);
    expect(model.truncated).toBe(true);
  });
});

describe('state lanes', () => {
  it('merges equal neighbours, leaves nulls as gaps and starts with the last known value', () => {
    const state = aSeries({
      datatype: 'string',
      times: new Float64Array([T0 + 2000, T0 + 3000, T0 + 4000, T0 + 5000]),
      columns: { value: ['Run', 'Run', null, 'Stop'] },
      lastKnown: { time: T0 - 500, value: 'Idle' },
    });
    expect(laneSegments(state, range)).toEqual([
      { start: T0, end: T0 + 2000, value: 'Idle' },
      { start: T0 + 2000, end: T0 + 4000, value: 'Run' },
      { start: T0 + 5000, end: T0 + 10_000, value: 'Stop' },
    ]);
  });

  it('marks an aggregated bucket whose min and max differ as mixed', () => {
    const state = aSeries({
      datatype: 'boolean',
      fields: ['time', 'last', 'min', 'max'],
      columns: { last: new Float64Array([1, 0, 0]), min: new Float64Array([1, 0, 0]), max: new Float64Array([1, 1, 0]) },
    });
    expect(laneSegments(state, range).map((segment) => segment.value)).toEqual(['true', MIXED_STATE, 'false']);
  });
});

describe('the legend value', () => {
  it('is the newest non-null value, else the last known point', () => {
    expect(lastValue(aSeries({ columns: { value: new Float64Array([1, 2, NaN]) } }))).toBe(2);
    expect(lastValue(aSeries({ times: new Float64Array(0), columns: { value: new Float64Array(0) }, lastKnown: { time: T0, value: 7 } }))).toBe(7);
    expect(lastValue(aSeries({ datatype: 'boolean', columns: { value: new Float64Array([0, 0, 1]) } }))).toBe(true);
  });
});

it('the union of time columns is sorted and without repeats', () => {
  expect(Array.from(unionTimes([new Float64Array([1, 3, 5]), new Float64Array([2, 3, 6])]))).toEqual([1, 2, 3, 5, 6]);
});
