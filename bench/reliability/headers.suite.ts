import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareAdmin } from '../../e2e/support/adminApi';
import { checkHeaders } from '../../server/reliability/headers';
import type { ReliabilitySuite } from '../../server/reliability/suite';
import { exited, startServerProcess } from '../../server/testing/serverProcess';

// Headers (issue 22 item 6) over HTTP, against a real server process serving the production build.

const CLIENT_DIR = path.resolve(__dirname, '../../dist');

export const suite: ReliabilitySuite = {
  name: 'headers',
  description: 'CSP without unsafe-inline scripts, frame-ancestors, nosniff, Referrer-Policy and no-store on every page and every GET of the contract',
  async run({ log }) {
    if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error('No production build in dist/: run `npm run build` first');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'historian-headers-'));
    const { child, url } = await startServerProcess({ dataDir, clientDir: CLIENT_DIR });
    try {
      const admin = await prepareAdmin(url);
      const organizations = await admin.json<Array<{ UUID: string }>>('GET', '/current-user/organizations');
      const result = await checkHeaders(url, admin.call, organizations[0]?.UUID);
      for (const line of result.missing) log(line);
      return [
        { label: 'routes checked', value: result.checked.length },
        { label: 'missing or wrong headers', value: result.missing.length, goal: 0 },
      ];
    } finally {
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
