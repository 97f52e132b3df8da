import type { UnhandledRequestCallback } from 'msw';

/**
 * An unhandled request fails the test that made it (STYLE §15). msw's own 'error' strategy only
 * logs inside jsdom and lets the test pass, so setupTests collects the requests here and
 * `failOnUnhandledRequests` throws after each test that made one.
 */
export interface UnhandledRequestCollector {
  /** The `onUnhandledRequest` of `server.listen`: records the request, then refuses it as 'error' does. */
  readonly onUnhandledRequest: UnhandledRequestCallback;
  /** The requests recorded since the last call ("GET http://localhost/api/x"), and forgets them. */
  take(): string[];
  /** Throws naming every request recorded since the last call, if there was any. */
  failOnUnhandledRequests(): void;
}

export function createUnhandledRequestCollector(): UnhandledRequestCollector {
  let unhandled: string[] = [];
  const take = (): string[] => {
    const taken = unhandled;
    unhandled = [];
    return taken;
  };
  return {
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${request.url}`);
      // Never reaches the network: print.error() logs msw's message and aborts the request.
      print.error();
    },
    take,
    failOnUnhandledRequests() {
      const taken = take();
      if (taken.length === 0) return;
      throw new Error(
        `The test made ${taken.length} request(s) no msw handler answers; add handlers for them (server.use(...)):\n${taken.map((r) => `  • ${r}`).join('\n')}`,
      );
    },
  };
}

/** The collector of the client tests' msw server (src/testing/server.ts), wired in setupTests. */
export const unhandledRequests = createUnhandledRequestCollector();
