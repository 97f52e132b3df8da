-- Measurement import (DOMAIN.md §1): a dry run keeps the parsed rows of the uploaded spreadsheet
-- here, under a random token, so that applying them does not upload the file again. A token
-- belongs to the user and organization that made the dry run and expires after an hour; expired
-- ones are deleted by the next dry run.
CREATE TABLE measurement_imports (
  token             text PRIMARY KEY CHECK (length(token) BETWEEN 20 AND 100),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  user_uuid         uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  collector_uuid    uuid NOT NULL REFERENCES collectors (uuid) ON DELETE CASCADE,
  -- The rows as read and normalised: [{Row, Name, Input}], Input as the measurement form sends it.
  rows              jsonb NOT NULL,
  row_count         integer NOT NULL,
  -- Set when the import is applied: a token starts one job.
  job_uuid          uuid,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL
);
CREATE INDEX measurement_imports_expires ON measurement_imports (expires_at);
