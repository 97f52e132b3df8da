// A QuickJS sandbox for calculation scripts (see README.md): one runtime with a memory limit and a
// stack limit, one context, a deadline per evaluation through the interrupt handler. After a
// timeout or running out of memory the runtime and context are thrown away and built again, and
// compiled scripts are compiled again into the new context when next evaluated.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RELEASE_SYNC, newQuickJSWASMModule, newVariant, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten';
import { PRELUDE_FILE, SCRIPT_FILE, preludeSource, wrapBody, wrapExpression } from './prelude';

export type InputValue = number | boolean | string | null;

/** One input of an evaluation, read by the script as `_<alias>.Value`, `.Timestamp`, `.Tags`, `.Status`. */
export interface EvaluationInput {
  alias: string;
  value: InputValue;
  timestamp: number | null;
  tags: Record<string, string>;
  status: string;
}

/** What one evaluation of a script sees. `local` is the calculation's state after its previous evaluation. */
export interface Evaluation {
  inputs: EvaluationInput[];
  timestamp: number;
  previousTimestamp: number | null;
  previousResult: unknown;
  intervalMs: number;
  offsetMs: number;
  local: Record<string, unknown>;
}

export type EvaluationErrorCode = 'timeout' | 'memory' | 'script' | 'result';

export interface EvaluationError {
  code: EvaluationErrorCode;
  message: string;
  /** The script's line, where QuickJS names one. */
  line?: number;
  /** The evaluation overran its deadline past QuickJS's own check, and the worker running it was stopped (isolated.ts). */
  stoppedWorker?: true;
}

export type EvaluationResult =
  | { ok: true; value: InputValue; tags: Record<string, string>; status: string; local: Record<string, unknown> }
  | { ok: false; error: EvaluationError };

/** A script compiled by one sandbox; opaque, and only valid with that sandbox until released. */
export interface CompiledScript {
  readonly id: number;
}

export type CompileResult = { ok: true; script: CompiledScript } | { ok: false; error: EvaluationError };

export interface SandboxOptions {
  /** Wall-clock limit of one evaluation (and of one compilation). */
  timeLimitMs?: number;
  /** Limit of the QuickJS heap. */
  memoryLimitBytes?: number;
  /** Limit of the QuickJS stack, against runaway recursion. */
  stackLimitBytes?: number;
  /** Limit of a calculation's `local` state, as JSON. */
  localLimitBytes?: number;
  /**
   * Limit of the sandbox's whole WebAssembly memory, a hard ceiling below QuickJS's own heap
   * accounting (which some allocations slip past: `new Array(n).fill(x)` in a loop reached 1 GB
   * under a 32 MB heap limit). Past it, QuickJS's allocations fail as out of memory.
   */
  moduleMemoryLimitBytes?: number;
}

export interface Sandbox {
  compile(script: string): CompileResult;
  evaluate(script: CompiledScript, evaluation: Evaluation): EvaluationResult;
  /** Frees a compiled script. */
  release(script: CompiledScript): void;
  dispose(): void;
}

export const SANDBOX_DEFAULTS = {
  timeLimitMs: 50,
  memoryLimitBytes: 32 * 1024 * 1024,
  stackLimitBytes: 128 * 1024,
  localLimitBytes: 64 * 1024,
  moduleMemoryLimitBytes: 128 * 1024 * 1024,
} as const;

const WASM_PAGE = 64 * 1024;
/** The module's start size (the variant's own INITIAL_MEMORY). */
const INITIAL_MEMORY = 16 * 1024 * 1024;

let compiledWasm: Promise<WebAssembly.Module> | undefined;

/** The QuickJS WebAssembly code, compiled once per process; each sandbox instantiates it with a memory of its own. */
function quickjsWasm(): Promise<WebAssembly.Module> {
  compiledWasm ??= (async () => {
    const packageDir = path.dirname(require.resolve('@jitl/quickjs-wasmfile-release-sync/package.json'));
    return WebAssembly.compile(await readFile(path.join(packageDir, 'dist/emscripten-module.wasm')));
  })();
  return compiledWasm;
}

