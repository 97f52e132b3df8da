-- Events for the forwarders (server/integrations/README.md, "Runtime"): an event of a selected type
-- is queued when it starts (inserted) and when it closes (its status becomes processed or
-- incomplete: its CloseAfter has passed and its properties are final; server/events/README.md),
-- in the transaction that records it, for every running forwarder of its organization whose sink
-- runs and whose Selection.EventTypeUUIDs holds its type. An event that is reopened and closed
-- again is queued closed again.
CREATE FUNCTION forwarder_queue_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO forwarder_queue (forwarder_uuid, kind, event_uuid, change)
  SELECT f.uuid, 'event', NEW.uuid, c.change
    FROM forwarders f
    JOIN sinks s ON s.uuid = f.sink_uuid AND s.state = 'running'
    CROSS JOIN unnest(CASE
      WHEN TG_OP = 'UPDATE' THEN ARRAY['closed']
      WHEN NEW.status IN ('processed', 'incomplete') THEN ARRAY['started', 'closed']
      ELSE ARRAY['started'] END) WITH ORDINALITY AS c (change, n)
   WHERE f.state = 'running' AND f.organization_uuid = NEW.organization_uuid
     AND f.selection -> 'EventTypeUUIDs' ? NEW.event_type_uuid::text
   ORDER BY f.uuid, c.n
     FOR KEY SHARE OF f;
  RETURN NULL;
END
$$;

CREATE TRIGGER forwarder_queue_started AFTER INSERT ON events
  FOR EACH ROW EXECUTE FUNCTION forwarder_queue_event();

CREATE TRIGGER forwarder_queue_closed AFTER UPDATE OF status ON events
  FOR EACH ROW WHEN (OLD.status IN ('open', 'pending') AND NEW.status IN ('processed', 'incomplete'))
  EXECUTE FUNCTION forwarder_queue_event();

-- Entries the worker could not render (a template error) and left out: counted, not retried.
ALTER TABLE forwarder_statistics ADD COLUMN skipped bigint NOT NULL DEFAULT 0;

-- The queue's foreign key to forwarders checked every entry queued, a third of the cost of queueing
-- a batch (server/integrations/forwarders/runtime/queue.ts). Those who queue lock the forwarders'
-- rows FOR KEY SHARE instead (once per forwarder, as the check would per entry), and a deleted
-- forwarder takes its queue with it through this trigger, as ON DELETE CASCADE did.
ALTER TABLE forwarder_queue DROP CONSTRAINT forwarder_queue_forwarder_uuid_fkey;

CREATE FUNCTION forwarder_queue_forwarder_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM forwarder_queue WHERE forwarder_uuid = OLD.uuid;
  RETURN NULL;
END
$$;

CREATE TRIGGER forwarder_queue_cascade AFTER DELETE ON forwarders
  FOR EACH ROW EXECUTE FUNCTION forwarder_queue_forwarder_deleted();
