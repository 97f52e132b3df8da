import { mkdir, open, readdir, readFile, rename, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { OutgoingMessage } from '../hub';

// A sink's buffer (server/integrations/README.md, "Sink buffer"): messages the broker has not
// acknowledged, in batches, oldest first. With BufferDiskBatches on (the default) every batch is
// one file `<dataDir>/sink-buffers/<sink uuid>/<16-digit sequence>.batch` (JSON of the messages),
// written to a .tmp file, fsynced, renamed and the directory fsynced before append() resolves: a
// crash leaves whole batches or none. A batch file is deleted only after the broker acknowledged
// every message of it, so a crash in between sends it again (at least once, never lost). A
// restart reads the files back in sequence order. Without disk batches they are kept in memory.
//
// Limits: at most MaxBatches batches, MaxDiskSpace bytes on disk, never leaving less than
// MinFreeDiskSpace free. What does not fit is dropped (the newest messages: the buffered ones
// keep their order) and counted; append() still resolves (the caller must not retry them).

export interface BufferLimits {
  maxBatchSize: number;
  maxBatches: number;
  disk: boolean;
  minFreeDiskBytes: number;
  maxDiskBytes: number;
}

export interface BufferedBatch {
  seq: number;
  messages: OutgoingMessage[];
  bytes: number;
  file?: string;
}

const BATCH = /^(\d{16})\.batch$/;

export class SinkBuffer {
  private readonly batches: BufferedBatch[] = [];
  private nextSeq = 1;
  private diskBytes = 0;
  /** Messages dropped for want of room since this buffer was opened. */
  dropped = 0;

  constructor(
    readonly dir: string,
    private limits: BufferLimits,
  ) {}

  /** Reads the batches a previous run left (disk batches), and removes half-written ones. */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const names = (await readdir(this.dir)).sort();
    for (const name of names) {
      const file = path.join(this.dir, name);
      if (name.endsWith('.tmp')) {
        await unlink(file).catch(() => undefined);
        continue;
      }
      const match = BATCH.exec(name);
      if (!match) continue;
      try {
        const text = await readFile(file, 'utf8');
        const messages = JSON.parse(text) as OutgoingMessage[];
        const bytes = Buffer.byteLength(text);
        this.batches.push({ seq: Number(match[1]), messages, bytes, file });
        this.diskBytes += bytes;
      } catch {
        // A file that does not parse cannot be sent: set aside, never silently deleted.
        await rename(file, `${file}.unreadable`).catch(() => undefined);
      }
    }
    this.nextSeq = (this.batches.at(-1)?.seq ?? 0) + 1;
  }

  setLimits(limits: BufferLimits): void {
    this.limits = limits;
  }

  get empty(): boolean {
    return this.batches.length === 0;
  }

  get messageCount(): number {
    return this.batches.reduce((sum, batch) => sum + batch.messages.length, 0);
  }

  get bytes(): number {
    return this.batches.reduce((sum, batch) => sum + batch.bytes, 0);
  }

  first(): BufferedBatch | undefined {
    return this.batches[0];
  }

  /** Takes the messages in batches of MaxBatchSize; resolves once they are on disk (or held in memory). Returns how many were dropped. */
  async append(messages: readonly OutgoingMessage[]): Promise<number> {
    let dropped = 0;
    for (let i = 0; i < messages.length; i += this.limits.maxBatchSize) {
      const chunk = messages.slice(i, i + this.limits.maxBatchSize);
      if (!(await this.store(chunk))) {
        dropped += chunk.length;
      }
    }
    this.dropped += dropped;
    return dropped;
  }

  private async store(messages: OutgoingMessage[]): Promise<boolean> {
    if (this.batches.length >= this.limits.maxBatches) return false;
    const text = JSON.stringify(messages);
    const bytes = Buffer.byteLength(text);
    const seq = this.nextSeq++;
    if (!this.limits.disk) {
      this.batches.push({ seq, messages, bytes });
      return true;
    }
    if (this.diskBytes + bytes > this.limits.maxDiskBytes) return false;
    if (this.limits.minFreeDiskBytes > 0) {
      const fs = await statfs(this.dir);
      if (Number(fs.bavail) * Number(fs.bsize) - bytes < this.limits.minFreeDiskBytes) return false;
    }
    const file = path.join(this.dir, `${String(seq).padStart(16, '0')}.batch`);
    const tmp = `${file}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
    await syncDir(this.dir);
    this.batches.push({ seq, messages, bytes, file });
    this.diskBytes += bytes;
    return true;
  }

  /** The broker acknowledged every message of the first batch. */
  async removeFirst(batch: BufferedBatch): Promise<void> {
    if (this.batches[0] !== batch) return;
    this.batches.shift();
    if (batch.file) {
      this.diskBytes -= batch.bytes;
      await unlink(batch.file).catch(() => undefined);
    }
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems do not fsync directories; the rename is then as durable as they allow.
  } finally {
    await handle.close();
  }
}
