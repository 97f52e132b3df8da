-- Assets, asset properties and prototypes (DOMAIN.md §3; the rules in server/prototypes/README.md).
--
-- An asset is a node of the organization's tree of any depth. Its path (names joined by `/`, no
-- name holds a `/`) is stored and kept by the server on create, rename and move, so that a level of
-- the tree, a subtree (`path LIKE 'A/B/%'`) and a search over 100,000 assets read an index.

CREATE TABLE prototypes (
  uuid                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid     uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description           text NOT NULL DEFAULT '',
  default_database_uuid uuid REFERENCES timeseries_databases (uuid) ON DELETE SET NULL,
  -- key → value; a null value must be filled when an instance is made.
  metadata              jsonb NOT NULL DEFAULT '{}',
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  created_by            uuid,
  updated_by            uuid
);
CREATE UNIQUE INDEX prototypes_name ON prototypes (organization_uuid, lower(name));

-- A property prototype removed from its prototype is kept with deleted = true: the instance items
-- linked to it then show the link status Deleted until a plan removes or unlinks them.
CREATE TABLE property_prototypes (
  uuid                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  prototype_uuid       uuid NOT NULL REFERENCES prototypes (uuid) ON DELETE CASCADE,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description          text NOT NULL DEFAULT '',
  kind                 text NOT NULL CHECK (kind IN ('measurement', 'calculation')),
  datatype             text NOT NULL
    CHECK (datatype IN ('number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw')),
  name_template        text NOT NULL DEFAULT '' CHECK (length(name_template) <= 500),
  calculation_template jsonb,
  position             integer NOT NULL DEFAULT 0,
  deleted              boolean NOT NULL DEFAULT false,
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX property_prototypes_name ON property_prototypes (prototype_uuid, lower(name)) WHERE NOT deleted;

CREATE TABLE assets (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  parent_uuid       uuid REFERENCES assets (uuid),
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 200 AND position('/' IN name) = 0),
  description       text NOT NULL DEFAULT '',
  status            text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Deleted')),
  metadata          jsonb NOT NULL DEFAULT '{}',
  -- The names from the top, joined by `/`; kept by the server.
  path              text NOT NULL,
  depth             integer NOT NULL DEFAULT 0,
  -- The prototype link (weak: neither side pushes changes). `applied` is the prototype's side as
  -- it was at the last apply, the base of the three-way diff; `link_status` is kept by the server
  -- (server/prototypes/linkStatus.ts) whenever either side changes.
  prototype_uuid    uuid REFERENCES prototypes (uuid) ON DELETE SET NULL,
  applied           jsonb,
  link_status       text NOT NULL DEFAULT 'NotLinked'
    CHECK (link_status IN ('NotLinked', 'Applied', 'NeedsUpdate', 'Overridden', 'Deleted')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_by        uuid
);
-- Names are unique among the active siblings (the top level has the nil UUID as its parent here).
CREATE UNIQUE INDEX assets_sibling_name ON assets
  (organization_uuid, coalesce(parent_uuid, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))
  WHERE status = 'Active';
CREATE INDEX assets_children ON assets (organization_uuid, parent_uuid, lower(name)) WHERE status = 'Active';
CREATE INDEX assets_path ON assets (organization_uuid, path text_pattern_ops);
CREATE INDEX assets_prototype ON assets (prototype_uuid) WHERE prototype_uuid IS NOT NULL;

CREATE TABLE asset_properties (
  uuid                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid       uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  asset_uuid              uuid NOT NULL REFERENCES assets (uuid) ON DELETE CASCADE,
  name                    text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description             text NOT NULL DEFAULT '',
  -- Null while a property made from a prototype is not bound to a measurement yet.
  measurement_uuid        uuid REFERENCES measurements (uuid),
  metadata                jsonb NOT NULL DEFAULT '{}',
  -- No foreign key: a removed property prototype stays known (link status Deleted).
  property_prototype_uuid uuid,
  applied                 jsonb,
  link_status             text NOT NULL DEFAULT 'NotLinked'
    CHECK (link_status IN ('NotLinked', 'Applied', 'NeedsUpdate', 'Overridden', 'Deleted')),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  created_by              uuid,
  updated_by              uuid
);
CREATE UNIQUE INDEX asset_properties_name ON asset_properties (asset_uuid, lower(name));
CREATE INDEX asset_properties_measurement ON asset_properties (measurement_uuid);
CREATE INDEX asset_properties_organization ON asset_properties (organization_uuid, lower(name));
CREATE INDEX asset_properties_prototype ON asset_properties (property_prototype_uuid) WHERE property_prototype_uuid IS NOT NULL;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS assets_path_trgm ON assets USING gin (lower(path) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS asset_properties_name_trgm ON asset_properties USING gin (lower(name) gin_trgm_ops);
  END IF;
END
$$;

-- A plan (POST /prototypes/{id}/plans): its rows as answered, the instance values each row was
-- planned against (apply refuses when they changed), the choices it was applied with and the
-- journal of what applying did, which undo reverses. Kept a day unless applied.
CREATE TABLE prototype_plans (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  prototype_uuid    uuid NOT NULL REFERENCES prototypes (uuid) ON DELETE CASCADE,
  user_uuid         uuid REFERENCES users (uuid) ON DELETE SET NULL,
  state             text NOT NULL DEFAULT 'planned'
    CHECK (state IN ('planned', 'applying', 'applied', 'undoing', 'undone', 'expired')),
  rows              jsonb NOT NULL,
  fingerprints      jsonb NOT NULL DEFAULT '{}',
  choices           jsonb,
  journal           jsonb,
  apply_job_uuid    uuid,
  undo_job_uuid     uuid,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL
);
CREATE INDEX prototype_plans_prototype ON prototype_plans (prototype_uuid, created_at);

-- Configuration changes are audited (055); the link bookkeeping alone writes no entry. A plan is
-- working state, not configuration: what it changes is audited on the tables it changes.
SELECT audit_table('prototypes', 'Prototypes', 'Prototype', 'name', '', 'updated_at,updated_by');
SELECT audit_table('property_prototypes', 'Prototypes', 'PropertyPrototype', 'name', '', 'updated_at,position');
SELECT audit_table('assets', 'Assets', 'Asset', 'name', '', 'updated_at,updated_by,link_status,path,depth');
SELECT audit_table('asset_properties', 'Assets', 'AssetProperty', 'name', '', 'updated_at,updated_by,link_status');
