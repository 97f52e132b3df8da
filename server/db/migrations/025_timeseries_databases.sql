-- The time-series databases configured per organization (SPEC §3 "Time-series database"): which
-- driver type (server/timeseries/registry.ts) and its settings. Secure settings are never sent
-- back by the API and are replaced only when a new value is sent.
CREATE TABLE timeseries_databases (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name              text NOT NULL CHECK (btrim(name) <> ''),
  description       text NOT NULL DEFAULT '',
  -- A UUID of TIMESERIES_DATABASE_TYPES; not a foreign key, the types live in code.
  type_uuid         uuid NOT NULL,
  settings          jsonb NOT NULL DEFAULT '{}',
  secure_settings   jsonb NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX timeseries_databases_name_ci ON timeseries_databases (organization_uuid, lower(name));
