import { openSecretTrap, type SecretTrap } from '../../testing/secretTrap';
import { FAKE_KEY, MANAGER, openLlmFixture, type LlmFixture, type LlmUser } from './testing/llmFixture';

// GET/PUT /llm-configuration and POST /llm-configuration/test on PGlite with the fake model
// (server/integrations/README.md, "Who may do what" — AI — and "Secrets"): the disabled default,
// the rules of each field, the key never answered, logged or audited, its re-entry when Provider
// or BaseURL change, the test's steps, and the privileges of the routes.

jest.setTimeout(60_000);

type Json = Record<string, unknown>;

let f: LlmFixture;
let manager: LlmUser;
let reader: LlmUser;
let trap: SecretTrap;

const put = (body: Json, who = manager) => f.call(who, 'PUT', '/llm-configuration', body);
const test = (body: Json, who = manager) => f.call(who, 'POST', '/llm-configuration/test', body);

beforeAll(async () => {
  f = await openLlmFixture();
  manager = await f.user(MANAGER);
  reader = await f.user(['READ_LLM']);
  trap = await openSecretTrap();
}, 60_000);

afterAll(async () => {
  await trap?.close();
  await f?.close();
});

afterEach(() => {
  // Whatever a test did, the key never reached the log.
  expect(f.logs.join('\n')).not.toContain(FAKE_KEY);
});

describe('GET /llm-configuration', () => {
  it('answers a disabled default before anything is saved', async () => {
    const response = await f.call(reader, 'GET', '/llm-configuration', undefined, {}, f.otherOrganization);
    // The reader holds READ_LLM in the first organization only.
    expect(response.statusCode).toBe(403);
    const own = await f.call(reader, 'GET', '/llm-configuration');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      Enabled: false,
      Provider: 'openai_compatible',
      BaseURL: '',
      Model: '',
      AzureDeployment: '',
      ApiVersion: '',
      TimeoutSeconds: 60,
      MaxOutputTokens: 1024,
      AllowedTools: [],
      StoredSecureSettings: [],
      UpdatedAt: null,
    });
  });

  it('needs READ_LLM to read and MANAGE_LLM to save and test', async () => {
    const none = await f.user(['READ_MEASUREMENTS']);
    expect((await f.call(none, 'GET', '/llm-configuration')).statusCode).toBe(403);
    expect((await f.call(none, 'GET', '/llm/tools')).statusCode).toBe(403);
    expect((await put(f.configuration(), reader)).statusCode).toBe(403);
    expect((await test(f.configuration(), reader)).statusCode).toBe(403);
  });
});

