import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The operator's licence CLI (README "Licences"): a fingerprint is base64url, so it may start with
// "-", and both ways of writing it must reach the token.

let dir: string;

const cli = (args: string[]) =>
  execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'cli.ts'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, INIT_CWD: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const fingerprintIn = (token: string): unknown => JSON.parse(Buffer.from(token.trim().split('.')[1], 'base64url').toString('utf8')).fingerprint;

const issue = (fingerprintArgs: string[]) =>
  cli(['issue', '--key', 'keys/licence-private.pem', ...fingerprintArgs, '--features', 'Calculations', '--expires', '+30d']);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'historian-licence-cli-'));
  cli(['keygen', '--out', 'keys']);
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('licence CLI issue', () => {
  const fingerprint = '-Xq3vT_0aB-cD9eF1gH2iJ3kL4mN5oP6qR7sT8uV9w';

  it('takes a fingerprint that starts with "-" written after --fingerprint, as the README writes it', () => {
    expect(fingerprintIn(issue(['--fingerprint', fingerprint]))).toBe(fingerprint);
  }, 60_000);

  it('takes a fingerprint written as --fingerprint=<token>', () => {
    expect(fingerprintIn(issue([`--fingerprint=${fingerprint}`]))).toBe(fingerprint);
  }, 60_000);
});
