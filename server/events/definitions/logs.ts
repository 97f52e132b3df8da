import type { Db } from '../../db/db';

// The log of a configuration (server/events/README.md, "Log lines"): what the processor did and met,
// and the state changes an administrator made. Code is a message key under events.log.*, Values its
// values. At most LOG_LINES_KEPT lines per configuration are kept: older ones are pruned after each
// write.

export type EventLogLevel = 'info' | 'warning' | 'error';

export const LOG_LINES_KEPT = 1000;

export interface EventLogRow {
  id: number;
  configuration_uuid: string;
  at: Date;
  level: EventLogLevel;
  code: string;
  values: Record<string, unknown>;
  event_uuid: string | null;
}

/**
 * Writes one log line for a configuration and prunes the lines beyond the newest LOG_LINES_KEPT.
 * Pass the transaction's `tx` to write it with the change it tells about.
 */
export async function writeEventLog(
  db: Db,
  configurationUuid: string,
  level: EventLogLevel,
  code: string,
  values: Record<string, unknown> = {},
  eventUuid?: string | null,
): Promise<void> {
  await db.query(
    `INSERT INTO event_configuration_logs (configuration_uuid, level, code, "values", event_uuid) VALUES ($1, $2, $3, $4, $5)`,
    [configurationUuid, level, code, JSON.stringify(values), eventUuid ?? null],
  );
  await db.query(
    `DELETE FROM event_configuration_logs
      WHERE configuration_uuid = $1
        AND id <= (SELECT id FROM event_configuration_logs WHERE configuration_uuid = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)`,
    [configurationUuid, LOG_LINES_KEPT],
  );
}

/** A configuration's log lines, newest first, optionally of some levels only. */
export async function readEventLogs(
  db: Db,
  configurationUuid: string,
  levels: readonly string[],
  limit: number,
  page: number,
): Promise<{ rows: EventLogRow[]; total: number }> {
  const params: unknown[] = [configurationUuid];
  let where = 'configuration_uuid = $1';
  if (levels.length) {
    params.push(levels);
    where += ` AND level = ANY($2::text[])`;
  }
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_configuration_logs WHERE ${where}`, params);
  const rows = await db.query<EventLogRow>(
    `SELECT id, configuration_uuid, at, level, code, "values", event_uuid FROM event_configuration_logs
      WHERE ${where} ORDER BY id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    params,
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
