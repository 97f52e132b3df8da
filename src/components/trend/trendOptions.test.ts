import type uPlot from 'uplot';
import type { ColumnSeries } from '../../../domain/timeseriesColumns';
import { buildTrendModel } from './trendData';
import { trendOptions, unitRange } from './trendOptions';
import { readPalette } from './trendPalette';

const range = { start: 0, end: 3000 };
const aSeries = (overrides: Partial<ColumnSeries>): ColumnSeries => ({
  measurementUuid: 'a',
  name: 'A',
  database: 'db',
  datatype: 'number',
  uom: '°C',
  fields: ['time', 'mean', 'min', 'max'],
  times: new Float64Array([0, 1000, 2000]),
  columns: { mean: new Float64Array([1, 2, 3]), min: new Float64Array([0, 1, 2]), max: new Float64Array([2, 3, 4]) },
  lastKnown: null,
  truncated: false,
  ...overrides,
});

function optionsOf(series: ColumnSeries[], metas = {}) {
  const model = buildTrendModel(series, metas, range);
  const zooms: { start: number; end: number }[] = [];
  const options = trendOptions({
    model,
    palette: readPalette(document.body),
    width: 800,
    height: 300,
    getRange: () => range,
    formatValue: String,
    onSelect: (selected) => zooms.push(selected),
    onCursor: () => undefined,
    onPlotRect: () => undefined,
  });
  return { model, options, zooms };
}

describe('the uPlot options of a trend', () => {
  it('draws each aggregated series with a band between its max and its min, on the scale of its unit', () => {
    const { options } = optionsOf([aSeries({}), aSeries({ measurementUuid: 'b', name: 'B', uom: 'bar' })]);
    expect(options.series.map((series) => series.scale)).toEqual([undefined, 'y:°C', 'y:°C', 'y:°C', 'y:bar', 'y:bar', 'y:bar']);
    expect(options.bands).toEqual([expect.objectContaining({ series: [3, 2] }), expect.objectContaining({ series: [6, 5] })]);
    expect(options.axes?.map((axis) => [axis.scale, axis.side])).toEqual([
      [undefined, undefined],
      ['y:°C', 3],
      ['y:bar', 1],
    ]);
    // Times are epoch milliseconds, and the x range is the asked range, not the data's.
    expect(options.ms).toBe(1);
    const x = options.scales?.x?.range;
    expect(typeof x === 'function' ? x({} as uPlot, 1000, 2000, 'x') : null).toEqual([0, 3000]);
  });

  it('hands a drag over the plot to the parent instead of zooming locally', () => {
    const { options, zooms } = optionsOf([aSeries({})]);
    expect(options.cursor?.drag).toMatchObject({ x: true, setScale: false });
    const cleared: unknown[] = [];
    const plot = { select: { left: 100, width: 200, top: 0, height: 10 }, posToVal: (left: number) => left * 10, setSelect: (select: unknown) => cleared.push(select) };
    options.hooks?.setSelect?.[0]?.(plot as unknown as uPlot);
    expect(zooms).toEqual([{ start: 1000, end: 3000 }]);
    expect(cleared).toHaveLength(1);
  });
});

describe('the y range of a unit', () => {
  const axis = { scaleKey: 'y:°C', uom: '°C', side: 3 as const, min: null, max: null };
  const line = { measurementUuid: 'a', name: 'A', uom: '°C', scaleKey: 'y:°C', colorIndex: 0, valueIndex: 1, envelope: null, limitLo: null, limitHi: null };

  it('is ValueMin and ValueMax where set', () => {
    expect(unitRange({ ...axis, min: 0, max: 300 }, [line], 20, 30)).toEqual([0, 300]);
    expect(unitRange({ ...axis, min: 0 }, [line], 20, 30)[0]).toBe(0);
  });

  it('otherwise follows the data with a margin, and reaches the limits so their bands show', () => {
    const [low, high] = unitRange(axis, [{ ...line, limitHi: 50 }], 20, 30);
    expect(low).toBeLessThan(20);
    expect(high).toBeGreaterThan(50);
  });

  it('has a span when the data is flat or absent', () => {
    const [low, high] = unitRange(axis, [line], 5, 5);
    expect(high).toBeGreaterThan(low);
    expect(unitRange(axis, [line], null, null)).toEqual([-0.05, 1.05]);
  });
});
