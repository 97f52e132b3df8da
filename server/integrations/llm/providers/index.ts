import { anthropicClient } from './anthropic';
import { openAiClient } from './openai';
import type { LlmProviderName, ProviderClient, ProviderSettings } from './types';

/** Where a provider is reached when the configuration leaves BaseURL empty (azure has none: it must be given). */
export const DEFAULT_BASE_URLS: Record<LlmProviderName, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  openai_compatible: 'http://localhost:11434/v1',
  azure_openai: '',
};

export function providerClient(settings: ProviderSettings): ProviderClient {
  return settings.provider === 'anthropic' ? anthropicClient(settings) : openAiClient(settings);
}

export * from './types';
