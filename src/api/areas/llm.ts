import { llmEndpoints } from '../generated/llm.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { tagTypes, type EndpointTags } from '../tags';

// The AI assistant (DOMAIN.md §10; server/integrations/README.md): the organization's
// configuration, the tools it may be allowed and the chat. Loads with the AI page and the chat panel.

export const llmTags = {
  getLlmConfiguration: { providesTags: ['LlmConfiguration'] },
  updateLlmConfiguration: { invalidatesTags: ['LlmConfiguration'] },
  testLlmConfiguration: { invalidatesTags: [] },
  getLlmTools: { providesTags: [] },
  chatWithLlm: { invalidatesTags: [] },
} satisfies Record<string, EndpointTags>;

/** What the user is told when a call ends (see outcomes.ts). The chat reports in its panel. */
const outcomes: Record<string, EndpointOutcome> = {
  updateLlmConfiguration: { success: { messageKey: 'llm.outcomes.saved' }, error: { messageKey: 'llm.errors.save' } },
};

const llmTagged = llmEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: llmTags });

export const llmApi = withOutcomes(llmTagged, outcomes);

export const { useGetLlmConfigurationQuery, useUpdateLlmConfigurationMutation, useTestLlmConfigurationMutation, useGetLlmToolsQuery, useChatWithLlmMutation } = llmApi;
