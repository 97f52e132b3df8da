-- The audit trail (21 CFR 11.10(e)): who changed what, from what to what, and why.
--
-- Entries are written by triggers on the audited tables, so an entry lives and dies with its change:
-- it is part of the same transaction, a rolled-back change leaves none, and no code path can change
-- a table without one (a new table opts in with one call to audit_table(); server/audit/README.md).
-- Who acted comes from the transaction-local setting historian.audit_actor, which the server's Db
-- wrapper sets for every change made while handling a request (server/audit/auditActor.ts).
--
-- Entries form a hash chain. Each entry is sealed when its transaction commits (a deferred
-- constraint trigger): it takes the next sequence number and the previous entry's hash from the one
-- row of audit_chain, whose row lock orders concurrent commits, and stores
--   hash = sha256(prev_hash || '|' || audit_content(entry)).
-- Sealing at commit keeps the lock short (held from COMMIT to its end, when no other row lock is
-- waited for), so audited transactions never deadlock on it.

CREATE TABLE audit_logs (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Position in the chain, given when the entry's transaction commits.
  sequence          bigint UNIQUE,
  created_at        timestamptz NOT NULL DEFAULT now(),
  -- No foreign keys: an entry outlives the organization, user or subject it names.
  organization_uuid uuid,
  user_uuid         uuid,
  user_name         text NOT NULL,
  action            text NOT NULL CHECK (action IN ('Create', 'Update', 'Delete')),
  area              text NOT NULL,
  subject_type      text NOT NULL,
  subject_uuid      text NOT NULL,
  subject_name      text NOT NULL DEFAULT '',
  before            jsonb,
  after             jsonb,
  reason            text,
  prev_hash         text,
  hash              text
);
CREATE INDEX audit_logs_created ON audit_logs (created_at DESC, sequence DESC);
CREATE INDEX audit_logs_organization_created ON audit_logs (organization_uuid, created_at DESC, sequence DESC);

-- The head of the chain, and the anchor that retention pruning leaves: verification starts after
-- anchor_sequence with anchor_hash as the previous hash.
CREATE TABLE audit_chain (
  singleton       boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_sequence   bigint NOT NULL,
  last_hash       text NOT NULL,
  -- The hash before the last one (the last entry's prev_hash), kept by audit_seal.
  previous_hash   text,
  anchor_sequence bigint NOT NULL,
  anchor_hash     text NOT NULL,
  anchor_at       timestamptz
);
INSERT INTO audit_chain (last_sequence, last_hash, anchor_sequence, anchor_hash)
VALUES (0, repeat('0', 64), 0, repeat('0', 64));

-- An entry's hash: SHA-256 of the previous entry's hash, '|', and every field of the entry but the
-- chain fields themselves as a JSON array. jsonb prints a value the same way every time (keys
-- sorted), so the same entry always gives the same text; json_build_array (not jsonb_) writes it
-- without re-encoding Before and After. Scalar arguments and STABLE (to_char is) let PostgreSQL
-- inline the function into the chain check's query, twice as fast as calling it per row.
CREATE FUNCTION audit_digest(prev_hash text, uuid uuid, created_at timestamptz, organization_uuid uuid, user_uuid uuid,
                             user_name text, action text, area text, subject_type text, subject_uuid text,
                             subject_name text, before jsonb, after jsonb, reason text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || '|' || json_build_array(
    uuid, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), organization_uuid,
    user_uuid, user_name, action, area, subject_type, subject_uuid, subject_name, before, after, reason
  )::text, 'UTF8')), 'hex')
$$;

CREATE FUNCTION audit_hash(prev_hash text, e audit_logs) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT audit_digest(prev_hash, e.uuid, e.created_at, e.organization_uuid, e.user_uuid, e.user_name, e.action,
                      e.area, e.subject_type, e.subject_uuid, e.subject_name, e.before, e.after, e.reason)
$$;

CREATE FUNCTION audit_seal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link text;
  next_sequence bigint;
  next_hash text;
