import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import vm from 'node:vm';
import { isRecord } from './protocol';

// The reference collector's builds. A build is a small script whose content carries its version
// and the code that shapes the simulated signals:
//
//   module.exports = { product: '…', version: '1.1.0', sample(signal, seconds, periodSeconds) { … } }
//
// The collector starts on the build it shipped with (BASE_VERSION) or on the one it last switched
// to (<work dir>/current.json). Switching to an update means: the downloaded bytes must match the
// offered SHA-256 and size, the script must load and say it is the offered version, and only then
// is it written to <work dir>/builds/<sha256>.js, made current, and loaded in place of the old one.
// node:vm is no sandbox; it is used to load a module from bytes, and the bytes are trusted once
// their checksum matches what the server (over the collector's token) said they must be.

export const BASE_VERSION = '1.0.0';
export const PRODUCT = 'Historian simulation collector';

export interface Build {
  version: string;
  /** A value of the signal kind at `seconds`, repeating every `periodSeconds`. */
  sample(signal: string, seconds: number, periodSeconds: number): number;
}

export class BuildRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildRejectedError';
  }
}

/** The source of a build of the given version (also what `npm run collector -- make-build` writes). */
export function makeBuildSource(version: string): string {
  return `// ${PRODUCT}, build ${version}
module.exports = {
  product: ${JSON.stringify(PRODUCT)},
  version: ${JSON.stringify(version)},
  sample(signal, seconds, periodSeconds) {
    const phase = (seconds % periodSeconds) / periodSeconds;
    if (signal === 'ramp') return phase;
    if (signal === 'random') return Math.random();
    return Math.sin(2 * Math.PI * phase);
  },
};
`;
}

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

function hasSample(value: Record<string, unknown>): value is Record<string, unknown> & Pick<Build, 'sample'> {
  return typeof value.sample === 'function';
}

/** Runs a build's script and checks it exports what a build must. */
export function loadBuild(source: string, filename: string): Build {
  const sandbox = { module: { exports: {} } };
  try {
    vm.runInNewContext(source, sandbox, { filename, timeout: 1000 });
  } catch (error) {
    throw new BuildRejectedError(`The build does not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  const exported: unknown = sandbox.module.exports;
  if (!isRecord(exported) || typeof exported.version !== 'string' || !hasSample(exported)) {
    throw new BuildRejectedError('The build does not export a version and a sample function');
  }
  const { version } = exported;
  const sample = exported.sample;
  return { version, sample: (signal, seconds, periodSeconds) => Number(sample(signal, seconds, periodSeconds)) };
}

export const baseBuild = (): Build => loadBuild(makeBuildSource(BASE_VERSION), 'base-build.js');

const currentFile = (workDir: string) => path.join(workDir, 'current.json');
const buildPath = (workDir: string, checksum: string) => path.join(workDir, 'builds', `${checksum}.js`);

async function writeAtomically(file: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const side = `${file}.${randomUUID()}.tmp`;
  await writeFile(side, content);
  await rename(side, file);
}

/**
 * The build to run: the one last switched to, checked against its checksum again (a corrupted or
 * edited file is not run), else the base build.
 */
export async function currentBuild(workDir: string, log: (line: string) => void = () => undefined): Promise<Build> {
  let raw: string;
  try {
    raw = await readFile(currentFile(workDir), 'utf8');
  } catch {
    return baseBuild();
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || typeof parsed.checksum !== 'string' || typeof parsed.version !== 'string') throw new BuildRejectedError('current.json is malformed');
    const bytes = await readFile(buildPath(workDir, parsed.checksum));
    if (sha256(bytes) !== parsed.checksum) throw new BuildRejectedError('the build file does not match its checksum');
    const build = loadBuild(bytes.toString('utf8'), buildPath(workDir, parsed.checksum));
    if (build.version !== parsed.version) throw new BuildRejectedError(`the build says ${build.version}, current.json ${parsed.version}`);
    return build;
  } catch (error) {
    log(`current build refused (${error instanceof Error ? error.message : String(error)}); running the base build ${BASE_VERSION}`);
    return baseBuild();
  }
}

export interface Offered {
  Version: string;
  Checksum: string;
  Size: number;
}

/** Verifies downloaded bytes against the offer, then makes them the current build. */
export async function installBuild(workDir: string, bytes: Uint8Array, offer: Offered): Promise<Build> {
  const checksum = sha256(bytes);
  if (checksum !== offer.Checksum || bytes.byteLength !== offer.Size) {
    throw new BuildRejectedError(`checksum mismatch: expected ${offer.Checksum} (${offer.Size} bytes), got ${checksum} (${bytes.byteLength} bytes)`);
  }
  const file = buildPath(workDir, checksum);
  const build = loadBuild(Buffer.from(bytes).toString('utf8'), file);
  if (build.version !== offer.Version) throw new BuildRejectedError(`the build says it is ${build.version}, not ${offer.Version}`);
  await writeAtomically(file, bytes);
  await writeAtomically(currentFile(workDir), JSON.stringify({ version: build.version, checksum }));
  return build;
}
