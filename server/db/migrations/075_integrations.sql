-- Integrations (issue 21; DOMAIN.md §7, §9, §10; the rules in server/integrations/README.md):
-- sinks (broker connections) and forwarders, external databases, the AI assistant.
-- Secure settings are jsonb maps that no answer carries; the audit trail masks them key by key.

CREATE TABLE sinks (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description       text NOT NULL DEFAULT '',
  sink_type         text NOT NULL CHECK (sink_type IN ('MQTT', 'SparkplugB')),
  state             text NOT NULL DEFAULT 'stopped' CHECK (state IN ('running', 'stopped')),
  settings          jsonb NOT NULL DEFAULT '{}',
  secure_settings   jsonb NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_by        uuid
);
CREATE UNIQUE INDEX sinks_name ON sinks (organization_uuid, lower(name));

-- What the server running a sink last reported (any server answers the statistics call).
CREATE TABLE sink_statistics (
  sink_uuid       uuid PRIMARY KEY REFERENCES sinks (uuid) ON DELETE CASCADE,
  connected       boolean NOT NULL DEFAULT false,
  sent            bigint NOT NULL DEFAULT 0,
  buffered        bigint NOT NULL DEFAULT 0,
  buffered_bytes  bigint NOT NULL DEFAULT 0,
  dropped         bigint NOT NULL DEFAULT 0,
  last_error      text,
  last_error_at   timestamptz,
  connected_since timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- selection and templates hold the contract's Selection and Templates as written; what the
-- selection names is checked on save and resolved again every reload_interval.
CREATE TABLE forwarders (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  sink_uuid         uuid NOT NULL REFERENCES sinks (uuid) ON DELETE RESTRICT,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description       text NOT NULL DEFAULT '',
  state             text NOT NULL DEFAULT 'stopped' CHECK (state IN ('running', 'stopped')),
  selection         jsonb NOT NULL DEFAULT '{}',
  format            text NOT NULL DEFAULT 'json' CHECK (format IN ('json', 'sparkplugb')),
  templates         jsonb NOT NULL DEFAULT '{}',
  reload_interval   text NOT NULL DEFAULT '5m',
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_by        uuid
);
CREATE UNIQUE INDEX forwarders_name ON forwarders (organization_uuid, lower(name));
CREATE INDEX forwarders_sink ON forwarders (sink_uuid);

CREATE TABLE external_databases (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description       text NOT NULL DEFAULT '',
  kind              text NOT NULL CHECK (kind IN ('postgres', 'mysql', 'oracle', 'sqlserver', 'sqlite', 'hdb', 'ase')),
  settings          jsonb NOT NULL DEFAULT '{}',
  secure_settings   jsonb NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_by        uuid
);
CREATE UNIQUE INDEX external_databases_name ON external_databases (organization_uuid, lower(name));

-- One assistant per organization; settings: AzureDeployment, ApiVersion, TimeoutSeconds,
-- MaxOutputTokens; secure_settings: ApiKey.
CREATE TABLE llm_configurations (
  organization_uuid uuid PRIMARY KEY REFERENCES organizations (uuid) ON DELETE CASCADE,
  name              text NOT NULL DEFAULT 'AI assistant',
  enabled           boolean NOT NULL DEFAULT false,
  provider          text NOT NULL DEFAULT 'openai_compatible' CHECK (provider IN ('openai', 'azure_openai', 'anthropic', 'openai_compatible')),
  base_url          text NOT NULL DEFAULT '',
  model             text NOT NULL DEFAULT '',
  settings          jsonb NOT NULL DEFAULT '{}',
  secure_settings   jsonb NOT NULL DEFAULT '{}',
  allowed_tools     jsonb NOT NULL DEFAULT '[]',
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid
);

-- Every call a tool of the assistant made on a user's behalf: written in the request that made
-- it, so its audit entry names that user. path carries the query string, to replay it.
CREATE TABLE llm_tool_calls (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  conversation_uuid uuid NOT NULL,
  user_uuid         uuid,
  tool              text NOT NULL,
  arguments         jsonb NOT NULL DEFAULT '{}',
  method            text NOT NULL,
  path              text NOT NULL,
  status            integer NOT NULL,
  duration_ms       integer NOT NULL,
  summary           text NOT NULL DEFAULT '',
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX llm_tool_calls_conversation ON llm_tool_calls (conversation_uuid, created_at);

-- Audit (server/audit/README.md).
SELECT audit_table('sinks', 'Sinks', 'Sink', 'name', 'secure_settings', 'updated_at');
SELECT audit_table('forwarders', 'Sinks', 'Forwarder', 'name', '', 'updated_at');
SELECT audit_table('external_databases', 'ExternalDatabases', 'ExternalDatabase', 'name', 'secure_settings', 'updated_at');
SELECT audit_table('llm_configurations', 'Llm', 'LlmConfiguration', 'name', 'secure_settings', 'updated_at', 'organization_uuid');
SELECT audit_table('llm_tool_calls', 'Llm', 'LlmToolCall', 'tool');
