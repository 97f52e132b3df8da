-- Core tables: organizations, users and how they sign in, groups and privileges, sessions,
-- settings. Plain PostgreSQL 13+ (gen_random_uuid is built in); the same file runs on PGlite.
-- Columns are snake_case; the API maps them to the PascalCase names of the contract.

CREATE TABLE organizations (
  uuid          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name          text NOT NULL CHECK (btrim(name) <> ''),
  description   text NOT NULL DEFAULT '',
  is_root       boolean NOT NULL DEFAULT false,
  -- Read-only PostgreSQL role of the organization; its password is used to create the role and
  -- is not stored.
  postgres_user text,
  -- The all-zero UUID means "no licence" (SPEC §3); kept NOT NULL so the API never maps nulls.
  license_uuid  uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  status        text NOT NULL DEFAULT 'Active'
                CHECK (status IN ('Active', 'Paused', 'Deleted', 'Initial')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- At most one root organization; the seed creates it, so there is exactly one.
CREATE UNIQUE INDEX organizations_single_root ON organizations (is_root) WHERE is_root;
CREATE UNIQUE INDEX organizations_name_ci ON organizations (lower(name));
-- A licence belongs to one organization at most ("selectable only if unused or its own").
CREATE UNIQUE INDEX organizations_license_once ON organizations (license_uuid)
  WHERE license_uuid <> '00000000-0000-0000-0000-000000000000';

CREATE TABLE authentication_providers (
  uuid            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_name   text NOT NULL CHECK (btrim(provider_name) <> ''),
  -- local, ldap, oidc today; an open set, validated by the API against the provider types.
  provider_type   text NOT NULL CHECK (btrim(provider_type) <> ''),
  settings        jsonb NOT NULL DEFAULT '{}',
  -- Never sent back by the API; replaced only when a new value is sent.
  secure_settings jsonb NOT NULL DEFAULT '{}',
  is_system       boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
-- The provider name is part of the login path (/auth/{provider}/login).
CREATE UNIQUE INDEX authentication_providers_name_ci ON authentication_providers (lower(provider_name));

CREATE TABLE users (
  uuid                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name                 text NOT NULL CHECK (btrim(name) <> ''),
  -- NULL for users who sign in through LDAP or OIDC.
  password_hash        text,
  -- RESTRICT: removing a provider that still has users is refused, not a silent mass delete.
  provider_uuid        uuid NOT NULL REFERENCES authentication_providers (uuid) ON DELETE RESTRICT,
  -- The provider's stable id for the user (LDAP DN, OIDC sub); NULL for local users.
  external_subject     text,
  user_type            text NOT NULL DEFAULT 'user' CHECK (user_type IN ('user', 'service')),
  attributes           jsonb NOT NULL DEFAULT '{"Locale": "en", "ExperimentalFeatures": false}',
  must_change_password boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_name_ci ON users (lower(name));
CREATE UNIQUE INDEX users_external_subject ON users (provider_uuid, external_subject)
  WHERE external_subject IS NOT NULL;

-- Global catalogue: a privilege is granted to groups, and a group lives in one organization.
CREATE TABLE privileges (
  uuid        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  id          serial NOT NULL UNIQUE,
  name        text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  is_system   boolean NOT NULL DEFAULT false
);

CREATE TABLE user_groups (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name              text NOT NULL CHECK (btrim(name) <> ''),
  description       text NOT NULL DEFAULT '',
  is_system         boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  -- Audit fields hold the acting user's name as text, so they survive that user's deletion.
  created_by        text NOT NULL DEFAULT '',
  updated_by        text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX user_groups_name_ci ON user_groups (organization_uuid, lower(name));

CREATE TABLE user_group_users (
  uuid            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_group_uuid uuid NOT NULL REFERENCES user_groups (uuid) ON DELETE CASCADE,
  user_uuid       uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_group_uuid, user_uuid)
);
CREATE INDEX user_group_users_user ON user_group_users (user_uuid);

CREATE TABLE user_group_privileges (
  uuid            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_group_uuid uuid NOT NULL REFERENCES user_groups (uuid) ON DELETE CASCADE,
  privilege_uuid  uuid NOT NULL REFERENCES privileges (uuid) ON DELETE CASCADE,
  UNIQUE (user_group_uuid, privilege_uuid)
);

-- Maps a group name from LDAP/OIDC to a local group, so external users get privileges.
CREATE TABLE user_group_mappings (
  uuid            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_group_uuid uuid NOT NULL REFERENCES user_groups (uuid) ON DELETE CASCADE,
  external_group  text NOT NULL CHECK (btrim(external_group) <> ''),
  provider_uuid   uuid NOT NULL REFERENCES authentication_providers (uuid) ON DELETE CASCADE,
  UNIQUE (user_group_uuid, provider_uuid, external_group)
);
CREATE INDEX user_group_mappings_lookup ON user_group_mappings (provider_uuid, external_group);

-- A user's effective privileges in an organization: the union over their groups there. Every
-- privilege check reads this view, so the rule is written once.
CREATE VIEW user_effective_privileges AS
SELECT DISTINCT
  ugu.user_uuid,
  ug.organization_uuid,
  p.uuid AS privilege_uuid,
  p.id   AS privilege_id,
  p.name AS privilege_name
FROM user_group_users ugu
JOIN user_groups ug            ON ug.uuid = ugu.user_group_uuid
JOIN user_group_privileges ugp ON ugp.user_group_uuid = ug.uuid
JOIN privileges p              ON p.uuid = ugp.privilege_uuid;

-- The cookie carries an opaque random id; only its hash is stored, so a leaked table cannot be
-- replayed as sessions.
CREATE TABLE sessions (
  id_hash      text PRIMARY KEY,
  user_uuid    uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_uuid);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE api_tokens (
  uuid         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_uuid    uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  name         text NOT NULL DEFAULT '',
  token_hash   text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX api_tokens_user ON api_tokens (user_uuid);

CREATE TABLE settings (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name              text NOT NULL CHECK (btrim(name) <> ''),
  value             text NOT NULL DEFAULT '',
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_uuid, name)
);

-- user_uuid NULL is the organization's default layout for everyone. Two partial indexes rather
-- than NULLS NOT DISTINCT, which needs PostgreSQL 15.
CREATE TABLE table_settings (
  pk                serial PRIMARY KEY,
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  user_uuid         uuid REFERENCES users (uuid) ON DELETE CASCADE,
  table_id          text NOT NULL CHECK (btrim(table_id) <> ''),
  columns_shown     jsonb NOT NULL DEFAULT '[]',
  columns_order     jsonb NOT NULL DEFAULT '[]',
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX table_settings_per_user ON table_settings (organization_uuid, user_uuid, table_id)
  WHERE user_uuid IS NOT NULL;
CREATE UNIQUE INDEX table_settings_default ON table_settings (organization_uuid, table_id)
  WHERE user_uuid IS NULL;

-- Placeholder until manual entry forms exist: the form table and its foreign key come with them.
CREATE TABLE manual_entry_form_privileges (
  uuid                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  id                     serial NOT NULL UNIQUE,
  manual_entry_form_uuid uuid NOT NULL,
  organization_uuid      uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  user_group_uuid        uuid NOT NULL REFERENCES user_groups (uuid) ON DELETE CASCADE,
  name                   text NOT NULL
                         CHECK (name IN ('MANUAL_ENTRY_FORM_DEFAULT', 'MANUAL_ENTRY_FORM_ELEVATED')),
  UNIQUE (manual_entry_form_uuid, user_group_uuid, name)
);

-- Failed sign-ins, counted per user name and per address over a recent window to slow guessing.
CREATE TABLE login_attempts (
  id           bigserial PRIMARY KEY,
  user_name    text NOT NULL,
  address      text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_user ON login_attempts (lower(user_name), attempted_at);
CREATE INDEX login_attempts_address ON login_attempts (address, attempted_at);

-- Secrets the server generates once and every server instance must share, e.g. the key that
-- signs XSRF tokens (unless HISTORIAN_SESSION_SECRET is set).
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
