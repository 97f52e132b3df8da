import { http, HttpResponse } from 'msw';
import type {
  ConnectionTestResult,
  ForwarderPreview,
  ForwarderRead,
  ForwarderSelectionPreview,
  ForwarderTestMessageResult,
  SinkRead,
  SinkStatistics,
  SinkType,
} from '../../../../api/generated/historian.gen';
import { isRecord } from '../../../../lib/formConversion';

// Fixture factories and an in-memory msw server of the sinks and forwarders pages (STYLE §16),
// shaped as openapi/historian.yaml (tags Sinks, Forwarders) answers.

export const mqttType = (): SinkType => ({
  Type: 'MQTT',
  SettingsSchema: {
    type: 'object',
    required: ['BrokerURL', 'ClientID'],
    properties: {
      BrokerURL: {
        title: 'Broker URL',
        type: 'string',
        examples: ['mqtts://broker.example:8883'],
        required: true,
        order: 1,
      },
      ClientID: {
        title: 'Client ID',
        type: 'string',
        default: 'historian',
        required: true,
        order: 2,
      },
      Username: { title: 'Username', type: 'string', order: 3 },
      Password: {
        title: 'Password',
        type: 'string',
        secure: true,
        password: true,
        order: 4,
      },
      QoS: {
        title: 'QoS',
        type: 'integer',
        enum: [0, 1, 2],
        default: 1,
        order: 5,
      },
      KeepAlive: {
        title: 'Keep alive (s)',
        type: 'integer',
        minimum: 1,
        maximum: 3600,
        default: 30,
        order: 6,
      },
    },
  },
});

export const sparkplugType = (): SinkType => ({
  Type: 'SparkplugB',
  SettingsSchema: {
    type: 'object',
    required: ['BrokerURL', 'GroupID', 'NodeID'],
    properties: {
      BrokerURL: {
        title: 'Broker URL',
        type: 'string',
        required: true,
        order: 1,
      },
      GroupID: { title: 'Group ID', type: 'string', required: true, order: 2 },
      NodeID: {
        title: 'Edge node ID',
        type: 'string',
        required: true,
        order: 3,
      },
      Password: {
        title: 'Password',
        type: 'string',
        secure: true,
        password: true,
        order: 4,
      },
      DataOnly: {
        title: 'Data only',
        type: 'boolean',
        default: false,
        order: 5,
      },
    },
  },
});

export const aSinkStatistics = (overrides: Partial<SinkStatistics> = {}): SinkStatistics => ({
  Connected: true,
  Sent: 12840,
  Buffered: 3,
  BufferedBytes: 912,
  Dropped: 0,
  LastError: null,
  LastErrorAt: null,
  ConnectedSince: '2026-11-27T05:12:00Z',
  UpdatedAt: '2026-11-27T06:00:00Z',
  ...overrides,
});

let counter = 0;
const uuid = (prefix: string, n: number) => `${prefix}-${prefix.slice(0, 4)}-4${prefix.slice(0, 3)}-8${prefix.slice(0, 3)}-${String(n).padStart(12, '0')}`;

export const aSink = (overrides: Partial<SinkRead> = {}): SinkRead => {
  counter += 1;
  return {
    UUID: uuid('5a5a5a5a', counter),
    Name: `Broker ${counter}`,
    Description: '',
    Type: 'MQTT',
    State: 'running',
    Settings: {
      BrokerURL: 'mqtts://broker.plant.example:8883',
      ClientID: 'historian',
      Username: 'historian',
      QoS: 1,
      KeepAlive: 30,
    },
    StoredSecureSettings: ['Password'],
    Statistics: aSinkStatistics(),
    ForwarderCount: 0,
    ...overrides,
  };
};

export const aForwarder = (sink: SinkRead, overrides: Partial<ForwarderRead> = {}): ForwarderRead => {
  counter += 1;
  return {
    UUID: uuid('f0f0f0f0', counter),
    Name: `Forwarder ${counter}`,
    Description: '',
    SinkUUID: sink.UUID,
    SinkName: sink.Name,
    State: 'running',
    Selection: { Labels: ['line-1'] },
    Format: sink.Type === 'SparkplugB' ? 'sparkplugb' : 'json',
    Templates: {
      PointMessage: '{"time": "{{ .Timestamp }}", "value": {{ .Value }}, "quality": {{ .Quality }}}',
      MeasurementTopic: 'plant/{{ (getMeasurement .MeasurementUUID).Name }}',
    },
    ReloadInterval: '5m',
    Statistics: {
      Queued: 2,
      Forwarded: 5120,
      LastForwardedAt: '2026-11-27T06:00:00Z',
      LastError: null,
      SelectedMeasurements: 14,
    },
    ...overrides,
  };
};

