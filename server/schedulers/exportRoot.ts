import { randomUUID } from 'node:crypto';
import { lstat, mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Least privilege for exports: files are written only under the export root (HISTORIAN_EXPORT_DIR).
// A task's Directory is a relative sub-folder; absolute paths and `..` are refused when the task
// is saved, and a symbolic link that leads out of the root is refused when the task runs (a link
// can be made after the save).

export class ExportPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportPathError';
  }
}

/** Why a Directory setting is refused, or null when it is a plain relative sub-folder. */
export function directoryError(directory: string): string | null {
  if (directory.includes('\\')) return 'must use / between folders';
  if (path.posix.isAbsolute(directory) || /^[A-Za-z]:/.test(directory)) return 'must be a folder under the export root, not an absolute path';
  const segments = directory.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return 'may not contain ..';
  if (segments.some((segment) => segment.length > 255)) return 'has a folder name longer than 255 characters';
  return null;
}

const inside = (root: string, candidate: string) => candidate === root || candidate.startsWith(root + path.sep);

/** The real folder for `directory` under `root`, made when missing; throws ExportPathError for an escape. */
export async function resolveExportDirectory(root: string, directory: string): Promise<string> {
  const problem = directoryError(directory);
  if (problem) throw new ExportPathError(`Directory ${problem}`);
  await mkdir(root, { recursive: true });
  const realRoot = await realpath(root);
  const target = path.resolve(realRoot, directory);
  if (!inside(realRoot, target)) throw new ExportPathError('Directory leads out of the export root');
  // Each existing part is checked before anything is made under it: a link in the middle that
  // points out of the root must not get folders made on its other side.
  let current = realRoot;
  for (const segment of path.relative(realRoot, target).split(path.sep).filter(Boolean)) {
    current = path.join(current, segment);
    await mkdir(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const real = await realpath(current);
    if (!inside(realRoot, real)) throw new ExportPathError('Directory leads out of the export root through a symbolic link');
    current = real;
  }
  return current;
}

/**
 * Writes a file in a resolved export folder: first to a temporary name, then renamed, so a reader
 * (or a resumed job) never sees half a file. Answers false, writing nothing, when the file exists
 * and may not be overwritten. A link in the file's place is replaced, never followed.
 */
export async function writeExportFile(folder: string, name: string, bytes: Uint8Array, allowOverwrite: boolean): Promise<boolean> {
  if (name.includes('/') || name.includes('\\') || name === '..' || name === '.') throw new ExportPathError('A file name may not hold a folder');
  const file = path.join(folder, name);
  const existing = await lstat(file).catch(() => null);
  if (existing && !allowOverwrite) return false;
  if (existing?.isDirectory()) throw new ExportPathError(`${name} is a folder`);
  const temporary = path.join(folder, `.${name}.${randomUUID()}.part`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return true;
}
