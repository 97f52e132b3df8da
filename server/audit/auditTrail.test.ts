import type { Db } from '../db/db';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { runAsActor, withAuditActor, type AuditActor } from './auditActor';
import { auditLogs, type AuditRow } from './auditLogs';
import { sharedChainCheck } from './chainCheck';
import { applyAuditRetention } from './retention';

// The audit trail at the database: triggers write one entry per changed row in the change's own
// transaction, with its author, masked secrets, and a hash chain the check walks.

let t: TestDatabase;
let db: Db;
let root: string;

const actor: AuditActor = { userUuid: null, userName: 'alice', organizationUuid: null, reason: 'ticket 42' };

beforeAll(async () => {
  t = await openTestDatabase();
  db = withAuditActor(t.db);
  root = (await t.db.query<{ uuid: string }>('SELECT uuid FROM organizations WHERE is_root')).rows[0].uuid;
}, 60_000);

afterAll(async () => {
  await t?.cleanup();
});

async function entriesFor(subjectUuid: string): Promise<AuditRow[]> {
  const { rows } = await t.db.query<AuditRow>('SELECT * FROM audit_logs WHERE subject_uuid = $1 ORDER BY sequence', [subjectUuid]);
  return rows;
}

async function tampering<T>(fn: (raw: Db) => Promise<T>): Promise<T> {
  return t.db.transaction(async (tx) => {
    await tx.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_immutable');
    const result = await fn(tx);
    await tx.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_immutable');
    return result;
  });
}

