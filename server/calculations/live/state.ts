import type { Db } from '../../db/db';
import type { InputValue } from '../sandbox/sandbox';
import type { CalculationState } from '../engine/types';

// calculation_state (migration 068): a calculation's local values, previous result and how far
// the live engine has evaluated it. The engine writes it after each evaluation; the context call
// reads it and, while the calculation is paused, replaces its local values and previous result.

export interface StoredState {
  state: CalculationState;
  processedUntil: number | null;
  lastEvaluatedAt: Date | null;
  lastError: string | null;
}

interface Row {
  measurement_uuid: string;
  local: Record<string, unknown> | null;
  previous_result: InputValue | null;
  previous_timestamp: number | null;
  processed_until: number | null;
  last_evaluated_at: Date | null;
  last_error: string | null;
}

const stateOf = (row: Row): StoredState => ({
  state: { local: row.local ?? {}, previousResult: row.previous_result ?? null, previousTimestamp: row.previous_timestamp },
  processedUntil: row.processed_until,
  lastEvaluatedAt: row.last_evaluated_at,
  lastError: row.last_error,
});

const COLUMNS = 'measurement_uuid, local, previous_result, previous_timestamp, processed_until, last_evaluated_at, last_error';

export async function loadStates(db: Db, uuids: readonly string[]): Promise<Map<string, StoredState>> {
  if (uuids.length === 0) return new Map();
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM calculation_state WHERE measurement_uuid = ANY($1::uuid[])`, [uuids]);
  return new Map(rows.map((row) => [row.measurement_uuid, stateOf(row)]));
}

export async function loadState(db: Db, uuid: string): Promise<StoredState | null> {
  return (await loadStates(db, [uuid])).get(uuid) ?? null;
}

/** Not evaluated up to `at`: a paused calculation restarts at the next interval (DOMAIN.md §2). */
export async function markSkipped(db: Db, uuids: readonly string[], at: number): Promise<void> {
  if (uuids.length === 0) return;
  await db.query(
    `INSERT INTO calculation_state (measurement_uuid, processed_until)
     SELECT u, $2 FROM unnest($1::uuid[]) AS x (u) WHERE EXISTS (SELECT 1 FROM measurements WHERE uuid = u)
     ON CONFLICT (measurement_uuid) DO UPDATE SET processed_until = EXCLUDED.processed_until, updated_at = now()`,
    [uuids, at],
  );
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * After a live evaluation: the new state and how far it got, or (`lastError` alone) a failure
 * that evaluated nothing. Only while the calculation is Active: once it is paused its state
 * belongs to the context call, and an evaluation that was under way must not overwrite that.
 */
export async function saveLiveState(
  db: Db,
  uuid: string,
  change: { state: CalculationState; processedUntil: number; evaluatedAt: number; lastError: string | null } | { lastError: string },
): Promise<void> {
  if (!('state' in change)) {
    await db.query(
      `UPDATE calculation_state SET last_error = $2, updated_at = now()
        WHERE measurement_uuid = $1 AND EXISTS (SELECT 1 FROM measurements WHERE uuid = $1 AND status = 'Active')`,
      [uuid, change.lastError],
    );
    return;
  }
  const { state, processedUntil, evaluatedAt, lastError } = change;
  await db.query(
    `INSERT INTO calculation_state (measurement_uuid, local, previous_result, previous_timestamp, processed_until, last_evaluated_at, last_error, updated_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, now() WHERE EXISTS (SELECT 1 FROM measurements WHERE uuid = $1 AND status = 'Active')
     ON CONFLICT (measurement_uuid) DO UPDATE SET local = EXCLUDED.local, previous_result = EXCLUDED.previous_result,
       previous_timestamp = EXCLUDED.previous_timestamp, processed_until = EXCLUDED.processed_until,
       last_evaluated_at = EXCLUDED.last_evaluated_at, last_error = EXCLUDED.last_error, updated_at = now()`,
    [uuid, JSON.stringify(state.local), json(state.previousResult), state.previousTimestamp, processedUntil, new Date(evaluatedAt), lastError],
  );
}

/**
 * The context call's change of a paused calculation (handlers.ts checks that it is paused). An
 * absent previous result (undefined) keeps the stored one; null clears it.
 */
export async function saveContext(db: Db, uuid: string, local: Record<string, unknown>, previousResult: unknown): Promise<void> {
  await db.query(
    `INSERT INTO calculation_state (measurement_uuid, local, previous_result) VALUES ($1, $2, $3)
     ON CONFLICT (measurement_uuid) DO UPDATE SET local = EXCLUDED.local,
       previous_result = CASE WHEN $4 THEN calculation_state.previous_result ELSE EXCLUDED.previous_result END, updated_at = now()`,
    [uuid, JSON.stringify(local), json(previousResult), previousResult === undefined],
  );
}
