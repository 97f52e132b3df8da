import { callProvider, trimBase } from './http';
import type { ChatTurn, Completion, CompletionRequest, ProviderClient, ProviderSettings, ToolSpec } from './types';

// OpenAI chat completions with function calling: OpenAI itself, any OpenAI-compatible server (a
// local model behind llama.cpp, Ollama, vLLM…; the key is optional there) and Azure OpenAI
// (`/openai/deployments/{deployment}/chat/completions?api-version=…`, key in `api-key`).

interface WireToolCall {
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}
interface WireAnswer {
  choices?: { message?: { content?: string | null; tool_calls?: WireToolCall[] } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

function wireMessages(system: string, messages: ChatTurn[]) {
  return [
    { role: 'system', content: system },
    ...messages.map((turn) => {
      if (turn.role === 'tool') return { role: 'tool', tool_call_id: turn.toolCallId, content: turn.content };
      if (turn.role === 'assistant' && turn.toolCalls?.length) {
        return {
          role: 'assistant',
          content: turn.content || null,
          tool_calls: turn.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
        };
      }
      return { role: turn.role, content: turn.content };
    }),
  ];
}

const wireTools = (tools: ToolSpec[]) => tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));

export function openAiClient(settings: ProviderSettings): ProviderClient {
  const base = trimBase(settings.baseUrl);
  const azure = settings.provider === 'azure_openai';
  const headers: Record<string, string> = {};
  if (settings.apiKey) {
    if (azure) headers['api-key'] = settings.apiKey;
    else headers.authorization = `Bearer ${settings.apiKey}`;
  }
  const version = encodeURIComponent(settings.apiVersion ?? '');
  const completionsUrl = azure
    ? `${base}/openai/deployments/${encodeURIComponent(settings.azureDeployment ?? '')}/chat/completions?api-version=${version}`
    : `${base}/chat/completions`;
  const modelsUrl = azure ? `${base}/openai/models?api-version=${version}` : `${base}/models`;
  const common = { headers, timeoutMs: settings.timeoutMs, secrets: [settings.apiKey] };

  return {
    async listModels() {
      await callProvider<unknown>({ ...common, url: modelsUrl, method: 'GET' });
    },

    async complete(request: CompletionRequest): Promise<Completion> {
      const body: Record<string, unknown> = {
        messages: wireMessages(request.system, request.messages),
        max_tokens: request.maxTokens ?? settings.maxOutputTokens,
      };
      if (!azure) body.model = settings.model;
      if (request.tools.length > 0) {
        body.tools = wireTools(request.tools);
        body.tool_choice = request.toolChoice ?? 'auto';
      }
      const answer = await callProvider<WireAnswer>({ ...common, url: completionsUrl, method: 'POST', body });
      const message = answer.choices?.[0]?.message ?? {};
      const toolCalls = (message.tool_calls ?? [])
        .filter((call) => call.function?.name)
        .map((call, index) => ({ id: call.id ?? `call_${index}`, name: call.function?.name ?? '', arguments: call.function?.arguments ?? '{}' }));
      return {
        text: message.content ?? '',
        toolCalls,
        usage: { inputTokens: answer.usage?.prompt_tokens, outputTokens: answer.usage?.completion_tokens },
      };
    },
  };
}