describe('entries', () => {
  it('a create, an update and a delete each write one entry with the author, the reason and before/after', async () => {
    const uuid = await runAsActor({ ...actor, organizationUuid: root }, async () => {
      const { rows } = await db.query<{ uuid: string }>(
        "INSERT INTO timeseries_databases (organization_uuid, name, type_uuid, settings, secure_settings) VALUES ($1, 'Line 1', gen_random_uuid(), '{\"Host\":\"a\"}', '{\"Password\":\"hunter2\"}') RETURNING uuid",
        [root],
      );
      await db.query("UPDATE timeseries_databases SET settings = '{\"Host\":\"b\"}', secure_settings = '{\"Password\":\"swordfish\"}' WHERE uuid = $1", [rows[0].uuid]);
      await db.query('DELETE FROM timeseries_databases WHERE uuid = $1', [rows[0].uuid]);
      return rows[0].uuid;
    });
    const entries = await entriesFor(uuid);
    expect(entries.map((e) => e.action)).toEqual(['Create', 'Update', 'Delete']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ user_name: 'alice', reason: 'ticket 42', area: 'TimeseriesDatabases', subject_type: 'TimeseriesDatabase', subject_name: 'Line 1', organization_uuid: root });
      expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(entries[0].after).toMatchObject({ name: 'Line 1', settings: { Host: 'a' }, secure_settings: { Password: '********' } });
    expect(entries[1].before).toEqual({ settings: { Host: 'a' }, secure_settings: { Password: '********' } });
    expect(entries[1].after).toEqual({ settings: { Host: 'b' }, secure_settings: { Password: '******** (changed)' } });
    expect(entries[2].before).toMatchObject({ name: 'Line 1' });
    expect(entries[2].after).toBeNull();
    expect(JSON.stringify(entries)).not.toMatch(/hunter2|swordfish/);
  });

  it('a change that is rolled back leaves no entry', async () => {
    const name = `rolled back ${Date.now()}`;
    await expect(
      runAsActor(actor, () =>
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO organizations (name) VALUES ($1)', [name]);
          throw new Error('changed my mind');
        }),
      ),
    ).rejects.toThrow('changed my mind');
    const { rows } = await t.db.query('SELECT 1 FROM audit_logs WHERE subject_name = $1', [name]);
    expect(rows).toHaveLength(0);
  });

  it('a change of bookkeeping columns alone (updated_at, health) writes nothing', async () => {
    const { rows } = await t.db.query<{ uuid: string }>("SELECT uuid FROM collectors WHERE organization_uuid = $1 LIMIT 1", [root]);
    const before = (await entriesFor(rows[0].uuid)).length;
    await runAsActor(actor, () => db.query("UPDATE collectors SET health = 'ok', health_updated_at = now() WHERE uuid = $1", [rows[0].uuid]));
    expect(await entriesFor(rows[0].uuid)).toHaveLength(before);
  });

  it('without an actor (start-up, sign-in) the author is "system"', async () => {
    const { rows } = await db.query<{ uuid: string }>("INSERT INTO organizations (name) VALUES ('By the system') RETURNING uuid");
    const [entry] = await entriesFor(rows[0].uuid);
    expect(entry).toMatchObject({ user_name: 'system', user_uuid: null, action: 'Create', organization_uuid: rows[0].uuid });
  });

  it('no statement changes or deletes an entry', async () => {
    await expect(t.db.query("UPDATE audit_logs SET user_name = 'mallory'")).rejects.toThrow(/cannot be changed/);
    await expect(t.db.query('DELETE FROM audit_logs')).rejects.toThrow(/cannot be changed/);
  });

  it('every table is audited or named here with why not', async () => {
    const notAudited = new Set([
      'schema_migrations', // the migration runner's bookkeeping
      'audit_logs', 'audit_chain', // the trail itself
      'sessions', 'login_attempts', 'oidc_logins', // sign-in state, not configuration
      'server_secrets', 'installation', 'access_generation', // the server's own bookkeeping
      'privileges', // the fixed catalogue of privilege names
      'collector_health', // a collector's heartbeat history
      'timeseries_points', 'measurement_last_points', // data, not configuration
      'collector_batches', // which batches of points a collector delivered (idempotency keys)
      'measurement_imports', // a parsed upload awaiting apply; the applied measurements are audited
      'jobs', 'job_logs', // runs of work, with their own log; what a job changes is audited
      'table_settings', // audited by its own triggers: only organization default layouts
      'calculation_state', // a calculation's live state, written every interval; its settings are audited
      'prototype_plans', // a reviewed plan's working state; what applying it changes is audited
      'event_configuration_state', 'event_configuration_logs', // the event processor's progress and log
      'service_leases', // which server runs what must run once
      'sink_statistics', 'forwarder_statistics', // counters the server running the integrations reports every few seconds
      'forwarder_selections', // what a forwarder's selection resolved to, refreshed every reload
      'forwarder_queue', // data waiting for a sink, not configuration
    ]);
    const { rows } = await t.db.query<{ table_name: string; audited: boolean }>(
      `SELECT c.relname AS table_name,
              EXISTS (SELECT 1 FROM pg_trigger tg WHERE tg.tgrelid = c.oid AND tg.tgname = 'audit') AS audited
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname = 'public' AND NOT c.relispartition`,
    );
    expect(rows.length).toBeGreaterThan(20);
    const unaccounted = rows.filter((row) => !row.audited && !notAudited.has(row.table_name)).map((row) => row.table_name);
    expect(unaccounted).toEqual([]);
  });
});

describe('the export', () => {
  it('pages through every entry once, also entries of one transaction that share their time', async () => {
    await runAsActor(actor, () =>
      db.transaction(async (tx) => {
        for (const n of [1, 2, 3, 4, 5]) await tx.query('INSERT INTO organizations (name) VALUES ($1)', [`Same time ${n}`]);
      }),
    );
    for (const order of ['asc', 'desc'] as const) {
      const filter = { organizationUuid: null, order };
      const { total } = await auditLogs(t.db).list(filter, 1, 0);
      const sequences: number[] = [];
      for await (const page of auditLogs(t.db).exportPages(filter, 2)) sequences.push(...page.map((row) => Number(row.sequence)));
      expect(sequences).toHaveLength(total);
      expect(new Set(sequences).size).toBe(total);
    }
  });
});

