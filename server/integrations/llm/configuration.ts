import type { Read, Write } from '../../../domain/contract';
import { mergeSecureSettings, redactSecureSettings } from '../../../domain/settingsModule';
import type { Db } from '../../db/db';
import { badRequest } from '../../http/problem';
import { secretsKeptFor } from '../../routes/storedSecrets';
import { DEFAULT_BASE_URLS, type LlmProviderName, type ProviderSettings } from './providers';
import { LLM_TOOL_NAMES } from './tools';

// The organization's assistant (llm_configurations, one row per organization): read, checked and
// saved. The key lives in secure_settings, is never answered, and goes only to the provider and
// base URL it was stored for (routes/storedSecrets.ts).

export type LlmConfigurationJson = Read<'LlmConfiguration'>;
export type LlmConfigurationBody = Write<'LlmConfiguration'>;

export const DEFAULT_TIMEOUT_SECONDS = 60;
export const DEFAULT_MAX_OUTPUT_TOKENS = 1024;

export interface LlmConfigurationRow {
  organization_uuid: string;
  enabled: boolean;
  provider: LlmProviderName;
  base_url: string;
  model: string;
  settings: { AzureDeployment?: string; ApiVersion?: string; TimeoutSeconds?: number; MaxOutputTokens?: number };
  secure_settings: { ApiKey?: string };
  allowed_tools: string[];
  updated_at: Date | string;
}

/** The values a configuration takes effect with, the key aside. */
export interface LlmConfiguration {
  enabled: boolean;
  provider: LlmProviderName;
  baseUrl: string;
  model: string;
  azureDeployment: string;
  apiVersion: string;
  timeoutSeconds: number;
  maxOutputTokens: number;
  allowedTools: string[];
}

const DISABLED: LlmConfiguration = {
  enabled: false,
  provider: 'openai_compatible',
  baseUrl: '',
  model: '',
  azureDeployment: '',
  apiVersion: '',
  timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
  maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS,
  allowedTools: [],
};

export function configurationOfRow(row: LlmConfigurationRow | undefined): LlmConfiguration {
  if (!row) return DISABLED;
  return {
    enabled: row.enabled,
    provider: row.provider,
    baseUrl: row.base_url,
    model: row.model,
    azureDeployment: row.settings.AzureDeployment ?? '',
    apiVersion: row.settings.ApiVersion ?? '',
    timeoutSeconds: row.settings.TimeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    maxOutputTokens: row.settings.MaxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    allowedTools: row.allowed_tools,
  };
}

