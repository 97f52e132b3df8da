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

/** An entry as the CSV export writes it. */
export interface ExportRow {
  at: string;
  sequence: number;
  organization_uuid: string | null;
  user_name: string;
  action: string;
  area: string;
  subject_type: string;
  subject_uuid: string;
  subject_name: string;
  reason: string | null;
  before: string | null;
  after: string | null;
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

/** What the chain check learns from one page of entries. */
interface PageVerdict {
  entries: number;
  first_at: Date | null;
  last_sequence: number | null;
  last_hash: string | null;
  bad_sequence: number | null;
  bad_uuid: string | null;
  bad_at: Date | null;
  bad_organization: string | null;
  problem: 'content_changed' | 'link_broken' | null;
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
     * Every entry of the filter as export rows, a page at a time (keyset over the CreatedAt index),
     * so an export of a million entries never holds more than one page in memory. Times and JSON
     * come as the database writes them (microseconds kept, nothing parsed and written again).
     */
    async *exportPages(filter: AuditFilter, pageSize = 5000): AsyncGenerator<ExportRow[]> {
      const { where, params } = whereOf(filter);
      const asc = filter.order === 'asc';
      const direction = asc ? 'ASC' : 'DESC';
      let cursor: { at: string; sequence: number } | undefined;
      for (;;) {
        const keyset = cursor ? `AND (created_at, sequence) ${asc ? '>' : '<'} ($${params.length + 2}::timestamptz, $${params.length + 3})` : '';
        const { rows } = await db.query<ExportRow>(
          `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, sequence,
                  organization_uuid, user_name, action, area, subject_type, subject_uuid, subject_name, reason,
                  before::text AS before, after::text AS after, hash
             FROM audit_logs WHERE ${where} ${keyset}
            ORDER BY created_at ${direction}, sequence ${direction} LIMIT $${params.length + 1}`,
          cursor ? [...params, pageSize, cursor.at, cursor.sequence] : [...params, pageSize],
        );
        if (rows.length > 0) yield rows;
        if (rows.length < pageSize) return;
        const last = rows[rows.length - 1];
        cursor = { at: last.at, sequence: last.sequence };
      }
    },

    /**
     * Recomputes every entry's hash from its content and the previous entry's hash, from the anchor
     * that retention left (or the start) to the head of the chain, and names the first entry whose
     * content changed or whose link to the previous one is broken (an entry removed or inserted).
     * A page of entries per statement, so that other calls go on between pages (PGlite runs one
     * statement at a time), and only a page's verdict comes back, not its entries.
     */
    async verify(pageSize = 10_000): Promise<ChainCheck> {
      const { rows: heads } = await db.query<{ last_sequence: number; last_hash: string; anchor_sequence: number; anchor_hash: string; anchor_at: Date | null }>(
        'SELECT last_sequence, last_hash, anchor_sequence, anchor_hash, anchor_at FROM audit_chain WHERE singleton',
      );
      const head = heads[0];
      let previousSequence = Number(head.anchor_sequence);
      let previousHash = head.anchor_hash;
      let checkedEntries = 0;
      let since: Date | null = head.anchor_at;
      for (;;) {
        const { rows } = await db.query<PageVerdict>(
          `WITH page AS (
             SELECT a.sequence, a.uuid, a.created_at, a.organization_uuid, a.prev_hash, a.hash,
                    audit_digest(a.prev_hash, a.uuid, a.created_at, a.organization_uuid, a.user_uuid, a.user_name, a.action,
                                 a.area, a.subject_type, a.subject_uuid, a.subject_name, a.before, a.after, a.reason) AS recomputed,
                    coalesce(lag(a.sequence) OVER w, $1) AS link_sequence,
                    coalesce(lag(a.hash) OVER w, $4) AS link_hash
               FROM (SELECT * FROM audit_logs WHERE sequence > $1 AND sequence <= $2 ORDER BY sequence LIMIT $3) AS a
             WINDOW w AS (ORDER BY a.sequence)
           )
           SELECT (SELECT count(*)::int FROM page) AS entries,
                  (SELECT min(created_at) FROM page) AS first_at,
                  last.sequence AS last_sequence, last.hash AS last_hash,
                  bad.sequence AS bad_sequence, bad.uuid AS bad_uuid, bad.created_at AS bad_at,
                  bad.organization_uuid AS bad_organization, bad.problem
             FROM (SELECT 1) AS one
             LEFT JOIN LATERAL (SELECT sequence, hash FROM page ORDER BY sequence DESC LIMIT 1) AS last ON true
             LEFT JOIN LATERAL (
               SELECT sequence, uuid, created_at, organization_uuid,
                      CASE WHEN link_sequence <> sequence - 1 OR link_hash IS DISTINCT FROM prev_hash THEN 'link_broken'
                           ELSE 'content_changed' END AS problem
                 FROM page
                WHERE link_sequence <> sequence - 1 OR link_hash IS DISTINCT FROM prev_hash OR recomputed IS DISTINCT FROM hash
                ORDER BY sequence LIMIT 1
             ) AS bad ON true`,
          [previousSequence, head.last_sequence, pageSize, previousHash],
        );
        const verdict = rows[0];
        since ??= verdict.first_at;
        if (verdict.problem !== null && verdict.bad_sequence !== null) {
          return {
            intact: false,
            checkedEntries: checkedEntries + Number(verdict.bad_sequence) - previousSequence - 1,
            since,
            firstBroken: { sequence: Number(verdict.bad_sequence), createdAt: verdict.bad_at, uuid: verdict.bad_uuid, organizationUuid: verdict.bad_organization, problem: verdict.problem },
          };
        }
        checkedEntries += verdict.entries;
        if (verdict.last_sequence !== null) {
          previousSequence = Number(verdict.last_sequence);
          previousHash = verdict.last_hash ?? previousHash;
        }
        if (verdict.entries < pageSize) break;
      }
      // Entries removed from the end: the head names a later entry than the last one found.
      if (previousSequence !== Number(head.last_sequence) || previousHash !== head.last_hash) {
        return {
          intact: false,
          checkedEntries,
          since,
          firstBroken: { sequence: previousSequence + 1, createdAt: null, uuid: null, organizationUuid: null, problem: 'link_broken' },
        };
      }
      return { intact: true, checkedEntries, since, firstBroken: null };
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