describe('the hash chain', () => {
  it('is intact after ordinary changes', async () => {
    const check = await auditLogs(t.db).verify();
    expect(check).toMatchObject({ intact: true, firstBroken: null });
    expect(check.checkedEntries).toBeGreaterThan(3);
    // Page by page (here three entries a page) it reaches the same verdict.
    expect(await auditLogs(t.db).verify(3)).toEqual(check);
  });

  it('names an entry whose row was edited in the database, and one that was removed', async () => {
    const { rows } = await t.db.query<{ uuid: string; sequence: number }>('SELECT uuid, sequence FROM audit_logs ORDER BY sequence LIMIT 2');
    await tampering((raw) => raw.query("UPDATE audit_logs SET user_name = 'mallory' WHERE uuid = $1", [rows[1].uuid]));
    expect((await auditLogs(t.db).verify()).firstBroken).toMatchObject({ sequence: rows[1].sequence, uuid: rows[1].uuid, problem: 'content_changed' });

    await tampering((raw) => raw.query('DELETE FROM audit_logs WHERE uuid = $1', [rows[1].uuid]));
    for (const pageSize of [undefined, 1, 2]) {
      const afterDelete = await auditLogs(t.db).verify(pageSize);
      expect(afterDelete.intact).toBe(false);
      expect(afterDelete.firstBroken).toMatchObject({ sequence: rows[1].sequence + 1, problem: 'link_broken' });
    }
  });

  it('retention removes a prefix and leaves an anchor the chain still verifies from', async () => {
    const fresh = await openTestDatabase();
    try {
      const audited = withAuditActor(fresh.db);
      await runAsActor(actor, async () => {
        for (const n of [1, 2, 3]) await audited.query('INSERT INTO organizations (name) VALUES ($1)', [`Old ${n}`]);
      });
      // Kept for ever until the setting says otherwise; then entries older than its days go.
      expect(await applyAuditRetention(fresh.db)).toBe(0);
      await fresh.db.query(
        "INSERT INTO settings (organization_uuid, name, value) SELECT uuid, 'audit.retention_days', '30' FROM organizations WHERE is_root",
      );
      const removed = await applyAuditRetention(fresh.db, new Date(Date.now() + 31 * 24 * 3600 * 1000));
      expect(removed).toBeGreaterThanOrEqual(3);
      await runAsActor(actor, () => audited.query("INSERT INTO organizations (name) VALUES ('New')"));
      const check = await auditLogs(fresh.db).verify();
      expect(check).toMatchObject({ intact: true });
      const { rows } = await fresh.db.query<AuditRow>("SELECT * FROM audit_logs WHERE area = 'AuditLogs'");
      expect(rows).toHaveLength(1);
      expect(rows[0].before).toMatchObject({ entries: removed });
    } finally {
      await fresh.cleanup();
    }
  });
});

describe('the chain check as the API runs it', () => {
  it('shares one run between callers, reuses a verdict for 30 s while the head stands still, and checks again after', async () => {
    const fresh = await openTestDatabase();
    try {
      let clock = Date.now();
      const now = () => clock;
      const [a, b] = await Promise.all([sharedChainCheck(fresh.db, now), sharedChainCheck(fresh.db, now)]);
      expect(a).toBe(b);
      expect(a.check.intact).toBe(true);
      // Edited behind the chain's back: the head has not moved, so the verdict stands for 30 s.
      await fresh.db.transaction(async (tx) => {
        await tx.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_immutable');
        await tx.query("UPDATE audit_logs SET user_name = 'mallory' WHERE sequence = 1");
        await tx.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_immutable');
      });
      expect(await sharedChainCheck(fresh.db, now)).toBe(a);
      clock += 31_000;
      const later = await sharedChainCheck(fresh.db, now);
      expect(later.check).toMatchObject({ intact: false, firstBroken: { sequence: 1, problem: 'content_changed' } });
      // A new entry moves the head: checked again at once.
      await withAuditActor(fresh.db).query("INSERT INTO organizations (name) VALUES ('Moves the head')");
      expect(await sharedChainCheck(fresh.db, now)).not.toBe(later);
    } finally {
      await fresh.cleanup();
    }
  });
});
