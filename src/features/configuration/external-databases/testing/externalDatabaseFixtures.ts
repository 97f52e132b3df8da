import { http, HttpResponse } from 'msw';
import type {
  ConnectionTestResult,
  DatabaseKind,
  ExternalDatabaseKindInfo,
  ExternalDatabaseRead,
  ExternalQueryPreview,
  SettingsSchema,
} from '../../../../api/generated/historian.gen';
import { isRecord } from '../../../../lib/formConversion';

// Fixture factories and an in-memory msw server of the external database pages (STYLE §16), as
// the contract (tag ExternalDatabases) and server/integrations/README.md describe the answers.

const networkSchema = (port: number, tls: boolean): SettingsSchema => ({
  type: 'object',
  required: ['Host', 'Database', 'Username'],
  properties: {
    Host: { title: 'Host', type: 'string', required: true, order: 1, examples: ['mes.plant.example'] },
    Port: { title: 'Port', type: 'integer', minimum: 1, maximum: 65535, default: port, order: 2 },
    Database: { title: 'Database', type: 'string', required: true, order: 3 },
    Username: { title: 'User', type: 'string', required: true, order: 4 },
    Password: { title: 'Password', type: 'string', secure: true, password: true, order: 5 },
    ...(tls ? { TLS: { title: 'TLS', type: 'string', enum: ['disable', 'require', 'verify-full'], default: 'require', order: 6 } } : {}),
  },
});

export const databaseKinds = (): ExternalDatabaseKindInfo[] => [
  { Kind: 'postgres', Available: true, Driver: 'pg', SettingsSchema: networkSchema(5432, true) },
  { Kind: 'mysql', Available: true, Driver: 'mysql2', SettingsSchema: networkSchema(3306, true) },
  { Kind: 'sqlserver', Available: true, Driver: 'mssql', SettingsSchema: networkSchema(1433, true) },
  {
    Kind: 'sqlite',
    Available: true,
    Driver: 'sql.js',
    SettingsSchema: { type: 'object', required: ['File'], properties: { File: { title: 'File', type: 'string', required: true, order: 1, examples: ['/var/lib/lims/lims.db'] } } },
  },
  { Kind: 'oracle', Available: false, SettingsSchema: networkSchema(1521, false) },
  { Kind: 'hdb', Available: false, SettingsSchema: networkSchema(30015, false) },
  { Kind: 'ase', Available: false, SettingsSchema: networkSchema(5000, false) },
];

let counter = 0;

export const anExternalDatabase = (overrides: Partial<ExternalDatabaseRead> = {}): ExternalDatabaseRead => {
  counter += 1;
  return {
    UUID: `abababab-abab-4bab-8bab-${String(counter).padStart(12, '0')}`,
    Name: `MES ${counter}`,
    Description: '',
    Kind: 'postgres',
    Settings: { Host: 'mes.plant.example', Port: 5432, Database: 'mes', Username: 'historian_reader', TLS: 'require' },
    StoredSecureSettings: ['Password'],
    UsedBy: 0,
    ...overrides,
  };
};

export const passedDatabaseTest = (): ConnectionTestResult => ({
  Success: true,
  Steps: ['reach', 'tls', 'authenticate', 'query'].map((Name) => ({ Name, Success: true })),
});

export const failedDatabaseTest = (step = 'authenticate', message = 'password authentication failed for user "historian_reader"'): ConnectionTestResult => {
  const order = ['reach', 'tls', 'authenticate', 'query'];
  const before = order.slice(0, order.indexOf(step)).map((Name) => ({ Name, Success: true }));
  return { Success: false, FailedStep: step, Steps: [...before, { Name: step, Success: false, Message: message }] };
};

export const aPreview = (overrides: Partial<ExternalQueryPreview> = {}): ExternalQueryPreview => ({
  Columns: [
    { Name: 'batch_id', Type: 'text' },
    { Name: 'product', Type: 'text' },
    { Name: 'started_at', Type: 'timestamptz' },
    { Name: 'quantity', Type: 'numeric' },
  ],
  Rows: [
    ['B-2024-0117', 'Yoghurt 500 g', '2026-11-27T05:12:00Z', 1200],
    ['B-2024-0118', 'Yoghurt 1 kg', '2026-11-27T05:48:00Z', 800],
    ['B-2024-0119', null, '2026-11-27T06:02:00Z', 640.5],
  ],
  Truncated: false,
  DurationMs: 42,
  ...overrides,
});

