-- The events overview's other ways in over a million events (server/events/README.md, "Events
-- calls"; bench/eventsOverview.bench.ts). 072 orders an organization's events by start and by
-- stop; these add:
-- - a status filter (incomplete events waiting for a person are few among many processed ones):
--   its page and its x-total-count read only that status's entries instead of every event;
-- - the ParentUUID sort (grouped by parent, then by start, ties by UUID): read in index order
--   both ways instead of sorting every event of the organization for each page.
-- And 072's two by start and by stop end in the UUID too (the sorts' tie-break): a page reads the
-- UUIDs it needs from the index alone, in order, however deep the page (Page 100 skips 99,000),
-- instead of fetching every skipped row to sort ties. Each serves every query the old one did.
DROP INDEX events_organization_start;
CREATE INDEX events_organization_start ON events (organization_uuid, start_time DESC, uuid DESC);
DROP INDEX events_organization_stop;
CREATE INDEX events_organization_stop ON events (organization_uuid, stop_time DESC, uuid DESC);
CREATE INDEX events_organization_status_start ON events (organization_uuid, status, start_time DESC, uuid DESC);
CREATE INDEX events_organization_parent_start ON events (organization_uuid, parent_uuid, start_time, uuid);
-- Property filters (PropertyFilter): the events whose value of a property is (or lies in a range
-- of) a number, or equals a text, are read from these instead of every value of the property. Two
-- partial indexes because a btree entry holds at most about 2,700 bytes: numbers always fit, texts
-- of at most 500 characters do; the query names the predicate when it holds
-- (server/events/events/propertyFilter.ts).
CREATE INDEX event_property_values_number ON event_property_values (event_type_property_uuid, value)
  WHERE jsonb_typeof(value) = 'number';
CREATE INDEX event_property_values_short_text ON event_property_values (event_type_property_uuid, value)
  WHERE jsonb_typeof(value) = 'string' AND length(value #>> '{}') <= 500;
