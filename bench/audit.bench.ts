// `npm run bench -- audit`: what the audit trail costs, on PGlite (the default database).
// 1. Audit write overhead per change: the median time of one audited UPDATE (trigger on, made by a
//    signed-in user through the Db wrapper, sealed into the chain at commit) minus the median of
//    the same UPDATE with the trigger off and no author, over several rounds.
// 2. CSV export rate: 1 million entries (BENCH_AUDIT_ENTRIES) exported through the real HTTP route
//    and read to the end by a client, in entries per second and MB/s, with the server's peak RSS.
// 3. The chain check over those entries.
// Figures only, never pass/fail.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { runAsActor, withAuditActor } from '../server/audit/auditActor';
import { auditLogs } from '../server/audit/auditLogs';
import { createTestUser, rootOrganizationUuid, sessionHeaders } from '../server/auth/testing/testUsers';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/open';

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const CHANGES = Number(process.env.BENCH_AUDIT_CHANGES ?? 500);
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'historian-bench-audit-'));
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const root = await rootOrganizationUuid(db);
    const audited = withAuditActor(db);
    const actor = { userUuid: null, userName: 'bench', organizationUuid: root, reason: null };
    const { rows } = await db.query<{ uuid: string }>("INSERT INTO organizations (name) VALUES ('Bench org') RETURNING uuid");
    const target = rows[0].uuid;

    let n = 0;
    const oneChange = async (viaAudit: boolean) => {
      n += 1;
      const started = process.hrtime.bigint();
      if (viaAudit) await runAsActor(actor, () => audited.query('UPDATE organizations SET description = $1 WHERE uuid = $2', [`change ${n}`, target]));
      else await db.query('UPDATE organizations SET description = $1 WHERE uuid = $2', [`change ${n}`, target]);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const plainMedians: number[] = [];
    const auditedMedians: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await db.query('ALTER TABLE organizations DISABLE TRIGGER audit');
      const plain: number[] = [];
      for (let i = 0; i < CHANGES; i += 1) plain.push(await oneChange(false));
      await db.query('ALTER TABLE organizations ENABLE TRIGGER audit');
      const withAudit: number[] = [];
      for (let i = 0; i < CHANGES; i += 1) withAudit.push(await oneChange(true));
      plainMedians.push(median(plain));
      auditedMedians.push(median(withAudit));
    }
    const plainMs = median(plainMedians);
    const auditedMs = median(auditedMedians);
    console.log(`audit write overhead per change (PGlite, ${ROUNDS} rounds x ${CHANGES} updates, medians):`);
    console.log(`  plain update ${fmt(plainMs, 3)} ms, audited update ${fmt(auditedMs, 3)} ms, overhead ${fmt(auditedMs - plainMs, 3)} ms (rounds: ${auditedMedians.map((m, i) => fmt(m - plainMedians[i], 3)).join(' / ')})`);

    // A real chain of ENTRIES entries, sealed the way commits seal them, written in one go.
    let started = Date.now();
    await db.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_seal');
    await db.query(`DO $$
      DECLARE head audit_chain; e audit_logs; i int;
      BEGIN
        SELECT * INTO head FROM audit_chain;
        FOR i IN 1..${ENTRIES} LOOP
          e := ROW(gen_random_uuid(), head.last_sequence + 1, now() - (${ENTRIES} - i) * interval '1 second', '${root}', NULL, 'bench',
                   (ARRAY['Create','Update','Delete'])[1 + i % 3], 'Collectors', 'Collector', gen_random_uuid()::text, 'Collector ' || i,
                   jsonb_build_object('name', 'Collector ' || i, 'settings', jsonb_build_object('Host', 'plc-' || i, 'Port', 502)),
                   jsonb_build_object('name', 'Collector ' || i, 'description', 'line ' || (i % 17)), NULL, head.last_hash, NULL)::audit_logs;
          e.hash := audit_hash(head.last_hash, e);
          head.last_sequence := e.sequence; head.last_hash := e.hash;
          INSERT INTO audit_logs SELECT e.*;
        END LOOP;
        UPDATE audit_chain SET last_sequence = head.last_sequence, last_hash = head.last_hash;
      END $$`);
    await db.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_seal');
    console.log(`wrote ${fmt(ENTRIES)} chained entries in ${fmt((Date.now() - started) / 1000, 1)} s`);

    const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'test' }), version: 'bench' }, { logLevel: 'silent' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const reader = await createTestUser(db, { privileges: { [root]: ['READ_AUDIT_LOGS'] } });
    const headers = { ...(await sessionHeaders({ db, config: loadConfig({ NODE_ENV: 'test' }), version: 'bench' }, reader.uuid)), 'x-organization-uuid': root };
    const rates: number[] = [];
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
    for (let run = 0; run < 3; run += 1) {
      started = Date.now();
      const response = await fetch(`${address}/api/audit-logs/export?AllOrganizations=true`, { headers });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      const seconds = (Date.now() - started) / 1000;
      rates.push((lines - 1) / seconds);
      console.log(`  export run ${run + 1}: ${fmt(lines - 1)} entries, ${fmt(bytes / 1e6, 1)} MB in ${fmt(seconds, 1)} s = ${fmt((lines - 1) / seconds)} entries/s, ${fmt(bytes / 1e6 / seconds, 1)} MB/s`);
    }
    clearInterval(sampler);
    console.log(`CSV export of ${fmt(ENTRIES)} entries: median ${fmt(median(rates))} entries/s; peak RSS of the process (server and client) ${fmt(peakRss / 1e6)} MB`);

    const checks: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      started = Date.now();
      const check = await auditLogs(db).verify();
      checks.push((Date.now() - started) / 1000);
      if (!check.intact) console.log('  (the chain check found the chain broken!)');
    }
    console.log(`chain check over ${fmt(ENTRIES)} entries: median ${fmt(median(checks), 2)} s (${checks.map((s) => fmt(s, 2)).join(' / ')})`);
    await app.close();
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
