import { screen, within } from '@testing-library/react';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { AiPage } from './AiPage';
import { anLlmConfiguration, failedLlmTest, llmHandlers, type LlmHandlerOptions } from './testing/llmFixtures';

// /configuration/ai (issue 21; server/integrations/README.md): READ_LLM reads, MANAGE_LLM saves and tests.

const MANAGE = ['READ_LLM', 'MANAGE_LLM'];

function renderPage(privileges = MANAGE, options: LlmHandlerOptions = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = llmHandlers(options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <>
      <AiPage />
      <ToastViewport />
    </>,
    {
      route: '/configuration/ai',
      preloadedState: {
        session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, fake };
}

const providerSelect = () => screen.findByRole('combobox', { name: /^Provider/ });
const tools = () => screen.findByRole('group', { name: 'Allowed tools' });

describe('AI configuration page', () => {
  it('shows the stored configuration, the key only as stored, and a hint for local servers', async () => {
    renderPage();
    expect(await providerSelect()).toHaveDisplayValue('OpenAI-compatible server');
    expect(screen.getByRole('combobox', { name: /^Provider/ })).toHaveAccessibleDescription(/local Ollama \(http:\/\/localhost:11434\/v1\) or vLLM/);
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveValue('http://localhost:11434/v1');
    expect(screen.getByRole('textbox', { name: 'Model' })).toHaveValue('llama3.1:8b');
    expect(screen.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
    const key = screen.getByLabelText('API key');
    expect(key).toHaveValue('');
    expect(key).toHaveAccessibleDescription(/An API key is stored. Leave empty to keep it/);
    expect(screen.queryByRole('textbox', { name: /Azure deployment/ })).not.toBeInTheDocument();
  });

  it('lists every tool with its API call and privileges, the allowed ones checked', async () => {
    renderPage();
    const group = await tools();
    expect(within(group).getByRole('checkbox', { name: 'list_measurements' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'list_assets' })).not.toBeChecked();
    expect(within(group).getByText('GET /api/assets')).toBeInTheDocument();
    expect(within(group).getByText('Needs: READ_EVENTS, READ_EVENT_CONFIGURATIONS')).toBeInTheDocument();
  });

  it('asks for the Azure deployment and API version only for Azure OpenAI', async () => {
    const { user, fake } = renderPage();
    await user.selectOptions(await providerSelect(), 'Azure OpenAI');
    expect(screen.getByRole('textbox', { name: /^Azure deployment/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^API version/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Azure deployment/ })).toHaveAccessibleDescription(/This field is required/);
    expect(fake.calls('PUT', '/api/llm-configuration')).toEqual([]);
  });

  it('saves the changed tools and limits without the stored key, in the tools’ order', async () => {
    const { user, fake } = renderPage();
    const group = await tools();
    await user.click(within(group).getByRole('checkbox', { name: 'list_events' }));
    await user.click(within(group).getByRole('checkbox', { name: 'list_measurements' }));
    await user.clear(screen.getByRole('spinbutton', { name: /^Timeout/ }));
    await user.type(screen.getByRole('spinbutton', { name: /^Timeout/ }), '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The AI configuration is saved.')).toBeInTheDocument();
    const [saved] = fake.calls('PUT', '/api/llm-configuration');
    expect(saved.body).toEqual({
      Enabled: true,
      Provider: 'openai_compatible',
      BaseURL: 'http://localhost:11434/v1',
      Model: 'llama3.1:8b',
      TimeoutSeconds: 120,
      MaxOutputTokens: 1024,
      AllowedTools: ['read_measurement_data', 'list_events'],
    });
    expect(saved.organization).toBe(ORG_A_UUID);
  });

  it('sends a typed key, and null to clear the stored one', async () => {
    const { user, fake } = renderPage();
    await user.type(await screen.findByLabelText('API key'), 'sk-new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The AI configuration is saved.');
    expect(fake.calls('PUT', '/api/llm-configuration')[0].body).toMatchObject({ SecureSettings: { ApiKey: 'sk-new' } });
    await user.click(await screen.findByRole('checkbox', { name: 'Remove the stored API key' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findAllByText('The AI configuration is saved.');
    expect(fake.calls('PUT', '/api/llm-configuration')).toHaveLength(2);
    expect(fake.calls('PUT', '/api/llm-configuration')[1].body).toMatchObject({ SecureSettings: { ApiKey: null } });
  });

  it('tests the form’s values and names the failing step', async () => {
    const { user, fake } = renderPage(MANAGE, { test: failedLlmTest() });
    await user.clear(await screen.findByRole('textbox', { name: 'Model' }));
    await user.type(screen.getByRole('textbox', { name: 'Model' }), 'llama3.1:70b');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    const result = await screen.findByRole('region', { name: 'Connection test' });
    expect(within(result).getByRole('alert')).toHaveTextContent('The connection test failed at the step model.');
    expect(result).toHaveTextContent('model "llama3.1:70b" not found');
    expect(fake.calls('POST', '/api/llm-configuration/test')[0].body).toMatchObject({ Model: 'llama3.1:70b', Provider: 'openai_compatible' });
    expect(fake.calls('PUT', '/api/llm-configuration')).toEqual([]);
  });

  it('READ_LLM alone sees the configuration and tools read-only, without save or test', async () => {
    renderPage(['READ_LLM'], { configuration: anLlmConfiguration({ StoredSecureSettings: [] }) });
    const group = await tools();
    expect(within(group).getByRole('checkbox', { name: 'list_measurements' })).toBeDisabled();
    expect(screen.getByText('llama3.1:8b')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Model' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test' })).not.toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
  });

  it('asks for nothing without READ_LLM', async () => {
    const { fake } = renderPage(['READ_USERS']);
    // Long enough for a query that was not skipped to reach the fake server.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests).toEqual([]);
  });
});
