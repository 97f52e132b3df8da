import { badRequest } from '../http/problem';

// The checks an asset and an asset property pass before they are stored (server/prototypes/README.md,
// "The tree"; DOMAIN.md §3). The contract already refuses wrong types; these are the rules it cannot
// say: names trimmed and without `/`, metadata values that are numbers, texts or booleans.

export type MetadataValue = number | string | boolean;
export type Metadata = Record<string, MetadataValue>;
type Errors = Record<string, string[]>;

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;
const METADATA_KEYS_MAX = 200;

const add = (errors: Errors, field: string, message: string) => (errors[field] ??= []).push(message);

function checkName(value: unknown, errors: Errors, allowSlash: boolean): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') add(errors, 'Name', 'is required');
  else if (name.length > NAME_MAX) add(errors, 'Name', `is longer than ${NAME_MAX} characters`);
  else if (!allowSlash && name.includes('/')) add(errors, 'Name', 'may not hold a /');
  return name;
}

function checkDescription(value: unknown, errors: Errors): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    add(errors, 'Description', 'is not a text');
    return '';
  }
  if (value.length > DESCRIPTION_MAX) add(errors, 'Description', `is longer than ${DESCRIPTION_MAX} characters`);
  return value;
}

/** Metadata: string keys to finite numbers, texts or booleans. */
export function checkMetadata(value: unknown, errors: Errors): Metadata {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    add(errors, 'Metadata', 'is not an object');
    return {};
  }
  const metadata: Metadata = {};
  const entries = Object.entries(value);
  if (entries.length > METADATA_KEYS_MAX) add(errors, 'Metadata', `holds more than ${METADATA_KEYS_MAX} keys`);
  for (const [key, item] of entries) {
    if (key.trim() === '' || key.length > NAME_MAX) add(errors, 'Metadata', 'has a key that is empty or too long');
    else if (typeof item === 'string' || typeof item === 'boolean' || (typeof item === 'number' && Number.isFinite(item))) metadata[key] = item;
    else add(errors, `Metadata.${key}`, 'is not a number, a text or a boolean');
  }
  return metadata;
}

export interface AssetInput {
  name: string;
  description: string;
  metadata: Metadata;
}

/** The asset's own fields, or a 400 naming each field that breaks a rule. */
export function checkAsset(body: { Name?: unknown; Description?: unknown; Metadata?: unknown }): AssetInput {
  const errors: Errors = {};
  const input = { name: checkName(body.Name, errors, false), description: checkDescription(body.Description, errors), metadata: checkMetadata(body.Metadata, errors) };
  if (Object.keys(errors).length > 0) throw badRequest(`The asset is not valid: ${Object.keys(errors).join(', ')}`, errors, 'assets.errors.invalid');
  return input;
}

export interface AssetPropertyInput extends AssetInput {
  measurementUuid: string | null;
}

/** A property's own fields (its alias may hold a `/`: it is not part of a path). */
export function checkAssetProperty(body: { Name?: unknown; Description?: unknown; Metadata?: unknown; MeasurementUUID?: unknown }): AssetPropertyInput {
  const errors: Errors = {};
  const input = {
    name: checkName(body.Name, errors, true),
    description: checkDescription(body.Description, errors),
    metadata: checkMetadata(body.Metadata, errors),
    measurementUuid: typeof body.MeasurementUUID === 'string' ? body.MeasurementUUID : null,
  };
  if (Object.keys(errors).length > 0) throw badRequest(`The asset property is not valid: ${Object.keys(errors).join(', ')}`, errors, 'assets.errors.invalid');
  return input;
}

/** The LIKE pattern of everything below `path` (its own `%`, `_` and `\` escaped). */
export const belowPattern = (path: string) => `${path.replace(/[\\%_]/g, (character) => `\\${character}`)}/%`;

/** The LIKE pattern that finds `keyword` anywhere, lower-cased for the lower(…) trigram indexes. */
export const lowerContains = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
