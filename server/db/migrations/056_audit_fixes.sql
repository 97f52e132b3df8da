-- Audit trail fixes found by server/audit/auditAreas.test.ts.
--
-- A changed secret column that holds several secrets (secure_settings) marked every one of them
-- "******** (changed)" when only one was replaced, so the entry said that secrets changed which
-- had not. The After side now marks a secret "(changed)" key by key: a key whose value differs
-- from the one before. A secret column that is a single value (password_hash, token_hash, token)
-- is marked as before. Entries written earlier keep their text: they are sealed in the chain.

-- The After side of one changed secret column, as audit_mask gives it, except that in an object
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

-- audit_row of 055 with only the masking of the After side changed (above). Its triggers call it
-- by name, so they use this body from now on.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
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
