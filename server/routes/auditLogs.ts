import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRIVILEGES } from '../../domain/privilegeNames';
import { auditLogs, type AuditFilter, type AuditRow, type ExportRow } from '../audit/auditLogs';
import { sharedChainCheck } from '../audit/chainCheck';
import type { AppContext } from '../context';
import { callerOf, holdsAll, organizationOf, requirePrivileges } from '../http/caller';
import { notFound } from '../http/problem';

// /audit-logs: the organization's log, or with AllOrganizations every entry of the installation
// (READ_AUDIT_LOGS at root). Entries are read-only: the contract has no call that changes one.

type OneOrMany = string | string[] | undefined;

interface FilterQuery {
  From?: string;
  To?: string;
  Actions?: OneOrMany;
  Areas?: OneOrMany;
  SubjectTypes?: OneOrMany;
  Subject?: string;
  User?: string;
  AllOrganizations?: boolean;
  Order?: 'asc' | 'desc';
}

function list(value: OneOrMany): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).filter((item) => item !== '');
}

/** The organization whose entries the call may read: null (all) only for a root reader. */
function scopeOf(request: FastifyRequest<{ Querystring: { AllOrganizations?: boolean } }>): string | null {
  if (request.query.AllOrganizations === true) {
    requirePrivileges(request, [PRIVILEGES.ReadAuditLogs], 'root');
    return null;
  }
  return organizationOf(request);
}

function filterOf(request: FastifyRequest<{ Querystring: FilterQuery }>): AuditFilter {
  const q = request.query;
  return {
    organizationUuid: scopeOf(request),
    from: q.From ? new Date(q.From) : undefined,
    to: q.To ? new Date(q.To) : undefined,
    actions: list(q.Actions),
    areas: list(q.Areas),
    subjectTypes: list(q.SubjectTypes),
    subject: q.Subject?.trim() || undefined,
    user: q.User?.trim() || undefined,
    order: q.Order === 'asc' ? 'asc' : 'desc',
  };
}

export function auditLogJson(row: AuditRow) {
  return {
    UUID: row.uuid,
    Sequence: Number(row.sequence),
    CreatedAt: row.created_at.toISOString(),
    OrganizationUUID: row.organization_uuid,
    UserUUID: row.user_uuid,
    UserName: row.user_name,
    Action: row.action,
    Area: row.area,
    SubjectType: row.subject_type,
    SubjectUUID: row.subject_uuid,
    SubjectName: row.subject_name,
    Before: row.before,
    After: row.after,
    Reason: row.reason,
    Hash: row.hash,
    PrevHash: row.prev_hash,
  };
}

const CSV_HEADER = ['CreatedAt', 'Sequence', 'Organization', 'User', 'Action', 'Area', 'SubjectType', 'Subject id', 'Subject name', 'Reason', 'Before', 'After', 'Hash'];

/**
 * One CSV field (RFC 4180). A text starting with = + - @ or a tab is prefixed with ' so that a
 * spreadsheet opening the export does not run it as a formula (CWE-1236).
 */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(fields: readonly unknown[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

function csvRow(row: ExportRow): string {
  return csvLine([
    row.at, row.sequence, row.organization_uuid, row.user_name, row.action, row.area,
    row.subject_type, row.subject_uuid, row.subject_name, row.reason, row.before, row.after, row.hash,
  ]);
}

export function auditLogsHandlers(ctx: AppContext) {
  return {
    async getAuditLogs(request: FastifyRequest<{ Querystring: FilterQuery & { Limit?: number; Page?: number } }>, reply: FastifyReply) {
      const filter = filterOf(request);
      const limit = request.query.Limit ?? 100;
      const offset = ((request.query.Page ?? 1) - 1) * limit;
      const { rows, total } = await auditLogs(ctx.db).list(filter, limit, offset);
      reply.header('x-total-count', String(total));
      return rows.map(auditLogJson);
    },

    async getAuditLog(request: FastifyRequest<{ Params: { uuid: string }; Querystring: { AllOrganizations?: boolean } }>) {
      const row = await auditLogs(ctx.db).find(request.params.uuid, scopeOf(request));
      if (!row) throw notFound('No such audit log entry');
      return auditLogJson(row);
    },

    async exportAuditLogs(request: FastifyRequest<{ Querystring: FilterQuery }>, reply: FastifyReply) {
      const filter = filterOf(request);
      const pages = auditLogs(ctx.db).exportPages(filter);
      async function* lines() {
        yield `\uFEFF${csvLine(CSV_HEADER)}`;
        for await (const page of pages) yield page.map(csvRow).join('');
      }
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines()));
    },

    async getAuditChainVerification(request: FastifyRequest) {
      const organizationUuid = organizationOf(request);
      const caller = callerOf(request);
      const { check, at } = await sharedChainCheck(ctx.db);
      const broken = check.firstBroken;
      // The broken entry is named to those who may read it; everyone sees where the chain breaks.
      const visible = broken !== null && (holdsAll(caller.rootPrivileges, [PRIVILEGES.ReadAuditLogs]) || broken.organizationUuid === organizationUuid);
      return {
        Intact: check.intact,
        CheckedEntries: check.checkedEntries,
        Since: check.since?.toISOString() ?? null,
        CheckedAt: at.toISOString(),
        FirstBroken: broken && {
          Sequence: broken.sequence,
          CreatedAt: visible ? (broken.createdAt?.toISOString() ?? null) : null,
          UUID: visible ? broken.uuid : null,
          Problem: broken.problem,
        },
      };
    },
  };
}
