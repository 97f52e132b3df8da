import type { FastifyRequest } from 'fastify';
import type { Write } from '../../../domain/contract';
import { parseDuration } from '../../../domain/duration';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import type { Db } from '../../db/db';
import { FieldErrors, missingReference } from '../../events/definitions/common';
import { HttpProblem } from '../../http/problem';
import { callerHolds } from '../access';
import type { FormConfig, FormType } from '../formRow';

// What a saved form must be (server/manual-entry/README.md, "Forms" and the least privilege of
// "Who may do what"): its durations and their defaults, what its Config names (of the
// organization, at most once, in the shape of its Type), and what its author must hold. Field
// paths index arrays as the rulebook writes them: `Config.Groups[0].Name`.

export type FormBody = Write<'ManualEntryForm'>;

export const MANAGE_MEASUREMENT_DATA = 'MANAGE_MEASUREMENT_DATA';

const DAY = 86_400_000;
export const DURATION_DEFAULTS = {
  DefaultTimeRange: '24h',
  MaxTimeRange: '7d',
  AutoRefreshInterval: '30s',
  MaxEditAge: '24h',
  MaxElevatedEditAge: '24h',
} as const;
type DurationField = keyof typeof DURATION_DEFAULTS;
export type Durations = Record<DurationField, string>;

const MAX_TIME_RANGE = 366 * DAY;
const MIN_AUTO_REFRESH = 5_000;
const ELEVATED_BELOW_DEFAULT = 'manual_entry.errors.elevated_below_default';

/** The checked columns of a form, ready to store. */
export interface CheckedForm {
  name: string;
  description: string;
  type: FormType;
  durations: Durations;
  config: FormConfig;
}

/** 403 unless the caller holds what the form hands out to its users. */
export function requireAuthorHolds(request: FastifyRequest, body: FormBody): void {
  const holdsAll = (names: readonly string[]) => names.every((name) => callerHolds(request, name));
  if (body.Type === 'Events') {
    const needed: string[] = [PRIVILEGES.ReadEventConfigurations, PRIVILEGES.ReadEvents];
    const editable = (body.Config.EventConfigurations ?? []).some((configuration) => configuration.Properties.some((property) => property.Editable));
    if (editable) needed.push(PRIVILEGES.ManageEvents);
    if (!holdsAll(needed)) {
      throw new HttpProblem(403, 'Forbidden', {
        detail: `An Events form${editable ? ' with editable properties' : ''} needs ${needed.join(', ')}`,
        code: 'manual_entry.errors.events_not_permitted',
      });
    }
    return;
  }
  const needed = [PRIVILEGES.ReadAssets, MANAGE_MEASUREMENT_DATA];
  if (!holdsAll(needed)) {
    throw new HttpProblem(403, 'Forbidden', { detail: `An Asset Properties form needs ${needed.join(', ')}`, code: 'manual_entry.errors.assets_not_permitted' });
  }
}

/** The durations, defaults filled in, in ms and as stored texts; field errors for what breaks the rules. */
function checkedDurations(errors: FieldErrors, body: FormBody): Durations {
  const texts = {} as Durations;
  const ms = {} as Record<DurationField, number | undefined>;
  for (const field of Object.keys(DURATION_DEFAULTS) as DurationField[]) {
    const given = body[field];
    const text = given === undefined || given === '' ? DURATION_DEFAULTS[field] : given;
    texts[field] = text;
    ms[field] = parseDuration(text);
    if (ms[field] === undefined) errors.add(field, 'is not a duration such as 30s, 5m or 1h');
  }
  const { DefaultTimeRange: range, MaxTimeRange: maxRange, AutoRefreshInterval: refresh, MaxEditAge: edit, MaxElevatedEditAge: elevated } = ms;
  const maxRangeValid = maxRange !== undefined && maxRange > 0 && maxRange <= MAX_TIME_RANGE;
  if (maxRange !== undefined && !maxRangeValid) errors.add('MaxTimeRange', 'must be more than 0s and at most 366d');
  if (range !== undefined && range === 0) errors.add('DefaultTimeRange', 'must be more than 0s');
  // Measured against a valid MaxTimeRange only: one error per mistake.
  else if (range !== undefined && maxRangeValid && range > maxRange) errors.add('DefaultTimeRange', 'must be at most MaxTimeRange');
  if (refresh !== undefined && refresh !== 0 && refresh < MIN_AUTO_REFRESH) errors.add('AutoRefreshInterval', 'must be 0s (never) or at least 5s');
  if (edit !== undefined && elevated !== undefined && elevated < edit) errors.add('MaxElevatedEditAge', 'must be at least MaxEditAge');
  return texts;
}

