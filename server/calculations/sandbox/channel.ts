// The shared memory between an isolated sandbox and its worker (isolated.ts, sandboxWorker.ts):
// a few Int32 flags and a byte area holding one JSON message at a time.

export const CONTROL = { state: 0, length: 1, ready: 2 } as const;
export const STATE = { idle: 0, request: 1, answer: 2 } as const;
export const CONTROL_BYTES = 4 * Int32Array.BYTES_PER_ELEMENT;
/** Room for one message: a script (at most 20,000 characters) or an evaluation's inputs and local state (64 KB). */
export const DATA_BYTES = 4 * 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class MessageTooLargeError extends Error {
  constructor(bytes: number) {
    super(`The evaluation's data (${bytes} bytes) is larger than the sandbox takes (${DATA_BYTES} bytes)`);
    this.name = 'MessageTooLargeError';
  }
}

export function writeMessage(flags: Int32Array, bytes: Uint8Array, message: unknown): void {
  const encoded = encoder.encode(JSON.stringify(message));
  if (encoded.byteLength > bytes.byteLength) throw new MessageTooLargeError(encoded.byteLength);
  bytes.set(encoded);
  Atomics.store(flags, CONTROL.length, encoded.byteLength);
}

export function readMessage(flags: Int32Array, bytes: Uint8Array): unknown {
  const length = Atomics.load(flags, CONTROL.length);
  // TextDecoder does not read shared memory: copy first.
  return JSON.parse(decoder.decode(bytes.slice(0, length)));
}
