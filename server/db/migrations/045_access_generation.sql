-- Every signed-in call resolves its caller (server/auth/callerResolver.ts): who the user is and
-- which privileges they hold in the root and the requested organization. That answer is cached
-- per process, and this one row says whether a cached answer is still good: its number moves on
-- with every committed change to what the answer is made of, whichever server or script made it.
-- Each request reads the row (one primary-key lookup), so a revoked privilege, a removed
-- membership, a deleted user or a deleted organization takes effect on the very next request,
-- on every server sharing the database.
CREATE TABLE access_generation (
  id    integer PRIMARY KEY CHECK (id = 1),
  value bigint NOT NULL
);
INSERT INTO access_generation (id, value) VALUES (1, 1);

-- Deferred to the commit, so the row lock is held only while committing: two transactions that
-- change memberships in different orders cannot deadlock on it, and a sign-in that syncs mapped
-- memberships does not hold it while it does the rest of its work. Once per transaction is enough.
CREATE FUNCTION bump_access_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('historian.access_generation_bumped', true) IS DISTINCT FROM 'yes' THEN
    UPDATE access_generation SET value = value + 1 WHERE id = 1;
    PERFORM set_config('historian.access_generation_bumped', 'yes', true);
  END IF;
  RETURN NULL;
END
$$;

-- users: only the columns a caller is made of (name, default-password flag); a sign-in that
-- refreshes external_groups or a locale change leaves the caches alone.
CREATE CONSTRAINT TRIGGER access_generation_users
  AFTER INSERT OR DELETE OR UPDATE OF uuid, name, must_change_password ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_generation();
CREATE CONSTRAINT TRIGGER access_generation_organizations
  AFTER INSERT OR DELETE OR UPDATE OF uuid, is_root, status ON organizations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_generation();
CREATE CONSTRAINT TRIGGER access_generation_user_groups
  AFTER INSERT OR DELETE OR UPDATE OF uuid, organization_uuid ON user_groups
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_generation();
CREATE CONSTRAINT TRIGGER access_generation_user_group_users
  AFTER INSERT OR DELETE OR UPDATE ON user_group_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_generation();
CREATE CONSTRAINT TRIGGER access_generation_user_group_privileges
  AFTER INSERT OR DELETE OR UPDATE ON user_group_privileges
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_generation();
CREATE CONSTRAINT TRIGGER access_generation_user_group_mappings
  AFTER INSERT OR DELETE OR UPDATE ON user_group_mappings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_generation();
CREATE CONSTRAINT TRIGGER access_generation_privileges
  AFTER INSERT OR DELETE OR UPDATE OF uuid, name ON privileges
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_generation();

-- GET /collectors pages through the SPEC §4 order (collectorStore.ts COLLECTOR_ORDER_SQL): with
-- this index a page is read in order instead of sorting the organization's whole list.
CREATE INDEX collectors_list_order ON collectors (organization_uuid,
  (CASE status WHEN 'Initial' THEN 1 WHEN 'Paused' THEN 2 WHEN 'Active' THEN 3 ELSE 4 END), lower(name), uuid);
-- /users and /organizations page by lower(name), uuid: their unique indexes on lower(name) serve that.
