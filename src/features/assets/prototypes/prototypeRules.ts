import type { PropertyPrototype, Prototype, PrototypeRead } from '../../../api/generated/historian.gen';

// The rules of the prototype editor and the instances dialog (DOMAIN.md §3,
// server/prototypes/README.md): name templates, instance names, metadata that is required per
// instance, and the checks the form makes before it saves.

export type MetadataValue = Prototype['Metadata'][string];
export type MetadataKind = 'text' | 'number' | 'boolean';

/** One line of the metadata editor: a null value is "required per instance". */
export interface MetadataLine {
  key: string;
  required: boolean;
  kind: MetadataKind;
  /** The default as typed ("true"/"false" for a boolean). */
  text: string;
}

/** One line of the property prototypes table; the calculation template is edited as JSON text. */
export interface PropertyLine {
  /** Kept for an existing property prototype: it is the link of every instance item. */
  UUID?: string;
  /** Stable key of the line while it is edited. */
  key: string;
  Name: string;
  Description: string;
  Kind: PropertyPrototype['Kind'];
  Datatype: PropertyPrototype['Datatype'];
  NameTemplate: string;
  templateText: string;
}

export const DATATYPES: readonly PropertyPrototype['Datatype'][] = ['number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw'];

export const metadataLines = (metadata: Prototype['Metadata']): MetadataLine[] =>
  Object.entries(metadata).map(([key, value]) => ({
    key,
    required: value === null,
    kind: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text',
    text: value === null ? '' : String(value),
  }));

export function metadataValue(line: MetadataLine): MetadataValue {
  if (line.required) return null;
  if (line.kind === 'number') return Number(line.text.replace(',', '.'));
  if (line.kind === 'boolean') return line.text === 'true';
  return line.text;
}

let lineCounter = 0;
export const newLineKey = () => `line-${++lineCounter}`;

export const propertyLines = (properties: readonly PropertyPrototype[]): PropertyLine[] =>
  properties.map((property) => ({
    UUID: property.UUID,
    key: property.UUID ?? newLineKey(),
    Name: property.Name,
    Description: property.Description ?? '',
    Kind: property.Kind,
    Datatype: property.Datatype,
    NameTemplate: property.NameTemplate ?? '',
    templateText: property.CalculationTemplate ? JSON.stringify(property.CalculationTemplate, null, 2) : '',
  }));

/** A calculation template's text: an object, or why it is not one ('json' or 'object'). */
export function parseTemplate(text: string): { value: Record<string, unknown> | null; error: 'json' | 'object' | null } {
  if (text.trim() === '') return { value: null, error: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { value: null, error: 'json' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { value: null, error: 'object' };
  return { value: Object.fromEntries(Object.entries(parsed)), error: null };
}

export const toPropertyPrototype = (line: PropertyLine): PropertyPrototype => ({
  ...(line.UUID ? { UUID: line.UUID } : {}),
  Name: line.Name.trim(),
  Description: line.Description,
  Kind: line.Kind,
  Datatype: line.Datatype,
  NameTemplate: line.NameTemplate,
  CalculationTemplate: line.Kind === 'calculation' ? parseTemplate(line.templateText).value : null,
});

/** What is wrong with the editor's lines, by `metadata.<i>.key`, `properties.<i>.Name` and `properties.<i>.template`: codes the page translates. */
export function checkLines(metadata: readonly MetadataLine[], properties: readonly PropertyLine[]): Record<string, 'empty' | 'duplicate' | 'number' | 'json' | 'object'> {
  const found: Record<string, 'empty' | 'duplicate' | 'number' | 'json' | 'object'> = {};
  const keys = metadata.map((line) => line.key.trim());
  metadata.forEach((line, index) => {
    const key = keys[index];
    if (key === '') found[`metadata.${index}.key`] = 'empty';
    else if (keys.indexOf(key) !== index) found[`metadata.${index}.key`] = 'duplicate';
    if (!line.required && line.kind === 'number' && (line.text.trim() === '' || !Number.isFinite(Number(line.text.replace(',', '.'))))) found[`metadata.${index}.value`] = 'number';
  });
  const names = properties.map((line) => line.Name.trim().toLowerCase());
  properties.forEach((line, index) => {
    const name = names[index];
    if (name === '') found[`properties.${index}.Name`] = 'empty';
    else if (names.indexOf(name) !== index) found[`properties.${index}.Name`] = 'duplicate';
    if (line.Kind === 'calculation') {
      const { error } = parseTemplate(line.templateText);
      if (error) found[`properties.${index}.template`] = error;
    }
  });
  return found;
}

export interface SampleAsset {
  Name: string;
  Path: string;
  Metadata: Readonly<Record<string, unknown>>;
}

/**
 * A name template filled in for an asset: {{asset.Name}}, {{asset.Path}} and
 * {{metadata.<key>}} (a key the asset lacks stays as written, so the preview shows the gap).
 */
export function renderNameTemplate(template: string, asset: SampleAsset): string {
  return template.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (whole, path: string) => {
    if (path === 'asset.Name') return asset.Name;
    if (path === 'asset.Path') return asset.Path;
    if (path.startsWith('metadata.')) {
      const value = asset.Metadata[path.slice('metadata.'.length)];
      return value === undefined || value === null ? whole : String(value);
    }
    return whole;
  });
}

/** The token a name pattern numbers instances with. */
export const NUMBER_TOKEN = '{n}';
/** One call makes at most this many instances (the contract's limit); more go in several calls. */
export const INSTANCES_PER_CALL = 1000;
export const MAX_INSTANCES = 10_000;

/** `Machine {n}` from 1, three times: Machine 1, Machine 2, Machine 3. One instance may go without {n}. */
export function instanceNames(pattern: string, start: number, count: number): string[] {
  return Array.from({ length: count }, (_unused, index) => pattern.split(NUMBER_TOKEN).join(String(start + index)).trim());
}

/** The metadata keys an instance must fill in (null in the prototype). */
export const requiredKeys = (prototype: Pick<PrototypeRead, 'Metadata'>): string[] =>
  Object.entries(prototype.Metadata)
    .filter(([, value]) => value === null)
    .map(([key]) => key);

/** The instances of a prototype, summed over their link statuses. */
export const instanceTotal = (prototype: Pick<PrototypeRead, 'InstanceCounts'>): number => Object.values(prototype.InstanceCounts ?? {}).reduce((sum, count) => sum + count, 0);
