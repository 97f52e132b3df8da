import type { Db } from '../db/db';

/** One row of audit_logs (migrations/055_audit_log.sql). */
export interface AuditRow {
  uuid: string;
  sequence: number;
  created_at: Date;
  organization_uuid: string | null;
  user_uuid: string | null;
  user_name: string;
  action: 'Create' | 'Update' | 'Delete';
  area: string;
  subject_type: string;
  subject_uuid: string;
  subject_name: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  prev_hash: string;
  hash: string;
}

export interface AuditFilter {
  /** null: every entry of the installation (root's log); else the entries of this organization. */
  organizationUuid: string | null;
  from?: Date;
  to?: Date;
  actions?: readonly string[];
  areas?: readonly string[];
  subjectTypes?: readonly string[];
  /** Part of the subject's name, or its id exactly. */
  subject?: string;
  /** Part of the acting user's name. */
  user?: string;
  order: 'asc' | 'desc';
}

const COLUMNS = `uuid, sequence, created_at, organization_uuid, user_uuid, user_name, action, area, subject_type,
  subject_uuid, subject_name, before, after, reason, prev_hash, hash`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE clause of a filter and its parameters, numbered from $1. Only sealed entries are listed. */
function whereOf(filter: AuditFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions = ['sequence IS NOT NULL'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filter.organizationUuid !== null) add((n) => `organization_uuid = ${n}`, filter.organizationUuid);
  if (filter.from) add((n) => `created_at >= ${n}`, filter.from);
  if (filter.to) add((n) => `created_at <= ${n}`, filter.to);
  if (filter.actions?.length) add((n) => `action = ANY(${n}::text[])`, filter.actions);
  if (filter.areas?.length) add((n) => `area = ANY(${n}::text[])`, filter.areas);
  if (filter.subjectTypes?.length) add((n) => `subject_type = ANY(${n}::text[])`, filter.subjectTypes);
  if (filter.subject) {
    params.push(likePattern(filter.subject), filter.subject);
    conditions.push(`(subject_name ILIKE $${params.length - 1} OR subject_uuid = $${params.length})`);
  }
  if (filter.user) add((n) => `user_name ILIKE ${n}`, likePattern(filter.user));
  return { where: conditions.join(' AND '), params };
}

export interface ChainCheck {
  intact: boolean;
  checkedEntries: number;
  since: Date | null;
  firstBroken: { sequence: number; createdAt: Date | null; uuid: string | null; organizationUuid: string | null; problem: 'content_changed' | 'link_broken' } | null;
}

