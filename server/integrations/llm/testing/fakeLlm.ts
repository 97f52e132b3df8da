import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Tests only (server tests and the browser tests): a local model server on 127.0.0.1 speaking the
// OpenAI chat completions protocol (/v1/chat/completions, /v1/models, bearer key) and the
// Anthropic Messages API (/v1/messages, x-api-key), and Azure OpenAI's paths
// (/openai/deployments/{d}/chat/completions?api-version=…, api-key). It checks the key (401 on a wrong one),
// records every request, and plays a small script:
// - offered `ping` with a required tool choice: it calls ping (the configuration test);
// - the last turn is a tool result: a final text quoting it ("I found 3 measurements: A, B, C.",
//   or "The historian refused: 403 …");
// - the last user message mentions measurements and list_measurements is offered: it calls
//   list_measurements (with Keyword when the message quotes a word in double quotes);
// - else, or with a queued reply (`reply()`), that.
// `delayMs` holds every answer back (timeouts).

export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}
export type FakeReply = { text: string } | { toolCalls: FakeToolCall[] } | { status: number; body: unknown };

export interface RecordedRequest {
  path: string;
  /** The query string, without its `?` (Azure's api-version). */
  query: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | undefined;
}

export interface FakeLlm {
  /** The OpenAI-compatible base URL (…/v1). */
  baseUrl: string;
  /** The Anthropic base URL (without /v1). */
  anthropicUrl: string;
  requests: RecordedRequest[];
  delayMs: number;
  /** Replies played before the script, in order. */
  reply(...replies: FakeReply[]): void;
  /** The tool results the model was given (OpenAI `tool` messages and Anthropic tool_result blocks), in order. */
  toolResults(): string[];
  close(): Promise<void>;
}

interface Turn {
  role: string;
  text: string;
}

function decide(turns: Turn[], offered: string[], required: boolean): FakeReply {
  const last = turns[turns.length - 1];
  if (required && offered.includes('ping')) return { toolCalls: [{ name: 'ping', arguments: { Message: 'hello' } }] };
  if (last?.role === 'tool') {
    try {
      const result = JSON.parse(last.text) as { status?: number; body?: string; error?: string };
      if (result.error) return { text: `The tool was refused: ${result.error}` };
      if (result.status !== 200) return { text: `The historian refused: ${result.status} ${result.body ?? ''}`.slice(0, 500) };
      const body: unknown = JSON.parse(result.body ?? 'null');
      if (Array.isArray(body)) {
        const names = body.map((item: { Name?: string }) => item.Name ?? '?').join(', ');
        return { text: `I found ${body.length} measurements${names ? `: ${names}` : ''}.` };
      }
      return { text: `The historian answered: ${String(result.body).slice(0, 200)}` };
    } catch {
      return { text: 'I could not read the tool result.' };
    }
  }
  const user = [...turns].reverse().find((turn) => turn.role === 'user')?.text ?? '';
  if (/measurement/i.test(user) && offered.includes('list_measurements')) {
    const keyword = /"([^"]+)"/.exec(user)?.[1];
    return { toolCalls: [{ name: 'list_measurements', arguments: keyword ? { Keyword: keyword } : {} }] };
  }
  return { text: 'Hello from the fake model.' };
}

type Json = Record<string, unknown>;
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

function openAiTurns(body: Json): Turn[] {
  return asArray(body.messages).map((message) => ({ role: String(message.role), text: typeof message.content === 'string' ? message.content : '' }));
}

function anthropicTurns(body: Json): Turn[] {
  const turns: Turn[] = [];
  for (const message of asArray(body.messages)) {
    const content = message.content;
    if (typeof content === 'string') {
      turns.push({ role: String(message.role), text: content });
      continue;
    }
    for (const block of asArray(content)) {
      if (block.type === 'tool_result') turns.push({ role: 'tool', text: typeof block.content === 'string' ? block.content : JSON.stringify(block.content) });
      else if (block.type === 'text') turns.push({ role: String(message.role), text: String(block.text) });
    }
  }
  return turns;
}

let counter = 0;

