-- SPEC §3 names Calculations among the audit areas. A calculation is a row of `measurements`
-- (DOMAIN.md §2), whose audit trigger files every change under Measurements; an entry about a
-- measurement of a calculation collector is filed under the area Calculations, subject type
-- Calculation, instead. Done as the entry is inserted, before the chain seals it at commit, so the
-- hash covers the area the log shows. A created or deleted row carries its collector in the entry;
-- an update names only the columns that changed, so the collector is read from the row.
CREATE FUNCTION audit_calculation_kind() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  collector uuid;
BEGIN
  IF NEW.subject_type <> 'Measurement' THEN RETURN NEW; END IF;
  collector := coalesce(NEW.after ->> 'collector_uuid', NEW.before ->> 'collector_uuid')::uuid;
  IF collector IS NULL THEN
    SELECT m.collector_uuid INTO collector FROM measurements m WHERE m.uuid::text = NEW.subject_uuid;
  END IF;
  IF EXISTS (SELECT 1 FROM collectors c WHERE c.uuid = collector AND c.collector_type = 'calculation') THEN
    NEW.area := 'Calculations';
    NEW.subject_type := 'Calculation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER audit_calculation_kind BEFORE INSERT ON audit_logs
  FOR EACH ROW WHEN (NEW.subject_type = 'Measurement') EXECUTE FUNCTION audit_calculation_kind();
