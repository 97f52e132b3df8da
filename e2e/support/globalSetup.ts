import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from './browser';
import { PGLITE_TEMPLATE_ENV } from './server';

const root = path.resolve(__dirname, '../..');

/**
 * Installs Debian's Chromium when missing, builds the client once when dist/ is absent, and finds
 * (or builds) the migrated PGlite template the servers of the suites start from (support/server.ts).
 */
export default function globalSetup() {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log('e2e: installing Chromium from Debian (scripts/ensure-chromium.sh)…');
    execFileSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  }
  if (!existsSync(path.join(root, 'dist/index.html'))) {
    console.log('e2e: building the client (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  if (!process.env[PGLITE_TEMPLATE_ENV]) {
    const cli = path.join(root, 'node_modules/tsx/dist/cli.mjs');
    const output = execFileSync(process.execPath, [cli, path.join(__dirname, 'pgliteTemplate.ts')], { cwd: root, encoding: 'utf8' });
    // Jest starts its workers after this, with this environment.
    process.env[PGLITE_TEMPLATE_ENV] = output.trim().split('\n').pop();
  }
}
