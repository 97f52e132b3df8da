import { SETTING_NAMES } from '../../domain/settingNames';
import type { Db } from '../db/db';
import { settingsRepository } from '../repositories/settings';
import { auditLogs } from './auditLogs';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** The root organization's audit.retention_days as a number; 0 (keep everything) when unset or unreadable. */
export async function auditRetentionDays(db: Db): Promise<number> {
  const value = await settingsRepository(db).rootValue(SETTING_NAMES.auditRetentionDays);
  const days = value === undefined ? 0 : Number(value.trim());
  return Number.isInteger(days) && days > 0 ? days : 0;
}

/** Applies the retention once: prunes entries older than the setting's days. Returns how many went. */
export async function applyAuditRetention(db: Db, now = new Date()): Promise<number> {
  const days = await auditRetentionDays(db);
  if (days === 0) return 0;
  return auditLogs(db).prune(new Date(now.getTime() - days * DAY_MS));
}

/**
 * Applies the retention at start and then hourly. Several servers may do it at once: the prune
 * locks the chain's head, so the second finds nothing left to remove.
 */
export function startAuditRetention(db: Db, log: (message: string) => void): () => void {
  let stopped = false;
  const run = () => {
    applyAuditRetention(db)
      .then((removed) => {
        if (removed > 0 && !stopped) log(`audit retention removed ${removed} entries`);
      })
      .catch((error: unknown) => {
        if (!stopped) log(`audit retention failed: ${error instanceof Error ? error.name : 'error'}`);
      });
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, CHECK_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
