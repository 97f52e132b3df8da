-- Background jobs (server/jobs/README.md): one row per run of a job type, claimed by a runner with
-- FOR UPDATE SKIP LOCKED and held under a lease the runner renews while the job runs. States are
-- those of SPEC §3; the transitions are DOMAIN.md §8's (server/jobs/transitions.ts).
CREATE TABLE jobs (
  uuid                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_uuid   uuid NOT NULL REFERENCES organizations (uuid) ON DELETE CASCADE,
  type                text NOT NULL CHECK (btrim(type) <> ''),
  -- No foreign key: task schedulers have a table of their own, and a job outlives its scheduler.
  task_scheduler_uuid uuid,
  state               text NOT NULL DEFAULT 'pending'
                        CHECK (state IN ('pending', 'paused', 'running', 'done', 'failed', 'canceled')),
  payload             jsonb NOT NULL DEFAULT 'null'::jsonb,
  -- Copied from the job type when the job is enqueued, so that any server may recover the job
  -- after its runner died, whether or not that server registered the type.
  resumable           boolean NOT NULL DEFAULT false,
  progress            double precision NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  progress_message    text,
  result              jsonb,
  error               text,
  created_by_uuid     uuid REFERENCES users (uuid) ON DELETE SET NULL,
  created_by_name     text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT clock_timestamp(),
  started_at          timestamptz,
  finished_at         timestamptz,
  -- Where a resumable job continues from (what its last checkpoint() saved).
  checkpoint          jsonb,
  -- 1 for the first run; a resume after the server died counts one more.
  attempt             integer NOT NULL DEFAULT 1,
  runner_id           text,
  lease_expires_at    timestamptz,
  pause_requested     boolean NOT NULL DEFAULT false,
  cancel_requested    boolean NOT NULL DEFAULT false,
  -- A scheduler occurrence enqueued by two servers at once makes one job (NULLs never collide).
  dedupe_key          text UNIQUE,
  CHECK ((state = 'running') = (runner_id IS NOT NULL AND lease_expires_at IS NOT NULL))
);

CREATE INDEX jobs_pending ON jobs (created_at) WHERE state = 'pending';
CREATE INDEX jobs_running_lease ON jobs (lease_expires_at) WHERE state = 'running';
CREATE INDEX jobs_organization_created ON jobs (organization_uuid, created_at DESC);
CREATE INDEX jobs_task_scheduler ON jobs (task_scheduler_uuid) WHERE task_scheduler_uuid IS NOT NULL;

CREATE TABLE job_logs (
  id       bigserial PRIMARY KEY,
  job_uuid uuid NOT NULL REFERENCES jobs (uuid) ON DELETE CASCADE,
  at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  level    text NOT NULL CHECK (level IN ('info', 'warn', 'error')),
  message  text NOT NULL
);

CREATE INDEX job_logs_job ON job_logs (job_uuid, id);
