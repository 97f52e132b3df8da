import type { FastifyRequest } from 'fastify';
import type { Write } from '../../../domain/contract';
import type { AppContext } from '../../context';
import { callerOf, organizationOf } from '../../http/caller';
import { conflict } from '../../http/problem';
import { runChat } from './chat';
import {
  apiKeyFor,
  assertConfigurationFits,
  configurationOfBody,
  configurationOfRow,
  llmConfigurationsRepository,
  providerSettingsOf,
  toJson,
  type LlmConfigurationBody,
} from './configuration';
import { testProvider } from './connectionTest';
import { providerClient } from './providers';
import { toolList } from './tools';

// The assistant's routes (server/integrations/README.md, "Who may do what"): READ_LLM reads the
// configuration (never the key), lists the tools and chats; MANAGE_LLM saves and tests it.
// The privileges are the contract's (x-historian-privileges), checked before these run.

export function llmHandlers(ctx: AppContext) {
  const repository = llmConfigurationsRepository(ctx.db);

  return {
    async getLlmConfiguration(request: FastifyRequest) {
      return toJson(await repository.find(organizationOf(request)));
    },

    async updateLlmConfiguration(request: FastifyRequest<{ Body: LlmConfigurationBody }>) {
      const organization = organizationOf(request);
      const stored = await repository.find(organization);
      const config = configurationOfBody(request.body);
      const apiKey = apiKeyFor(stored, config, request.body.SecureSettings);
      assertConfigurationFits(config, apiKey);
      return toJson(await repository.save(organization, callerOf(request).userUuid, config, apiKey));
    },

    /** The form's values before saving; the key not sent is the stored one, where it was stored for. */
    async testLlmConfiguration(request: FastifyRequest<{ Body: LlmConfigurationBody }>) {
      const stored = await repository.find(organizationOf(request));
      const config = configurationOfBody(request.body);
      const apiKey = apiKeyFor(stored, config, request.body.SecureSettings);
      assertConfigurationFits(config, apiKey, true);
      return testProvider(providerSettingsOf(config, apiKey));
    },

    async getLlmTools() {
      return toolList();
    },

    async chatWithLlm(request: FastifyRequest<{ Body: Write<'LlmChatRequest'> }>) {
      const row = await repository.find(organizationOf(request));
      const config = configurationOfRow(row);
      if (!row || !config.enabled) throw conflict('The assistant is not enabled in this organization', 'llm.errors.disabled');
      const client = providerClient(providerSettingsOf(config, row.secure_settings.ApiKey || undefined));
      return runChat({ db: ctx.db, request, client, allowedTools: config.allowedTools });
    },
  };
}
