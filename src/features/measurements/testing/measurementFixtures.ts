import { http, HttpResponse } from 'msw';
import { COLUMNS_MEDIA_TYPE, encodeColumns } from '../../../../domain/timeseriesColumns';
import type { CollectorRead, MeasurementBulkItemResult, MeasurementRead, TimeseriesDatabaseRead } from '../../../api/generated/historian.gen';
import { noTranslationOverrides } from '../../../testing/licence';
import { server } from '../../../testing/server';

// Fixture factories (STYLE §16) and msw handlers of the measurements page tests.

export const SIM_COLLECTOR_UUID = 'c0000000-0000-4000-8000-000000000001';
export const CALC_COLLECTOR_UUID = 'c0000000-0000-4000-8000-000000000002';
export const DATABASE_UUID = 'd0000000-0000-4000-8000-000000000001';

let count = 0;
export const aMeasurement = (overrides: Partial<MeasurementRead> = {}): MeasurementRead => {
  count += 1;
  return {
    UUID: `a0000000-0000-4000-8000-${String(count).padStart(12, '0')}`,
    Name: `line_${count}.temperature`,
    Description: 'Oven temperature',
    CollectorUUID: SIM_COLLECTOR_UUID,
    CollectorName: 'Simulation',
    DatabaseUUID: DATABASE_UUID,
    DatabaseName: 'historian',
    Datatype: 'number',
    Status: 'Active',
    Quality: 'Good',
    Settings: { Shape: 'sine', Period: 60 },
    Attributes: { Config: { UoM: '°C', ValueMin: 0, ValueMax: 200 }, Tags: {}, Metadata: {} },
    Labels: ['line-1'],
    LastPoint: { Time: '2026-11-26T10:00:00.000Z', Value: 21.5, Quality: 192 },
    ...overrides,
  };
};

export const aSimulationCollector = (overrides: Partial<CollectorRead> = {}): CollectorRead => ({
  UUID: SIM_COLLECTOR_UUID,
  Name: 'Simulation',
  Status: 'Active',
  CollectorType: 'simulation',
  MeasurementSettingsSchema: {
    type: 'object',
    required: ['Shape'],
    properties: {
      Shape: { type: 'string', title: 'Signal shape', enum: ['sine', 'square', 'random'] },
      Period: { type: 'number', title: 'Period (s)', minimum: 1 },
    },
  },
  ...overrides,
});

export const aCalculationCollector = (overrides: Partial<CollectorRead> = {}): CollectorRead => ({
  UUID: CALC_COLLECTOR_UUID,
  Name: 'Calculations',
  Status: 'Active',
  CollectorType: 'calculation',
  ...overrides,
});

export const aDatabase = (overrides: Partial<TimeseriesDatabaseRead> = {}): TimeseriesDatabaseRead => ({
  UUID: DATABASE_UUID,
  Name: 'historian',
  TimeseriesDatabaseTypeUUID: 'e0000000-0000-4000-8000-000000000001',
  ...overrides,
});

export const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
  HttpResponse.json({ title: 'Problem', status, detail, errors }, { status, headers: { 'content-type': 'application/problem+json' } });

export interface MeasurementServer {
  /** The query of every list call. */
  lists: URLSearchParams[];
  statusBodies: unknown[];
  labelBodies: unknown[];
  created: unknown[];
}

export interface MeasurementServerOptions {
  collectors?: CollectorRead[];
  /** Answers a bulk status change per measurement; by default every one succeeds. */
  bulkResult?: (uuid: string) => MeasurementBulkItemResult;
  /** Answers a create instead of creating. */
  createAnswer?: () => Response;
}

/** The measurement calls as the server answers them: pages of `Limit` out of `measurements`, in order. */
export function measurementServer(measurements: MeasurementRead[], options: MeasurementServerOptions = {}): MeasurementServer {
  const seen: MeasurementServer = { lists: [], statusBodies: [], labelBodies: [], created: [] };
  server.use(
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json(null)),
    http.get('/api/measurement-labels', () => HttpResponse.json([{ Name: 'line-1', Count: measurements.length }, { Name: 'critical', Count: 1 }])),
    http.get('/api/collectors', () => HttpResponse.json(options.collectors ?? [aSimulationCollector()], { headers: { 'x-total-count': String((options.collectors ?? [0]).length) } })),
    http.get('/api/timeseries-databases', () => HttpResponse.json([aDatabase()])),
    // The trend shown above the table (its own tests draw series; here it finds none).
    http.post('/api/timeseries/query', () => new HttpResponse(encodeColumns({ series: [] }), { headers: { 'content-type': COLUMNS_MEDIA_TYPE } })),
    http.get('/api/measurements', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.lists.push(params);
      const page = Number(params.get('Page') ?? 1);
      const size = Number(params.get('Limit') ?? 100);
      return HttpResponse.json(measurements.slice((page - 1) * size, page * size), { headers: { 'x-total-count': String(measurements.length) } });
    }),
    http.get('/api/measurements/:id', ({ params }) => {
      const found = measurements.find((item) => item.UUID === params.id);
      return found ? HttpResponse.json(found) : problem(404, 'No such measurement');
    }),
    http.patch('/api/measurements/status', async ({ request }) => {
      const body: unknown = await request.json();
      seen.statusBodies.push(body);
      const uuids: string[] = typeof body === 'object' && body !== null && Array.isArray(Reflect.get(body, 'UUIDs')) ? Reflect.get(body, 'UUIDs') : [];
      return HttpResponse.json({ Results: uuids.map((uuid) => options.bulkResult?.(uuid) ?? { UUID: uuid, Ok: true }) });
    }),
    http.patch('/api/measurements/labels', async ({ request }) => {
      const body: unknown = await request.json();
      seen.labelBodies.push(body);
      const uuids: string[] = typeof body === 'object' && body !== null && Array.isArray(Reflect.get(body, 'UUIDs')) ? Reflect.get(body, 'UUIDs') : [];
      return HttpResponse.json({ Results: uuids.map((uuid) => ({ UUID: uuid, Ok: true })) });
    }),
    http.post('/api/measurements', async ({ request }) => {
      const body: unknown = await request.json();
      seen.created.push(body);
      if (options.createAnswer) return options.createAnswer();
      const created = aMeasurement(typeof body === 'object' && body !== null ? { ...body } : {});
      measurements.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
  );
  return seen;
}