export const passedSinkTest = (): ConnectionTestResult => ({
  Success: true,
  Steps: ['resolve', 'connect', 'tls', 'authenticate', 'publish'].map((Name) => ({ Name, Success: true })),
});

export const failedSinkTest = (): ConnectionTestResult => ({
  Success: false,
  FailedStep: 'authenticate',
  Steps: [
    {
      Name: 'resolve',
      Success: true,
      Message: 'broker.plant.example → 10.0.4.12',
    },
    { Name: 'connect', Success: true },
    { Name: 'tls', Success: true, Message: 'TLS 1.3' },
    {
      Name: 'authenticate',
      Success: false,
      Message: 'Connection refused: Not authorized',
    },
  ],
});

export const aSelectionPreview = (overrides: Partial<ForwarderSelectionPreview> = {}): ForwarderSelectionPreview => ({
  Measurements: 14,
  AssetProperties: 3,
  EventTypes: 1,
  Sample: [
    {
      MeasurementUUID: uuid('aaaaaaaa', 1),
      MeasurementName: 'Line1.Temperature',
    },
    {
      MeasurementUUID: uuid('aaaaaaaa', 2),
      MeasurementName: 'Line1.Pressure',
      AssetPropertyUUID: uuid('bbbbbbbb', 1),
      AssetPath: 'Site A/Line 1',
    },
  ],
  ...overrides,
});

export const aPreview = (overrides: Partial<ForwarderPreview> = {}): ForwarderPreview => ({
  Topic: 'plant/Line1.Temperature',
  Payload: '{"name": "Line1.Temperature", "time": "2026-11-27T05:59:58Z", "value": 72.4}',
  Source: {
    MeasurementUUID: uuid('aaaaaaaa', 1),
    MeasurementName: 'Line1.Temperature',
    Time: '2026-11-27T05:59:58Z',
    Value: 72.4,
    Quality: 192,
  },
  Errors: [],
  ...overrides,
});

export const problem = (status: number, detail: string, extra: { code?: string; errors?: Record<string, string[]> } = {}) =>
  HttpResponse.json({ title: 'Problem', status, detail, ...extra }, { status, headers: { 'content-type': 'application/problem+json' } });

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

export interface SinkHandlerOptions {
  sinkTest?: ConnectionTestResult;
  preview?: (body: unknown) => ForwarderPreview;
  selection?: ForwarderSelectionPreview;
  testMessage?: ForwarderTestMessageResult;
}

