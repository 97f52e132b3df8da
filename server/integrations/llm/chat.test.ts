import { insertMeasurement } from '../../assets/testing/assetFixtures';
import { createApiToken } from '../../auth/tokens';
import { MAX_ROUNDS } from './chat';
import { MAX_TOOL_RESULT } from './tools';
import { FAKE_KEY, MANAGER, openLlmFixture, type LlmFixture, type LlmUser } from './testing/llmFixture';

// POST /llm/chat on PGlite with the fake model (server/integrations/README.md, "Who may do what" —
// AI): a tool never holds more than its user (two users, one without READ_MEASUREMENTS), each
// call recorded in llm_tool_calls and in the audit log under the user's name, only allowed tools
// run, arguments checked, provider failures and timeouts as clear problems without the key.

jest.setTimeout(60_000);

type Json = Record<string, unknown>;
interface Answer {
  ConversationUUID: string;
  Message: { Role: string; Content: string };
  ToolCalls: { UUID: string; Tool: string; Arguments: Json; Method: string; Path: string; Status: number; DurationMs: number; Summary?: string }[];
}

let f: LlmFixture;
let manager: LlmUser;
let reader: LlmUser;
let blind: LlmUser;
const measurements: string[] = [];
let theirs: string;

const ask = (who: LlmUser, content: string, headers: Record<string, string> = {}) => f.call(who, 'POST', '/llm/chat', { Messages: [{ Role: 'user', Content: content }] }, headers);
const save = async (extra: Json = {}) => {
  const response = await f.call(manager, 'PUT', '/llm-configuration', f.configuration({ AllowedTools: ['list_measurements', 'get_measurement', 'query_data'], ...extra }));
  expect(response.statusCode).toBe(200);
};
const lastRequest = () => f.fake.requests[f.fake.requests.length - 1];

beforeAll(async () => {
  f = await openLlmFixture();
  manager = await f.user(MANAGER);
  reader = await f.user(['READ_LLM', 'READ_MEASUREMENTS']);
  blind = await f.user(['READ_LLM']);
  for (const name of ['FT-101 flow', 'LT-102 level', 'TT-103 temperature']) measurements.push(await insertMeasurement(f.db, f.organization, name));
  theirs = await insertMeasurement(f.db, f.otherOrganization, 'XX-900 theirs');
}, 60_000);

afterAll(async () => {
  await f?.close();
});

afterEach(() => {
  expect(f.logs.join('\n')).not.toContain(FAKE_KEY);
});

