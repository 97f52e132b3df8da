import type { Db } from '../../db/db';
import type { MessageRenderer } from './messages';

// STUB (int-fwd-runtime): the forwarders' definition side builds the real renderer here; this
// only lets the runtime compile and wire its default. Replaced at merge.
export function createMessageRenderer(db: Db): MessageRenderer {
  void db;
  throw new Error('not built');
}
