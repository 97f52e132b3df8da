// `npm run bench -- collectors`: figures of the collector calls against a real server over HTTP
// on loopback (embedded PGlite). Prints the health report round trip (a collector's POST
// /collector-api/health, median and 95th percentile), the time from a report to the console's
// GET /collectors showing it, and the throughput of a product update upload (multipart, as the
// console sends it) and of a collector downloading it. Figures only, never pass/fail.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders } from '../server/auth/testing/testUsers';
import { collectorWithToken, registration } from '../server/collectors/testing/collectorFixtures';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 500);
const UPLOAD_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 50);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-bench-collectors-'));
  const t = await openTestApp({ HISTORIAN_DATA_DIR: dataDir, HISTORIAN_UPLOAD_LIMIT_BYTES: String((UPLOAD_MIB + 1) * 1024 * 1024) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const plant = await createTestOrganization(t.db);
    const root = await rootOrganizationUuid(t.db);
    const manage = ['READ_COLLECTORS', 'MANAGE_COLLECTORS'];
    const admin = { ...(await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [plant]: manage, [root]: manage } })).uuid)), 'x-organization-uuid': plant };
    const agent = await collectorWithToken(t.db, plant, 'Bench collector');
    const collectorHeaders = { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' };
    await fetch(`${url}/api/collector-api/register`, { method: 'POST', headers: collectorHeaders, body: JSON.stringify(registration()) });

    const healths = ['Collecting', 'Idle'];
    const report = (index: number) =>
      fetch(`${url}/api/collector-api/health`, { method: 'POST', headers: collectorHeaders, body: JSON.stringify({ Health: healths[index % 2], AppliedSettingsVersion: 1 }) }).then((r) => r.json());
    for (let i = 0; i < 20; i += 1) await report(i);
    const roundTrips: number[] = [];
    for (let i = 0; i < REPORTS; i += 1) {
      const started = process.hrtime.bigint();
      await report(i);
      roundTrips.push(ms(started));
    }
    console.log(`health report round trip (${REPORTS} reports, each a health change): median ${percentile(roundTrips, 0.5).toFixed(2)} ms, p95 ${percentile(roundTrips, 0.95).toFixed(2)} ms`);

    const visible: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const started = process.hrtime.bigint();
      await report(i);
      const list = await (await fetch(`${url}/api/collectors`, { headers: admin })).json();
      if (!JSON.stringify(list).includes(healths[i % 2])) throw new Error('the report is not visible');
      visible.push(ms(started));
    }
    console.log(
      `report to console (POST health, then GET /collectors shows it): median ${percentile(visible, 0.5).toFixed(2)} ms; ` +
        'the page polls every 3 s, so a change shows within 3 s plus this',
    );

    const bytes = randomBytes(UPLOAD_MIB * 1024 * 1024);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ProductType: 'simulation', Product: 'Bench', OS: 'linux', Arch: 'x64', Version: '9.0.0' })) form.append(name, value);
    form.append('File', new Blob([bytes]), 'build.bin');
    let started = process.hrtime.bigint();
    const upload = await fetch(`${url}/api/product-updates`, { method: 'POST', headers: { cookie: admin.cookie, 'x-xsrf-token': admin['x-xsrf-token'] }, body: form });
    const uploadMs = ms(started);
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    console.log(`product update upload, ${UPLOAD_MIB} MiB multipart (stored, SHA-256 taken): ${(UPLOAD_MIB / (uploadMs / 1000)).toFixed(1)} MiB/s (${uploadMs.toFixed(0)} ms)`);

    await t.db.query("UPDATE collectors SET build_os = 'linux', build_arch = 'x64', update_version = '9.0.0' WHERE uuid = $1", [agent.uuid]);
    started = process.hrtime.bigint();
    const download = await fetch(`${url}/api/collector-api/update/download`, { headers: collectorHeaders });
    const received = (await download.arrayBuffer()).byteLength;
    const downloadMs = ms(started);
    console.log(`collector download of the build: ${(received / 1024 / 1024 / (downloadMs / 1000)).toFixed(1)} MiB/s (${downloadMs.toFixed(0)} ms)`);
  } finally {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
