import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ReliabilityFigure, ReliabilitySuite } from '../server/reliability/suite';

// `npm run bench -- reliability [suite …] [--scale=0.1]`: the reliability suites of
// server/reliability/README.md, one after the other, each in bench/reliability/<name>.suite.ts.
// Prints each suite's figures and their goals; exits 1 when a goal (0 lost, 0 duplicates, 0 5xx,
// 0 leaked) was missed. Timings are printed, never judged.

const args = process.argv.slice(2);
const scaleArg = args.find((arg) => arg.startsWith('--scale='));
const scale = scaleArg ? Number(scaleArg.slice('--scale='.length)) : 1;
const chosen = args.filter((arg) => !arg.startsWith('--') && arg !== 'reliability');

async function loadSuites(): Promise<ReliabilitySuite[]> {
  const dir = path.join(__dirname, 'reliability');
  const files = readdirSync(dir).filter((file) => file.endsWith('.suite.ts')).sort();
  const suites: ReliabilitySuite[] = [];
  for (const file of files) {
    const loaded = (await import(path.join(dir, file))) as { suite?: ReliabilitySuite; default?: { suite?: ReliabilitySuite } };
    const suite = loaded.suite ?? loaded.default?.suite;
    if (suite) suites.push(suite);
  }
  return suites;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

function print(suite: string, figures: readonly ReliabilityFigure[]): number {
  let missed = 0;
  const width = Math.max(...figures.map((figure) => figure.label.length), 10);
  for (const figure of figures) {
    const value = `${typeof figure.value === 'number' ? Number(figure.value.toFixed(2)) : figure.value}${figure.unit ? ` ${figure.unit}` : ''}`;
    const met = figure.goal === undefined ? '' : figure.value === figure.goal ? `  (goal ${figure.goal}: met)` : `  (goal ${figure.goal}: MISSED)`;
    if (figure.goal !== undefined && figure.value !== figure.goal) missed += 1;
    console.log(`  ${pad(`${suite}: ${figure.label}`, width + suite.length + 2)}  ${value}${met}`);
  }
  return missed;
}

async function main() {
  const all = await loadSuites();
  const unknown = chosen.filter((name) => !all.some((suite) => suite.name === name));
  if (unknown.length > 0) throw new Error(`No reliability suite named ${unknown.join(', ')}; there are: ${all.map((suite) => suite.name).join(', ')}`);
  const suites = chosen.length > 0 ? all.filter((suite) => chosen.includes(suite.name)) : all;
  if (suites.length === 0) throw new Error('No reliability suite found in bench/reliability/');
  const results: Array<{ name: string; figures: ReliabilityFigure[]; seconds: number; error?: string }> = [];
  for (const suite of suites) {
    console.log(`\n--- ${suite.name}: ${suite.description}`);
    const started = Date.now();
    try {
      const figures = await suite.run({ scale, log: (line) => console.log(`  [${suite.name} ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`) });
      results.push({ name: suite.name, figures, seconds: (Date.now() - started) / 1000 });
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.log(`  ${suite.name} failed: ${message}`);
      results.push({ name: suite.name, figures: [], seconds: (Date.now() - started) / 1000, error: message.split('\n')[0] });
    }
  }
  console.log('\n=== reliability figures');
  let missed = 0;
  for (const result of results) {
    if (result.error) {
      console.log(`  ${result.name}: FAILED (${result.error})`);
      missed += 1;
      continue;
    }
    missed += print(result.name, [...result.figures, { label: 'run time', value: result.seconds, unit: 's' }]);
  }
  console.log(missed === 0 ? '\nEvery goal met.' : `\n${missed} goal(s) missed.`);
  process.exit(missed === 0 ? 0 : 1);
}

void main();
