import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { COLUMNS_MEDIA_TYPE, encodeColumns, type ColumnsAnswer } from '../../../domain/timeseriesColumns';
import { makeStore } from '../../app/store';
import { aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { server } from '../../testing/server';
import { setXsrfCookie } from '../transport/transportTestUtils';
import { useTimeseriesColumnsQuery } from './timeseries';

// The trend's hook: the time-series query asked for as the columnar answer through the one
// transport, decoded into typed arrays, kept in the cache without tripping the store's checks.

const MEASUREMENT = '44444444-4444-4444-8444-444444444444';
const body = { MeasurementUUIDs: [MEASUREMENT], Start: 0, End: 3_000, Aggregation: { Name: 'mean' as const, Period: '1s', WithMinMax: true } };

function anAnswer(): ColumnsAnswer {
  return {
    series: [
      {
        measurementUuid: MEASUREMENT,
        name: 'Pressure',
        database: 'historian',
        datatype: 'number',
        uom: 'bar',
        fields: ['time', 'mean', 'min', 'max'],
        times: new Float64Array([0, 1_000, 2_000]),
        columns: { mean: new Float64Array([1.5, NaN, 3]), min: new Float64Array([1, NaN, 3]), max: new Float64Array([2, NaN, 3]) },
        lastKnown: { time: -500, value: 1.25 },
        truncated: false,
      },
    ],
  };
}

function renderQuery() {
  setXsrfCookie();
  const store = makeStore({
    session: aSession(),
    organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useTimeseriesColumnsQuery(body), { wrapper });
}

describe('useTimeseriesColumnsQuery', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error');
  });
  afterEach(() => consoleError.mockRestore());

  it('asks for the columnar type in the organization and decodes typed arrays, without serializability warnings', async () => {
    const seen: { accept: string | null; organization: string | null; body: unknown }[] = [];
    server.use(
      http.post('/api/timeseries/query', async ({ request }) => {
        seen.push({ accept: request.headers.get('accept'), organization: request.headers.get('x-organization-uuid'), body: await request.json() });
        return new HttpResponse(encodeColumns(anAnswer()), { headers: { 'content-type': COLUMNS_MEDIA_TYPE } });
      }),
    );
    const { result } = renderQuery();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(seen).toEqual([{ accept: COLUMNS_MEDIA_TYPE, organization: ORG_A_UUID, body }]);
    const [series] = result.current.data?.series ?? [];
    expect(series.times).toBeInstanceOf(Float64Array);
    expect(Array.from(series.times)).toEqual([0, 1_000, 2_000]);
    expect(Array.from(series.columns.mean as Float64Array)).toEqual([1.5, NaN, 3]);
    expect(series).toMatchObject({ name: 'Pressure', uom: 'bar', fields: ['time', 'mean', 'min', 'max'], lastKnown: { time: -500, value: 1.25 } });
    const warnings = consoleError.mock.calls.map((args) => String(args[0]));
    expect(warnings.filter((text) => /non-serializable/i.test(text))).toEqual([]);
  });

  it('reports a refused query as the problem with its field errors', async () => {
    server.use(
      http.post('/api/timeseries/query', () =>
        HttpResponse.json(
          { title: 'Bad Request', status: 400, errors: { End: ['timeseries.errors.end_before_start'] } },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const { result } = renderQuery();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ kind: 'problem', code: 400, body: { errors: { End: ['timeseries.errors.end_before_start'] } } });
  });

  it('fails as a parse error when the body is not the columnar format', async () => {
    server.use(http.post('/api/timeseries/query', () => new HttpResponse('not columns', { headers: { 'content-type': COLUMNS_MEDIA_TYPE } })));
    const { result } = renderQuery();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ kind: 'parse' });
  });
});
