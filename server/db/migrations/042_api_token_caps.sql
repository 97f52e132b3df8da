-- A token an administrator mints for another user carries at most the privileges that
-- administrator held when minting it: the token acts with the user's privileges, cut down to the
-- (organization, privilege) pairs kept here. Tokens users mint for themselves are not capped.
ALTER TABLE api_tokens ADD COLUMN capped boolean NOT NULL DEFAULT false;

CREATE TABLE api_token_privileges (
  token_uuid        uuid NOT NULL REFERENCES api_tokens (uuid) ON DELETE CASCADE,
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  privilege_name    text NOT NULL,
  PRIMARY KEY (token_uuid, organization_uuid, privilege_name)
);
