import type { Db } from '../db/db';
import { auditLogs, type ChainCheck } from './auditLogs';

/** How long a verdict stands for the same head of the chain. */
const FRESH_MS = 30_000;

interface Shared {
  running?: { head: string; promise: Promise<{ check: ChainCheck; at: Date }> };
  last?: { head: string; check: ChainCheck; at: Date };
}

const perDb = new WeakMap<Db, Shared>();

async function headOf(db: Db): Promise<string> {
  const { rows } = await db.query<{ head: string }>("SELECT concat_ws(':', last_sequence, last_hash, anchor_sequence) AS head FROM audit_chain WHERE singleton");
  return rows[0]?.head ?? '';
}

/**
 * The chain check as the API runs it. A full check of a large log reads every entry (about a
 * minute for a million on PGlite), and any reader of any organization's log may ask for it: so
 * callers asking at once share one run, and a verdict is reused for 30 s while the chain's head
 * has not moved. A row edited behind the chain's back is therefore found within 30 s.
 */
export async function sharedChainCheck(db: Db, now = () => Date.now()): Promise<{ check: ChainCheck; at: Date }> {
  let shared = perDb.get(db);
  if (!shared) {
    shared = {};
    perDb.set(db, shared);
  }
  const head = await headOf(db);
  const { last, running } = shared;
  if (last && last.head === head && now() - last.at.getTime() < FRESH_MS) return last;
  if (running && running.head === head) return running.promise;
  const state = shared;
  const promise = auditLogs(db)
    .verify()
    .then((check) => {
      const result = { head, check, at: new Date(now()) };
      state.last = result;
      return result;
    })
    .finally(() => {
      if (state.running?.promise === promise) state.running = undefined;
    });
  state.running = { head, promise };
  return promise;
}
