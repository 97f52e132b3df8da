-- The events overview's other ways in over a million events (server/events/README.md, "Events
-- calls"; bench/eventsOverview.bench.ts). 072 orders an organization's events by start and by
-- stop; these add:
-- - a status filter (incomplete events waiting for a person are few among many processed ones):
--   its page and its x-total-count read only that status's entries instead of every event;
-- - the ParentUUID sort (grouped by parent, then by start, ties by UUID): read in index order
--   both ways instead of sorting every event of the organization for each page.
CREATE INDEX events_organization_status_start ON events (organization_uuid, status, start_time DESC, uuid DESC);
CREATE INDEX events_organization_parent_start ON events (organization_uuid, parent_uuid, start_time, uuid);