/** What the pages read and what their actions change, answered from memory. */
export function sinkHandlers(initialSinks: SinkRead[], initialForwarders: ForwarderRead[] = [], options: SinkHandlerOptions = {}) {
  const sinks = [...initialSinks];
  const forwarders = [...initialForwarders];
  const requests: RecordedRequest[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const url = new URL(request.url);
    const body: unknown = text ? JSON.parse(text) : undefined;
    requests.push({
      method: request.method,
      path: url.pathname,
      query: url.search,
      body,
    });
    return body;
  };
  const stateOf = (body: unknown) => (isRecord(body) && body.State === 'stopped' ? 'stopped' : 'running');
  const handlers = [
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])),
    http.get('/api/sink-types', async ({ request }) => {
      await record(request);
      return HttpResponse.json([mqttType(), sparkplugType()]);
    }),
    http.get('/api/sinks', async ({ request }) => {
      await record(request);
      return HttpResponse.json(sinks);
    }),
    http.post('/api/sinks/test', async ({ request }) => {
      await record(request);
      return HttpResponse.json(options.sinkTest ?? passedSinkTest());
    }),
    http.post('/api/sinks', async ({ request }) => {
      const body = await record(request);
      const sent = isRecord(body) ? body : {};
      const created = aSink({
        Name: String(sent.Name),
        Type: sent.Type === 'SparkplugB' ? 'SparkplugB' : 'MQTT',
        Settings: isRecord(sent.Settings) ? sent.Settings : {},
        StoredSecureSettings: Object.keys(isRecord(sent.SecureSettings) ? sent.SecureSettings : {}),
        State: 'stopped',
      });
      sinks.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get('/api/sinks/:id', async ({ request, params }) => {
      await record(request);
      const found = sinks.find((sink) => sink.UUID === params.id);
      return found ? HttpResponse.json(found) : problem(404, 'not found');
    }),
    http.put('/api/sinks/:id/state', async ({ request, params }) => {
      const body = await record(request);
      const index = sinks.findIndex((sink) => sink.UUID === params.id);
      sinks[index] = { ...sinks[index], State: stateOf(body) };
      return HttpResponse.json(sinks[index]);
    }),
    http.get('/api/sinks/:id/statistics', async ({ request, params }) => {
      await record(request);
      return HttpResponse.json(sinks.find((sink) => sink.UUID === params.id)?.Statistics ?? aSinkStatistics());
    }),
    http.put('/api/sinks/:id', async ({ request, params }) => {
      const body = await record(request);
      const index = sinks.findIndex((sink) => sink.UUID === params.id);
      const sent = isRecord(body) ? body : {};
      sinks[index] = {
        ...sinks[index],
        Name: String(sent.Name),
        Settings: isRecord(sent.Settings) ? sent.Settings : {},
      };
      return HttpResponse.json(sinks[index]);
    }),
    http.delete('/api/sinks/:id', async ({ request, params }) => {
      await record(request);
      if (forwarders.some((forwarder) => forwarder.SinkUUID === params.id)) return problem(409, 'in use', { code: 'sinks.errors.in_use' });
      sinks.splice(
        sinks.findIndex((sink) => sink.UUID === params.id),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/forwarders', async ({ request }) => {
      await record(request);
      const sink = new URL(request.url).searchParams.get('SinkUUID');
      return HttpResponse.json(sink ? forwarders.filter((forwarder) => forwarder.SinkUUID === sink) : forwarders);
    }),
    http.post('/api/forwarders/preview', async ({ request }) => {
      const body = await record(request);
      return HttpResponse.json(options.preview ? options.preview(body) : aPreview());
    }),
    http.post('/api/forwarders/selection', async ({ request }) => {
      await record(request);
      return HttpResponse.json(options.selection ?? aSelectionPreview());
    }),
    http.post('/api/forwarders/test-message', async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        options.testMessage ?? {
          Delivered: true,
          Topic: aPreview().Topic,
          Payload: aPreview().Payload,
          Errors: [],
        },
      );
    }),
    http.post('/api/forwarders', async ({ request }) => {
      const body = await record(request);
      const sent = isRecord(body) ? body : {};
      const sink = sinks.find((candidate) => candidate.UUID === sent.SinkUUID) ?? sinks[0];
      const created = aForwarder(sink, {
        Name: String(sent.Name),
        State: 'stopped',
      });
      forwarders.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get('/api/forwarders/:id', async ({ request, params }) => {
      await record(request);
      const found = forwarders.find((forwarder) => forwarder.UUID === params.id);
      return found ? HttpResponse.json(found) : problem(404, 'not found');
    }),
    http.put('/api/forwarders/:id/state', async ({ request, params }) => {
      const body = await record(request);
      const index = forwarders.findIndex((forwarder) => forwarder.UUID === params.id);
      forwarders[index] = { ...forwarders[index], State: stateOf(body) };
      return HttpResponse.json(forwarders[index]);
    }),
    http.put('/api/forwarders/:id', async ({ request, params }) => {
      await record(request);
      const index = forwarders.findIndex((forwarder) => forwarder.UUID === params.id);
      return HttpResponse.json(forwarders[index]);
    }),
    http.delete('/api/forwarders/:id', async ({ request, params }) => {
      await record(request);
      forwarders.splice(
        forwarders.findIndex((forwarder) => forwarder.UUID === params.id),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    // The selection editor's suggestions.
    http.get('/api/measurement-labels', () =>
      HttpResponse.json([
        { Name: 'line-1', Count: 12 },
        { Name: 'line-2', Count: 7 },
        { Name: 'energy', Count: 3 },
      ]),
    ),
    http.get('/api/assets', () =>
      HttpResponse.json([
        {
          UUID: uuid('cccccccc', 1),
          Name: 'Line 1',
          ParentUUID: null,
          AssetPath: 'Site A/Line 1',
          Status: 'Active',
          Metadata: {},
        },
      ]),
    ),
    http.get('/api/asset-properties', () =>
      HttpResponse.json([
        {
          UUID: uuid('bbbbbbbb', 1),
          AssetUUID: uuid('cccccccc', 1),
          AssetPath: 'Site A/Line 1',
          Name: 'Pressure',
          MeasurementUUID: uuid('aaaaaaaa', 2),
        },
      ]),
    ),
    http.get('/api/event-types', () =>
      HttpResponse.json([
        {
          UUID: uuid('eeeeeeee', 1),
          Name: 'Batch',
          ParentUUID: null,
          Properties: [],
        },
      ]),
    ),
  ];
  const calls = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { handlers, requests, calls, sinks, forwarders };
}
