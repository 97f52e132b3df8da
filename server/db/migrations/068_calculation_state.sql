-- The live state of each calculation (DOMAIN.md §2; server/calculations/live/README.md): what the
-- script keeps with local.set, its previous result, and how far the live calculation collector has
-- evaluated it. Written after every live evaluation, so it is data, not audited configuration.
CREATE TABLE calculation_state (
  measurement_uuid   uuid PRIMARY KEY REFERENCES measurements (uuid) ON DELETE CASCADE,
  local              jsonb NOT NULL DEFAULT '{}'::jsonb,
  previous_result    jsonb,
  -- ms since the epoch
  previous_timestamp bigint,
  -- ms since the epoch: everything before it has been evaluated (or skipped while paused)
  processed_until    bigint,
  last_evaluated_at  timestamptz,
  last_error         text,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
