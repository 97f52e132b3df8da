-- External sign-in in flight: what the server must remember between sending the browser to an
-- OpenID Connect provider and its redirect back. Rows live minutes and are used once.
CREATE TABLE oidc_logins (
  -- SHA-256 of the `state` sent to the provider (it travels in URLs and provider logs).
  state_hash    text PRIMARY KEY,
  provider_uuid uuid NOT NULL REFERENCES authentication_providers (uuid) ON DELETE CASCADE,
  -- SHA-256 of a random value in an HttpOnly cookie of the browser that started the sign-in, so
  -- a callback URL sent to someone else's browser cannot sign them in (login CSRF).
  browser_hash  text NOT NULL,
  nonce         text NOT NULL,
  -- The PKCE verifier has to be sent as is to the token endpoint, so it is kept in clear, briefly.
  code_verifier text NOT NULL,
  return_to     text NOT NULL,
  redirect_uri  text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX oidc_logins_expires ON oidc_logins (expires_at);
