import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import type uPlot from 'uplot';
import { COLUMNS_MEDIA_TYPE, encodeColumns, type ColumnSeries } from '../../../../domain/timeseriesColumns';
import type { MeasurementRead, TimeseriesQuery } from '../../../api/generated/historian.gen';
import { aSession, ORG_A_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { TrendView } from './TrendView';

// uPlot draws on a canvas, which jsdom lacks: the chart is checked through what it hands to uPlot.
interface FakePlot {
  options: uPlot.Options;
  data: uPlot.AlignedData;
  destroyed: boolean;
}
const plots: FakePlot[] = [];
jest.mock('uplot', () => {
  class FakeUPlot {
    options: uPlot.Options;
    data: uPlot.AlignedData;
    destroyed = false;
    over = { style: { left: '56px', width: '1000px' } };
    select = { left: 0, top: 0, width: 0, height: 0 };
    cursor = { idx: null, left: -10 };
    constructor(options: uPlot.Options, data: uPlot.AlignedData) {
      this.options = options;
      this.data = data;
      plots.push(this);
      for (const hook of options.hooks?.ready ?? []) hook?.(this as unknown as uPlot);
    }
    setData(data: uPlot.AlignedData) {
      this.data = data;
    }
    setSize() {}
    setScale() {}
    setSelect() {}
    posToVal(left: number) {
      return left;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return { __esModule: true, default: FakeUPlot };
});

const livePlot = () => plots.filter((plot) => !plot.destroyed).at(-1);

const T0 = Date.UTC(2026, 10, 26, 11);
const aSeries = (overrides: Partial<ColumnSeries>): ColumnSeries => ({
  measurementUuid: 'm1',
  name: 'Oven temperature',
  database: 'plant',
  datatype: 'number',
  uom: '°C',
  fields: ['time', 'value'],
  times: new Float64Array([T0, T0 + 60_000, T0 + 120_000]),
  columns: { value: new Float64Array([20, 21.5, 23]) },
  lastKnown: null,
  truncated: false,
  ...overrides,
});

const aMeasurement = (uuid: string, name: string, config: Record<string, unknown> = {}): MeasurementRead => ({
  UUID: uuid,
  Name: name,
  CollectorUUID: 'c1',
  DatabaseUUID: 'd1',
  Datatype: 'number',
  Status: 'Active',
  Attributes: { Config: config },
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function setup(route = '/measurements?trend=m1,m2&from=now-1h&to=now') {
  document.cookie = 'XSRF-TOKEN=test';
  const bodies: TimeseriesQuery[] = [];
  server.use(
    http.post('*/timeseries/query', async ({ request }) => {
      expect(request.headers.get('accept')).toContain(COLUMNS_MEDIA_TYPE);
      const body = (await request.json()) as TimeseriesQuery;
      bodies.push(body);
      const series = body.MeasurementUUIDs.map((uuid) =>
        uuid === 'm1' ? aSeries({}) : aSeries({ measurementUuid: uuid, name: 'Door open', datatype: 'boolean', uom: '', columns: { value: new Float64Array([0, 1, 1]) } }),
      );
      return new HttpResponse(encodeColumns({ series }), { headers: { 'content-type': COLUMNS_MEDIA_TYPE } });
    }),
    http.get('*/translations/:lng/:ns', () => HttpResponse.json([])),
    http.get('*/measurements/m1', () => HttpResponse.json(aMeasurement('m1', 'Oven temperature', { UoM: '°C', ValueMin: 0, ValueMax: 300, LimitLo: 10, LimitHi: 250 }))),
    http.get('*/measurements/m2', () => HttpResponse.json({ ...aMeasurement('m2', 'Door open'), Datatype: 'boolean' })),
    http.get('*/measurements/m3', () => HttpResponse.json({ ...aMeasurement('m3', 'Mode'), Datatype: 'string' })),
  );
  const rendered = renderWithProviders(
    <>
      <TrendView />
      <LocationProbe />
    </>,
    { route, preloadedState: { session: aSession(), organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: null, hasManualEntryForms: false } } },
  );
  const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
  return { ...rendered, bodies, address };
}

beforeAll(() => {
  // uPlot loads only where the screen answers matchMedia, which jsdom does not.
  window.matchMedia = jest.fn((query: string) => ({ matches: false, media: query, onchange: null, addListener: jest.fn(), removeListener: jest.fn(), addEventListener: jest.fn(), removeEventListener: jest.fn(), dispatchEvent: jest.fn() }));
});

beforeEach(() => {
  plots.length = 0;
});

describe('the trend on its shareable address', () => {
  it('asks for the measurements of the address over its range and hands their values to the chart', async () => {
    const before = Date.now();
    const { bodies } = setup();
    await waitFor(() => expect(livePlot()).toBeDefined());
    expect(bodies[0].MeasurementUUIDs).toEqual(['m1', 'm2']);
    const start = Date.parse(String(bodies[0].Start));
    expect(Date.parse(String(bodies[0].End)) - start).toBe(3_600_000);
    expect(start).toBeGreaterThanOrEqual(before - 3_600_000);
    // One hour of one-second data is under the point budget: raw points.
    expect(bodies[0].Aggregation).toBeUndefined();
    expect(bodies[0].IncludeLastKnownPoint).toBe(true);
    const plot = livePlot();
    expect(Array.from(plot?.data[1] ?? [])).toEqual([20, 21.5, 23]);
    // The boolean is a state lane under the chart, not a line.
    expect(plot?.data).toHaveLength(2);
    const lanes = await screen.findByRole('list', { name: 'State lanes' });
    expect(within(lanes).getByText('Door open')).toBeInTheDocument();
    expect(within(lanes).getByTitle(/Door open: true/)).toBeInTheDocument();
  });

  it('takes the y range and the limits from the engineering specs of the measurement', async () => {
    setup();
    await waitFor(() => {
      const scale = livePlot()?.options.scales?.['y:°C'];
      expect(typeof scale?.range).toBe('function');
    });
    await waitFor(() => {
      const range = livePlot()?.options.scales?.['y:°C']?.range;
      if (typeof range !== 'function') throw new Error('no range');
      expect(range({} as uPlot, 20, 23, 'y:°C')).toEqual([0, 300]);
    });
  });

  it('a relative range from the picker changes the address and asks again, aggregated with min and max', async () => {
    const { user, bodies, address } = setup();
    await waitFor(() => expect(bodies).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 7 days');
    expect(address().get('from')).toBe('now-7d');
    expect(address().get('to')).toBe('now');
    await waitFor(() => expect(bodies.at(-1)?.Aggregation).toEqual({ Name: 'mean', Period: '10m', Fill: 'null', WithMinMax: true }));
    expect(Date.parse(String(bodies.at(-1)?.End)) - Date.parse(String(bodies.at(-1)?.Start))).toBe(7 * 86_400_000);
  });

  it('dragging over the chart zooms: the address gets the absolute range and the trend asks for it', async () => {
    const { bodies, address } = setup();
    await waitFor(() => expect(livePlot()).toBeDefined());
    const plot = livePlot();
    const zoom = plot?.options.hooks?.setSelect?.[0];
    const from = T0 + 10_000;
    const to = T0 + 70_000;
    act(() => zoom?.({ ...plot, select: { left: from, top: 0, width: to - from, height: 10 }, setSelect: () => undefined, posToVal: (value: number) => value } as unknown as uPlot));
    expect(address().get('from')).toBe(new Date(from).toISOString());
    expect(address().get('to')).toBe(new Date(to).toISOString());
    await waitFor(() => expect(bodies.at(-1)?.Start).toBe(new Date(from).toISOString()));
    expect(bodies.at(-1)?.End).toBe(new Date(to).toISOString());
  });

  it('removing a measurement takes it out of the address and of the query', async () => {
    const { user, bodies, address } = setup();
    await screen.findByRole('button', { name: 'Remove Door open from the trend' });
    await user.click(screen.getByRole('button', { name: 'Remove Door open from the trend' }));
    expect(address().get('trend')).toBe('m1');
    await waitFor(() => expect(bodies.at(-1)?.MeasurementUUIDs).toEqual(['m1']));
  });

  it('raw mode asks for raw points under the point budget whatever the range', async () => {
    const { bodies } = setup('/measurements?trend=m1&from=now-30d&to=now&raw=1');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].Aggregation).toBeUndefined();
    expect(bodies[0].Limit).toBe(1_000_000);
  });

  it('strings cannot be averaged: when aggregated, they are asked apart for the last value of each window', async () => {
    const { bodies } = setup('/measurements?trend=m1,m3&from=now-7d&to=now');
    await waitFor(() => expect(bodies.some((body) => body.Aggregation?.Name === 'last')).toBe(true));
    expect(bodies.find((body) => body.Aggregation?.Name === 'last')?.MeasurementUUIDs).toEqual(['m3']);
    expect(bodies.filter((body) => body.Aggregation?.Name === 'mean').at(-1)?.MeasurementUUIDs).toEqual(['m1']);
  });

  it('an absolute range with the start after the end is refused with a message', async () => {
    const { user, bodies, address } = setup();
    await waitFor(() => expect(bodies).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Absolute range' }));
    const fromInput = screen.getByLabelText('From');
    const toInput = screen.getByLabelText('To');
    await user.clear(fromInput);
    await user.type(fromInput, '2026-11-26T10:00:00');
    await user.clear(toInput);
    await user.type(toInput, '2026-11-26T09:00:00');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('the start must be before the end');
    expect(address().get('from')).toBe('now-1h');
  });
});