export function auditLogs(db: Db) {
  return {
    async list(filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
      const { where, params } = whereOf(filter);
      const direction = filter.order === 'asc' ? 'ASC' : 'DESC';
      const [page, count] = await Promise.all([
        db.query<AuditRow>(
          `SELECT ${COLUMNS} FROM audit_logs WHERE ${where} ORDER BY created_at ${direction}, sequence ${direction}
           LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, limit, offset],
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_logs WHERE ${where}`, params),
      ]);
      return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
    },

    async find(uuid: string, organizationUuid: string | null): Promise<AuditRow | undefined> {
      const { rows } = await db.query<AuditRow>(
        `SELECT ${COLUMNS} FROM audit_logs WHERE uuid = $1 AND sequence IS NOT NULL AND ($2::uuid IS NULL OR organization_uuid = $2)`,
        [uuid, organizationUuid],
      );
      return rows[0];
    },

    /**
     * Every entry of the filter, a page at a time (keyset over the CreatedAt index), so an export of
     * a million entries never holds more than one page in memory.
     */
    async *stream(filter: AuditFilter, pageSize = 2000): AsyncGenerator<AuditRow[]> {
      const { where, params } = whereOf(filter);
      const asc = filter.order === 'asc';
      const direction = asc ? 'ASC' : 'DESC';
      let after: { createdAt: Date; sequence: number } | undefined;
      for (;;) {
        const keyset = after ? `AND (created_at, sequence) ${asc ? '>' : '<'} ($${params.length + 2}, $${params.length + 3})` : '';
        const { rows } = await db.query<AuditRow>(
          `SELECT ${COLUMNS} FROM audit_logs WHERE ${where} ${keyset}
           ORDER BY created_at ${direction}, sequence ${direction} LIMIT $${params.length + 1}`,
          after ? [...params, pageSize, after.createdAt, after.sequence] : [...params, pageSize],
        );
        if (rows.length > 0) yield rows;
        if (rows.length < pageSize) return;
        const last = rows[rows.length - 1];
        after = { createdAt: last.created_at, sequence: last.sequence };
      }
    },

    /**
     * Recomputes every entry's hash from its content and the previous entry's hash, from the anchor
     * that retention left (or the start) to the head of the chain, and names the first entry whose
     * content changed or whose link to the previous one is broken (an entry removed or inserted).
     */
    async verify(): Promise<ChainCheck> {
      const { rows } = await db.query<{
        checked: number;
        since: Date | null;
        broken_sequence: number | null;
        broken_uuid: string | null;
        broken_at: Date | null;
        broken_organization: string | null;
        problem: 'content_changed' | 'link_broken' | null;
      }>(
        `WITH head AS (SELECT * FROM audit_chain WHERE singleton),
         chain AS (
           SELECT a.sequence, a.uuid, a.created_at, a.organization_uuid, a.prev_hash, a.hash,
                  audit_hash(a.prev_hash, a) AS recomputed,
                  coalesce(lag(a.sequence) OVER w, head.anchor_sequence) AS previous_sequence,
                  coalesce(lag(a.hash) OVER w, head.anchor_hash) AS previous_hash
             FROM audit_logs a CROSS JOIN head
            WHERE a.sequence IS NOT NULL AND a.sequence > head.anchor_sequence
           WINDOW w AS (ORDER BY a.sequence)
         ),
         problems AS (
           SELECT sequence, uuid, created_at, organization_uuid,
                  CASE WHEN previous_sequence <> sequence - 1 OR previous_hash IS DISTINCT FROM prev_hash THEN 'link_broken'
                       ELSE 'content_changed' END AS problem
             FROM chain
            WHERE previous_sequence <> sequence - 1 OR previous_hash IS DISTINCT FROM prev_hash OR recomputed IS DISTINCT FROM hash
           UNION ALL
           -- Entries removed from the end: the head names a later sequence than the last entry.
           SELECT head.last_sequence, NULL, NULL, NULL, 'link_broken'
             FROM head
            WHERE head.last_sequence > coalesce((SELECT max(sequence) FROM chain), head.anchor_sequence)
               OR head.last_hash IS DISTINCT FROM coalesce((SELECT hash FROM chain ORDER BY sequence DESC LIMIT 1), head.anchor_hash)
         ),
         first_problem AS (SELECT * FROM problems ORDER BY sequence LIMIT 1)
         SELECT (SELECT count(*)::int FROM chain) AS checked,
                coalesce((SELECT anchor_at FROM head), (SELECT min(created_at) FROM chain)) AS since,
                f.sequence AS broken_sequence, f.uuid AS broken_uuid, f.created_at AS broken_at,
                f.organization_uuid AS broken_organization, f.problem
           FROM (SELECT 1) AS one LEFT JOIN first_problem f ON true`,
      );
      const row = rows[0];
      return {
        intact: row.problem === null,
        checkedEntries: row.checked,
        since: row.since,
        firstBroken:
          row.problem === null || row.broken_sequence === null
            ? null
            : { sequence: Number(row.broken_sequence), createdAt: row.broken_at, uuid: row.broken_uuid, organizationUuid: row.broken_organization, problem: row.problem },
      };
    },

    /** Retention: removes the entries older than `cutoff` (see audit_prune); how many went. */
    async prune(cutoff: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ removed: number }>('SELECT audit_prune($1)::int AS removed', [cutoff]);
        return rows[0]?.removed ?? 0;
      });
    },
  };
}
