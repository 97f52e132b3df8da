-- The forwarders' runtime (server/integrations/README.md, "Runtime"): what each running
-- forwarder's selection resolved to, what waits to be sent, and what was sent.

-- Refreshed every ReloadInterval by the server holding the integrations lease (and on save).
CREATE TABLE forwarder_selections (
  forwarder_uuid      uuid NOT NULL REFERENCES forwarders (uuid) ON DELETE CASCADE,
  measurement_uuid    uuid NOT NULL,
  asset_property_uuid uuid,
  PRIMARY KEY (forwarder_uuid, measurement_uuid)
);
CREATE INDEX forwarder_selections_measurement ON forwarder_selections (measurement_uuid);

-- Points and events waiting for their forwarder's sink, queued in the transaction that recorded
-- them; deleted once the sink holds them safe. kind 'point': measurement, time, value, quality;
-- kind 'event': event_uuid and change (started, closed).
CREATE TABLE forwarder_queue (
  id                  bigserial PRIMARY KEY,
  forwarder_uuid      uuid NOT NULL REFERENCES forwarders (uuid) ON DELETE CASCADE,
  kind                text NOT NULL CHECK (kind IN ('point', 'event')),
  measurement_uuid    uuid,
  asset_property_uuid uuid,
  time                timestamptz,
  value               jsonb,
  quality             integer,
  event_uuid          uuid,
  change              text CHECK (change IN ('started', 'closed')),
  queued_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX forwarder_queue_forwarder ON forwarder_queue (forwarder_uuid, id);

CREATE TABLE forwarder_statistics (
  forwarder_uuid        uuid PRIMARY KEY REFERENCES forwarders (uuid) ON DELETE CASCADE,
  forwarded             bigint NOT NULL DEFAULT 0,
  last_forwarded_at     timestamptz,
  last_error            text,
  selected_measurements integer NOT NULL DEFAULT 0,
  updated_at            timestamptz NOT NULL DEFAULT now()
);
