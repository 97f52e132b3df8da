-- Collectors (SPEC §3): the agents that gather plant data, their health over time, and the
-- product builds they can be told to install. Server code: server/collectors/, server/routes/
-- collectors.ts, collectorApi.ts, productUpdates.ts.

CREATE TABLE collectors (
  uuid                        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid           uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name                        text NOT NULL CHECK (btrim(name) <> ''),
  description                 text NOT NULL DEFAULT '',
  -- DELETE marks a collector Deleted rather than removing it: SPEC §4 sorts Deleted collectors
  -- into the list, and their history stays readable.
  status                      text NOT NULL DEFAULT 'Initial'
                              CHECK (status IN ('Initial', 'Paused', 'Active', 'Deleted')),
  -- '' until the agent registers and says what it is; internal and calculation are the
  -- organization's own (is_system).
  collector_type              text NOT NULL DEFAULT '',
  build_version               text NOT NULL DEFAULT '',
  build_os                    text NOT NULL DEFAULT '',
  build_arch                  text NOT NULL DEFAULT '',
  health                      text NOT NULL DEFAULT '',
  health_updated_at           timestamptz,
  settings                    jsonb NOT NULL DEFAULT '{}',
  -- Delivered to the collector only; never sent back to a browser.
  secure_settings             jsonb NOT NULL DEFAULT '{}',
  settings_schema             jsonb NOT NULL DEFAULT '{}',
  measurement_settings_schema jsonb NOT NULL DEFAULT '{}',
  -- Bumped on every change of settings or secure settings; the agent reports the version it has
  -- applied, so the console can tell "saved" from "in effect".
  settings_version            integer NOT NULL DEFAULT 1,
  applied_settings_version    integer,
  -- The product update version the agent was told to install; cleared when it reports it.
  update_version              text,
  is_system                   boolean NOT NULL DEFAULT false,
  -- SHA-256 of the current collector token; a new token replaces it, which revokes the old one.
  token_hash                  text UNIQUE,
  registered_at               timestamptz,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX collectors_name_ci ON collectors (organization_uuid, lower(name));
-- One internal and one calculation collector per organization.
CREATE UNIQUE INDEX collectors_system_type ON collectors (organization_uuid, collector_type) WHERE is_system;

-- Health changes only (a report that repeats the last health just refreshes health_updated_at),
-- so the history is a timeline of transitions, not one row per heartbeat.
CREATE TABLE collector_health (
  id             bigserial PRIMARY KEY,
  collector_uuid uuid NOT NULL REFERENCES collectors (uuid) ON DELETE CASCADE,
  health         text NOT NULL,
  recorded_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collector_health_timeline ON collector_health (collector_uuid, recorded_at DESC, id DESC);

-- Uploaded builds. Installation-wide (a build is the same for every organization); the file is
-- kept on disk as <HISTORIAN_DATA_DIR>/product-updates/<checksum>.
CREATE TABLE product_updates (
  uuid         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_type text NOT NULL CHECK (btrim(product_type) <> ''),
  product      text NOT NULL CHECK (btrim(product) <> ''),
  os           text NOT NULL CHECK (btrim(os) <> ''),
  arch         text NOT NULL CHECK (btrim(arch) <> ''),
  version      text NOT NULL CHECK (btrim(version) <> ''),
  checksum     text NOT NULL CHECK (checksum ~ '^[0-9a-f]{64}$'),
  size         bigint NOT NULL CHECK (size >= 0),
  file_name    text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_type, os, arch, version)
);

-- Placeholder until the measurements issue: just enough for "a collector with active
-- measurements cannot be deleted". That issue extends this table (ALTER TABLE), it does not
-- create it again.
CREATE TABLE IF NOT EXISTS measurements (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  collector_uuid    uuid NOT NULL REFERENCES collectors (uuid),
  name              text NOT NULL CHECK (btrim(name) <> ''),
  status            text NOT NULL DEFAULT 'Active'
                    CHECK (status IN ('Initial', 'Paused', 'Active', 'Deleted'))
);
CREATE INDEX IF NOT EXISTS measurements_collector ON measurements (collector_uuid);

-- Every organization has its internal and calculation collectors; these are the existing ones'.
-- New organizations get theirs from createDefaultCollectors (server/collectors/defaults.ts).
INSERT INTO collectors (organization_uuid, name, collector_type, status, is_system)
SELECT o.uuid, d.name, d.collector_type, 'Active', true
  FROM organizations o
 CROSS JOIN (VALUES ('Internal', 'internal'), ('Calculations', 'calculation')) AS d (name, collector_type)
ON CONFLICT DO NOTHING;
