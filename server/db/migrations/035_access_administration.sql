-- Access administration (issue 6): which organization a user belongs to, where a membership came
-- from, and the read-only PostgreSQL role of each organization.

-- The organization a user was created in; NULL for users made at root, by the seed or by an
-- external sign-in. With their group memberships it decides which organizations see the user.
ALTER TABLE users ADD COLUMN organization_uuid uuid REFERENCES organizations (uuid) ON DELETE SET NULL;
-- The groups the identity provider named at the user's last sign-in (LDAP group DNs, OIDC group
-- claim), kept so that "explain access" can name the mapping a membership comes from.
ALTER TABLE users ADD COLUMN external_groups jsonb NOT NULL DEFAULT '[]';
CREATE INDEX users_organization ON users (organization_uuid);

-- True when the membership was made by a user-group mapping at sign-in: the next sign-in may take
-- it away again, while memberships an administrator added are never touched by the sync.
ALTER TABLE user_group_users ADD COLUMN via_mapping boolean NOT NULL DEFAULT false;

-- PostgreSQL role names are global to the cluster, so one organization per role.
CREATE UNIQUE INDEX organizations_postgres_user ON organizations (lower(postgres_user)) WHERE postgres_user IS NOT NULL;
CREATE INDEX user_group_mappings_group ON user_group_mappings (user_group_uuid);
