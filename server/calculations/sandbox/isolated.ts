import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CONTROL, CONTROL_BYTES, DATA_BYTES, STATE, readMessage, writeMessage } from './channel';
import { SANDBOX_DEFAULTS, type CompileResult, type CompiledScript, type Evaluation, type EvaluationResult, type Sandbox, type SandboxOptions } from './sandbox';

// The sandbox the server uses: the QuickJS sandbox of sandbox.ts in a worker thread of its own.
// Calls stay synchronous (the engine, the test call and the backfill call compile and evaluate as
// before), through shared memory with Atomics.wait and a hard deadline. QuickJS stops a script at
// its own deadline in almost every case; when one overruns it anyway (a loop of few, heavy
// built-in calls, which QuickJS's interrupt check does not see often enough), the worker is
// terminated, the evaluation fails with `timeout`, and a standby worker takes over, so this
// thread waits at most the time limit plus HARD_GRACE_MS. The worker's WebAssembly memory has its
// own ceiling (moduleMemoryLimitBytes), so a script cannot make the server's process large either.

/** How long past the time limit an evaluation may run before its worker is stopped. */
export const HARD_GRACE_MS = 200;
/** A new worker loads the TypeScript loader and QuickJS; waiting longer means it is broken. */
const START_TIMEOUT_MS = 30_000;

// The worker is TypeScript like the rest of the server: a two-line bootstrap registers tsx's
// CommonJS loader in the worker and then loads it (the server runs under tsx; tests under jest).
const WORKER_BOOTSTRAP = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(path.join(__dirname, 'sandboxWorker.ts'))});`;

interface Thread {
  worker: Worker;
  flags: Int32Array;
  bytes: Uint8Array;
  /** Script ids compiled in this worker. */
  compiled: Set<number>;
  failed?: Error;
}

function startThread(options: SandboxOptions): Thread {
  const control = new SharedArrayBuffer(CONTROL_BYTES);
  const data = new SharedArrayBuffer(DATA_BYTES);
  const worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: { control, data, options }, execArgv: [], stdout: false, stderr: false });
  const thread: Thread = { worker, flags: new Int32Array(control), bytes: new Uint8Array(data), compiled: new Set() };
  worker.on('error', (error) => (thread.failed = error));
  worker.unref();
  return thread;
}

/** Waits, blocking, until the thread's worker is ready; throws when it cannot start. */
function awaitReady(thread: Thread): void {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Atomics.load(thread.flags, CONTROL.ready) !== 1) {
    if (thread.failed) throw new Error(`The sandbox worker failed to start: ${thread.failed.message}`);
    const left = deadline - Date.now();
    if (left <= 0) throw new Error('The sandbox worker did not start in time');
    Atomics.wait(thread.flags, CONTROL.ready, 0, Math.min(left, 50));
  }
}

/** Resolves once the thread's worker is ready (without blocking this thread). */
async function ready(thread: Thread): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Atomics.load(thread.flags, CONTROL.ready) !== 1) {
    if (thread.failed) throw new Error(`The sandbox worker failed to start: ${thread.failed.message}`);
    if (Date.now() > deadline) throw new Error('The sandbox worker did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const limits = { ...SANDBOX_DEFAULTS, ...options };
  const first = startThread(limits);
  const standby = startThread(limits);
  await Promise.all([ready(first), ready(standby)]);
  return new IsolatedSandbox(limits, first, standby);
}

class IsolatedSandbox implements Sandbox {
  private nextId = 1;
  private readonly sources = new Map<number, string>();
  private disposed = false;

  constructor(
    private readonly limits: Required<SandboxOptions>,
    private thread: Thread,
    private standby: Thread,
  ) {}

  compile(script: string): CompileResult {
    const id = this.nextId++;
    const answer = this.call({ op: 'compile', id, script }, this.limits.timeLimitMs);
    if (answer === 'overrun') return { ok: false, error: { code: 'timeout', message: `The script took longer than ${this.limits.timeLimitMs} ms to compile and was stopped` } };
    const result = answer as { ok: true } | { ok: false; error: NonNullable<Extract<CompileResult, { ok: false }>['error']> };
    if (!result.ok) return result;
    this.sources.set(id, script);
    this.thread.compiled.add(id);
    return { ok: true, script: { id } };
  }

  evaluate(script: CompiledScript, evaluation: Evaluation): EvaluationResult {
    const source = this.sources.get(script.id);
    if (source === undefined) throw new Error('This script was not compiled by this sandbox, or was released');
    if (!this.thread.compiled.has(script.id)) {
      // A new worker since it was compiled: compile it there under the same id.
      const answer = this.call({ op: 'compile', id: script.id, script: source }, this.limits.timeLimitMs);
      if (answer === 'overrun') return { ok: false, error: { code: 'timeout', message: `The script took longer than ${this.limits.timeLimitMs} ms to compile and was stopped` } };
      const result = answer as CompileResult;
      if (!result.ok) return result;
      this.thread.compiled.add(script.id);
    }
    const answer = this.call({ op: 'evaluate', id: script.id, evaluation }, this.limits.timeLimitMs);
    if (answer === 'overrun') return { ok: false, error: { code: 'timeout', message: `The script ran longer than ${this.limits.timeLimitMs} ms and was stopped`, stoppedWorker: true } };
    return answer as EvaluationResult;
  }

  release(script: CompiledScript): void {
    this.sources.delete(script.id);
    if (this.thread.compiled.delete(script.id)) this.call({ op: 'release', id: script.id }, this.limits.timeLimitMs);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    void this.thread.worker.terminate();
    void this.standby.worker.terminate();
  }

  /** One request to the worker; 'overrun' when it did not answer in time (the worker is then replaced). */
  private call(request: object, timeLimitMs: number): unknown {
    if (this.disposed) throw new Error('The sandbox was disposed');
    const thread = this.thread;
    writeMessage(thread.flags, thread.bytes, request);
    Atomics.store(thread.flags, CONTROL.state, STATE.request);
    Atomics.notify(thread.flags, CONTROL.state);
    const deadline = Date.now() + timeLimitMs + HARD_GRACE_MS;
    while (Atomics.load(thread.flags, CONTROL.state) !== STATE.answer) {
      const left = deadline - Date.now();
      if (left <= 0 || thread.failed) {
        this.replace();
        return 'overrun';
      }
      Atomics.wait(thread.flags, CONTROL.state, STATE.request, left);
    }
    const answer = readMessage(thread.flags, thread.bytes) as { result?: unknown; threw?: string };
    Atomics.store(thread.flags, CONTROL.state, STATE.idle);
    if (answer.threw !== undefined) throw new Error(answer.threw);
    return answer.result;
  }

  /** Stops the current worker and takes the standby one; a new standby starts in the background. */
  private replace(): void {
    void this.thread.worker.terminate();
    awaitReady(this.standby);
    this.thread = this.standby;
    this.standby = startThread(this.limits);
  }
}