interface ConfigurationRow {
  uuid: string;
  event_type_uuid: string;
}
interface TypePropertyRow {
  uuid: string;
  event_type_uuid: string;
  type: 'simple' | 'periodic' | 'periodic_with_dimension';
}
interface AssetPropertyRow {
  uuid: string;
  measurement_uuid: string | null;
}

/** An Events form's configurations and their properties: of the organization, each once, editable only where it may be. */
async function checkedEventConfigurations(db: Db, organizationUuid: string, errors: FieldErrors, config: FormConfig, stored: FormConfig): Promise<FormConfig> {
  const configurations = config.EventConfigurations ?? [];
  if (configurations.length === 0) errors.add('Config.EventConfigurations', 'must name at least one event configuration');
  if ((config.Groups ?? []).length > 0) errors.add('Config.Groups', 'must be empty in an Events form');
  const seen = new Set<string>();
  configurations.forEach((configuration, i) => {
    const uuid = configuration.EventConfigurationUUID.toLowerCase();
    if (seen.has(uuid)) errors.add(`Config.EventConfigurations[${i}].EventConfigurationUUID`, 'is in the form already');
    seen.add(uuid);
  });
  errors.throwIfAny('form', codeOf(errors));

  const { rows } = await db.query<ConfigurationRow>('SELECT uuid, event_type_uuid FROM event_configurations WHERE organization_uuid = $1 AND uuid = ANY($2::uuid[])', [
    organizationUuid,
    [...seen],
  ]);
  const found = new Map(rows.map((row) => [row.uuid, row]));
  // What the stored form named and is gone since is kept: the grid leaves it out.
  const storedConfigurations = new Map((stored.EventConfigurations ?? []).map((configuration) => [configuration.EventConfigurationUUID, configuration]));
  const missing = configurations.findIndex((configuration) => {
    const uuid = configuration.EventConfigurationUUID.toLowerCase();
    return !found.has(uuid) && !storedConfigurations.has(uuid);
  });
  if (missing >= 0) throw missingReference(`Config.EventConfigurations[${missing}].EventConfigurationUUID`, 'an event configuration');

  const types = [...new Set(rows.map((row) => row.event_type_uuid))];
  const { rows: properties } = await db.query<TypePropertyRow>('SELECT uuid, event_type_uuid, type FROM event_type_properties WHERE event_type_uuid = ANY($1::uuid[])', [types]);
  const propertiesOf = new Map(properties.map((row) => [row.uuid, row]));
  configurations.forEach((configuration, i) => {
    const type = found.get(configuration.EventConfigurationUUID.toLowerCase())?.event_type_uuid;
    if (type === undefined) return;
    const storedProperties = new Set((storedConfigurations.get(configuration.EventConfigurationUUID.toLowerCase())?.Properties ?? []).map((property) => property.EventTypePropertyUUID));
    const named = new Set<string>();
    configuration.Properties.forEach((property, j) => {
      const at = `Config.EventConfigurations[${i}].Properties[${j}]`;
      const uuid = property.EventTypePropertyUUID.toLowerCase();
      const row = propertiesOf.get(uuid);
      if (!row && storedProperties.has(uuid) && !named.has(uuid)) named.add(uuid);
      else if (!row || row.event_type_uuid !== type) errors.add(`${at}.EventTypePropertyUUID`, "is not a property of the configuration's event type");
      else if (named.has(uuid)) errors.add(`${at}.EventTypePropertyUUID`, 'is in this configuration already');
      else if (property.Editable && !property.Visible) errors.add(`${at}.Editable`, 'only a visible property may be editable');
      else if (property.Editable && row.type !== 'simple') errors.add(`${at}.Editable`, 'only a simple property may be editable');
      named.add(uuid);
    });
  });
  errors.throwIfAny('form', codeOf(errors));
  // Only what the contract writes is kept; the read-only fills are the answer's.
  return {
    EventConfigurations: configurations.map((configuration) => ({
      EventConfigurationUUID: configuration.EventConfigurationUUID.toLowerCase(),
      ...(configuration.AssetDisplayName?.trim() ? { AssetDisplayName: configuration.AssetDisplayName.trim() } : {}),
      ...(configuration.ColumnWidth !== undefined ? { ColumnWidth: configuration.ColumnWidth } : {}),
      Properties: configuration.Properties.map((property) => ({
        EventTypePropertyUUID: property.EventTypePropertyUUID.toLowerCase(),
        Visible: property.Visible,
        Editable: property.Editable,
      })),
    })),
  };
}

