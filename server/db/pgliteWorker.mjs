// The embedded PostgreSQL (PGlite) in a worker thread of its own. PGlite runs PostgreSQL as
// WebAssembly, synchronously, in whatever thread calls it: in the server's own thread every query
// stopped the event loop, so no socket was read and no answer written while it ran, and under
// load a request could wait seconds before the server even saw it. Here the server's thread only
// posts messages (server/db/pglite.ts) and goes on serving while this thread runs the queries.
//
// Plain JavaScript, so that Node runs it as it is, under tsx and under Jest alike.
//
// Messages in:  { id, op: 'open', dataDir, settings } | { id, op: 'query', sql, params, tx?, settings? }
//               | { id, op: 'exec', sql, tx? } | { id, op: 'begin', tx, settings? } | { id, op: 'end', tx, commit }
//               | { id, op: 'close' }
// Messages out: { id, ok: true, result } | { id, ok: false, error: { name, message, stack, fields, aborted } }

import { parentPort } from 'node:worker_threads';
import { PGlite, TransactionAbortedError } from '@electric-sql/pglite';
// Trigram indexes for "contains" and regular-expression searches (migration 066, the measurements list).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {PGlite | undefined} */
let pg;
/** Open transactions by the number the server's thread gave them. */
const transactions = new Map();

/** An error as plain data: its own fields (code, constraint, detail…) survive the trip. */
function plainError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    // query and params too: the server's error serializer keeps them out of logs and answers.
    if (value === null || Array.isArray(value) || ['string', 'number', 'boolean', 'bigint'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields, aborted: error instanceof TransactionAbortedError };
}

const toResult = (res) => ({ rows: res.rows, rowCount: res.rowCount ?? res.affectedRows ?? res.rows.length });

const SET_LOCAL = 'SELECT set_config($1, $2, true)';

/** Transaction-local settings ([name, value] pairs) set at the start of a transaction. */
async function applySettings(handle, settings) {
  for (const [name, value] of settings ?? []) await handle.query(SET_LOCAL, [name, value]);
}

/** PGlite's transaction() holds its mutex from BEGIN to COMMIT; the callback waits for 'end'. */
function begin(tx, settings, reply) {
  let finish;
  const ended = new Promise((resolve) => {
    finish = resolve;
  });
  const entry = { handle: undefined, finish, done: undefined };
  transactions.set(tx, entry);
  entry.done = pg
    .transaction(async (handle) => {
      await applySettings(handle, settings);
      entry.handle = handle;
      reply({ ok: true, result: null });
      const commit = await ended;
      if (!commit) await handle.rollback();
    })
    .finally(() => transactions.delete(tx));
  // A BEGIN that fails never reaches the callback.
  entry.done.catch((error) => {
    if (entry.handle === undefined) reply({ ok: false, error: plainError(error) });
  });
}

async function end(tx, commit) {
  const entry = transactions.get(tx);
  if (!entry) throw new Error('No such transaction');
  entry.finish(commit);
  await entry.done;
}

function target(tx) {
  if (tx === undefined) return pg;
  const entry = transactions.get(tx);
  if (!entry?.handle) throw new Error('No such transaction');
  return entry.handle;
}

async function handle(message) {
  switch (message.op) {
    case 'open':
      pg = await PGlite.create(message.dataDir, { startParams: [...PGlite.defaultStartParams, ...message.settings], extensions: { pg_trgm } });
      // A date, so the server's thread can tell whether the dates it gets are of its own realm.
      return new Date(0);
    case 'query':
      // With settings and outside a transaction: a transaction of its own, in this one message.
      if (message.settings && message.tx === undefined) {
        return pg.transaction(async (handle) => {
          await applySettings(handle, message.settings);
          return toResult(await handle.query(message.sql, message.params));
        });
      }
      if (message.settings) await applySettings(target(message.tx), message.settings);
      return toResult(await target(message.tx).query(message.sql, message.params));
    case 'exec':
      await target(message.tx).exec(message.sql);
      return null;
    case 'end':
      await end(message.tx, message.commit);
      return null;
    case 'close':
      await pg?.close();
      pg = undefined;
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  const reply = (answer) => {
    try {
      parentPort.postMessage({ id: message.id, ...answer });
    } catch (error) {
      // A value that cannot cross threads: the call fails, the database thread goes on.
      parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) });
    }
  };
  if (message.op === 'begin') {
    begin(message.tx, message.settings, reply);
    return;
  }
  handle(message).then(
    (result) => reply({ ok: true, result }),
    (error) => reply({ ok: false, error: plainError(error) }),
  );
});