/** The answer: never the key, only that one is stored. */
export function toJson(row: LlmConfigurationRow | undefined): LlmConfigurationJson {
  const config = configurationOfRow(row);
  return {
    Enabled: config.enabled,
    Provider: config.provider,
    BaseURL: config.baseUrl,
    Model: config.model,
    AzureDeployment: config.azureDeployment,
    ApiVersion: config.apiVersion,
    TimeoutSeconds: config.timeoutSeconds,
    MaxOutputTokens: config.maxOutputTokens,
    AllowedTools: config.allowedTools,
    StoredSecureSettings: redactSecureSettings(row?.secure_settings),
    UpdatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export function configurationOfBody(body: LlmConfigurationBody): LlmConfiguration {
  return {
    enabled: body.Enabled,
    provider: body.Provider,
    baseUrl: body.BaseURL.trim(),
    model: body.Model.trim(),
    azureDeployment: (body.AzureDeployment ?? '').trim(),
    apiVersion: (body.ApiVersion ?? '').trim(),
    timeoutSeconds: body.TimeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    maxOutputTokens: body.MaxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    allowedTools: [...new Set(body.AllowedTools)],
  };
}

/** The base URL calls go to: the one given, or the provider's default. */
export const effectiveBaseUrl = (config: Pick<LlmConfiguration, 'provider' | 'baseUrl'>) => config.baseUrl || DEFAULT_BASE_URLS[config.provider];

/** Providers that refuse calls without a key; an OpenAI-compatible (local) server may need none. */
const NEEDS_KEY: readonly LlmProviderName[] = ['openai', 'azure_openai', 'anthropic'];

/**
 * The configuration's rules, every failure named by its field (400): an http(s) BaseURL without
 * user information; azure_openai needs BaseURL, AzureDeployment and ApiVersion; Model when enabled
 * (azure names its deployment instead); the key when enabled, for providers that need one;
 * AllowedTools only known tools. `forUse`: checked as if enabled (the test).
 */
export function assertConfigurationFits(config: LlmConfiguration, apiKey: string | undefined, forUse = false): void {
  const errors: Record<string, string[]> = {};
  const codes = new Set<string>();
  const fail = (field: string, message: string, code: string) => {
    (errors[field] ??= []).push(message);
    codes.add(code);
  };
  if (config.baseUrl !== '') {
    let url: URL | undefined;
    try {
      url = new URL(config.baseUrl);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) fail('BaseURL', 'must be an http or https URL', 'llm.errors.base_url');
    else if (url.username || url.password) fail('BaseURL', 'must not carry a user or password: the key goes in ApiKey', 'llm.errors.base_url');
  }
  if (config.provider === 'azure_openai') {
    if (config.baseUrl === '') fail('BaseURL', 'is required for Azure OpenAI (https://<resource>.openai.azure.com)', 'llm.errors.azure_settings');
    if (config.azureDeployment === '') fail('AzureDeployment', 'is required for Azure OpenAI', 'llm.errors.azure_settings');
    if (config.apiVersion === '') fail('ApiVersion', 'is required for Azure OpenAI', 'llm.errors.azure_settings');
  }
  const active = config.enabled || forUse;
  if (active && config.provider !== 'azure_openai' && config.model === '') fail('Model', 'is required', 'llm.errors.model_required');
  if (active && NEEDS_KEY.includes(config.provider) && !apiKey) fail('SecureSettings.ApiKey', 'is required by this provider', 'llm.errors.api_key_required');
  config.allowedTools.forEach((name, index) => {
    if (!LLM_TOOL_NAMES.includes(name)) fail(`AllowedTools[${index}]`, `is not a known tool (${LLM_TOOL_NAMES.join(', ')})`, 'llm.errors.unknown_tool');
  });
  if (codes.size > 0) {
    const code = codes.size === 1 ? [...codes][0] : 'llm.errors.invalid_configuration';
    throw badRequest(`The assistant's configuration does not fit: ${Object.keys(errors).join(', ')}`, errors, code);
  }
}

/**
 * The key the new configuration may use: the stored one while Provider and BaseURL (as they take
 * effect) are unchanged, else only one sent anew (400 form.errors.secret_reentry otherwise); then
 * the secure-value rule (absent or empty keeps, null clears).
 */
export function apiKeyFor(stored: LlmConfigurationRow | undefined, config: LlmConfiguration, sent: LlmConfigurationBody['SecureSettings']): string | undefined {
  const kept = stored
    ? secretsKeptFor(
        { keys: ['Provider', 'BaseURL'] },
        {},
        { settings: { Provider: stored.provider, BaseURL: effectiveBaseUrl(configurationOfRow(stored)) }, secureSettings: stored.secure_settings },
        { Provider: config.provider, BaseURL: effectiveBaseUrl(config) },
        sent ?? undefined,
      )
    : {};
  const merged = mergeSecureSettings(kept, sent ?? undefined);
  return typeof merged.ApiKey === 'string' && merged.ApiKey !== '' ? merged.ApiKey : undefined;
}

export function providerSettingsOf(config: LlmConfiguration, apiKey: string | undefined): ProviderSettings {
  return {
    provider: config.provider,
    baseUrl: effectiveBaseUrl(config),
    model: config.model,
    azureDeployment: config.azureDeployment,
    apiVersion: config.apiVersion,
    apiKey,
    timeoutMs: config.timeoutSeconds * 1000,
    maxOutputTokens: config.maxOutputTokens,
  };
}

export function llmConfigurationsRepository(db: Db) {
  return {
    async find(organizationUuid: string): Promise<LlmConfigurationRow | undefined> {
      const { rows } = await db.query<LlmConfigurationRow>('SELECT * FROM llm_configurations WHERE organization_uuid = $1', [organizationUuid]);
      return rows[0];
    },

    async save(organizationUuid: string, userUuid: string, config: LlmConfiguration, apiKey: string | undefined): Promise<LlmConfigurationRow> {
      const settings = {
        ...(config.azureDeployment ? { AzureDeployment: config.azureDeployment } : {}),
        ...(config.apiVersion ? { ApiVersion: config.apiVersion } : {}),
        TimeoutSeconds: config.timeoutSeconds,
        MaxOutputTokens: config.maxOutputTokens,
      };
      const { rows } = await db.query<LlmConfigurationRow>(
        `INSERT INTO llm_configurations (organization_uuid, enabled, provider, base_url, model, settings, secure_settings, allowed_tools, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, now(), $9)
         ON CONFLICT (organization_uuid) DO UPDATE SET enabled = EXCLUDED.enabled, provider = EXCLUDED.provider, base_url = EXCLUDED.base_url,
           model = EXCLUDED.model, settings = EXCLUDED.settings, secure_settings = EXCLUDED.secure_settings,
           allowed_tools = EXCLUDED.allowed_tools, updated_at = now(), updated_by = EXCLUDED.updated_by
         RETURNING *`,
        [
          organizationUuid,
          config.enabled,
          config.provider,
          config.baseUrl,
          config.model,
          JSON.stringify(settings),
          JSON.stringify(apiKey ? { ApiKey: apiKey } : {}),
          JSON.stringify(config.allowedTools),
          userUuid,
        ],
      );
      return rows[0];
    },
  };
}
