import type { Read, Write } from '../../domain/contract';
import type { Db } from '../db/db';
import { notFound } from '../http/problem';

// One form of an organization as stored (074_manual_entry.sql), with its Config read as the
// contract writes it. Shared by forms/ and entries/.

export type FormConfig = Write<'ManualEntryFormConfig'>;
export type FormType = Read<'ManualEntryForm'>['Type'];

export interface FormRow {
  uuid: string;
  organization_uuid: string;
  name: string;
  description: string;
  form_type: FormType;
  default_time_range: string;
  max_time_range: string;
  auto_refresh_interval: string;
  max_edit_age: string;
  max_elevated_edit_age: string;
  config: FormConfig;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `uuid, organization_uuid, name, description, form_type, default_time_range, max_time_range,
  auto_refresh_interval, max_edit_age, max_elevated_edit_age, config, created_at, updated_at`;

/** The form, or undefined when it is not of the organization. */
export async function findForm(db: Db, organizationUuid: string, uuid: string): Promise<FormRow | undefined> {
  const { rows } = await db.query<FormRow>(`SELECT ${COLUMNS} FROM manual_entry_forms WHERE uuid = $1 AND organization_uuid = $2`, [uuid, organizationUuid]);
  return rows[0];
}

/** The form; 404 when it is not of the organization. */
export async function requireForm(db: Db, organizationUuid: string, uuid: string): Promise<FormRow> {
  const form = await findForm(db, organizationUuid, uuid);
  if (!form) throw notFound();
  return form;
}

/** Every form of the organization, by name. */
export async function formsOf(db: Db, organizationUuid: string): Promise<FormRow[]> {
  const { rows } = await db.query<FormRow>(`SELECT ${COLUMNS} FROM manual_entry_forms WHERE organization_uuid = $1 ORDER BY lower(name), uuid`, [organizationUuid]);
  return rows;
}
