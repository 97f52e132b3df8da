// Prints the gzip size of every chunk of a fresh production build, the sign-in route's initial
// JavaScript against its budget (webpack.config.js), and the build time (median of 3 builds).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const times = [];
for (let i = 0; i < runs; i += 1) {
  const started = process.hrtime.bigint();
  const build = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'pipe' });
  if (build.status !== 0) {
    console.log(build.stdout.toString(), build.stderr.toString());
    process.exit(1);
  }
  times.push(Number(process.hrtime.bigint() - started) / 1e9);
}
times.sort((a, b) => a - b);
const report = JSON.parse(readFileSync(path.join(root, 'dist/bundle-report.json'), 'utf8'));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`production build: median ${times[Math.floor(times.length / 2)].toFixed(1)} s over ${runs} runs`);
console.log(`sign-in route initial JS: ${kb(report.initialJsGzipBytes)} gzip (budget ${kb(report.budgetBytes)}, ${((100 * report.initialJsGzipBytes) / report.budgetBytes).toFixed(0)}%)`);
console.log('chunk'.padEnd(48), 'gzip'.padStart(10), 'raw'.padStart(10));
for (const c of [...report.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
  console.log(`${c.initial ? '*' : ' '} ${c.chunk}`.padEnd(70), kb(c.gzipBytes).padStart(10), kb(c.bytes).padStart(10));
}
console.log('(* = loaded by the sign-in route)');