describe('PUT /llm-configuration', () => {
  it('saves a configuration, answers it without the key, and keeps the key when none is sent', async () => {
    const saved = await put(f.configuration());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(FAKE_KEY);
    expect(saved.json()).toMatchObject({ Enabled: true, Provider: 'openai_compatible', BaseURL: f.fake.baseUrl, Model: 'fake-model', StoredSecureSettings: ['ApiKey'] });
    const { SecureSettings: _omitted, ...withoutKey } = f.configuration({ Model: 'fake-model', MaxOutputTokens: 512 });
    const kept = await put(withoutKey);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ MaxOutputTokens: 512, StoredSecureSettings: ['ApiKey'] });
    const empty = await put(f.configuration({ SecureSettings: { ApiKey: '' } }));
    expect(empty.json()).toMatchObject({ StoredSecureSettings: ['ApiKey'] });
    const { rows } = await f.db.query<{ secure_settings: Json }>('SELECT secure_settings FROM llm_configurations WHERE organization_uuid = $1', [f.organization]);
    expect(rows[0].secure_settings).toEqual({ ApiKey: FAKE_KEY });
    const read = await f.call(reader, 'GET', '/llm-configuration');
    expect(read.body).not.toContain(FAKE_KEY);
  });

  it('files the changes under Llm / LlmConfiguration with the key masked', async () => {
    await put(f.configuration({ SecureSettings: { ApiKey: `${FAKE_KEY}-2` } }));
    await put(f.configuration());
    const { rows } = await f.db.query<{ area: string; subject_type: string; user_uuid: string; before: unknown; after: unknown }>(
      "SELECT area, subject_type, user_uuid, before, after FROM audit_logs WHERE subject_type = 'LlmConfiguration' ORDER BY sequence",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.area === 'Llm' && row.user_uuid === manager.uuid)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(FAKE_KEY);
    expect(JSON.stringify(rows)).toContain('********');
  });

  it('clears the key with null; an OpenAI-compatible server may go without one, OpenAI may not', async () => {
    const cleared = await put(f.configuration({ SecureSettings: { ApiKey: null } }));
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ StoredSecureSettings: [] });
    const openai = await put(f.configuration({ Provider: 'openai', BaseURL: '', SecureSettings: {} }));
    expect(openai.statusCode).toBe(400);
    expect(openai.json()).toMatchObject({ code: 'llm.errors.api_key_required', errors: { 'SecureSettings.ApiKey': [expect.any(String)] } });
    // Disabled, the key may wait.
    expect((await put(f.configuration({ Enabled: false, Provider: 'anthropic', BaseURL: '', SecureSettings: {} }))).statusCode).toBe(200);
    expect((await put(f.configuration())).statusCode).toBe(200);
  });

  it('refuses a BaseURL that is not http(s) or carries a user, naming BaseURL', async () => {
    for (const BaseURL of ['ftp://example.com/v1', 'not a url', 'http://user:secret@example.com/v1']) {
      const response = await put(f.configuration({ BaseURL }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'llm.errors.base_url', errors: { BaseURL: [expect.any(String)] } });
      expect(response.body).not.toContain('secret');
    }
  });

  it('needs BaseURL, AzureDeployment and ApiVersion for Azure OpenAI, and Model for the others when enabled', async () => {
    const azure = await put(f.configuration({ Provider: 'azure_openai', BaseURL: '', Model: '' }));
    expect(azure.statusCode).toBe(400);
    expect(azure.json()).toMatchObject({ code: 'llm.errors.azure_settings' });
    expect(Object.keys(azure.json<{ errors: Json }>().errors).sort()).toEqual(['ApiVersion', 'AzureDeployment', 'BaseURL']);
    const model = await put(f.configuration({ Model: ' ' }));
    expect(model.json()).toMatchObject({ status: 400, code: 'llm.errors.model_required', errors: { Model: [expect.any(String)] } });
    expect((await put(f.configuration({ Enabled: false, Model: '' }))).statusCode).toBe(200);
    expect((await put(f.configuration())).statusCode).toBe(200);
  });

  it('accepts only known tools in AllowedTools, naming AllowedTools[i]', async () => {
    const response = await put(f.configuration({ AllowedTools: ['list_measurements', 'delete_everything'] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'llm.errors.unknown_tool', errors: { 'AllowedTools[1]': [expect.any(String)] } });
  });

  it('keeps TimeoutSeconds within 5–600 (the contract)', async () => {
    expect((await put(f.configuration({ TimeoutSeconds: 4 }))).statusCode).toBe(400);
    expect((await put(f.configuration({ TimeoutSeconds: 601 }))).statusCode).toBe(400);
  });

  it('wants the key again when Provider or BaseURL change (form.errors.secret_reentry), and sends nothing to the new host', async () => {
    expect((await put(f.configuration())).statusCode).toBe(200);
    const moved = f.configuration({ BaseURL: `http://${trap.host}:${trap.port}/v1`, SecureSettings: {} });
    const saved = await put(moved);
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({ code: 'form.errors.secret_reentry', errors: { 'SecureSettings.ApiKey': [expect.any(String)] } });
    const tested = await test(moved);
    expect(tested.json()).toMatchObject({ status: 400, code: 'form.errors.secret_reentry' });
    const provider = await put(f.configuration({ Provider: 'openai', BaseURL: f.fake.baseUrl, SecureSettings: {} }));
    expect(provider.json()).toMatchObject({ status: 400, code: 'form.errors.secret_reentry' });
    expect(trap.connections).toBe(0);
    expect(trap.received()).not.toContain(FAKE_KEY);
    // With the key typed in again, the new host is saved.
    const again = await put(f.configuration({ BaseURL: `http://${trap.host}:${trap.port}/v1`, Enabled: false, SecureSettings: { ApiKey: 'another-key' } }));
    expect(again.statusCode).toBe(200);
    expect((await put(f.configuration())).statusCode).toBe(200);
  });
});

