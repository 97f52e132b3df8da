import type { FastifyRequest } from 'fastify';
import type { Read } from '../../../domain/contract';
import { parseDuration } from '../../../domain/duration';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { AUDIT_REASON_MAX, currentActor, runAsActor } from '../../audit/auditActor';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { organizationOf } from '../../http/caller';
import { badRequest, forbidden, HttpProblem } from '../../http/problem';
import { accessOf, callerHolds, requireManualEntryLicence, requireOpenable, type AccessLevel, type FormAccess } from '../access';
import { requireForm, type FormRow } from '../formRow';

// What both kinds of form share in the grid and its writes (server/manual-entry/README.md,
// "Entries" and "Writes"): opening a form, the edit age that applies to a level, the age, conflict
// and reason refusals, and the audit reason and area of a write.

export type Scalar = number | string | boolean | null;
export type Column = Read<'ManualEntryColumn'>;
export type Cell = Read<'ManualEntryCell'>;
export type Conflict = Read<'ManualEntryConflict'>;

/** At most this many rows (events or timestamps) in one answer. */
export const MAX_ROWS = 2_000;
/** A Timestamp at most this far ahead of now may be written. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

export interface OpenForm {
  organizationUuid: string;
  form: FormRow;
  access: FormAccess;
}

/** The licence, the form of the call's organization and the caller's access; 404 for whoever may not open it. */
export async function openForm(ctx: AppContext, request: FastifyRequest, formUuid: string): Promise<OpenForm> {
  const organizationUuid = organizationOf(request);
  await requireManualEntryLicence(ctx, organizationUuid);
  const form = await requireForm(ctx.db, organizationUuid, formUuid);
  const access = await accessOf(ctx, request, form.uuid);
  requireOpenable(access);
  if (access.Level === 'disabled') requireDirectReading(request, form);
  return { organizationUuid, form, access };
}

/**
 * A manager without a level reads the grid read-only, and only with the privileges that read its
 * values elsewhere: a form hands its values out to the levels it gives, not to whoever manages it
 * (403 manual_entry.errors.read_not_permitted).
 */
function requireDirectReading(request: FastifyRequest, form: FormRow): void {
  const needed = form.form_type === 'Events' ? [PRIVILEGES.ReadEvents] : [PRIVILEGES.ReadAssets, PRIVILEGES.ReadMeasurements];
  const missing = needed.filter((privilege) => !callerHolds(request, privilege));
  if (missing.length > 0) throw forbidden(`Reading this form without a level on it needs ${missing.join(', ')}`, 'manual_entry.errors.read_not_permitted');
}

export interface EditLimit {
  /** As the form writes it, e.g. 24h. */
  text: string;
  ms: number;
}

/** The edit age that applies to a level: MaxEditAge for default, MaxElevatedEditAge for elevated, none without a level. */
export function editLimitOf(form: FormRow, level: AccessLevel): EditLimit | null {
  if (level === 'disabled') return null;
  const text = level === 'elevated' ? form.max_elevated_edit_age : form.max_edit_age;
  return { text, ms: parseDuration(text) ?? 0 };
}

/** 403 manual_entry.errors.edit_too_old when an entry of time `at` is older than the limit. */
export function refuseTooOld(limit: EditLimit, at: Date, now: number): void {
  if (now - at.getTime() <= limit.ms) return;
  throw new HttpProblem(403, 'Forbidden', {
    detail: `Entries older than ${limit.text} cannot be changed at your level`,
    code: 'manual_entry.errors.edit_too_old',
    params: { limit: limit.text },
  });
}

/** Two typed values are the same (a JSON null and a missing value are both null). */
export const sameValue = (a: unknown, b: unknown): boolean => (a ?? null) === (b ?? null);

/** 409 manual_entry.errors.conflict with the values that are no longer the expected ones. */
export function refuseConflicts(conflicts: readonly Conflict[]): void {
  if (conflicts.length === 0) return;
  throw new HttpProblem(409, 'Conflict', {
    detail: `${conflicts.length} value(s) changed since they were read`,
    code: 'manual_entry.errors.conflict',
    conflicts: [...conflicts],
  });
}

/** 400 manual_entry.errors.reason_required on Reason when a value replaces another and no reason is given. */
export function requireReason(replaces: boolean, reason: string | undefined): void {
  if (!replaces || (reason?.trim() ?? '') !== '') return;
  throw badRequest('A reason is required to replace a value', { Reason: ['manual_entry.errors.reason_required'] }, 'manual_entry.errors.reason_required');
}

/**
 * Runs `fn` in one transaction filed under the ManualEntry audit area, with the body's Reason as
 * the audit reason of its changes (the x-audit-reason header otherwise).
 */
export function auditedWrite<T>(db: Db, reason: string | undefined, fn: (tx: Db) => Promise<T>): Promise<T> {
  const actor = currentActor();
  const text = reason?.trim();
  const run = () => db.transaction(fn, { settings: { 'historian.audit_area': 'ManualEntry' } });
  return actor && text ? runAsActor({ ...actor, reason: text.slice(0, AUDIT_REASON_MAX) }, run) : run();
}

/** From and To of the grid: From before To (400), at most the form's MaxTimeRange apart (400 manual_entry.errors.range_too_long). */
export function rangeOf(form: FormRow, fromText: string, toText: string): { from: Date; to: Date } {
  const from = new Date(fromText);
  const to = new Date(toText);
  if (!(from.getTime() < to.getTime())) throw badRequest('From must be before To', { To: ['must be after From'] });
  const limitMs = parseDuration(form.max_time_range) ?? 0;
  if (to.getTime() - from.getTime() > limitMs) {
    throw new HttpProblem(400, 'Bad Request', {
      detail: `The range may be at most ${form.max_time_range}`,
      code: 'manual_entry.errors.range_too_long',
      errors: { To: ['manual_entry.errors.range_too_long'] },
      params: { limit: form.max_time_range },
    });
  }
  return { from, to };
}

/** The names of users by UUID (whoever typed a value). */
export async function userNames(db: Db, uuids: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set([...uuids].filter((uuid): uuid is string => uuid !== null))];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{ uuid: string; name: string }>('SELECT uuid, name FROM users WHERE uuid = ANY($1::uuid[])', [wanted]);
  return new Map(rows.map((row) => [row.uuid, row.name]));
}
