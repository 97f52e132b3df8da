import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE_VERSION, BuildRejectedError, currentBuild, installBuild, loadBuild, makeBuildSource, sha256 } from './builds';

// The reference collector's builds: what it runs, and when it refuses to switch.

let workDir: string;

beforeEach(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'historian-builds-'));
});

afterEach(() => {
  rmSync(workDir, { recursive: true, force: true });
});

const offerOf = (version: string, bytes: Buffer) => ({ Version: version, Checksum: sha256(bytes), Size: bytes.length });

describe('collector builds', () => {
  it('a build carries its version and the sampling code', () => {
    const build = loadBuild(makeBuildSource('2.3.4'), 'b.js');
    expect(build.version).toBe('2.3.4');
    expect(build.sample('ramp', 30, 60)).toBeCloseTo(0.5);
    expect(build.sample('sine', 15, 60)).toBeCloseTo(1);
  });

  it('without a switched-to build the collector runs its base build', async () => {
    expect((await currentBuild(workDir)).version).toBe(BASE_VERSION);
  });

  it('installs a build whose bytes match the offered checksum and size, and runs it from then on', async () => {
    const bytes = Buffer.from(makeBuildSource('1.5.0'));
    expect((await installBuild(workDir, bytes, offerOf('1.5.0', bytes))).version).toBe('1.5.0');
    expect((await currentBuild(workDir)).version).toBe('1.5.0');
  });

  it('refuses bytes that do not match the offered checksum, and keeps the build it had', async () => {
    const bytes = Buffer.from(makeBuildSource('1.5.0'));
    const offer = offerOf('1.5.0', Buffer.from(makeBuildSource('1.5.1')));
    await expect(installBuild(workDir, bytes, offer)).rejects.toThrow(BuildRejectedError);
    expect((await currentBuild(workDir)).version).toBe(BASE_VERSION);
  });

  it('refuses a build that says it is another version than the one offered', async () => {
    const bytes = Buffer.from(makeBuildSource('9.0.0'));
    await expect(installBuild(workDir, bytes, offerOf('1.6.0', bytes))).rejects.toThrow('the build says it is 9.0.0, not 1.6.0');
  });

  it('refuses a script that is no build', async () => {
    const bytes = Buffer.from('module.exports = { version: "1.7.0" };');
    await expect(installBuild(workDir, bytes, offerOf('1.7.0', bytes))).rejects.toThrow('does not export a version and a sample function');
  });

  it('does not run a switched-to build whose file was changed afterwards: back to the base build', async () => {
    const bytes = Buffer.from(makeBuildSource('1.8.0'));
    await installBuild(workDir, bytes, offerOf('1.8.0', bytes));
    writeFileSync(path.join(workDir, 'builds', `${sha256(bytes)}.js`), makeBuildSource('6.6.6'));
    const lines: string[] = [];
    expect((await currentBuild(workDir, (line) => lines.push(line))).version).toBe(BASE_VERSION);
    expect(lines[0]).toMatch(/does not match its checksum/);
  });
});
