import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGLITE_TEMPLATE_ENV } from '../../e2e/support/server';
import { PAYLOADS, REFUSED_BY_CONTRACT, runXssTour } from '../../e2e/support/xssTour';
import type { ReliabilityFigure, ReliabilitySuite } from '../../server/reliability/suite';

// `npm run bench -- reliability xss`: every payload of e2e/support/xssTour.ts in every name-like
// field (one record of every kind per payload, each field taking the payloads in turn), then every
// page and every detail, trend and tab view in Chromium. The fast test (e2e/xss.e2e.test.ts) stores
// one payload per field. Needs the production client (dist/; built here when missing).

const root = path.resolve(__dirname, '../..');

function prepare(log: (line: string) => void) {
  if (!existsSync(path.join(root, 'dist/index.html'))) {
    log('building the client (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  if (!process.env[PGLITE_TEMPLATE_ENV]) {
    const cli = path.join(root, 'node_modules/tsx/dist/cli.mjs');
    const output = execFileSync(process.execPath, [cli, path.join(root, 'e2e/support/pgliteTemplate.ts')], { cwd: root, encoding: 'utf8' });
    process.env[PGLITE_TEMPLATE_ENV] = output.trim().split('\n').pop();
  }
}

export const suite: ReliabilitySuite = {
  name: 'xss',
  description: 'stored payloads in every name field of the contract, rendered on every page in Chromium: nothing runs',
  async run({ log, scale }): Promise<ReliabilityFigure[]> {
    prepare(log);
    // At scale 1 every payload lands in every field; a smaller scale stores fewer records of each kind.
    const variants = Math.max(1, Math.round(PAYLOADS.length * Math.min(1, scale)));
    const result = await runXssTour({ variants, log });
    for (const line of [...result.ran, ...result.dialogs, ...result.injected, ...result.cspViolations, ...result.pageErrors]) log(`FOUND ${line}`);
    log(`detector check: ${JSON.stringify(result.detector)}`);
    if (result.uncovered.length > 0) log(`create operations with a Name not covered: ${result.uncovered.join(', ')}`);
    if (result.pagesWithoutText.length > 0) log(`pages that showed no payload as text: ${result.pagesWithoutText.join(', ')}`);
    log(`refused by the contract (not stored): ${result.refusedFields.join(', ') || 'none'}`);
    log(`payloads stored but shown as text on no page: ${result.neverShown.length} (${result.neverShown.slice(0, 12).join(', ')}${result.neverShown.length > 12 ? ', …' : ''})`);
    const caught = result.detector.injected >= 2 && result.detector.cspViolations >= 1 && result.detector.ran === 1;
    return [
      { label: 'payload kinds', value: PAYLOADS.length },
      { label: 'records of every kind', value: variants },
      { label: 'fields', value: result.fields },
      { label: 'create operations with a Name not covered', value: result.uncovered.length, goal: 0 },
      { label: 'payloads stored', value: result.stored, unit: 'payloads' },
      { label: 'payloads refused by the contract', value: result.refused },
      { label: 'fields refused unexpectedly (a record of the tour missing)', value: result.refusedFields.filter((field) => !REFUSED_BY_CONTRACT.includes(field)).length, goal: 0 },
      { label: 'pages', value: result.pages },
      { label: 'list pages showing no payload as text', value: result.pagesWithoutText.length, goal: 0 },
      { label: 'payloads seen as text on no page (not on the pages toured)', value: result.neverShown.length },
      { label: 'pages scrolling sideways with long payloads', value: result.pagesScrollingSideways.length },
      { label: 'payloads that ran', value: result.ran.length, goal: 0 },
      { label: 'dialogs opened', value: result.dialogs.length, goal: 0 },
      { label: 'elements built from a payload', value: result.injected.length, goal: 0 },
      { label: 'CSP violations', value: result.cspViolations.length, goal: 0 },
      { label: 'page errors', value: result.pageErrors.length, goal: 0 },
      { label: 'detector caught a planted payload (1 = yes)', value: caught ? 1 : 0, goal: 1 },
    ];
  },
};
