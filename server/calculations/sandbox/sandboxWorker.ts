import { workerData } from 'node:worker_threads';
import { createLocalSandbox, type CompiledScript, type SandboxOptions } from './sandbox';
import { CONTROL, STATE, readMessage, writeMessage } from './channel';

// The worker thread of an isolated sandbox (isolated.ts): one QuickJS sandbox, driven through
// shared memory so that the server's thread can wait for an answer synchronously and with a
// deadline. It answers one request at a time, in the order they come.

interface Request {
  op: 'compile' | 'evaluate' | 'release';
  id?: number;
  script?: string;
  evaluation?: Parameters<Awaited<ReturnType<typeof createLocalSandbox>>['evaluate']>[1];
}

const { control, data, options } = workerData as { control: SharedArrayBuffer; data: SharedArrayBuffer; options: SandboxOptions };
const flags = new Int32Array(control);
const bytes = new Uint8Array(data);

void (async () => {
  const sandbox = await createLocalSandbox(options);
  const compiled = new Map<number, CompiledScript>();
  Atomics.store(flags, CONTROL.ready, 1);
  Atomics.notify(flags, CONTROL.ready);
  for (;;) {
    while (Atomics.load(flags, CONTROL.state) !== STATE.request) Atomics.wait(flags, CONTROL.state, STATE.idle);
    const request = readMessage(flags, bytes) as Request;
    let answer: unknown;
    try {
      if (request.op === 'compile') {
        const result = sandbox.compile(request.script ?? '');
        if (result.ok) compiled.set(request.id ?? 0, result.script);
        answer = { result: result.ok ? { ok: true } : result };
      } else if (request.op === 'evaluate') {
        const script = compiled.get(request.id ?? 0);
        if (!script || !request.evaluation) throw new Error('This script was not compiled by this sandbox, or was released');
        answer = { result: sandbox.evaluate(script, request.evaluation) };
      } else {
        const script = compiled.get(request.id ?? 0);
        if (script) sandbox.release(script);
        compiled.delete(request.id ?? 0);
        answer = { result: null };
      }
    } catch (error) {
      answer = { threw: error instanceof Error ? error.message : String(error) };
    }
    try {
      writeMessage(flags, bytes, answer);
    } catch (error) {
      writeMessage(flags, bytes, { threw: error instanceof Error ? error.message : String(error) });
    }
    Atomics.store(flags, CONTROL.state, STATE.answer);
    Atomics.notify(flags, CONTROL.state);
  }
})();
