import { callProvider, trimBase } from './http';
import type { ChatTurn, Completion, CompletionRequest, ProviderClient, ProviderSettings } from './types';

// The Anthropic Messages API with tools: key in `x-api-key`, `anthropic-version`; tool calls come
// as tool_use blocks, their results go back as tool_result blocks of a user turn.

export const ANTHROPIC_VERSION = '2023-06-01';

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string };

interface WireAnswer {
  content?: { type?: string; text?: string; id?: string; name?: string; input?: unknown }[];
  usage?: { input_tokens?: number; output_tokens?: number };
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** Anthropic wants user and assistant turns alternating: tool results of one round join one user turn. */
function wireMessages(messages: ChatTurn[]) {
  const wire: { role: 'user' | 'assistant'; content: Block[] }[] = [];
  const push = (role: 'user' | 'assistant', block: Block) => {
    const last = wire[wire.length - 1];
    if (last && last.role === role) last.content.push(block);
    else wire.push({ role, content: [block] });
  };
  for (const turn of messages) {
    if (turn.role === 'tool') push('user', { type: 'tool_result', tool_use_id: turn.toolCallId, content: turn.content });
    else if (turn.role === 'user') push('user', { type: 'text', text: turn.content });
    else {
      if (turn.content) push('assistant', { type: 'text', text: turn.content });
      for (const call of turn.toolCalls ?? []) push('assistant', { type: 'tool_use', id: call.id, name: call.name, input: parseArguments(call.arguments) });
    }
  }
  return wire;
}

export function anthropicClient(settings: ProviderSettings): ProviderClient {
  const base = trimBase(settings.baseUrl);
  const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
  if (settings.apiKey) headers['x-api-key'] = settings.apiKey;
  const common = { headers, timeoutMs: settings.timeoutMs, secrets: [settings.apiKey] };

  return {
    async listModels() {
      await callProvider<unknown>({ ...common, url: `${base}/v1/models`, method: 'GET' });
    },

    async complete(request: CompletionRequest): Promise<Completion> {
      const body: Record<string, unknown> = {
        model: settings.model,
        system: request.system,
        messages: wireMessages(request.messages),
        max_tokens: request.maxTokens ?? settings.maxOutputTokens,
      };
      if (request.tools.length > 0) {
        body.tools = request.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters }));
        body.tool_choice = { type: request.toolChoice === 'required' ? 'any' : 'auto' };
      }
      const answer = await callProvider<WireAnswer>({ ...common, url: `${base}/v1/messages`, method: 'POST', body });
      const blocks = answer.content ?? [];
      return {
        text: blocks
          .filter((block) => block.type === 'text')
          .map((block) => block.text ?? '')
          .join(''),
        toolCalls: blocks
          .filter((block) => block.type === 'tool_use' && block.name)
          .map((block, index) => ({ id: block.id ?? `toolu_${index}`, name: block.name ?? '', arguments: JSON.stringify(block.input ?? {}) })),
        usage: { inputTokens: answer.usage?.input_tokens, outputTokens: answer.usage?.output_tokens },
      };
    },
  };
}