describe('POST /llm-configuration/test', () => {
  it('passes reach, authenticate, model and tools against the fake model with the stored key', async () => {
    const { SecureSettings: _omitted, ...withoutKey } = f.configuration();
    const response = await test(withoutKey);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Success: true, Steps: ['reach', 'authenticate', 'model', 'tools'].map((Name) => ({ Name, Success: true })) });
    const auth = f.fake.requests.filter((request) => request.headers.authorization);
    expect(auth.length).toBeGreaterThan(0);
    expect(auth.every((request) => request.headers.authorization === `Bearer ${FAKE_KEY}`)).toBe(true);
  });

  it('names authenticate on a wrong key, without echoing the key the provider quoted', async () => {
    const response = await test(f.configuration({ SecureSettings: { ApiKey: 'sk-wrong-key-abcdef123456' } }));
    expect(response.statusCode).toBe(200);
    const result = response.json<{ Success: boolean; FailedStep: string; Steps: { Name: string; Message?: string }[] }>();
    expect(result).toMatchObject({ Success: false, FailedStep: 'authenticate' });
    expect(result.Steps.map((step) => step.Name)).toEqual(['reach', 'authenticate']);
    expect(response.body).toContain('401');
    expect(response.body).not.toContain('sk-wrong-key-abcdef123456');
    expect(response.body).not.toContain('abcdef123456');
  });

  it('names reach when nothing answers, model when the model is unknown, tools when the model calls none', async () => {
    const closed = await test(f.configuration({ BaseURL: 'http://127.0.0.1:9/v1', SecureSettings: { ApiKey: FAKE_KEY } }));
    expect(closed.json()).toMatchObject({ Success: false, FailedStep: 'reach' });
    const model = await test(f.configuration({ Model: 'no-such-model' }));
    expect(model.json()).toMatchObject({ Success: false, FailedStep: 'model' });
    f.fake.reply({ text: 'OK' }, { text: 'I would rather not.' });
    const tools = await test(f.configuration());
    expect(tools.json()).toMatchObject({ Success: false, FailedStep: 'tools' });
  });

  it('speaks the Anthropic Messages API with x-api-key and anthropic-version', async () => {
    const response = await test(f.configuration({ Provider: 'anthropic', BaseURL: f.fake.anthropicUrl }));
    expect(response.json()).toMatchObject({ Success: true });
    const last = f.fake.requests[f.fake.requests.length - 1];
    expect(last.path).toBe('/v1/messages');
    expect(last.headers['x-api-key']).toBe(FAKE_KEY);
    expect(last.headers['anthropic-version']).toBeTruthy();
    expect(last.body?.tools).toEqual([expect.objectContaining({ name: 'ping', input_schema: expect.any(Object) })]);
  });

  it('speaks Azure OpenAI: the deployment in the path, api-version in the query, the key in api-key', async () => {
    const response = await test(f.configuration({ Provider: 'azure_openai', BaseURL: f.fake.anthropicUrl, Model: '', AzureDeployment: 'gpt-dep', ApiVersion: '2024-10-21' }));
    expect(response.json()).toMatchObject({ Success: true });
    const last = f.fake.requests[f.fake.requests.length - 1];
    expect(last).toMatchObject({ path: '/openai/deployments/gpt-dep/chat/completions', query: 'api-version=2024-10-21', headers: { 'api-key': FAKE_KEY } });
    expect(last.headers.authorization).toBeUndefined();
    expect(last.body?.model).toBeUndefined();
  });

  it('checks the configuration as if enabled: Model is required', async () => {
    const response = await test(f.configuration({ Enabled: false, Model: '' }));
    expect(response.json()).toMatchObject({ status: 400, errors: { Model: [expect.any(String)] } });
  });
});

describe('GET /llm/tools', () => {
  it('lists each tool with its call and the privileges the contract declares for it', async () => {
    const response = await f.call(reader, 'GET', '/llm/tools');
    expect(response.statusCode).toBe(200);
    const tools = response.json<{ Name: string; Method: string; Path: string; Privileges: string[] }[]>();
    expect(tools.map((tool) => tool.Name)).toEqual(['list_measurements', 'get_measurement', 'query_data', 'list_assets', 'list_events', 'list_event_types']);
    expect(tools.find((tool) => tool.Name === 'query_data')).toMatchObject({ Method: 'POST', Path: '/api/timeseries/query', Privileges: ['READ_MEASUREMENTS'] });
    expect(tools.find((tool) => tool.Name === 'list_events')).toMatchObject({ Method: 'GET', Path: '/api/events', Privileges: ['READ_EVENTS'] });
    expect(tools.find((tool) => tool.Name === 'list_event_types')?.Privileges).toEqual(['READ_EVENT_CONFIGURATIONS']);
  });
});
