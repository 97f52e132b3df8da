// What the chat loop and the test need from a provider, whatever its protocol: one completion with
// tools offered, and the models call (reach and authenticate). Each protocol's client in this
// folder maps these to its own wire format with plain fetch (no SDK).

export type LlmProviderName = 'openai' | 'azure_openai' | 'anthropic' | 'openai_compatible';

/** Where and how to call a provider: the configuration's effective values, the key included. */
export interface ProviderSettings {
  provider: LlmProviderName;
  /** The effective base URL (the provider's default when the configuration leaves it empty). */
  baseUrl: string;
  model: string;
  azureDeployment?: string;
  apiVersion?: string;
  apiKey?: string;
  timeoutMs: number;
  maxOutputTokens: number;
}

/** A tool as offered to the model: its name, what it does and its arguments' JSON schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: object;
}

/** A tool call the model asked for; arguments as the model sent them (JSON text). */
export interface ToolCallRequest {
  id: string;
  name: string;
  arguments: string;
}

export type ChatTurn =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCallRequest[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

export interface CompletionRequest {
  system: string;
  messages: ChatTurn[];
  tools: ToolSpec[];
  /** 'required': the model must call a tool (the test's tool step). */
  toolChoice?: 'auto' | 'required';
  maxTokens?: number;
}

export interface Completion {
  text: string;
  toolCalls: ToolCallRequest[];
  usage?: { inputTokens?: number; outputTokens?: number };
}

export interface ProviderClient {
  /** Lists the models: proves the host answers (reach) and takes the key (authenticate). */
  listModels(): Promise<void>;
  complete(request: CompletionRequest): Promise<Completion>;
}

/** The step a provider call failed at: nothing answered, the key was refused, the call failed, or no answer in time. */
export type ProviderFailure = 'reach' | 'authenticate' | 'model' | 'timeout';

/** A provider call that failed; the message is safe to show (no key, no echoed request). */
export class LlmProviderError extends Error {
  constructor(
    readonly step: ProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmProviderError';
  }
}
