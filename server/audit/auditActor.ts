import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, QueryResult, TxOptions } from '../db/db';

/**
 * Who is making the changes of the current request or job. The audit triggers
 * (migrations/055_audit_log.sql) read it from the transaction-local setting historian.audit_actor;
 * the Db wrapper below sets that setting in every transaction that may change something.
 */
export interface AuditActor {
  userUuid: string | null;
  userName: string;
  /** The organization the call acts in: entries of rows without an organization of their own go there. */
  organizationUuid: string | null;
  /** Why, when the form asked (request header x-audit-reason). */
  reason: string | null;
}

const actorScope = new AsyncLocalStorage<AuditActor>();

export const AUDIT_REASON_HEADER = 'x-audit-reason';
export const AUDIT_REASON_MAX = 500;

/** Runs `fn` with `actor` as the author of every change it makes through a wrapped Db. */
export function runAsActor<T>(actor: AuditActor, fn: () => T): T {
  return actorScope.run(actor, fn);
}

export function currentActor(): AuditActor | undefined {
  return actorScope.getStore();
}

/** The reason header's text: percent-decoded, trimmed and cut to 500 characters; null when absent or unreadable. */
export function readAuditReason(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return null;
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    text = raw;
  }
  text = text.trim();
  return text === '' ? null : text.slice(0, AUDIT_REASON_MAX);
}

// A statement that may change rows. Reads skip the extra round trips; a false positive only costs
// a transaction, a false negative would lose the author, so anything but a plain SELECT counts.
const READ_ONLY = /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(select|show|explain|values)\b/i;
function withActor(actor: AuditActor, options: TxOptions | undefined): TxOptions {
  const setting = JSON.stringify({ u: actor.userUuid, n: actor.userName, o: actor.organizationUuid, r: actor.reason });
  return { ...options, settings: { ...options?.settings, 'historian.audit_actor': setting } };
}

/**
 * Wraps the app's Db so that every change made while an actor is in scope carries that actor: a
 * transaction starts by setting historian.audit_actor, and a lone changing statement runs in a
 * short transaction that does. Outside any actor scope (start-up seeding, migrations) it adds
 * nothing, and the triggers record the change as made by "system".
 */
export function withAuditActor(db: Db): Db {
  let wrapped = wrappers.get(db);
  if (!wrapped) {
    wrapped = wrap(db);
    wrappers.set(db, wrapped);
  }
  return wrapped;
}

/** One wrapper per Db, so that code handed the same database gets the same object. */
const wrappers = new WeakMap<Db, Db>();

function wrap(db: Db): Db {
  return {
    kind: db.kind,
    query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: TxOptions): Promise<QueryResult<T>> {
      const actor = actorScope.getStore();
      if (!actor || READ_ONLY.test(sql)) return db.query<T>(sql, params, options);
      return db.query<T>(sql, params, withActor(actor, options));
    },
    exec(sql: string): Promise<void> {
      return db.exec(sql);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>, options?: TxOptions): Promise<T> {
      const actor = actorScope.getStore();
      return db.transaction(fn, actor ? withActor(actor, options) : options);
    },
    close(): Promise<void> {
      return db.close();
    },
  };
}
