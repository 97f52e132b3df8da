-- Task schedulers (DOMAIN §8): an RFC 5545 recurrence rule in an explicit IANA time zone
-- (server/schedulers/recurrence.ts), a task type and its settings. Each run is a job; the
-- scheduler loop (server/schedulers/schedulerLoop.ts) claims due rows with FOR UPDATE SKIP LOCKED
-- and moves next_run_at on in the same transaction, so two servers never run one occurrence twice.
CREATE TABLE task_schedulers (
  uuid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  name              text NOT NULL CHECK (btrim(name) <> ''),
  description       text NOT NULL DEFAULT '',
  rrule             text NOT NULL,
  timezone          text NOT NULL,
  task_type         text NOT NULL,
  state             text NOT NULL DEFAULT 'stopped' CHECK (state IN ('running', 'stopped')),
  settings          jsonb NOT NULL DEFAULT '{}',
  -- NULL when stopped or when the rule has no occurrence left.
  next_run_at       timestamptz,
  last_run_at       timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX task_schedulers_name_ci ON task_schedulers (organization_uuid, lower(name));
-- The loop's question: running schedulers due by now.
CREATE INDEX task_schedulers_due ON task_schedulers (next_run_at) WHERE state = 'running';

-- Audited (server/audit/README.md); the scheduler loop's own bookkeeping of runs is not a change.
SELECT audit_table('task_schedulers', 'TaskSchedulers', 'TaskScheduler', 'name', '', 'updated_at,next_run_at,last_run_at');
