// A stand-in for a second server process in the lock tests, run with tsx:
//   tsx dataDirProbe.ts hold <dir>   takes the data-directory lock, prints READY, waits to be killed
//   tsx dataDirProbe.ts open <dir>   opens the database the way server/main.ts does; on a locked
//                                    directory prints the error and exits with code 2
import { acquireDataDirLock, isHistorianDataDirLockedError } from '../dataDirLock';
import { openDatabase } from '../open';

export const PROBE_READY = 'READY';
export const PROBE_LOCKED_EXIT_CODE = 2;

async function main(mode: string | undefined, dataDir: string | undefined): Promise<void> {
  if (dataDir === undefined) throw new Error('usage: dataDirProbe.ts hold|open <dir>');
  if (mode === 'hold') {
    await acquireDataDirLock(dataDir);
    process.stdout.write(`${PROBE_READY}\n`);
    setInterval(() => undefined, 60_000);
    return;
  }
  if (mode === 'open') {
    const db = await openDatabase({ dataDir, databaseUrl: undefined });
    process.stdout.write(`${PROBE_READY}\n`);
    await db.close();
    return;
  }
  throw new Error(`unknown mode ${String(mode)}`);
}

main(process.argv[2], process.argv[3]).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(isHistorianDataDirLockedError(error) ? PROBE_LOCKED_EXIT_CODE : 1);
});
