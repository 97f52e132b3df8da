#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.{mjs,ts} script in turn. Each prints its own figures;
// none passes or fails on a timing.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv[2];
// Whatever follows the name goes to the script (e.g. `npm run bench -- reliability fuzz --scale=0.1`).
const rest = process.argv.slice(2);
const scripts = readdirSync(path.join(root, 'bench'))
  .filter((f) => /\.bench\.(mjs|ts)$/.test(f))
  .filter((f) => !only || f.includes(only))
  .sort();
for (const script of scripts) {
  console.log(`\n=== bench/${script}`);
  const runner = script.endsWith('.ts') ? [path.join(root, 'node_modules/tsx/dist/cli.mjs')] : [];
  const result = spawnSync(process.execPath, [...runner, path.join(root, 'bench', script), ...rest], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) console.log(`(bench/${script} exited with ${result.status})`);
}
