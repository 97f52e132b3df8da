import type { FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { PRIVILEGES } from '../../domain/privilegeNames';
import { isSystemSetting, normalizeSettingValue, SETTING_ERRORS, settingValueError } from '../../domain/settingRules';
import { privilegeHoldingsOf } from '../access/privilegeHoldings';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { callerOf, capAllows, type Caller } from '../http/caller';
import { badRequest, forbidden, notFound } from '../http/problem';
import { settingsRepository, type SettingRow } from '../repositories/settings';

// GET /settings, PUT /settings/{id}, PUT /settings/batch. A call may name another organization
// than the one in x-organization-uuid (the wizard and the API settings page work on the root's
// settings from inside any organization), so the privilege is checked in the organization each
// setting belongs to, here, rather than by the route declaration alone.

export interface SettingJson {
  UUID: string;
  OrganizationUUID: string;
  Name: string;
  Value: string;
}

type SettingBody = Write<'Setting'>;

const toJson = (row: SettingRow): SettingJson => ({
  UUID: row.uuid,
  OrganizationUUID: row.organization_uuid,
  Name: row.name,
  Value: row.value,
});

/** Whether the caller holds `privilege` in `organization`, whichever organization that is. */
async function holdsIn(db: Db, caller: Caller, organization: string, privilege: string): Promise<boolean> {
  if (organization === caller.rootOrganizationUuid) return caller.rootPrivileges.has(privilege);
  if (organization === caller.organizationUuid) return caller.privileges.has(privilege);
  if (!capAllows(caller, organization, privilege)) return false;
  // What the user holds in organizations that are not deleted.
  return (await privilegeHoldingsOf(db, caller.userUuid)).get(organization)?.has(privilege) ?? false;
}

/** The organization a setting call acts in: the one named, else the caller's, else the root. */
function targetOrganization(caller: Caller, named: string | undefined): string {
  return (named ?? caller.organizationUuid ?? caller.rootOrganizationUuid).toLowerCase();
}

/** Field-path errors of one setting, keyed as the contract validation would key them. */
function settingErrors(caller: Caller, organization: string, setting: SettingBody, prefix: string): Record<string, string[]> {
  const error = settingValueError(setting.Name, setting.Value);
  if (error !== null) return { [`${prefix}${error === SETTING_ERRORS.unknown ? 'Name' : 'Value'}`]: [error] };
  if (isSystemSetting(setting.Name) && organization !== caller.rootOrganizationUuid) {
    return { [`${prefix}OrganizationUUID`]: [SETTING_ERRORS.rootOnly] };
  }
  return {};
}

function failIfAny(errors: Record<string, string[]>): void {
  const fields = Object.keys(errors);
  if (fields.length > 0) throw badRequest(`Invalid settings: ${fields.join(', ')}`, errors, 'configurations.errors.update_setting');
}

export function settingsHandlers(ctx: AppContext) {
  return {
    async getSettings(request: FastifyRequest<{ Querystring: { OrganizationUUID?: string } }>) {
      const caller = callerOf(request);
      const organization = targetOrganization(caller, request.query.OrganizationUUID);
      if (!(await holdsIn(ctx.db, caller, organization, PRIVILEGES.ReadSettings))) {
        throw forbidden(`Missing privilege: ${PRIVILEGES.ReadSettings}`);
      }
      return (await settingsRepository(ctx.db).list(organization)).map(toJson);
    },

    async updateSetting(request: FastifyRequest<{ Params: { id: string }; Body: SettingBody }>) {
      const caller = callerOf(request);
      const row = await settingsRepository(ctx.db).find(request.params.id);
      // Settings of organizations the caller cannot manage answer like missing ones.
      if (!row || !(await holdsIn(ctx.db, caller, row.organization_uuid, PRIVILEGES.ManageSettings))) throw notFound('No such setting');
      const body = request.body;
      if (body.Name !== row.name) throw badRequest('A setting cannot be renamed', { Name: [SETTING_ERRORS.rename] });
      if (body.OrganizationUUID !== undefined && body.OrganizationUUID.toLowerCase() !== row.organization_uuid) {
        throw badRequest('A setting cannot move to another organization', { OrganizationUUID: [SETTING_ERRORS.move] });
      }
      failIfAny(settingErrors(caller, row.organization_uuid, body, ''));
      const updated = await settingsRepository(ctx.db).updateValue(row.uuid, normalizeSettingValue(body.Value));
      if (!updated) throw notFound('No such setting');
      return toJson(updated);
    },

    async updateSettingsBatch(request: FastifyRequest<{ Body: SettingBody[] }>) {
      const caller = callerOf(request);
      const items = request.body.map((setting) => ({ setting, organization: targetOrganization(caller, setting.OrganizationUUID) }));
      const errors: Record<string, string[]> = {};
      for (const [index, { setting, organization }] of items.entries()) Object.assign(errors, settingErrors(caller, organization, setting, `${index}.`));
      failIfAny(errors);
      for (const organization of new Set(items.map((item) => item.organization))) {
        if (!(await holdsIn(ctx.db, caller, organization, PRIVILEGES.ManageSettings))) {
          throw forbidden(`Missing privilege: ${PRIVILEGES.ManageSettings}`);
        }
      }
      // All or nothing: the wizard's finish and the settings page save several names together.
      return ctx.db.transaction(async (tx) => {
        const settings = settingsRepository(tx);
        const saved: SettingJson[] = [];
        for (const { setting, organization } of items) saved.push(toJson(await settings.upsert(organization, setting.Name, normalizeSettingValue(setting.Value))));
        return saved;
      });
    },
  };
}
