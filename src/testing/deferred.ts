/**
 * A promise the test settles: what a test waits for (a request has started) or holds back (an
 * answer) as an event, instead of a wall-clock delay.
 */
export interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
}

export function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
