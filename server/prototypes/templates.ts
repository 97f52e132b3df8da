import { checkCalculationSettings } from '../calculations/calculationSettings';
import { isRecord } from './diff';

// The templates of a property prototype (README.md): NameTemplate renders a measurement name from
// the asset, CalculationTemplate is a calculation's Settings whose inputs name the instance's
// properties (`Property`) instead of measurements.

export interface TemplateAsset {
  Name: string;
  Path: string;
  Metadata: Readonly<Record<string, unknown>>;
}

const PLACEHOLDER = /\{\{\s*(asset\.Name|asset\.Path|metadata\.([^}\s]+))\s*\}\}/g;
/** Stands in for an input's measurement while a template is checked on save. */
const SOME_UUID = '00000000-0000-4000-8000-000000000000';

export function renderName(template: string, asset: TemplateAsset): string {
  return template.replace(PLACEHOLDER, (_match, what: string, key: string | undefined) => {
    if (what === 'asset.Name') return asset.Name;
    if (what === 'asset.Path') return asset.Path;
    const value = key === undefined ? undefined : asset.Metadata[key];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The name of the calculation a calculation property makes; without a template, the asset's path and the property. */
export const calculationName = (template: string, asset: TemplateAsset, propertyName: string): string =>
  template.trim() === '' ? `${asset.Path}/${propertyName}` : renderName(template, asset);

/** The property names a CalculationTemplate's inputs read. */
export function inputPropertiesOf(template: unknown): string[] {
  const inputs = isRecord(template) && Array.isArray(template.Inputs) ? template.Inputs : [];
  return inputs.filter(isRecord).map((input) => (typeof input.Property === 'string' ? input.Property : ''));
}

/**
 * The calculation's Settings for one instance: each input's `Property` replaced by the measurement
 * of the instance's property of that name (case aside). `unbound` names the inputs without one.
 */
export function renderCalculation(template: unknown, measurementOf: (propertyName: string) => string | null): { settings: Record<string, unknown>; unbound: string[] } {
  const source = isRecord(template) ? template : {};
  const unbound: string[] = [];
  const inputs = (Array.isArray(source.Inputs) ? source.Inputs : []).filter(isRecord).map((input) => {
    const { Property: property, ...rest } = input;
    const name = typeof property === 'string' ? property : '';
    const measurement = measurementOf(name);
    if (measurement === null) unbound.push(name);
    return { ...rest, MeasurementUUID: measurement };
  });
  return { settings: { ...source, Inputs: inputs }, unbound };
}

/**
 * A CalculationTemplate checked enough that a calculation can be made from it later: the settings'
 * own rules (with stand-in measurements), and every input naming another property prototype.
 */
export function checkCalculationTemplate(template: unknown, propertyName: string, propertyNames: readonly string[], at: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!isRecord(template)) {
    add(at, 'is required for a calculation property');
    return errors;
  }
  const known = new Set(propertyNames.map((name) => name.toLowerCase()));
  inputPropertiesOf(template).forEach((name, index) => {
    if (name === '') add(`${at}.Inputs.${index}.Property`, 'must name a property of the prototype');
    else if (name.toLowerCase() === propertyName.toLowerCase()) add(`${at}.Inputs.${index}.Property`, 'cannot read the calculation itself');
    else if (!known.has(name.toLowerCase())) add(`${at}.Inputs.${index}.Property`, `is not a property of the prototype: ${name}`);
  });
  const { settings } = renderCalculation(template, () => SOME_UUID);
  if (typeof settings.Type !== 'string' || !['raw', 'sampled', 'simulation'].includes(settings.Type)) add(`${at}.Type`, 'must be raw, sampled or simulation');
  if (typeof settings.Script !== 'string' || settings.Script.trim() === '') add(`${at}.Script`, 'is required');
  for (const error of checkCalculationSettings(settings)) add(error.field.replace(/^Settings/, at), error.message);
  return errors;
}
