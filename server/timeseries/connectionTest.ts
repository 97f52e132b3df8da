import { createConnection } from 'node:net';
import type { ConnectionTestResult, TimeseriesStore } from './types';

// A connection test is a list of steps run in order until one fails; the result names that step
// so that the user knows whether to fix the address, the credentials or the database.

export interface ConnectionStep {
  name: string;
  /** The step changes the database (a schema, a test point): a read-only check stops before it. */
  writes?: boolean;
  /** Resolves with an optional message for the result; throws when the step fails. */
  run: () => Promise<string | void>;
}

/** Replaces every occurrence of a secret (and its URL-encoded form) by ***. */
export function redactSecrets(message: string, secrets: readonly string[]): string {
  let out = message;
  for (const secret of secrets) {
    if (secret === '') continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  }
  return out;
}

export function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(errorMessage).join('; ');
  if (error instanceof Error) {
    // fetch() says only "fetch failed"; the reason (ECONNREFUSED, ...) is in the cause.
    const cause = error.cause instanceof Error ? `: ${errorMessage(error.cause)}` : '';
    return `${error.message || error.name}${cause}`;
  }
  return String(error);
}

/** The steps before the first one that writes: whether the database can be reached and signed in to. */
export function untilFirstWrite(steps: readonly ConnectionStep[]): ConnectionStep[] {
  const first = steps.findIndex((step) => step.writes);
  return first === -1 ? [...steps] : steps.slice(0, first);
}

/** Never throws: a step's error becomes its Message, redacted of the given secrets. */
export async function runConnectionTest(steps: readonly ConnectionStep[], secrets: readonly string[]): Promise<ConnectionTestResult> {
  const result: ConnectionTestResult = { Success: true, Steps: [] };
  for (const step of steps) {
    try {
      const message = await step.run();
      result.Steps.push(message ? { Name: step.name, Success: true, Message: redactSecrets(message, secrets) } : { Name: step.name, Success: true });
    } catch (error) {
      result.Steps.push({ Name: step.name, Success: false, Message: redactSecrets(errorMessage(error), secrets) });
      result.Success = false;
      result.FailedStep = step.name;
      break;
    }
  }
  return result;
}

/** Puts the redacted message on the error itself, keeping its class and code for the caller. */
export function redactError(error: unknown, secrets: readonly string[]): unknown {
  if (error instanceof Error) error.message = redactSecrets(error.message, secrets);
  return error;
}

/** Opens and closes a TCP connection: the 'connect' step, apart from any protocol or login. */
export function tcpConnect(host: string, port: number, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer from ${host}:${port} within ${timeoutMs} ms`)));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}

/** The measurement a connection test writes its one point to, and deletes again. */
export const CONNECTION_TEST_MEASUREMENT_UUID = '00000000-0000-4000-8000-00000000c7e5';

/** The 'write' and 'read' steps every driver ends its test with. */
export function writeReadSteps(store: () => TimeseriesStore): ConnectionStep[] {
  const time = Date.now();
  // A value unlikely to be there already, so reading it back proves this write landed.
  const value = Math.round(Math.random() * 1e9) / 1000;
  return [
    {
      name: 'write',
      writes: true,
      run: async () => {
        await store().writePoints(CONNECTION_TEST_MEASUREMENT_UUID, 'number', [{ time, value }]);
        return `wrote one point to measurement ${CONNECTION_TEST_MEASUREMENT_UUID}`;
      },
    },
    {
      name: 'read',
      writes: true,
      run: async () => {
        const points = await store().readRaw(CONNECTION_TEST_MEASUREMENT_UUID, 'number', { from: time, to: time + 1 });
        if (points.length !== 1 || points[0].value !== value) {
          throw new Error(`the point just written did not come back (read ${points.length} points)`);
        }
        // Best effort: a user allowed to write but not to delete still passes the test.
        await store().deleteMeasurement(CONNECTION_TEST_MEASUREMENT_UUID).catch(() => undefined);
        return 'read the point back';
      },
    },
  ];
}