/** An Asset Properties form's groups: named once each, their properties of the organization, bound, each once in the form. */
async function checkedGroups(db: Db, organizationUuid: string, errors: FieldErrors, config: FormConfig, stored: FormConfig): Promise<FormConfig> {
  const groups = config.Groups ?? [];
  if (groups.length === 0) errors.add('Config.Groups', 'must hold at least one group');
  if ((config.EventConfigurations ?? []).length > 0) errors.add('Config.EventConfigurations', 'must be empty in an Asset Properties form');
  const names = new Set<string>();
  const placed = new Set<string>();
  groups.forEach((group, i) => {
    const name = group.Name.trim().toLowerCase();
    if (name === '') errors.add(`Config.Groups[${i}].Name`, 'is required');
    else if (names.has(name)) errors.add(`Config.Groups[${i}].Name`, 'is the name of another group of the form');
    names.add(name);
    group.AssetPropertyUUIDs.forEach((uuid, k) => {
      if (placed.has(uuid.toLowerCase())) errors.add(`Config.Groups[${i}].AssetPropertyUUIDs[${k}]`, 'is in the form already');
      placed.add(uuid.toLowerCase());
    });
  });
  errors.throwIfAny('form', codeOf(errors));

  const { rows } = await db.query<AssetPropertyRow>('SELECT uuid, measurement_uuid FROM asset_properties WHERE organization_uuid = $1 AND uuid = ANY($2::uuid[])', [
    organizationUuid,
    [...placed],
  ]);
  const found = new Map(rows.map((row) => [row.uuid, row]));
  // A property the stored form named and is gone since is kept: the grid leaves it out.
  const storedProperties = new Set((stored.Groups ?? []).flatMap((group) => group.AssetPropertyUUIDs));
  groups.forEach((group, i) =>
    group.AssetPropertyUUIDs.forEach((uuid, k) => {
      if (!found.has(uuid.toLowerCase()) && !storedProperties.has(uuid.toLowerCase())) throw missingReference(`Config.Groups[${i}].AssetPropertyUUIDs[${k}]`, 'an asset property');
    }),
  );
  groups.forEach((group, i) =>
    group.AssetPropertyUUIDs.forEach((uuid, k) => {
      if (found.get(uuid.toLowerCase())?.measurement_uuid === null) errors.add(`Config.Groups[${i}].AssetPropertyUUIDs[${k}]`, 'is bound to no measurement');
    }),
  );
  errors.throwIfAny('form', 'manual_entry.errors.property_unbound');
  return { Groups: groups.map((group) => ({ Name: group.Name.trim(), AssetPropertyUUIDs: group.AssetPropertyUUIDs.map((uuid) => uuid.toLowerCase()) })) };
}

/** The one code a 400 carries: the rulebook's where a rule has one. */
const codeOf = (errors: FieldErrors): string | undefined => (errors.errors.MaxElevatedEditAge ? ELEVATED_BELOW_DEFAULT : undefined);

/**
 * The form to store, or a 400 (a 404 for a reference not of the organization) naming the field.
 * `stored`: the Config saved before (update), whose references deleted since are not refused.
 */
export async function checkedForm(db: Db, organizationUuid: string, body: FormBody, stored: FormConfig = {}): Promise<CheckedForm> {
  const errors = new FieldErrors();
  const name = body.Name.trim();
  if (name === '') errors.add('Name', 'is required');
  const durations = checkedDurations(errors, body);
  const config = body.Type === 'Events' ? await checkedEventConfigurations(db, organizationUuid, errors, body.Config, stored) : await checkedGroups(db, organizationUuid, errors, body.Config, stored);
  errors.throwIfAny('form', codeOf(errors));
  return { name, description: body.Description ?? '', type: body.Type, durations, config };
}
