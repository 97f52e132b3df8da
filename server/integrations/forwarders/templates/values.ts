// Values as templates see them: plain objects are Go structs (a missing field is an error), maps
// made with templateMap are Go maps (a missing key is "<no value>"), arrays are slices. Printing
// follows Go's fmt %v.

export type TemplateValue = string | number | boolean | null | undefined | TemplateValue[] | { [key: string]: TemplateValue };

const MAPS = new WeakSet<object>();

/** A Go map: fields that are absent give no value instead of an error (Tags, Properties, Labels …). */
export function templateMap<T extends { [key: string]: TemplateValue }>(value: T): T {
  MAPS.add(value);
  return value;
}

export const isTemplateMap = (value: object): boolean => MAPS.has(value);

export function isRecord(value: TemplateValue): value is { [key: string]: TemplateValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Go's truth: false, 0, nil, "" and empty slices and maps are false. */
export function isTrue(value: TemplateValue): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value !== '';
  if (Array.isArray(value)) return value.length > 0;
  return !isTemplateMap(value) || Object.keys(value).length > 0;
}

/**
 * %v of a number. Whole numbers print as integers (Go would print a float64 1e6 as 1e+06; ours
 * prints 1000000, which is what a reader of a topic or payload expects); others as Go's %g.
 */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  return shortestG(value);
}

/** strconv.FormatFloat(v, 'g', -1, 64): the shortest digits, exponent form below 1e-4 or from 1e21. */
export function shortestG(value: number): string {
  const exponential = value.toExponential();
  const [mantissa, exponentText] = exponential.split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 21) return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return String(value);
}

export function printValue(value: TemplateValue): string {
  if (value === undefined) return '<no value>';
  if (value === null) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(printNested).join(' ')}]`;
  if (isTemplateMap(value)) {
    const keys = Object.keys(value).sort();
    return `map[${keys.map((key) => `${key}:${printNested(value[key])}`).join(' ')}]`;
  }
  return `{${Object.values(value).map(printNested).join(' ')}}`;
}

const printNested = (value: TemplateValue): string => (value === undefined || value === null ? '<nil>' : printValue(value));

export function typeName(value: TemplateValue): string {
  if (value === undefined || value === null) return 'nil';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float64';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'slice';
  return isTemplateMap(value) ? 'map' : 'struct';
}