/** A QuickJS module of its own whose memory cannot grow past `limitBytes`. */
async function boundedModule(limitBytes: number): Promise<QuickJSWASMModule> {
  const maximum = Math.max(INITIAL_MEMORY, limitBytes) / WASM_PAGE;
  const wasmMemory = new WebAssembly.Memory({ initial: INITIAL_MEMORY / WASM_PAGE, maximum: Math.ceil(maximum) });
  return newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmModule: await quickjsWasm(), wasmMemory }));
}

const ALIAS = /^[A-Za-z][A-Za-z0-9_]*$/;

interface Vm {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  run: QuickJSHandle;
  functions: Map<number, QuickJSHandle>;
}

interface Source {
  wrapped: string;
}

/**
 * A sandbox in the calling thread. QuickJS checks its deadline only every so many operations, so
 * a few heavy built-in calls (a loop of large `fill`s or `sort`s) can run for seconds past it and
 * block this thread: the server uses createSandbox (isolated.ts), which runs this one in a worker
 * thread and stops the worker when an evaluation overruns.
 */
export async function createLocalSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const limits = { ...SANDBOX_DEFAULTS, ...options };
  const quickjs = await boundedModule(limits.moduleMemoryLimitBytes);
  return new QuickJsSandbox(quickjs, limits);
}

class QuickJsSandbox implements Sandbox {
  private vm: Vm | undefined;
  private deadline = 0;
  private nextId = 1;
  private readonly sources = new Map<number, Source>();

  constructor(
    private readonly quickjs: QuickJSWASMModule,
    private readonly limits: Required<SandboxOptions>,
  ) {}

  compile(script: string): CompileResult {
    const vm = this.live();
    let failure: EvaluationError | undefined;
    for (const wrapped of [wrapExpression(script), wrapBody(script)]) {
      const compiled = this.compileInto(vm, wrapped);
      if ('error' in compiled) {
        // A failed expression form only means that the script is a body; its error is the body's.
        if (compiled.error.code !== 'script') return { ok: false, error: compiled.error };
        failure = compiled.error;
        continue;
      }
      const id = this.nextId++;
      this.sources.set(id, { wrapped });
      vm.functions.set(id, compiled.handle);
      return { ok: true, script: { id } };
    }
    return { ok: false, error: failure ?? { code: 'script', message: 'The script does not compile' } };
  }

  evaluate(script: CompiledScript, evaluation: Evaluation): EvaluationResult {
    const source = this.sources.get(script.id);
    if (!source) throw new Error('This script was not compiled by this sandbox, or was released');
    for (const input of evaluation.inputs) {
      if (!ALIAS.test(input.alias)) throw new Error(`Input alias ${JSON.stringify(input.alias)} is not a name (letters, digits, _)`);
    }
    const vm = this.live();
    let fn = vm.functions.get(script.id);
    if (!fn) {
      const compiled = this.compileInto(vm, source.wrapped);
      if ('error' in compiled) return { ok: false, error: compiled.error };
      fn = compiled.handle;
      vm.functions.set(script.id, fn);
    }
    const payload = JSON.stringify({
      inputs: evaluation.inputs,
      context: {
        previousResult: evaluation.previousResult ?? null,
        timestamp: evaluation.timestamp,
        previousTimestamp: evaluation.previousTimestamp,
        intervalMs: evaluation.intervalMs,
        offsetMs: evaluation.offsetMs,
      },
      local: evaluation.local,
    });
    const json = vm.context.newString(payload);
    this.deadline = Date.now() + this.limits.timeLimitMs;
    const called = vm.context.callFunction(vm.run, vm.context.undefined, fn, json);
    json.dispose();
    if (called.error) return { ok: false, error: this.failure(vm, called.error) };
    const text = vm.context.getString(called.value);
    called.value.dispose();
    return parseOutcome(text);
  }

  release(script: CompiledScript): void {
    this.sources.delete(script.id);
    const fn = this.vm?.functions.get(script.id);
    if (fn) {
      fn.dispose();
      this.vm?.functions.delete(script.id);
    }
  }

  dispose(): void {
    this.teardown();
    this.sources.clear();
  }

  private live(): Vm {
    if (!this.vm) this.vm = this.build();
    return this.vm;
  }

