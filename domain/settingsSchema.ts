import type { components } from './contract.gen';

// The SettingsSchema of SPEC §3 (collectors, time-series database types) is JSON-schema-like but
// not JSON Schema: `required` may sit on a property as a boolean, and it carries annotations for
// the form (secure, password, isMultiLine, order). These helpers read it; settingsModule.ts turns it
// into a schema ajv can compile.

export type SettingsSchema = components['schemas']['SettingsSchema'];
export type SettingsSchemaProperty = components['schemas']['SettingsSchemaProperty'];

export interface SchemaProperty {
  name: string;
  property: SettingsSchemaProperty;
  required: boolean;
}

/** Secure settings are kept apart (SecureSettings), never sent back and sent only when changed. */
export const isSecure = (property: SettingsSchemaProperty) => property.secure === true;

/** Required either in the schema's list or by the property's own flag. */
export function requiredNames(schema: SettingsSchema): Set<string> {
  const names = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.required === true) names.add(name);
  }
  return names;
}

/** Properties by `order`; those without one follow in the order the schema lists them. */
export function orderedProperties(schema: SettingsSchema): SchemaProperty[] {
  const required = requiredNames(schema);
  return Object.entries(schema.properties ?? {})
    .map(([name, property], index) => ({ name, property, required: required.has(name), index }))
    .sort((a, b) => (a.property.order ?? Infinity) - (b.property.order ?? Infinity) || a.index - b.index)
    .map(({ name, property, required: isRequired }) => ({ name, property, required: isRequired }));
}
