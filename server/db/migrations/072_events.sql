-- Event types, event configurations, property configurations and events (DOMAIN.md §4; the rules
-- in server/events/README.md).

CREATE TABLE event_types (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description       text NOT NULL DEFAULT '',
  parent_uuid       uuid REFERENCES event_types (uuid),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX event_types_name ON event_types (organization_uuid, lower(name));

CREATE TABLE event_type_properties (
  uuid            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_type_uuid uuid NOT NULL REFERENCES event_types (uuid) ON DELETE CASCADE,
  name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description     text NOT NULL DEFAULT '',
  datatype        text NOT NULL CHECK (datatype IN ('number', 'boolean', 'string')),
  type            text NOT NULL CHECK (type IN ('simple', 'periodic', 'periodic_with_dimension')),
  uom             text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX event_type_properties_name ON event_type_properties (event_type_uuid, lower(name));

-- settings holds the start source's own part, as the contract names it: {Trigger}, {Schedule} or
-- {ExternalSource} (durations as texts). state is what an administrator asked; the processor's
-- progress is in event_configuration_state.
CREATE TABLE event_configurations (
  uuid                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid         uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  asset_uuid                uuid NOT NULL REFERENCES assets (uuid),
  event_type_uuid           uuid NOT NULL REFERENCES event_types (uuid),
  parent_configuration_uuid uuid REFERENCES event_configurations (uuid),
  start_source              text NOT NULL CHECK (start_source IN ('historian', 'schedule', 'manual', 'external_database')),
  settings                  jsonb NOT NULL DEFAULT '{}',
  state                     text NOT NULL DEFAULT 'stopped' CHECK (state IN ('running', 'stopped')),
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX event_configurations_asset_type ON event_configurations (asset_uuid, event_type_uuid);
CREATE INDEX event_configurations_organization ON event_configurations (organization_uuid);

-- The processor's progress per configuration (server/events/processor): kept apart from the
-- configuration so that its writes never race an administrator's edit.
CREATE TABLE event_configuration_state (
  configuration_uuid uuid PRIMARY KEY REFERENCES event_configurations (uuid) ON DELETE CASCADE,
  -- Everything of the start source before it is read (ms since the epoch).
  processed_until    bigint,
  -- The trigger's last value seen (historian), as JSON; null before the first.
  last_value         jsonb,
  last_error         text,
  updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE event_configuration_logs (
  id                 bigserial PRIMARY KEY,
  configuration_uuid uuid NOT NULL REFERENCES event_configurations (uuid) ON DELETE CASCADE,
  at                 timestamptz NOT NULL DEFAULT now(),
  level              text NOT NULL CHECK (level IN ('info', 'warning', 'error')),
  code               text NOT NULL,
  "values"           jsonb NOT NULL DEFAULT '{}',
  event_uuid         uuid
);
CREATE INDEX event_configuration_logs_configuration ON event_configuration_logs (configuration_uuid, id DESC);

CREATE TABLE event_property_configurations (
  uuid                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  configuration_uuid       uuid NOT NULL REFERENCES event_configurations (uuid) ON DELETE CASCADE,
  event_type_property_uuid uuid NOT NULL REFERENCES event_type_properties (uuid),
  mode                     text NOT NULL CHECK (mode IN ('historian', 'external_database', 'manual')),
  source                   text CHECK (source IN ('data_reference', 'property')),
  measurement_uuid         uuid REFERENCES measurements (uuid),
  asset_property_uuid      uuid REFERENCES asset_properties (uuid),
  aggregation              text,
  interval_ms              bigint,
  dimension_measurement_uuid uuid REFERENCES measurements (uuid),
  source_property_name     text,
  from_parent              boolean NOT NULL DEFAULT false,
  priority                 integer NOT NULL DEFAULT 0,
  start_offset_ms          bigint NOT NULL DEFAULT 0,
  stop_offset_ms           bigint NOT NULL DEFAULT 0,
  close_after_ms           bigint NOT NULL DEFAULT 0,
  default_value            jsonb,
  preview                  boolean NOT NULL DEFAULT false,
  good_points_only         boolean NOT NULL DEFAULT true,
  possible_values          jsonb NOT NULL DEFAULT '[]',
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX event_property_configurations_property ON event_property_configurations (configuration_uuid, event_type_property_uuid);

-- status: open (no stop yet), pending (stopped, late data may still arrive until the longest
-- CloseAfter has passed), incomplete (closed, a property has no value and waits for a person),
-- processed. evaluate_at: when the processor should (re)compute the event's properties next
-- (null: nothing to do), set by the processor, merge, split, edits and re-evaluation.
CREATE TABLE events (
  uuid               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid  uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  configuration_uuid uuid NOT NULL REFERENCES event_configurations (uuid) ON DELETE CASCADE,
  asset_uuid         uuid NOT NULL REFERENCES assets (uuid),
  event_type_uuid    uuid NOT NULL REFERENCES event_types (uuid),
  parent_uuid        uuid REFERENCES events (uuid) ON DELETE SET NULL,
  start_time         timestamptz NOT NULL,
  stop_time          timestamptz CHECK (stop_time IS NULL OR stop_time > start_time),
  status             text NOT NULL CHECK (status IN ('processed', 'open', 'pending', 'incomplete')),
  source             text NOT NULL CHECK (source IN ('auto', 'manual')),
  evaluate_at        timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_organization_start ON events (organization_uuid, start_time DESC);
CREATE INDEX events_organization_stop ON events (organization_uuid, stop_time DESC);
CREATE INDEX events_configuration_start ON events (configuration_uuid, start_time DESC);
CREATE INDEX events_parent ON events (parent_uuid) WHERE parent_uuid IS NOT NULL;
CREATE INDEX events_evaluate_at ON events (evaluate_at) WHERE evaluate_at IS NOT NULL;
-- At most one open event per configuration.
CREATE UNIQUE INDEX events_one_open ON events (configuration_uuid) WHERE stop_time IS NULL;

-- One row per event and property that has a value. value: a simple property's value (JSON
-- number, text or boolean); series: a periodic one's {T, V, D}. manual: entered by hand, kept by
-- the processor and re-evaluation; defaulted: the configured default was taken.
CREATE TABLE event_property_values (
  event_uuid               uuid NOT NULL REFERENCES events (uuid) ON DELETE CASCADE,
  event_type_property_uuid uuid NOT NULL REFERENCES event_type_properties (uuid) ON DELETE CASCADE,
  value                    jsonb,
  series                   jsonb,
  manual                   boolean NOT NULL DEFAULT false,
  defaulted                boolean NOT NULL DEFAULT false,
  updated_at               timestamptz NOT NULL DEFAULT now(),
  updated_by               uuid,
  PRIMARY KEY (event_uuid, event_type_property_uuid)
);
CREATE INDEX event_property_values_property ON event_property_values (event_type_property_uuid);

-- What must run once across servers (the event processor) holds a lease here (server/events/lease.ts).
CREATE TABLE service_leases (
  name       text PRIMARY KEY,
  holder     text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Audit (server/audit/README.md). Definitions always; events and their values only when a person
-- changes them (a request or a job someone started carries an actor): the processor detects and
-- computes thousands of them a day, which the events themselves record.
SELECT audit_table('event_types', 'Events', 'EventType', 'name', '', 'updated_at');
SELECT audit_table('event_type_properties', 'Events', 'EventTypeProperty', 'name', '', 'updated_at');
SELECT audit_table('event_configurations', 'Events', 'EventConfiguration', 'uuid', '', 'updated_at');
SELECT audit_table('event_property_configurations', 'Events', 'EventPropertyConfiguration', 'uuid', '', 'updated_at');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON events FOR EACH ROW
  WHEN (coalesce(current_setting('historian.audit_actor', true), '') <> '')
  EXECUTE FUNCTION audit_row('Events', 'Event', 'start_time', '', 'updated_at,evaluate_at,status', 'uuid');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON event_property_values FOR EACH ROW
  WHEN (coalesce(current_setting('historian.audit_actor', true), '') <> '')
  EXECUTE FUNCTION audit_row('Events', 'EventPropertyValue', 'event_type_property_uuid', '', 'updated_at', 'event_uuid');
