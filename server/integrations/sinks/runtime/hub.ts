import type { SinkHub, SinkHubOptions } from '../hub';

// STUB (int-fwd-runtime): the sinks side builds the real hub here; this only lets the forwarders'
// runtime compile and wire its default. Replaced at merge.
export function createSinkHub(options: SinkHubOptions): SinkHub {
  void options;
  throw new Error('not built');
}
