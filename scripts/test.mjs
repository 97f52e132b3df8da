#!/usr/bin/env node
// `npm test`: every check CI runs, in order of cost. Prints one closing line
// "test: N passed, N failed" counting the Jest tests of all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', FORCE_COLOR: '0' };
const only = process.argv.slice(2);

const steps = [
  { name: 'contract lint (redocly)', cmd: ['npx', 'redocly', 'lint', 'openapi/historian.yaml', '--config', 'openapi/redocly.yaml'] },
  // The main tsconfig (domain/ included), then domain/ alone, which has neither DOM nor Node types.
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'eslint', cmd: ['npx', 'eslint', '.'] },
  { name: 'unit, contract and server tests', jest: 'unit', env: { NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' }, cmd: ['npx', 'jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${reports}/unit.json`] },
  { name: 'production build (bundle budget)', cmd: ['npx', 'webpack', '--mode', 'production'] },
  { name: 'browser tests', jest: 'e2e', cmd: ['npx', 'jest', '--ci', '--config', 'e2e/jest.config.ts', '--runInBand', '--json', `--outputFile=${reports}/e2e.json`] },
];

let passed = 0;
let failed = 0;
const failures = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  const started = Date.now();
  console.log(`\n▶ ${step.name}`);
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), { cwd: root, env: { ...env, ...step.env }, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.jest) {
    const file = path.join(reports, `${step.jest}.json`);
    if (existsSync(file)) {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      if (report.numRuntimeErrorTestSuites > 0) failed += report.numRuntimeErrorTestSuites;
    } else {
      failed += 1;
    }
  }
  console.log(`◀ ${step.name}: ${result.status === 0 ? 'ok' : `FAILED (exit ${result.status})`} in ${seconds} s`);
  if (result.status !== 0) failures.push(step.name);
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`test: ${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
