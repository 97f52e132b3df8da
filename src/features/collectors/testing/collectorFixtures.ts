import { http, HttpResponse } from 'msw';
import type { CollectorRead, CollectorHealth, ProductUpdate } from '../../../api/generated/historian.gen';

// Fixture factories and msw handlers of the collectors feature (STYLE §16).

let counter = 0;
const uuid = (n: number) => `cccccccc-cccc-4ccc-8ccc-${String(n).padStart(12, '0')}`;

export const aCollector = (overrides: Partial<CollectorRead> = {}): CollectorRead => {
  counter += 1;
  return {
    UUID: uuid(counter),
    OrganizationUUID: '22222222-2222-4222-8222-222222222222',
    Name: `Collector ${counter}`,
    Description: '',
    Status: 'Active',
    CollectorType: 'simulation',
    BuildVersion: '1.0.0',
    BuildOs: 'linux',
    BuildArch: 'x64',
    Health: 'Collecting',
    HealthUpdatedAt: '2026-05-01T10:00:00.000Z',
    Settings: { SampleIntervalMs: 1000 },
    SettingsSchema: {
      type: 'object',
      required: ['SampleIntervalMs'],
      properties: {
        SampleIntervalMs: { type: 'integer', title: 'Sample interval (ms)', minimum: 100, order: 1 },
        DeviceKey: { type: 'string', title: 'Device key', secure: true, order: 2 },
      },
    },
    SettingsVersion: 1,
    AppliedSettingsVersion: 1,
    IsSystem: false,
    RegisteredAt: '2026-05-01T09:00:00.000Z',
    ...overrides,
  };
};

export const aProductUpdate = (overrides: Partial<ProductUpdate> = {}): ProductUpdate => {
  counter += 1;
  return {
    UUID: uuid(1000 + counter),
    ProductType: 'simulation',
    Product: 'Historian simulation collector',
    OS: 'linux',
    Arch: 'x64',
    Version: '1.1.0',
    Checksum: 'a'.repeat(64),
    Size: 1234,
    CreatedAt: '2026-05-01T08:00:00.000Z',
    ...overrides,
  };
};

export const aHealthRecord = (collector: CollectorRead, Health: string, Timestamp: string): CollectorHealth => ({
  CollectorUUID: collector.UUID,
  Health,
  Timestamp,
});

const problem = (status: number, detail: string) =>
  HttpResponse.json({ title: 'Conflict', status, detail }, { status, headers: { 'content-type': 'application/problem+json' } });

/** A small in-memory collectors server: what the page reads and what its actions change. */
export function collectorHandlers(initial: CollectorRead[], updates: ProductUpdate[] = [], history: CollectorHealth[] = []) {
  const collectors = [...initial];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' ? '' : await request.text();
    requests.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
  };
  const find = (id: unknown) => collectors.find((collector) => collector.UUID === id);
  const handlers = [
    // As the server pages and searches (Limit, Page, Keyword on name and description).
    http.get('/api/collectors', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const keyword = (params.get('Keyword') ?? '').toLowerCase();
      const limit = Number(params.get('Limit') ?? 100);
      const page = Number(params.get('Page') ?? 1);
      const matching = collectors.filter((c) => keyword === '' || `${c.Name}\n${c.Description ?? ''}`.toLowerCase().includes(keyword));
      return HttpResponse.json(matching.slice((page - 1) * limit, page * limit), { headers: { 'x-total-count': String(matching.length) } });
    }),
    http.get('/api/product-updates', () => HttpResponse.json(updates)),
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])),
    http.get('/api/collectors/:id/collector-health-history', ({ params }) =>
      HttpResponse.json(history.filter((entry) => entry.CollectorUUID === params.id)),
    ),
    http.post('/api/collectors', async ({ request }) => {
      await record(request);
      const created = aCollector({ ...(requests[requests.length - 1].body ?? {}), Status: 'Initial', Health: '', CollectorType: '', RegisteredAt: null });
      collectors.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/collectors/:id', async ({ request, params }) => {
      await record(request);
      const collector = find(params.id);
      return collector ? HttpResponse.json(collector) : problem(404, 'No such collector');
    }),
    http.patch('/api/collectors/:id/status', async ({ request, params }) => {
      await record(request);
      const collector = find(params.id);
      const body = requests[requests.length - 1].body;
      if (collector && typeof body === 'object' && body !== null && 'Status' in body && typeof body.Status === 'string') {
        Object.assign(collector, { Status: body.Status });
      }
      return HttpResponse.json(collector);
    }),
    http.delete('/api/collectors/:id', async ({ request }) => {
      await record(request);
      return problem(409, 'Pump still has 2 active measurements. Delete them or move them to another collector first.');
    }),
    http.get('/api/collectors/:id/token', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ Token: 'historian_col_secret' });
    }),
    http.post('/api/collectors/:id/start-update', async ({ request, params }) => {
      await record(request);
      const body = requests[requests.length - 1].body;
      const collector = find(params.id);
      // Like the server: the collector is told to install it, which the list then shows.
      if (collector && typeof body === 'object' && body !== null && 'Version' in body && typeof body.Version === 'string') {
        Object.assign(collector, { UpdateVersion: body.Version });
      }
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, requests, collectors };
}