describe('POST /llm/chat', () => {
  it('answers 409 llm.errors.disabled until the assistant is enabled', async () => {
    const response = await ask(reader, 'How many measurements are there?');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'llm.errors.disabled' });
    await save({ Enabled: false });
    expect((await ask(reader, 'How many measurements are there?')).json()).toMatchObject({ status: 409, code: 'llm.errors.disabled' });
    await save();
  });

  it('needs READ_LLM', async () => {
    const outsider = await f.user(['READ_MEASUREMENTS']);
    expect((await ask(outsider, 'How many measurements are there?')).statusCode).toBe(403);
  });

  it('runs a tool as the user: with READ_MEASUREMENTS the model gets the list of the organization and quotes it', async () => {
    const response = await ask(reader, 'How many measurements are there?', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(answer.Message).toEqual({ Role: 'assistant', Content: 'I found 3 measurements: FT-101 flow, LT-102 level, TT-103 temperature.' });
    expect(answer.ToolCalls).toEqual([
      { UUID: expect.any(String), Tool: 'list_measurements', Arguments: {}, Method: 'GET', Path: '/api/measurements?Limit=50', Status: 200, DurationMs: expect.any(Number), Summary: '3 measurements' },
    ]);
    const given = f.fake.toolResults().at(-1) ?? '';
    expect(given).toContain('FT-101 flow');
    expect(given).not.toContain('XX-900 theirs');
    // The provider was offered only the allowed tools, and told the user's language.
    const first = f.fake.requests.filter((request) => request.path === '/v1/chat/completions').at(-2);
    expect((first?.body?.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual(['list_measurements', 'get_measurement', 'query_data']);
    expect(JSON.stringify(first?.body?.messages)).toContain('German');
    // The call is replayable as recorded.
    const replay = await f.call(reader, 'GET', answer.ToolCalls[0].Path.replace(/^\/api/, ''));
    expect(replay.statusCode).toBe(200);
  });

  it('runs a tool as the user: without READ_MEASUREMENTS the call answers 403 and the model is told so', async () => {
    const response = await ask(blind, 'How many measurements are there?');
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(answer.ToolCalls).toMatchObject([{ Tool: 'list_measurements', Status: 403, Path: '/api/measurements?Limit=50' }]);
    expect(answer.Message.Content).toMatch(/^The historian refused: 403/);
    expect(f.fake.toolResults().at(-1)).toContain('"status":403');
  });

  it('carries a bearer token as it came: a token capped below the user’s privileges gets 403 in the tool call too', async () => {
    const viaToken = async (cap?: Map<string, Set<string>>) => {
      const { Token } = await createApiToken(f.db, reader.uuid, `token ${cap ? 'capped' : 'full'}`, cap);
      const response = await f.app.inject({
        method: 'POST',
        url: '/api/llm/chat',
        headers: { authorization: `Bearer ${Token}`, 'x-organization-uuid': f.organization },
        payload: { Messages: [{ Role: 'user', Content: 'How many measurements are there?' }] },
      });
      expect(response.statusCode).toBe(200);
      return response.json<Answer>().ToolCalls;
    };
    expect(await viaToken()).toMatchObject([{ Status: 200, Summary: '3 measurements' }]);
    expect(await viaToken(new Map([[f.organization, new Set(['READ_LLM'])]]))).toMatchObject([{ Status: 403 }]);
  });

  it('records each call in llm_tool_calls and in the audit log (area Llm), naming the user', async () => {
    const answer = (await ask(reader, 'List the measurements named "LT-102"')).json<Answer>();
    expect(answer.ToolCalls).toMatchObject([{ Arguments: { Keyword: 'LT-102' }, Path: '/api/measurements?Limit=50&Keyword=LT-102', Status: 200, Summary: '1 measurements' }]);
    const denied = (await ask(blind, 'How many measurements are there?')).json<Answer>();
    for (const [call, who, status] of [
      [answer.ToolCalls[0], reader, 200],
      [denied.ToolCalls[0], blind, 403],
    ] as const) {
      const { rows } = await f.db.query('SELECT organization_uuid, conversation_uuid, user_uuid, tool, method, path, status FROM llm_tool_calls WHERE uuid = $1', [call.UUID]);
      expect(rows).toEqual([
        {
          organization_uuid: f.organization,
          conversation_uuid: (call === answer.ToolCalls[0] ? answer : denied).ConversationUUID,
          user_uuid: who.uuid,
          tool: 'list_measurements',
          method: 'GET',
          path: call.Path,
          status,
        },
      ]);
      const audit = await f.db.query("SELECT action, area, subject_type, subject_name, user_uuid, user_name, organization_uuid FROM audit_logs WHERE subject_uuid = $1", [call.UUID]);
      expect(audit.rows).toEqual([
        { action: 'Create', area: 'Llm', subject_type: 'LlmToolCall', subject_name: 'list_measurements', user_uuid: who.uuid, user_name: who.name, organization_uuid: f.organization },
      ]);
    }
  });

  it('keeps the conversation it is given', async () => {
    const conversation = '6f1f7c39-1d1b-4c55-9a55-2e2d0f2e6c11';
    const response = await f.call(reader, 'POST', '/llm/chat', {
      ConversationUUID: conversation,
      Messages: [
        { Role: 'user', Content: 'Hello' },
        { Role: 'assistant', Content: 'Hello from the fake model.' },
        { Role: 'user', Content: 'How many measurements are there?' },
      ],
    });
    const answer = response.json<Answer>();
    expect(answer.ConversationUUID).toBe(conversation);
    expect((await f.db.query('SELECT 1 FROM llm_tool_calls WHERE conversation_uuid = $1', [conversation])).rows).toHaveLength(1);
  });

  it('does not run a tool that is not allowed or that the model invents, and tells the model', async () => {
    f.fake.reply({ toolCalls: [{ name: 'list_assets', arguments: {} }, { name: 'drop_tables', arguments: {} }] });
    const answer = (await ask(reader, 'Which assets are there?')).json<Answer>();
    expect(answer.ToolCalls).toMatchObject([
      { Tool: 'list_assets', Status: 0, Method: '', Path: '' },
      { Tool: 'drop_tables', Status: 0, Method: '', Path: '' },
    ]);
    expect(answer.Message.Content).toContain('is not available');
    expect(f.fake.toolResults().slice(-2).every((result) => result.includes('not available'))).toBe(true);
    // Every call into the API is logged with its URL (the executed ones of the tests above are there); none went to /api/assets.
    expect(f.logs.some((line) => line.includes('"url":"/api/measurements?Limit=50"'))).toBe(true);
    expect(f.logs.filter((line) => line.includes('"url":"/api/assets'))).toEqual([]);
  });

  it('checks the arguments against the tool’s schema before any call', async () => {
    f.fake.reply({ toolCalls: [{ name: 'get_measurement', arguments: { UUID: 'not-a-uuid' } }] });
    const answer = (await ask(reader, 'Tell me about that one')).json<Answer>();
    expect(answer.ToolCalls).toMatchObject([{ Tool: 'get_measurement', Status: 0, Path: '' }]);
    expect(f.fake.toolResults().at(-1)).toContain('do not fit');
    f.fake.reply({ toolCalls: [{ name: 'get_measurement', arguments: { UUID: measurements[1] } }] });
    const found = (await ask(reader, 'Tell me about that one')).json<Answer>();
    expect(found.ToolCalls).toMatchObject([{ Status: 200, Path: `/api/measurements/${measurements[1]}`, Summary: 'LT-102 level' }]);
    f.fake.reply({ toolCalls: [{ name: 'get_measurement', arguments: { UUID: theirs } }] });
    const foreign = (await ask(reader, 'Tell me about that one')).json<Answer>();
    expect(foreign.ToolCalls).toMatchObject([{ Status: 404 }]);
  });

  it('queries data with the read-only POST, carrying the session’s XSRF value', async () => {
    f.fake.reply({ toolCalls: [{ name: 'query_data', arguments: { MeasurementUUIDs: [theirs], Start: '2026-01-01T00:00:00Z', End: '2026-01-02T00:00:00Z' } }] });
    const answer = (await ask(reader, 'What did it do yesterday?')).json<Answer>();
    // Another organization's measurement is 404 to the user, so to the tool: the API's own check.
    expect(answer.ToolCalls).toMatchObject([{ Tool: 'query_data', Method: 'POST', Path: '/api/timeseries/query', Status: 404 }]);
    f.fake.reply({ toolCalls: [{ name: 'query_data', arguments: { MeasurementUUIDs: [measurements[0]], Start: '2026-01-01T00:00:00Z', End: '2026-01-02T00:00:00Z' } }] });
    const denied = (await ask(blind, 'What did it do yesterday?')).json<Answer>();
    expect(denied.ToolCalls).toMatchObject([{ Tool: 'query_data', Status: 403 }]);
  });

  it('makes each tool’s call one the API takes, for a user who holds its privileges', async () => {
    await save({ AllowedTools: ['list_measurements', 'get_measurement', 'query_data', 'list_assets', 'list_events', 'list_event_types'] });
    const everything = await f.user(['READ_LLM', 'READ_MEASUREMENTS', 'READ_ASSETS', 'READ_EVENTS', 'READ_EVENT_CONFIGURATIONS']);
    const calls = [
      { name: 'list_measurements', arguments: { Keyword: 'flow', Limit: 10, Page: 1 } },
      { name: 'get_measurement', arguments: { UUID: measurements[0] } },
      { name: 'list_assets', arguments: { Keyword: 'Plant', Path: 'Site A', Limit: 5 } },
      { name: 'list_events', arguments: { StartTime: '2026-01-01T00:00:00Z', StopTime: '2026-01-02T00:00:00Z', EventTypeUUIDs: [theirs], Limit: 10 } },
      { name: 'list_event_types', arguments: { Keyword: 'Batch' } },
    ];
    f.fake.reply({ toolCalls: calls });
    const answer = (await ask(everything, 'Everything, please')).json<Answer>();
    expect(answer.ToolCalls.map((call) => [call.Tool, call.Status])).toEqual(calls.map((call) => [call.name, 200]));
    expect(answer.ToolCalls.find((call) => call.Tool === 'list_events')?.Path).toBe(
      `/api/events?Limit=10&StartTime=2026-01-01T00%3A00%3A00Z&StopTime=2026-01-02T00%3A00%3A00Z&EventTypeUUIDs[]=${theirs}`,
    );
    // Without READ_EVENTS, the events call is refused by the API itself.
    f.fake.reply({ toolCalls: [calls[3]] });
    expect((await ask(reader, 'Events?')).json<Answer>().ToolCalls).toMatchObject([{ Tool: 'list_events', Status: 403 }]);
    await save();
  });

  it('cuts an answer too long for the model, and says so', async () => {
    for (let index = 0; index < 60; index += 1) await insertMeasurement(f.db, f.organization, `ZZ-${String(index).padStart(3, '0')} ${'long description '.repeat(3)}`);
    f.fake.reply({ toolCalls: [{ name: 'list_measurements', arguments: { Keyword: 'ZZ-', Limit: 100 } }] });
    const answer = (await ask(reader, 'All of them')).json<Answer>();
    expect(answer.ToolCalls).toMatchObject([{ Status: 200, Summary: '60 measurements' }]);
    const given = JSON.parse(f.fake.toolResults().at(-1) ?? '{}') as { status: number; body: string };
    expect(given.status).toBe(200);
    expect(given.body.length).toBeLessThan(MAX_TOOL_RESULT + 200);
    expect(given.body).toMatch(/… \(cut: the answer had \d+ characters; ask for less\)$/);
    await f.db.query("UPDATE measurements SET status = 'Deleted' WHERE name LIKE 'ZZ-%'");
  });

  it('stops after MAX_ROUNDS rounds, offering no tools in the last', async () => {
    f.fake.reply(...Array.from({ length: MAX_ROUNDS }, () => ({ toolCalls: [{ name: 'list_measurements', arguments: {} }] })));
    const answer = (await ask(reader, 'Loop')).json<Answer>();
    expect(answer.ToolCalls).toHaveLength(MAX_ROUNDS - 1);
    expect(lastRequest().body?.tools).toBeUndefined();
  });

  it('answers 502 llm.errors.provider when the provider fails, without the key it echoed', async () => {
    f.fake.reply({ status: 500, body: { error: { message: `upstream broke while using ${FAKE_KEY}` } } });
    const response = await ask(reader, 'Hello');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'llm.errors.provider', detail: expect.stringContaining('500') });
    expect(response.body).not.toContain(FAKE_KEY);
  });

  it('answers 502 when the stored key is refused', async () => {
    await f.db.query(`UPDATE llm_configurations SET secure_settings = '{"ApiKey": "sk-stale-key-000000000000"}' WHERE organization_uuid = $1`, [f.organization]);
    const response = await ask(reader, 'Hello');
    expect(response.json()).toMatchObject({ status: 502, code: 'llm.errors.provider' });
    expect(response.body).not.toContain('sk-stale-key-000000000000');
    await save();
  });

  it('answers 504 llm.errors.timeout when the provider takes longer than TimeoutSeconds', async () => {
    f.fake.delayMs = 6_000;
    try {
      const response = await ask(reader, 'Hello');
      expect(response.statusCode).toBe(504);
      expect(response.json()).toMatchObject({ code: 'llm.errors.timeout', detail: expect.stringContaining('5 s') });
    } finally {
      f.fake.delayMs = 0;
    }
  });

  it('works with the Anthropic Messages API as well', async () => {
    await save({ Provider: 'anthropic', BaseURL: f.fake.anthropicUrl });
    const answer = (await ask(reader, 'How many measurements are there?')).json<Answer>();
    expect(answer.Message.Content).toBe('I found 3 measurements: FT-101 flow, LT-102 level, TT-103 temperature.');
    expect(lastRequest()).toMatchObject({ path: '/v1/messages', headers: { 'x-api-key': FAKE_KEY } });
    await save({ SecureSettings: { ApiKey: FAKE_KEY } });
  });
});
