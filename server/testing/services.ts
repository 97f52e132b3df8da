import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

// What every test that starts a real service on loopback needs: a free port, and the Debian
// package installed when a fresh machine lacks it (CI's .ci/run installs them too).

const run = promisify(execFile);

/** A port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('No free port'))));
    });
  });
}

/** Installs Debian packages; refreshes the package lists once when a fresh machine has none. */
export async function aptInstall(packages: readonly string[]): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error(`Not installed: ${packages.join(' ')}; run: sudo apt-get install -y ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const options = { env, timeout: 300_000, maxBuffer: 32 * 1024 * 1024 };
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], options);
  await install().catch(async () => {
    await run('apt-get', ['update'], options);
    await install();
  });
}
