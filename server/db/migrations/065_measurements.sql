-- Measurements (DOMAIN.md §1): the placeholder table of 030 grows into the entity. A measurement
-- belongs to one collector, which gathers its values, and to one time-series database, where they
-- are stored; a Discovered measurement (found by an auto-discovering collector) has no database yet.
ALTER TABLE measurements
  ADD COLUMN description   text NOT NULL DEFAULT '',
  ADD COLUMN database_uuid uuid REFERENCES timeseries_databases (uuid),
  ADD COLUMN datatype      text NOT NULL DEFAULT 'number'
    CHECK (datatype IN ('number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw')),
  -- Good, or a Bad… code the collector reports (BadInvalidDataType, …); separate from the status.
  ADD COLUMN quality       text NOT NULL DEFAULT 'Good' CHECK (quality ~ '^(Good|Bad[A-Za-z]*|Uncertain[A-Za-z]*)$'),
  ADD COLUMN settings      jsonb NOT NULL DEFAULT '{}',
  -- Engineering specs (Attributes.Config): unit, value range for the chart's axis, limits for bands.
  ADD COLUMN uom           text NOT NULL DEFAULT '',
  ADD COLUMN value_min     double precision,
  ADD COLUMN value_max     double precision,
  ADD COLUMN limit_lo      double precision,
  ADD COLUMN limit_hi      double precision,
  -- Tags go with every point; metadata stays here; labels group and filter measurements.
  ADD COLUMN tags          jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN metadata      jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN labels        text[] NOT NULL DEFAULT '{}',
  ADD COLUMN created_at    timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at    timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN created_by    uuid,
  ADD COLUMN updated_by    uuid,
  ADD CONSTRAINT measurements_value_range CHECK (value_min IS NULL OR value_max IS NULL OR value_min <= value_max),
  ADD CONSTRAINT measurements_limits CHECK (limit_lo IS NULL OR limit_hi IS NULL OR limit_lo <= limit_hi),
  ADD CONSTRAINT measurements_database_unless_discovered CHECK (database_uuid IS NOT NULL OR status = 'Discovered'),
  ADD CONSTRAINT measurements_labels_clean CHECK (array_position(labels, NULL) IS NULL);

ALTER TABLE measurements DROP CONSTRAINT IF EXISTS measurements_status_check;
ALTER TABLE measurements ADD CONSTRAINT measurements_status_check
  CHECK (status IN ('Initial', 'Paused', 'Active', 'Deleted', 'Discovered'));

-- A name is unique within its time-series database (deleted ones too: an import revives them), and a
-- discovered one within its collector.
CREATE UNIQUE INDEX measurements_database_name ON measurements (database_uuid, name) WHERE database_uuid IS NOT NULL;
CREATE UNIQUE INDEX measurements_discovered_name ON measurements (collector_uuid, name) WHERE database_uuid IS NULL;
CREATE INDEX measurements_organization_name ON measurements (organization_uuid, lower(name), uuid);
CREATE INDEX measurements_labels ON measurements USING gin (labels);
CREATE INDEX measurements_database ON measurements (database_uuid);

-- The newest point of each measurement, kept by the ingestion path (one row per measurement and
-- batch), for the list's "last value" column and the drawer. Not configuration: not audited.
CREATE TABLE measurement_last_points (
  measurement_uuid uuid PRIMARY KEY REFERENCES measurements (uuid) ON DELETE CASCADE,
  time             timestamptz NOT NULL,
  value            jsonb,
  quality          integer
);

-- Batches a collector has delivered, by the key it chose: a batch sent again (its answer was lost)
-- is acknowledged without writing twice. Pruned after a day by the ingestion path.
CREATE TABLE collector_batches (
  collector_uuid uuid NOT NULL REFERENCES collectors (uuid) ON DELETE CASCADE,
  batch_key      text NOT NULL CHECK (length(batch_key) BETWEEN 1 AND 100),
  points         integer NOT NULL,
  received_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collector_uuid, batch_key)
);
CREATE INDEX collector_batches_received ON collector_batches (received_at);

-- The audit trigger of 055 stays; bookkeeping columns alone write no entry.
DROP TRIGGER audit ON measurements;
SELECT audit_table('measurements', 'Measurements', 'Measurement', 'name', '', 'updated_at,updated_by,quality');
