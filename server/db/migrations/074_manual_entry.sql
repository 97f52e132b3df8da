-- Manual entry forms (DOMAIN.md §5; the rules in server/manual-entry/README.md).

-- config holds the contract's Config as written (EventConfigurations or Groups); what it names is
-- checked on save and read leniently (a deleted configuration or property drops out of the grid).
-- Durations are texts as SPEC §5 writes them.
CREATE TABLE manual_entry_forms (
  uuid                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid     uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description           text NOT NULL DEFAULT '',
  form_type             text NOT NULL CHECK (form_type IN ('Events', 'Asset Properties')),
  default_time_range    text NOT NULL DEFAULT '24h',
  max_time_range        text NOT NULL DEFAULT '7d',
  auto_refresh_interval text NOT NULL DEFAULT '30s',
  max_edit_age          text NOT NULL DEFAULT '24h',
  max_elevated_edit_age text NOT NULL DEFAULT '24h',
  config                jsonb NOT NULL DEFAULT '{}',
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  created_by            uuid,
  updated_by            uuid
);
CREATE UNIQUE INDEX manual_entry_forms_name ON manual_entry_forms (organization_uuid, lower(name));

-- 001 made the per-form levels a placeholder without the form; the form is here now. One level
-- per form and group: elevated wins over default where both were stored.
DELETE FROM manual_entry_form_privileges p
 WHERE NOT EXISTS (SELECT 1 FROM manual_entry_forms f WHERE f.uuid = p.manual_entry_form_uuid);
ALTER TABLE manual_entry_form_privileges
  ADD CONSTRAINT manual_entry_form_privileges_form FOREIGN KEY (manual_entry_form_uuid)
  REFERENCES manual_entry_forms (uuid) ON DELETE CASCADE;
CREATE UNIQUE INDEX manual_entry_form_privileges_one_level ON manual_entry_form_privileges (manual_entry_form_uuid, user_group_uuid);
CREATE INDEX manual_entry_form_privileges_group ON manual_entry_form_privileges (user_group_uuid);

-- The values people typed into asset properties through a form, one row per property and time:
-- the point itself is written to the property's measurement (any time-series store), which keeps
-- no history and no author; this row does, and its audit trigger records every change with the
-- previous value and the reason. original: what the store held at that time before the first
-- typed value (null: nothing), kept as Canary keeps it. label: "asset path › property @ time",
-- the audit entry's subject name.
CREATE TABLE manual_entry_values (
  asset_property_uuid uuid NOT NULL REFERENCES asset_properties (uuid) ON DELETE CASCADE,
  time                timestamptz NOT NULL,
  organization_uuid   uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  measurement_uuid    uuid NOT NULL,
  form_uuid           uuid REFERENCES manual_entry_forms (uuid) ON DELETE SET NULL,
  value               jsonb NOT NULL,
  original            jsonb,
  label               text NOT NULL DEFAULT '',
  updated_at          timestamptz NOT NULL DEFAULT now(),
  updated_by          uuid,
  PRIMARY KEY (asset_property_uuid, time)
);
CREATE INDEX manual_entry_values_organization ON manual_entry_values (organization_uuid, time DESC);

-- Audit (server/audit/README.md). Event values typed through a form are rows of
-- event_property_values, whose trigger files them under Events; the form's write sets the
-- transaction-local historian.audit_area to ManualEntry, and its entries are filed there instead
-- (before the chain seals them, as 069 does for calculations).
SELECT audit_table('manual_entry_forms', 'ManualEntry', 'ManualEntryForm', 'name', '', 'updated_at');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON manual_entry_values FOR EACH ROW
  EXECUTE FUNCTION audit_row('ManualEntry', 'AssetPropertyValue', 'label', '', 'updated_at', 'asset_property_uuid');

CREATE FUNCTION audit_manual_entry_area() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.area := 'ManualEntry';
  RETURN NEW;
END
$$;
CREATE TRIGGER audit_manual_entry_area BEFORE INSERT ON audit_logs
  FOR EACH ROW WHEN (coalesce(current_setting('historian.audit_area', true), '') = 'ManualEntry')
  EXECUTE FUNCTION audit_manual_entry_area();
