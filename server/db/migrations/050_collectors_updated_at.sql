-- GET /collectors answers with an ETag computed from the organization's collectors' updated_at
-- and health_updated_at (collectorsRepository.listVersion), and keeps the answer it wrote under
-- that ETag. Both are only right if every change to a listed column moves a timestamp: this
-- trigger moves updated_at with every UPDATE, whichever statement makes it (an agent
-- acknowledging its settings version changed AppliedSettingsVersion without it).
CREATE FUNCTION collectors_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := greatest(now(), OLD.updated_at + interval '1 microsecond');
  RETURN NEW;
END
$$;

CREATE TRIGGER collectors_updated_at BEFORE UPDATE ON collectors
  FOR EACH ROW EXECUTE FUNCTION collectors_touch_updated_at();
