import type { Read } from '../../../domain/contract';
import type { Db } from '../../db/db';
import type { FormAccess } from '../access';
import type { FormRow } from '../formRow';

// A form as the contract answers it: the stored Config with the read-only fills of each event
// configuration (AssetPath, EventTypeUUID, EventTypeName; Missing once it is gone, as a form is
// never refused for what was deleted after it was saved), and the caller's Access.

export type FormJson = Read<'ManualEntryForm'>;

interface ConfigurationFill {
  uuid: string;
  asset_path: string;
  event_type_uuid: string;
  event_type_name: string;
}

/** The fills of every event configuration the forms name, by UUID (those of the organization only). */
async function fillsOf(db: Db, organizationUuid: string, forms: readonly FormRow[]): Promise<Map<string, ConfigurationFill>> {
  const uuids = [...new Set(forms.flatMap((form) => (form.config.EventConfigurations ?? []).map((configuration) => configuration.EventConfigurationUUID)))];
  if (uuids.length === 0) return new Map();
  const { rows } = await db.query<ConfigurationFill>(
    `SELECT c.uuid, a.path AS asset_path, c.event_type_uuid, t.name AS event_type_name
       FROM event_configurations c JOIN assets a ON a.uuid = c.asset_uuid JOIN event_types t ON t.uuid = c.event_type_uuid
      WHERE c.organization_uuid = $1 AND c.uuid = ANY($2::uuid[])`,
    [organizationUuid, uuids],
  );
  return new Map(rows.map((row) => [row.uuid, row]));
}

function formJson(form: FormRow, fills: ReadonlyMap<string, ConfigurationFill>, access: FormAccess): FormJson {
  const config: FormJson['Config'] =
    form.form_type === 'Events'
      ? {
          EventConfigurations: (form.config.EventConfigurations ?? []).map((configuration) => {
            const fill = fills.get(configuration.EventConfigurationUUID);
            return fill
              ? { ...configuration, AssetPath: fill.asset_path, EventTypeUUID: fill.event_type_uuid, EventTypeName: fill.event_type_name, Missing: false }
              : { ...configuration, Missing: true };
          }),
          Groups: [],
        }
      : { EventConfigurations: [], Groups: form.config.Groups ?? [] };
  return {
    UUID: form.uuid,
    Name: form.name,
    Description: form.description,
    Type: form.form_type,
    DefaultTimeRange: form.default_time_range,
    MaxTimeRange: form.max_time_range,
    AutoRefreshInterval: form.auto_refresh_interval,
    MaxEditAge: form.max_edit_age,
    MaxElevatedEditAge: form.max_elevated_edit_age,
    Config: config,
    Access: access,
    CreatedAt: form.created_at.toISOString(),
    UpdatedAt: form.updated_at.toISOString(),
  };
}

/** The forms as answered, each with the caller's access to it. */
export async function formsJson(db: Db, organizationUuid: string, forms: readonly FormRow[], accessOf: (form: FormRow) => FormAccess): Promise<FormJson[]> {
  const fills = await fillsOf(db, organizationUuid, forms);
  return forms.map((form) => formJson(form, fills, accessOf(form)));
}
