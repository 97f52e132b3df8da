import { http, HttpResponse } from 'msw';
import { isRecord } from '../../../../lib/formConversion';
import type { ConnectionTestResult, TimeseriesDatabaseRead, TimeseriesDatabaseType } from '../../../../api/generated/historian.gen';

// Fixture factories and an in-memory msw server of the time-series database pages (STYLE §16).

export const POSTGRES_TYPE_UUID = '64ef84a8-d87b-4b36-860a-9cc32d1b79e9';
export const INFLUX_TYPE_UUID = '5a096da6-f23e-4424-ba24-87bf35125f51';

export const postgresType = (): TimeseriesDatabaseType => ({
  UUID: POSTGRES_TYPE_UUID,
  Name: 'PostgreSQL',
  SettingsSchema: {
    type: 'object',
    required: ['mode'],
    properties: {
      mode: { title: 'Storage', type: 'string', enum: ['builtin', 'external'], default: 'builtin', required: true, order: 1 },
      host: { title: 'Host', type: 'string', order: 2 },
      port: { title: 'Port', type: 'integer', minimum: 1, maximum: 65535, default: 5432, order: 3 },
      database: { title: 'Database', type: 'string', default: 'historian', order: 4 },
      user: { title: 'User', type: 'string', order: 5 },
      password: { title: 'Password', type: 'string', secure: true, password: true, order: 6 },
    },
  },
});

export const influxType = (): TimeseriesDatabaseType => ({
  UUID: INFLUX_TYPE_UUID,
  Name: 'InfluxDB',
  SettingsSchema: {
    type: 'object',
    required: ['url'],
    properties: {
      url: { title: 'URL', type: 'string', default: 'http://127.0.0.1:8086', required: true, order: 1 },
      database: { title: 'Database', type: 'string', default: 'historian', order: 2 },
      password: { title: 'Password', type: 'string', secure: true, password: true, order: 4 },
    },
  },
});

let counter = 0;

export const aTimeseriesDatabase = (overrides: Partial<TimeseriesDatabaseRead> = {}): TimeseriesDatabaseRead => {
  counter += 1;
  return {
    UUID: `dddddddd-dddd-4ddd-8ddd-${String(counter).padStart(12, '0')}`,
    OrganizationUUID: '22222222-2222-4222-8222-222222222222',
    Name: `Database ${counter}`,
    Description: '',
    TimeseriesDatabaseTypeUUID: POSTGRES_TYPE_UUID,
    Settings: { mode: 'external', host: 'db.plant.example', port: 5432, database: 'historian', user: 'historian' },
    ...overrides,
  };
};

export const passedTest = (): ConnectionTestResult => ({
  Success: true,
  Steps: ['connect', 'authenticate', 'database', 'schema', 'write', 'read'].map((Name) => ({ Name, Success: true })),
});

export const failedTest = (step = 'authenticate', message = 'password authentication failed for user "historian"'): ConnectionTestResult => ({
  Success: false,
  FailedStep: step,
  Steps: [
    { Name: 'connect', Success: true },
    { Name: step, Success: false, Message: message },
  ],
});

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  organization: string | null;
  body: unknown;
}

export const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
  HttpResponse.json({ title: 'Problem', status, detail, errors }, { status, headers: { 'content-type': 'application/problem+json' } });

/** What the pages read and what their actions change; each test answers the tests as it needs. */
export function timeseriesHandlers(initial: TimeseriesDatabaseRead[], options: { storedTest?: ConnectionTestResult; settingsTest?: ConnectionTestResult } = {}) {
  const databases = [...initial];
  const requests: RecordedRequest[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const url = new URL(request.url);
    requests.push({
      method: request.method,
      path: url.pathname,
      query: url.search,
      organization: request.headers.get('x-organization-uuid'),
      body: text ? JSON.parse(text) : undefined,
    });
  };
  // As the server answers: never the secure settings.
  const saved = (body: unknown, uuid: string): TimeseriesDatabaseRead => {
    const sent = isRecord(body) ? body : {};
    return {
      UUID: uuid,
      Name: String(sent.Name),
      TimeseriesDatabaseTypeUUID: String(sent.TimeseriesDatabaseTypeUUID),
      Settings: isRecord(sent.Settings) ? sent.Settings : {},
    };
  };
  const handlers = [
    http.get('/api/timeseries-databases', async ({ request }) => {
      await record(request);
      return HttpResponse.json(databases);
    }),
    http.get('/api/timeseries-database-types', async ({ request }) => {
      await record(request);
      return HttpResponse.json([postgresType(), influxType()]);
    }),
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])),
    http.post('/api/timeseries-databases/test', async ({ request }) => {
      await record(request);
      return HttpResponse.json(options.settingsTest ?? passedTest());
    }),
    http.post('/api/timeseries-databases', async ({ request }) => {
      await record(request);
      const database = saved(requests.at(-1)?.body, 'eeeeeeee-eeee-4eee-8eee-000000000001');
      databases.push(database);
      return HttpResponse.json(database, { status: 201 });
    }),
    http.put('/api/timeseries-databases/:id', async ({ request, params }) => {
      await record(request);
      const index = databases.findIndex((database) => database.UUID === params.id);
      databases[index] = saved(requests.at(-1)?.body, String(params.id));
      return HttpResponse.json(databases[index]);
    }),
    http.delete('/api/timeseries-databases/:id', async ({ request, params }) => {
      await record(request);
      databases.splice(
        databases.findIndex((database) => database.UUID === params.id),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/timeseries-databases/:id/test', async ({ request }) => {
      await record(request);
      return HttpResponse.json(options.storedTest ?? passedTest());
    }),
  ];
  const calls = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { handlers, requests, calls, databases };
}
