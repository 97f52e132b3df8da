import { ZERO_UUID } from '../../domain/constants';
import { isPostgresUserName, MIN_POSTGRES_PASSWORD_LENGTH } from '../../domain/credentialRules';
import type { Write } from '../../domain/contract';
import type { Db } from '../db/db';
import { HttpProblem } from '../http/problem';
import { organizationsRepository } from '../repositories/organizations';

// SPEC §5 organization rules, checked on the server as the form checks them: name required;
// PostgresUser required and unchangeable after creation; password and confirmation required on
// create and equal; a licence only if unused or the organization's own; the root organization has
// no licence or Postgres fields. All failures answer 400 with errors per field.

export type OrganizationBody = Write<'Organization'>;

interface ExistingOrganization {
  uuid: string;
  is_root: boolean;
  postgres_user: string | null;
  license_uuid: string;
}

export interface CheckedOrganization {
  name: string;
  postgresUser: string | undefined;
  licenseUuid: string;
  /** A new PostgreSQL password to set (update only, when one was sent). */
  newPassword: string | undefined;
}


function passwordErrors(body: OrganizationBody, required: boolean, errors: Record<string, string[]>): string | undefined {
  const password = body.PostgresPassword ?? '';
  const confirm = body.PostgresPasswordConfirm ?? '';
  if (password === '' && confirm === '') {
    if (required) errors.PostgresPassword = ['is required'];
    return undefined;
  }
  if (password.length < MIN_POSTGRES_PASSWORD_LENGTH) errors.PostgresPassword = [`must have at least ${MIN_POSTGRES_PASSWORD_LENGTH} characters`];
  if (password !== confirm) errors.PostgresPasswordConfirm = ['general.passwords_must_be_equal'];
  return password;
}

async function licenceErrors(db: Db, licence: string, organization: string | undefined, errors: Record<string, string[]>): Promise<void> {
  if (licence === ZERO_UUID) return;
  const row = await organizationsRepository(db).licenceUse(licence);
  if (!row) errors.LicenseUUID = ['is not a licence of this installation'];
  else if (row.holder !== null && row.holder !== organization) errors.LicenseUUID = ['is used by another organization'];
  else if (row.claimed !== null && row.claimed !== organization) errors.LicenseUUID = ['is bound to another organization'];
}

export async function checkOrganizationBody(db: Db, body: OrganizationBody, existing: ExistingOrganization | undefined): Promise<CheckedOrganization> {
  const errors: Record<string, string[]> = {};
  const name = body.Name.trim();
  if (name === '') errors.Name = ['is required'];
  if (body.IsRoot === true && !existing?.is_root) errors.IsRoot = ['only the installation has a root organization'];
  const licenseUuid = (body.LicenseUUID ?? existing?.license_uuid ?? ZERO_UUID).toLowerCase();
  const postgresUser = body.PostgresUser?.trim();
  let newPassword: string | undefined;

  if (existing?.is_root) {
    if (postgresUser) errors.PostgresUser = ['the root organization has no PostgreSQL user'];
    if (body.PostgresPassword) errors.PostgresPassword = ['the root organization has no PostgreSQL user'];
    if (licenseUuid !== ZERO_UUID) errors.LicenseUUID = ['the root organization has no licence'];
  } else if (existing) {
    if (postgresUser !== undefined && postgresUser !== (existing.postgres_user ?? '')) errors.PostgresUser = ['cannot be changed after creation'];
    newPassword = passwordErrors(body, false, errors);
    if (newPassword !== undefined && existing.postgres_user === null) errors.PostgresPassword = ['the organization has no PostgreSQL user'];
  } else {
    if (!postgresUser) errors.PostgresUser = ['is required'];
    else if (!isPostgresUserName(postgresUser)) {
      errors.PostgresUser = ['must be lower-case letters, digits and _, start with a letter, and not start with pg_'];
    }
    passwordErrors(body, true, errors);
  }
  if (!existing?.is_root) await licenceErrors(db, licenseUuid, existing?.uuid, errors);

  const fields = Object.keys(errors);
  if (fields.length > 0) {
    throw new HttpProblem(400, 'Bad Request', {
      detail: `Invalid organization: ${fields.join(', ')}`,
      errors,
      code: existing ? undefined : 'configurations.errors.create_organization',
    });
  }
  return { name, postgresUser, licenseUuid, newPassword };
}
