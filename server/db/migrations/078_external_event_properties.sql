-- Events read from external databases (issue 21; server/events/README.md, "external_database").
-- A property configuration in external_database mode names the database and the query its value
-- comes from; a deleted database leaves the configuration without one (its value is then missing).
ALTER TABLE event_property_configurations
  ADD COLUMN external_database_uuid uuid REFERENCES external_databases (uuid) ON DELETE SET NULL,
  ADD COLUMN external_query text;

-- An event started from an external database's row: the row's ExternalID (else "start:" and its
-- StartTime), so that a row seen again in a later poll is the same event, never a second one.
ALTER TABLE events ADD COLUMN external_id text;
CREATE UNIQUE INDEX events_configuration_external_id ON events (configuration_uuid, external_id) WHERE external_id IS NOT NULL;