BEGIN
  -- One statement: its row lock orders concurrent commits, and SET reads the values before it.
  UPDATE audit_chain SET last_sequence = last_sequence + 1, previous_hash = last_hash, last_hash = audit_hash(last_hash, NEW)
   WHERE singleton
  RETURNING audit_chain.previous_hash, audit_chain.last_sequence, audit_chain.last_hash INTO link, next_sequence, next_hash;
  UPDATE audit_logs SET sequence = next_sequence, prev_hash = link, hash = next_hash WHERE uuid = NEW.uuid;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER audit_logs_seal AFTER INSERT ON audit_logs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_seal();

-- No call changes or deletes an entry: the only update allowed is the seal, the only delete the
-- retention pruning (audit_prune). Someone with direct database access can still disable this
-- trigger; the chain check then names the entry they touched.
CREATE FUNCTION audit_logs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
     AND (NEW.uuid, NEW.created_at, NEW.organization_uuid, NEW.user_uuid, NEW.user_name, NEW.action, NEW.area,
          NEW.subject_type, NEW.subject_uuid, NEW.subject_name, NEW.reason)
         IS NOT DISTINCT FROM
         (OLD.uuid, OLD.created_at, OLD.organization_uuid, OLD.user_uuid, OLD.user_name, OLD.action, OLD.area,
          OLD.subject_type, OLD.subject_uuid, OLD.subject_name, OLD.reason)
     AND NEW.before IS NOT DISTINCT FROM OLD.before AND NEW.after IS NOT DISTINCT FROM OLD.after THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND current_setting('historian.audit_prune', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit log entries cannot be changed or deleted' USING ERRCODE = '42501';
END
$$;

CREATE TRIGGER audit_logs_immutable BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_guard();

-- A secret is never copied into the log: its value becomes a mark. A changed secret shows as
-- "******** (changed)" on the After side, so the diff still says that it changed.
CREATE FUNCTION audit_mask(value jsonb, changed boolean) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value IS NULL OR value = 'null'::jsonb THEN value
    WHEN jsonb_typeof(value) = 'object' THEN
      coalesce((SELECT jsonb_object_agg(key, CASE WHEN v = 'null'::jsonb OR v = '""'::jsonb THEN v
                                                 WHEN changed THEN '"******** (changed)"'::jsonb
                                                 ELSE '"********"'::jsonb END)
                  FROM jsonb_each(value) AS each (key, v)), '{}'::jsonb)
    WHEN changed THEN '"******** (changed)"'::jsonb
    ELSE '"********"'::jsonb
  END
$$;

-- The After side of one changed secret column, as audit_mask gives it (a secret column with several secrets, such as secure_settings, is marked key by key), except that in an object
-- only the keys whose value differs from the same key before are marked "(changed)".
CREATE FUNCTION audit_mask_change(old_value jsonb, new_value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(new_value) = 'object' THEN
      coalesce((SELECT jsonb_object_agg(key, CASE WHEN v = 'null'::jsonb OR v = '""'::jsonb THEN v
                                                 WHEN (CASE WHEN jsonb_typeof(old_value) = 'object' THEN old_value -> key END) IS DISTINCT FROM v
                                                   THEN '"******** (changed)"'::jsonb
                                                 ELSE '"********"'::jsonb END)
                  FROM jsonb_each(new_value) AS each (key, v)), '{}'::jsonb)
    ELSE audit_mask(new_value, old_value IS DISTINCT FROM new_value)
  END
$$;

-- One audit trigger for every audited table. Arguments:
--   0 area, 1 subject type, 2 the column naming the subject (or a derivation below),
--   3 secret columns (comma-separated), 4 columns a change of which alone is not audited,
--   5 the column identifying the subject (default uuid).
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  area text := TG_ARGV[0];
  subject_type text := TG_ARGV[1];
  name_column text := TG_ARGV[2];
  secrets text[] := coalesce(string_to_array(nullif(TG_ARGV[3], ''), ','), '{}');
  ignored text[] := coalesce(string_to_array(nullif(TG_ARGV[4], ''), ','), '{}');
  id_column text := coalesce(nullif(TG_ARGV[5], ''), 'uuid');
  old_row jsonb;
  new_row jsonb;
  subject jsonb;
  before jsonb;
  after jsonb;
  actor jsonb;
  organization uuid;
  subject_name text;
  k text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - ignored; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - ignored; END IF;
  IF TG_OP = 'UPDATE' THEN
    IF old_row = new_row THEN RETURN NULL; END IF;
    -- An update records the columns that changed, on both sides.
    SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
      INTO before, after
      FROM jsonb_each(old_row) AS o
     WHERE o.value IS DISTINCT FROM new_row -> o.key;
  ELSE
    before := old_row;
    after := new_row;
  END IF;
  FOREACH k IN ARRAY secrets LOOP
    IF before ? k THEN before := jsonb_set(before, ARRAY[k], audit_mask(before -> k, false)); END IF;
    IF after ? k THEN
      after := jsonb_set(after, ARRAY[k],
                         CASE WHEN TG_OP = 'UPDATE' THEN audit_mask_change(old_row -> k, new_row -> k) ELSE audit_mask(after -> k, false) END);
    END IF;
  END LOOP;

  subject := coalesce(new_row, old_row);
  actor := nullif(current_setting('historian.audit_actor', true), '')::jsonb;
  organization := CASE WHEN TG_TABLE_NAME = 'organizations' THEN (subject ->> 'uuid')::uuid
                       ELSE coalesce((subject ->> 'organization_uuid')::uuid, (actor ->> 'o')::uuid) END;
  subject_name := CASE name_column
    WHEN 'member' THEN
      coalesce((SELECT u.name FROM users u WHERE u.uuid = (subject ->> 'user_uuid')::uuid), subject ->> 'user_uuid')
      || ' @ ' || coalesce((SELECT g.name FROM user_groups g WHERE g.uuid = (subject ->> 'user_group_uuid')::uuid), subject ->> 'user_group_uuid')
    WHEN 'group_privilege' THEN
      coalesce((SELECT p.name FROM privileges p WHERE p.uuid = (subject ->> 'privilege_uuid')::uuid), subject ->> 'privilege_uuid')
      || ' @ ' || coalesce((SELECT g.name FROM user_groups g WHERE g.uuid = (subject ->> 'user_group_uuid')::uuid), subject ->> 'user_group_uuid')
    WHEN 'product_update' THEN concat_ws(' ', subject ->> 'product', subject ->> 'version', subject ->> 'os', subject ->> 'arch')
    WHEN 'translation' THEN concat_ws('/', subject ->> 'language', subject ->> 'namespace', subject ->> 'key')
    ELSE coalesce(subject ->> name_column, '')
  END;
  IF organization IS NULL AND subject ? 'user_group_uuid' THEN
    SELECT g.organization_uuid INTO organization FROM user_groups g WHERE g.uuid = (subject ->> 'user_group_uuid')::uuid;
  END IF;

  INSERT INTO audit_logs (organization_uuid, user_uuid, user_name, action, area, subject_type, subject_uuid,
                          subject_name, before, after, reason)
  VALUES (organization, (actor ->> 'u')::uuid, coalesce(actor ->> 'n', 'system'),
          CASE TG_OP WHEN 'INSERT' THEN 'Create' WHEN 'UPDATE' THEN 'Update' ELSE 'Delete' END,
          area, subject_type, coalesce(subject ->> id_column, ''), subject_name, before, after, actor ->> 'r');
  RETURN NULL;
END
$$;

-- Puts the audit trigger on a table: the one line each audited table's migration carries.
CREATE FUNCTION audit_table(tbl regclass, area text, subject_type text, name_column text,
                            secrets text DEFAULT '', ignored text DEFAULT '', id_column text DEFAULT 'uuid')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW '
                 'EXECUTE FUNCTION audit_row(%L, %L, %L, %L, %L, %L)',
                 tbl, area, subject_type, name_column, secrets, ignored, id_column);
END
$$;

SELECT audit_table('organizations', 'Organizations', 'Organization', 'name', '', 'updated_at');
SELECT audit_table('authentication_providers', 'AuthProviders', 'AuthProvider', 'provider_name', 'secure_settings', 'updated_at');
SELECT audit_table('users', 'Users', 'User', 'name', 'password_hash', 'updated_at');
SELECT audit_table('user_groups', 'UserGroups', 'UserGroup', 'name', '', 'updated_at');
SELECT audit_table('user_group_users', 'UserGroups', 'UserGroupMember', 'member');
SELECT audit_table('user_group_privileges', 'UserGroups', 'UserGroupPrivilege', 'group_privilege');
SELECT audit_table('user_group_mappings', 'UserGroups', 'UserGroupMapping', 'external_group');
SELECT audit_table('manual_entry_form_privileges', 'ManualEntry', 'ManualEntryFormPrivilege', 'name');
SELECT audit_table('api_tokens', 'ApiTokens', 'ApiToken', 'name', 'token_hash', 'last_used_at');
SELECT audit_table('api_token_privileges', 'ApiTokens', 'ApiTokenPrivilege', 'privilege_name', '', '', 'token_uuid');
SELECT audit_table('settings', 'Settings', 'Setting', 'name', '', 'updated_at');
SELECT audit_table('translation_overrides', 'Translations', 'TranslationOverride', 'translation');
SELECT audit_table('licences', 'Licences', 'Licence', 'name', 'token');
SELECT audit_table('timeseries_databases', 'TimeseriesDatabases', 'TimeseriesDatabase', 'name', 'secure_settings', 'updated_at');
SELECT audit_table('collectors', 'Collectors', 'Collector', 'name', 'secure_settings,token_hash', 'updated_at,health,health_updated_at');
SELECT audit_table('product_updates', 'ProductUpdates', 'ProductUpdate', 'product_update');
SELECT audit_table('measurements', 'Measurements', 'Measurement', 'name');

-- Table layouts: a user's own layout is a preference, not configuration; the organization's
-- default layout (user_uuid NULL, "save as default") is.
CREATE TRIGGER audit AFTER INSERT OR UPDATE ON table_settings FOR EACH ROW WHEN (NEW.user_uuid IS NULL)
  EXECUTE FUNCTION audit_row('Settings', 'TableLayout', 'table_id', '', 'updated_at', 'pk');
CREATE TRIGGER audit_delete AFTER DELETE ON table_settings FOR EACH ROW WHEN (OLD.user_uuid IS NULL)
  EXECUTE FUNCTION audit_row('Settings', 'TableLayout', 'table_id', '', 'updated_at', 'pk');

-- Retention: removes the entries older than the cutoff as one prefix of the chain, moves the anchor
-- to the last one removed (so the chain still verifies from there), and records the pruning itself
-- as an entry. Returns how many entries went.
CREATE FUNCTION audit_prune(cutoff timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  through_sequence bigint;
  through_hash text;
  through_at timestamptz;
  removed bigint;
BEGIN
  PERFORM 1 FROM audit_chain WHERE singleton FOR UPDATE;
  SELECT sequence, hash, created_at INTO through_sequence, through_hash, through_at
    FROM audit_logs WHERE sequence IS NOT NULL AND created_at < cutoff ORDER BY sequence DESC LIMIT 1;
  IF through_sequence IS NULL THEN RETURN 0; END IF;
  PERFORM set_config('historian.audit_prune', 'on', true);
  DELETE FROM audit_logs WHERE sequence <= through_sequence;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('historian.audit_prune', 'off', true);
  UPDATE audit_chain SET anchor_sequence = through_sequence, anchor_hash = through_hash, anchor_at = through_at
   WHERE singleton;
  INSERT INTO audit_logs (organization_uuid, user_uuid, user_name, action, area, subject_type, subject_uuid,
                          subject_name, before, after, reason)
  VALUES (NULL, NULL, 'system', 'Delete', 'AuditLogs', 'AuditLogRetention', through_sequence::text, 'retention',
          jsonb_build_object('entries', removed, 'through_sequence', through_sequence, 'through_hash', through_hash,
                             'older_than', cutoff),
          NULL, NULL);
  RETURN removed;
END
$$;
