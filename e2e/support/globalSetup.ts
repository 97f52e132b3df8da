import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from './browser';

const root = path.resolve(__dirname, '../..');

/** Installs Debian's Chromium when missing and builds the client once when dist/ is absent. */
export default function globalSetup() {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log('e2e: installing Chromium from Debian (scripts/ensure-chromium.sh)…');
    execFileSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  }
  if (!existsSync(path.join(root, 'dist/index.html'))) {
    console.log('e2e: building the client (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
}
