import { baseApi as api } from "../baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLlmConfiguration: build.query<
      GetLlmConfigurationApiResponse,
      GetLlmConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/llm-configuration`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    updateLlmConfiguration: build.mutation<
      UpdateLlmConfigurationApiResponse,
      UpdateLlmConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/llm-configuration`,
        method: "PUT",
        body: queryArg.llmConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    testLlmConfiguration: build.mutation<
      TestLlmConfigurationApiResponse,
      TestLlmConfigurationApiArg
    >({
      query: (queryArg) => ({
        url: `/llm-configuration/test`,
        method: "POST",
        body: queryArg.llmConfiguration,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    getLlmTools: build.query<GetLlmToolsApiResponse, GetLlmToolsApiArg>({
      query: (queryArg) => ({
        url: `/llm/tools`,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
    chatWithLlm: build.mutation<ChatWithLlmApiResponse, ChatWithLlmApiArg>({
      query: (queryArg) => ({
        url: `/llm/chat`,
        method: "POST",
        body: queryArg.llmChatRequest,
        headers: {
          "x-organization-uuid": queryArg["x-organization-uuid"],
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as llmEndpoints };
export type GetLlmConfigurationApiResponse =
  /** status 200 The configuration. */ LlmConfigurationRead;
export type GetLlmConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type UpdateLlmConfigurationApiResponse =
  /** status 200 The configuration. */ LlmConfigurationRead;
export type UpdateLlmConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  llmConfiguration: LlmConfigurationWrite;
};
export type TestLlmConfigurationApiResponse =
  /** status 200 The outcome of each step. */ ConnectionTestResult;
export type TestLlmConfigurationApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  llmConfiguration: LlmConfigurationWrite;
};
export type GetLlmToolsApiResponse = /** status 200 The tools. */ LlmTool[];
export type GetLlmToolsApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
};
export type ChatWithLlmApiResponse =
  /** status 200 The answer and the tool calls made for it. */ LlmChatAnswer;
export type ChatWithLlmApiArg = {
  /** The organization the call acts in; the stored organization by default. */
  "x-organization-uuid"?: string;
  llmChatRequest: LlmChatRequest;
};
export type LlmProvider =
  "openai" | "azure_openai" | "anthropic" | "openai_compatible";
export type LlmConfiguration = {
  Enabled: boolean;
  Provider: LlmProvider;
  /** e.g. http://localhost:11434/v1 for a local OpenAI-compatible server; empty for the provider default. */
  BaseURL: string;
  Model: string;
  AzureDeployment?: string;
  ApiVersion?: string;
  TimeoutSeconds: number;
  MaxOutputTokens: number;
  AllowedTools: string[];
};
export type LlmConfigurationRead = {
  Enabled: boolean;
  Provider: LlmProvider;
  /** e.g. http://localhost:11434/v1 for a local OpenAI-compatible server; empty for the provider default. */
  BaseURL: string;
  Model: string;
  AzureDeployment?: string;
  ApiVersion?: string;
  StoredSecureSettings: string[];
  TimeoutSeconds: number;
  MaxOutputTokens: number;
  AllowedTools: string[];
  UpdatedAt?: string | null;
};
export type LlmConfigurationWrite = {
  Enabled: boolean;
  Provider: LlmProvider;
  /** e.g. http://localhost:11434/v1 for a local OpenAI-compatible server; empty for the provider default. */
  BaseURL: string;
  Model: string;
  AzureDeployment?: string;
  ApiVersion?: string;
  /** Sent only when changed (null clears it); never returned. */
  SecureSettings?: {
    ApiKey?: string | null;
  };
  TimeoutSeconds: number;
  MaxOutputTokens: number;
  AllowedTools: string[];
};
export type ManualEntryScalar = (number | null) | string | boolean;
export type ManualEntryConflict = {
  /** The EventTypePropertyUUID or AssetPropertyUUID. */
  Key: string;
  EventUUID?: string;
  Timestamp?: string;
  Expected: ManualEntryScalar;
  Current: ManualEntryScalar;
  UpdatedAt?: string | null;
  UpdatedBy?: string | null;
};
export type Problem = {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  /** A translation key for the client, e.g. users.errors.login. */
  code?: string;
  /** Messages keyed by field path. */
  errors?: {
    [key: string]: string[];
  };
  /** What a deletion would take along, by kind (DELETE /organizations/{id} without confirm). */
  holdings?: {
    [key: string]: number;
  };
  /** Values the translation of code interpolates, e.g. limit: 24h. */
  params?: {
    [key: string]: string;
  };
  /** 409 manual_entry.errors.conflict, the values that changed since they were read. */
  conflicts?: ManualEntryConflict[];
};
export type ConnectionTestResult = {
  Success: boolean;
  FailedStep?: string;
  Steps: {
    Name: string;
    Success: boolean;
    Message?: string;
  }[];
};
export type LlmTool = {
  Name: string;
  Description: string;
  Method: string;
  /** The API call the tool makes. */
  Path: string;
  Privileges: string[];
};
export type Uuid = string;
export type LlmChatMessage = {
  Role: "user" | "assistant";
  Content: string;
};
export type LlmToolCall = {
  UUID: Uuid;
  Tool: string;
  Arguments: {
    [key: string]: any;
  };
  Method: string;
  /** The call as made, with its query string, so it can be replayed. */
  Path: string;
  /** The HTTP status the API answered. */
  Status: number;
  DurationMs: number;
  /** What came back, in short (e.g. "12 measurements"). */
  Summary?: string;
};
export type LlmChatAnswer = {
  ConversationUUID: Uuid;
  Message: LlmChatMessage;
  ToolCalls: LlmToolCall[];
  Usage?: {
    InputTokens?: number;
    OutputTokens?: number;
  };
};
export type LlmChatRequest = {
  ConversationUUID?: Uuid;
  Messages: LlmChatMessage[];
};
export const {
  useGetLlmConfigurationQuery,
  useLazyGetLlmConfigurationQuery,
  useUpdateLlmConfigurationMutation,
  useTestLlmConfigurationMutation,
  useGetLlmToolsQuery,
  useLazyGetLlmToolsQuery,
  useChatWithLlmMutation,
} = injectedRtkApi;
