#!/usr/bin/env node
// `npm test`: every check CI runs, in order of cost. Prints one closing line
// "test: N passed, N failed" counting the Jest tests of all suites.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', FORCE_COLOR: '0' };
const only = process.argv.slice(2);

// Steps of one stage run side by side, two at a time (CI has two cores; tsc, eslint and redocly
// use one each), their output printed whole as each ends. The production build is in the first
// stage: the browser tests need it, and it does not wait for the unit tests.
const PARALLEL = 2;
const stages = [
  [
    // The main tsconfig (domain/ included), then domain/ alone, which has neither DOM nor Node types.
    { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'contract lint (redocly)', cmd: ['npx', 'redocly', 'lint', 'openapi/historian.yaml', '--config', 'openapi/redocly.yaml'] },
    { name: 'eslint', cmd: ['npx', 'eslint', '.'] },
    { name: 'production build (bundle budget)', cmd: ['npx', 'webpack', '--mode', 'production'] },
  ],
  [{ name: 'unit, contract and server tests', jest: 'unit', env: { NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' }, cmd: ['npx', 'jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${reports}/unit.json`] }],
  // Two suites at a time: each starts its own server (own port, own data directory) and browser,
  // and one suite alone keeps about two thirds of a core busy (it mostly waits on the page).
  [{ name: 'browser tests', jest: 'e2e', cmd: ['npx', 'jest', '--ci', '--config', 'e2e/jest.config.ts', '--maxWorkers=2', '--json', `--outputFile=${reports}/e2e.json`] }],
];

let passed = 0;
let failed = 0;
const failures = [];

/** Runs a step; alone it writes straight to the terminal, beside others its output is kept until it ends. */
function run(step, alone) {
  const started = Date.now();
  if (alone) console.log(`\n▶ ${step.name}`);
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0], step.cmd.slice(1), { cwd: root, env: { ...env, ...step.env }, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      if (!alone) {
        console.log(`\n▶ ${step.name}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ status, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

function count(step) {
  if (!step.jest) return;
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

for (const stage of stages) {
  const chosen = stage.filter((step) => !only.length || only.some((o) => step.name.includes(o)));
  const stageStarted = Date.now();
  const queue = [...chosen];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const { status, seconds } = await run(step, chosen.length === 1);
      count(step);
      console.log(`◀ ${step.name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds} s`);
      if (status !== 0) failures.push(step.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, chosen.length) }, lane));
  if (chosen.length > 1) console.log(`◀ (${chosen.map((step) => step.name).join(', ')}: ${((Date.now() - stageStarted) / 1000).toFixed(1)} s side by side)`);
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`test: ${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
