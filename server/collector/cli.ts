import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAgent } from './agent';
import { makeBuildSource, sha256 } from './builds';
import { createCollectorClient } from './collectorClient';

// `npm run collector -- --url http://localhost:8080 --token historian_col_…` runs the reference
// (simulation) collector as a process of its own, talking HTTP to the server like any collector.
// `npm run collector -- make-build --version 1.1.0 --out build-1.1.0.js` writes a build to upload
// as a product update.
//
// Options: --work-dir (default ./collector-data/<first 12 characters of the token's hash>: where
// switched-to builds are kept), --interval-ms (health report interval, default 3000), --os and
// --arch (default: this machine's, as Node names them: linux, x64), --flush-ms (how often sampled
// points are sent, default 1000) and --max-buffered-points (kept while the server is away, 100000).

const USAGE = `Usage:
  npm run collector -- --url <server URL> --token <collector token> [--work-dir <dir>] [--interval-ms 3000] [--os linux] [--arch x64]
      [--flush-ms 1000] [--max-buffered-points 100000]
  npm run collector -- make-build --version <version> --out <file>`;

function fail(text: string): never {
  console.error(`${text}\n${USAGE}`);
  process.exit(64);
}

function makeBuild(args: string[]) {
  const { values } = parseArgs({ args, options: { version: { type: 'string' }, out: { type: 'string' } } });
  if (!values.version || !values.out) fail('make-build needs --version and --out');
  writeFileSync(values.out, makeBuildSource(values.version));
  console.log(`wrote build ${values.version} to ${values.out}`);
}

async function run(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string' },
      token: { type: 'string', default: process.env.HISTORIAN_COLLECTOR_TOKEN },
      'work-dir': { type: 'string' },
      'interval-ms': { type: 'string', default: '3000' },
      os: { type: 'string' },
      arch: { type: 'string' },
      'flush-ms': { type: 'string', default: '1000' },
      'max-buffered-points': { type: 'string', default: '100000' },
    },
  });
  if (!values.url || !values.token) fail('--url and --token are required (or HISTORIAN_COLLECTOR_TOKEN)');
  const intervalMs = Number(values['interval-ms']);
  if (!Number.isInteger(intervalMs) || intervalMs < 100) fail('--interval-ms must be a whole number of at least 100');
  const flushIntervalMs = Number(values['flush-ms']);
  if (!Number.isInteger(flushIntervalMs) || flushIntervalMs < 50) fail('--flush-ms must be a whole number of at least 50');
  const maxBufferedPoints = Number(values['max-buffered-points']);
  if (!Number.isInteger(maxBufferedPoints) || maxBufferedPoints < 1) fail('--max-buffered-points must be a whole number above 0');
  // Per token by default, so two collectors started from one folder do not share their builds.
  const workDir = path.resolve(values['work-dir'] ?? path.join('collector-data', sha256(values.token).slice(0, 12)));
  mkdirSync(workDir, { recursive: true });

  const log = (line: string) => console.log(`${new Date().toISOString()} [collector] ${line}`);
  const agent = createAgent({
    client: createCollectorClient({ url: values.url, token: values.token }),
    workDir,
    intervalMs,
    flushIntervalMs,
    maxBufferedPoints,
    os: values.os,
    arch: values.arch,
    log,
    onRevoked: () => process.exit(3),
  });
  const close = () => {
    void agent.stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await agent.start();
}

const [first, ...rest] = process.argv.slice(2);
if (first === 'make-build') makeBuild(rest);
else
  run(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`${new Date().toISOString()} [collector] stopped: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
