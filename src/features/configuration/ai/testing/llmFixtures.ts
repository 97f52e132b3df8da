import { http, HttpResponse } from 'msw';
import type { ConnectionTestResult, LlmChatAnswer, LlmConfigurationRead, LlmTool } from '../../../../api/generated/historian.gen';

// Fixture factories and an in-memory msw server of the AI page and the assistant's chat panel
// (STYLE §16), as the contract (tag Llm) and server/integrations/README.md describe the answers.

export const llmTools = (): LlmTool[] => [
  { Name: 'list_measurements', Description: 'Find measurements by name, unit or tag.', Method: 'GET', Path: '/api/measurements', Privileges: ['READ_MEASUREMENTS'] },
  { Name: 'read_measurement_data', Description: 'Read the points of measurements over a period, raw or aggregated.', Method: 'POST', Path: '/api/timeseries/query', Privileges: ['READ_MEASUREMENTS'] },
  { Name: 'list_assets', Description: 'Find assets and their properties.', Method: 'GET', Path: '/api/assets', Privileges: ['READ_ASSETS'] },
  { Name: 'list_events', Description: 'Find events of an event type over a period.', Method: 'GET', Path: '/api/events', Privileges: ['READ_EVENTS', 'READ_EVENT_CONFIGURATIONS'] },
];

export const anLlmConfiguration = (overrides: Partial<LlmConfigurationRead> = {}): LlmConfigurationRead => ({
  Enabled: true,
  Provider: 'openai_compatible',
  BaseURL: 'http://localhost:11434/v1',
  Model: 'llama3.1:8b',
  StoredSecureSettings: ['ApiKey'],
  TimeoutSeconds: 60,
  MaxOutputTokens: 1024,
  AllowedTools: ['list_measurements', 'read_measurement_data'],
  UpdatedAt: '2026-11-26T14:03:00Z',
  ...overrides,
});

export const passedLlmTest = (): ConnectionTestResult => ({
  Success: true,
  Steps: ['reach', 'authenticate', 'model', 'tools'].map((Name) => ({ Name, Success: true })),
});

export const failedLlmTest = (): ConnectionTestResult => ({
  Success: false,
  FailedStep: 'model',
  Steps: [
    { Name: 'reach', Success: true },
    { Name: 'authenticate', Success: true },
    { Name: 'model', Success: false, Message: 'model "llama3.1:70b" not found, try pulling it first' },
  ],
});

export const anAnswer = (overrides: Partial<LlmChatAnswer> = {}): LlmChatAnswer => ({
  ConversationUUID: '9a9a9a9a-9a9a-4a9a-8a9a-000000000001',
  Message: {
    Role: 'assistant',
    Content: 'Tank 1 level averaged 71.4 % over the last hour.\nThe highest value was 78.2 % at 05:40.',
  },
  ToolCalls: [
    {
      UUID: '8b8b8b8b-8b8b-4b8b-8b8b-000000000001',
      Tool: 'list_measurements',
      Arguments: { Search: 'tank 1 level' },
      Method: 'GET',
      Path: '/api/measurements?Search=tank%201%20level&Limit=20',
      Status: 200,
      DurationMs: 18,
      Summary: '1 measurement',
    },
    {
      UUID: '8b8b8b8b-8b8b-4b8b-8b8b-000000000002',
      Tool: 'read_measurement_data',
      Arguments: { Measurements: ['Tank 1 level'], Aggregation: 'mean' },
      Method: 'POST',
      Path: '/api/timeseries/query',
      Status: 200,
      DurationMs: 64,
      Summary: '60 points',
    },
  ],
  Usage: { InputTokens: 1830, OutputTokens: 74 },
  ...overrides,
});

export const llmProblem = (status: number, code: string, detail = 'Refused') =>
  HttpResponse.json({ title: 'Problem', status, detail, code }, { status, headers: { 'content-type': 'application/problem+json' } });

export interface LlmRequest {
  method: string;
  path: string;
  organization: string | null;
  body: unknown;
}

export interface LlmHandlerOptions {
  configuration?: LlmConfigurationRead;
  test?: ConnectionTestResult;
  answer?: LlmChatAnswer;
  /** The chat answers this problem instead (409 llm.errors.disabled, 502 llm.errors.provider). */
  chatProblem?: { status: number; code: string };
}

export function llmHandlers(options: LlmHandlerOptions = {}) {
  let configuration = options.configuration ?? anLlmConfiguration();
  const requests: LlmRequest[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    requests.push({ method: request.method, path: new URL(request.url).pathname, organization: request.headers.get('x-organization-uuid'), body });
    return body;
  };
  const handlers = [
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])),
    http.get('/api/llm-configuration', async ({ request }) => {
      await record(request);
      return HttpResponse.json(configuration);
    }),
    http.put('/api/llm-configuration', async ({ request }) => {
      const body = (await record(request)) as Record<string, unknown>;
      const { SecureSettings, ...rest } = body as { SecureSettings?: { ApiKey?: string | null } } & Record<string, unknown>;
      const stored = new Set(configuration.StoredSecureSettings);
      if (SecureSettings?.ApiKey === null) stored.delete('ApiKey');
      else if (SecureSettings?.ApiKey) stored.add('ApiKey');
      configuration = { ...(rest as unknown as LlmConfigurationRead), StoredSecureSettings: [...stored], UpdatedAt: new Date().toISOString() };
      return HttpResponse.json(configuration);
    }),
    http.post('/api/llm-configuration/test', async ({ request }) => {
      await record(request);
      return HttpResponse.json(options.test ?? passedLlmTest());
    }),
    http.get('/api/llm/tools', async ({ request }) => {
      await record(request);
      return HttpResponse.json(llmTools());
    }),
    http.post('/api/llm/chat', async ({ request }) => {
      await record(request);
      if (options.chatProblem) return llmProblem(options.chatProblem.status, options.chatProblem.code);
      return HttpResponse.json(options.answer ?? anAnswer());
    }),
  ];
  const calls = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { handlers, requests, calls };
}
