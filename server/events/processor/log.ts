import type { Db } from '../../db/db';

// The processor's log lines (event_configuration_logs; server/events/README.md, "The processor").
// Until the definitions' server/events/definitions/logs.ts is on this branch, the processor writes
// them through this function with the same signature.

export type EventLogLevel = 'info' | 'warning' | 'error';

/** Lines kept per configuration: older ones are pruned after each write. */
export const MAX_LOG_LINES = 1_000;

export async function writeEventLog(
  db: Db,
  configurationUuid: string,
  level: EventLogLevel,
  code: string,
  values: Record<string, unknown> = {},
  eventUuid?: string | null,
): Promise<void> {
  await db.query('INSERT INTO event_configuration_logs (configuration_uuid, level, code, "values", event_uuid) VALUES ($1, $2, $3, $4, $5)', [
    configurationUuid,
    level,
    code,
    JSON.stringify(values),
    eventUuid ?? null,
  ]);
  await db.query(
    `DELETE FROM event_configuration_logs WHERE configuration_uuid = $1 AND id <= (
       SELECT id FROM event_configuration_logs WHERE configuration_uuid = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)`,
    [configurationUuid, MAX_LOG_LINES],
  );
}