function openAiAnswer(reply: FakeReply, model: unknown) {
  const message =
    'toolCalls' in reply
      ? {
          role: 'assistant',
          content: null,
          tool_calls: reply.toolCalls.map((call) => ({ id: `call_${(counter += 1)}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } })),
        }
      : { role: 'assistant', content: 'text' in reply ? reply.text : '' };
  return {
    id: `chatcmpl-${(counter += 1)}`,
    object: 'chat.completion',
    model,
    choices: [{ index: 0, message, finish_reason: 'toolCalls' in reply ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function anthropicAnswer(reply: FakeReply, model: unknown) {
  const content =
    'toolCalls' in reply
      ? reply.toolCalls.map((call) => ({ type: 'tool_use', id: `toolu_${(counter += 1)}`, name: call.name, input: call.arguments }))
      : [{ type: 'text', text: 'text' in reply ? reply.text : '' }];
  return { id: `msg_${(counter += 1)}`, type: 'message', role: 'assistant', model, content, stop_reason: 'toolCalls' in reply ? 'tool_use' : 'end_turn', usage: { input_tokens: 10, output_tokens: 5 } };
}

export async function startFakeLlm(options: { apiKey?: string; model?: string } = {}): Promise<FakeLlm> {
  const model = options.model ?? 'fake-model';
  const queued: FakeReply[] = [];
  const requests: RecordedRequest[] = [];

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Json | undefined;
    try {
      body = text ? (JSON.parse(text) as Json) : undefined;
    } catch {
      body = undefined;
    }
    const [path, query = ''] = (request.url ?? '/').split('?');
    requests.push({ path, query, headers: request.headers, body });
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (response.destroyed) return;

    const anthropic = path === '/v1/messages' || (path === '/v1/models' && request.headers['x-api-key'] !== undefined);
    // Azure OpenAI: the deployment in the path, the key in api-key, the api-version in the query.
    const azure = path.startsWith('/openai/');
    const key = anthropic ? request.headers['x-api-key'] : azure ? request.headers['api-key'] : request.headers.authorization?.replace(/^Bearer /i, '');
    if (options.apiKey !== undefined && key !== options.apiKey) {
      // As OpenAI does: the message names the key it was given, partly; the server must not pass that on.
      return send(response, 401, { error: { message: `Incorrect API key provided: ${String(key)}`, type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    if (azure && !/^api-version=[\w.-]+$/.test(query)) return send(response, 404, { error: { message: 'Resource not found' } });
    if (request.method === 'GET' && (path === '/v1/models' || path === '/openai/models')) return send(response, 200, { object: 'list', data: [{ id: model, object: 'model' }] });
    const completions = path === '/v1/chat/completions' || /^\/openai\/deployments\/[^/]+\/chat\/completions$/.test(path);
    if (request.method !== 'POST' || !body || (!completions && path !== '/v1/messages')) return send(response, 404, { error: { message: `No route ${path}` } });
    if (body.model !== undefined && body.model !== model) return send(response, 404, { error: { message: `The model ${String(body.model)} does not exist` } });

    const offered = asArray(body.tools).map((tool) => String((tool.function as Json | undefined)?.name ?? tool.name));
    const choice = body.tool_choice as string | Json | undefined;
    const required = choice === 'required' || (typeof choice === 'object' && choice?.type === 'any');
    const reply = queued.shift() ?? decide(anthropic ? anthropicTurns(body) : openAiTurns(body), offered, required);
    if ('status' in reply) return send(response, reply.status, reply.body);
    return send(response, 200, anthropic ? anthropicAnswer(reply, body.model) : openAiAnswer(reply, body.model));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { error: { message: 'fake model failed' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeLlm = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    anthropicUrl: `http://127.0.0.1:${port}`,
    requests,
    delayMs: 0,
    reply: (...replies) => queued.push(...replies),
    toolResults() {
      const results: string[] = [];
      for (const request of requests) {
        if (!request.body) continue;
        const turns = request.path === '/v1/messages' ? anthropicTurns(request.body) : openAiTurns(request.body);
        for (const turn of turns) if (turn.role === 'tool' && !results.includes(turn.text)) results.push(turn.text);
      }
      return results;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