export interface RecordedRequest {
  method: string;
  path: string;
  organization: string | null;
  body: unknown;
}

export const problem = (status: number, detail: string, code?: string, errors?: Record<string, string[]>) =>
  HttpResponse.json({ title: 'Problem', status, detail, code, errors }, { status, headers: { 'content-type': 'application/problem+json' } });

export interface ExternalDatabaseHandlerOptions {
  test?: ConnectionTestResult;
  preview?: ExternalQueryPreview;
  /** DELETE answers 409 external_databases.errors.in_use for databases still used. */
  listFails?: boolean;
}

/** What the pages read and what their actions change, in memory. */
export function externalDatabaseHandlers(initial: ExternalDatabaseRead[], options: ExternalDatabaseHandlerOptions = {}) {
  const databases = [...initial];
  const requests: RecordedRequest[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const url = new URL(request.url);
    const body: unknown = text ? JSON.parse(text) : undefined;
    requests.push({ method: request.method, path: url.pathname, organization: request.headers.get('x-organization-uuid'), body });
    return body;
  };
  // As the server answers: the secure settings only by name.
  const saved = (body: unknown, uuid: string, before?: ExternalDatabaseRead): ExternalDatabaseRead => {
    const sent = isRecord(body) ? body : {};
    const secure = isRecord(sent.SecureSettings) ? sent.SecureSettings : {};
    const stored = new Set(before?.StoredSecureSettings ?? []);
    for (const [name, value] of Object.entries(secure)) {
      if (value === null) stored.delete(name);
      else if (value !== '') stored.add(name);
    }
    return {
      UUID: uuid,
      Name: String(sent.Name),
      Description: typeof sent.Description === 'string' ? sent.Description : '',
      Kind: sent.Kind as DatabaseKind,
      Settings: isRecord(sent.Settings) ? sent.Settings : {},
      StoredSecureSettings: [...stored],
      UsedBy: before?.UsedBy ?? 0,
    };
  };
  const handlers = [
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])),
    http.get('/api/external-database-kinds', async ({ request }) => {
      await record(request);
      return HttpResponse.json(databaseKinds());
    }),
    http.get('/api/external-databases', async ({ request }) => {
      await record(request);
      if (options.listFails) return problem(500, 'The database of the historian is not reachable.');
      return HttpResponse.json(databases);
    }),
    http.post('/api/external-databases/test', async ({ request }) => {
      await record(request);
      return HttpResponse.json(options.test ?? passedDatabaseTest());
    }),
    http.get('/api/external-databases/:id', async ({ request, params }) => {
      await record(request);
      const found = databases.find((database) => database.UUID === params.id);
      return found ? HttpResponse.json(found) : problem(404, 'Not found', 'general.errors.not_found');
    }),
    http.post('/api/external-databases', async ({ request }) => {
      const body = await record(request);
      const database = saved(body, `cdcdcdcd-cdcd-4dcd-8dcd-${String(databases.length + 1).padStart(12, '0')}`);
      databases.push(database);
      return HttpResponse.json(database, { status: 201 });
    }),
    http.put('/api/external-databases/:id', async ({ request, params }) => {
      const body = await record(request);
      const index = databases.findIndex((database) => database.UUID === params.id);
      databases[index] = saved(body, String(params.id), databases[index]);
      return HttpResponse.json(databases[index]);
    }),
    http.delete('/api/external-databases/:id', async ({ request, params }) => {
      await record(request);
      const index = databases.findIndex((database) => database.UUID === params.id);
      if (databases[index].UsedBy > 0) {
        return problem(409, 'The external database is still used.', 'external_databases.errors.in_use');
      }
      databases.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/external-databases/:id/preview', async ({ request }) => {
      await record(request);
      return HttpResponse.json(options.preview ?? aPreview());
    }),
  ];
  const calls = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { handlers, requests, calls, databases };
}
