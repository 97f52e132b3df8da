-- Licensing: this installation's identity (its fingerprint and the start of its trial) and the
-- licence tokens activated on it.

-- Exactly one row, written by the server the first time it needs it (not here: a database copied
-- from a migrated template must not share its identity or trial start with the template).
CREATE TABLE installation (
  singleton        boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  trial_started_at timestamptz NOT NULL DEFAULT now()
);

-- The token is kept as issued and verified again whenever it is read, so a changed vendor key or
-- a tampered row never counts as a licence. The other columns are its claims, for queries.
CREATE TABLE licences (
  uuid                 uuid PRIMARY KEY,
  name                 text NOT NULL,
  token                text NOT NULL,
  expires_at           timestamptz NOT NULL,
  -- The organization the vendor bound the licence to, if any; only it may hold the licence.
  claimed_organization uuid,
  activated_at         timestamptz NOT NULL DEFAULT now()
);