  private build(): Vm {
    const runtime = this.quickjs.newRuntime();
    runtime.setMemoryLimit(this.limits.memoryLimitBytes);
    runtime.setMaxStackSize(this.limits.stackLimitBytes);
    runtime.setInterruptHandler(() => Date.now() > this.deadline);
    const context = runtime.newContext();
    this.deadline = Date.now() + 1000;
    const prelude = context.evalCode(preludeSource(this.limits.localLimitBytes), PRELUDE_FILE);
    if (prelude.error) {
      const dumped: unknown = context.dump(prelude.error);
      prelude.error.dispose();
      context.dispose();
      runtime.dispose();
      throw new Error(`The sandbox prelude failed: ${JSON.stringify(dumped)}`);
    }
    return { runtime, context, run: prelude.value, functions: new Map() };
  }

  private teardown(): void {
    const vm = this.vm;
    if (!vm) return;
    this.vm = undefined;
    for (const fn of vm.functions.values()) fn.dispose();
    vm.run.dispose();
    vm.context.dispose();
    vm.runtime.dispose();
  }

  private compileInto(vm: Vm, wrapped: string): { handle: QuickJSHandle } | { error: EvaluationError } {
    this.deadline = Date.now() + this.limits.timeLimitMs;
    const result = vm.context.evalCode(wrapped, SCRIPT_FILE);
    if (result.error) return { error: this.failure(vm, result.error) };
    return { handle: result.value };
  }

  /** Turns a QuickJS exception into an error; after a timeout or lack of memory, rebuilds the VM. */
  private failure(vm: Vm, handle: QuickJSHandle): EvaluationError {
    let thrown: unknown;
    try {
      thrown = vm.context.dump(handle);
    } catch {
      thrown = undefined;
    }
    handle.dispose();
    const message = isRecord(thrown) && typeof thrown.message === 'string' ? thrown.message : String(thrown);
    const name = isRecord(thrown) && typeof thrown.name === 'string' ? thrown.name : 'Error';
    let error: EvaluationError;
    if (name === 'InternalError' && message === 'interrupted') {
      error = { code: 'timeout', message: `The script ran longer than ${this.limits.timeLimitMs} ms and was stopped` };
    } else if (name === 'InternalError' && message === 'stack overflow') {
      error = { code: 'memory', message: 'The script nested its calls too deeply (stack overflow) and was stopped' };
    } else if (thrown === undefined || (name === 'InternalError' && /out of memory|too long/.test(message))) {
      const mb = Math.round(this.limits.memoryLimitBytes / (1024 * 1024));
      error = { code: 'memory', message: `The script needed more memory than its limit of ${mb} MB (${message}) and was stopped` };
    } else {
      error = { code: 'script', message: `${name}: ${message}`, line: lineOf(thrown) };
      if (error.line === undefined) delete error.line;
      return error;
    }
    this.teardown();
    return error;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The script's line: a syntax error's own line, else the first stack frame in the script. */
function lineOf(thrown: unknown): number | undefined {
  if (!isRecord(thrown)) return undefined;
  if (thrown.fileName === SCRIPT_FILE && typeof thrown.lineNumber === 'number') return thrown.lineNumber;
  if (typeof thrown.stack !== 'string') return undefined;
  const match = new RegExp(`${SCRIPT_FILE.replace('.', '\\.')}:(\\d+)`).exec(thrown.stack);
  return match ? Number(match[1]) : undefined;
}

function isInputValue(value: unknown): value is InputValue {
  return value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string';
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** Reads the runner's JSON answer, which the prelude has already checked. */
function parseOutcome(text: string): EvaluationResult {
  const outcome: unknown = JSON.parse(text);
  if (isRecord(outcome) && outcome.ok === true && isInputValue(outcome.value) && isStringRecord(outcome.tags) && typeof outcome.status === 'string' && isRecord(outcome.local)) {
    return { ok: true, value: outcome.value, tags: outcome.tags, status: outcome.status, local: outcome.local };
  }
  const message = isRecord(outcome) && typeof outcome.message === 'string' ? outcome.message : 'The script gave an unreadable result';
  return { ok: false, error: { code: 'result', message } };
}

export { createSandbox } from './isolated';
