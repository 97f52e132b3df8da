// Form submit conversion of SPEC §5, free of the DOM so that every rule is tested on plain data.
// components/form/readFormFields.ts turns a <form> into RawFields; this module turns those into the
// JSON payload: typed values, nested objects for dotted names, sanitized IDs.

/** The declared type of a field (the `data-type` attribute of its control). */
export type FieldType = 'string' | 'int' | 'float' | 'number' | 'bool' | 'object' | 'deleted';

/** How the value was entered; checkboxes and radios are read through `checked`. */
export type FieldControl = 'text' | 'textarea' | 'checkbox' | 'radio' | 'hidden' | 'select' | 'select-multiple' | 'other';

export interface RawField {
  /** The field path; dots nest (`Settings.host` gives `{ Settings: { host } }`). */
  name: string;
  control: FieldControl;
  /** The declared type; without one a checkbox is a bool and everything else a string. */
  type?: FieldType;
  value: string;
  /** The chosen options of a multiple select. */
  values?: readonly string[];
  checked?: boolean;
  required?: boolean;
  /** Marked for sanitizing (`data-sanitize`). */
  sanitize?: boolean;
}

export interface ConversionResult {
  values: Record<string, unknown>;
  /** Paths whose text was changed by sanitizing; the user is told about them. */
  sanitized: string[];
  /** The sanitized texts by path, so that a form can show what will be sent. */
  sanitizedValues: Record<string, string>;
}

/**
 * The 'deleted' type sends this marker. JSON null, as in JSON Merge Patch (RFC 7386), where null
 * means "remove this member": the server needs no magic string to recognise it.
 */
export const DELETION_MARKER = null;

const SKIP = Symbol('skip');
const DECIMAL_COMMA = /^\s*[+-]?\d*,\d+\s*$/;
const TEXT_CONTROLS: ReadonlySet<FieldControl> = new Set(['text', 'textarea', 'hidden', 'other']);

/**
 * Reads a number that may use a comma as decimal separator ("3,5"). Returns undefined for an
 * empty text and the text itself when it is no number, so that validation can report it rather
 * than the value silently disappearing.
 */
export function parseDecimal(text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  const normalized = DECIMAL_COMMA.test(text) ? text.replace(',', '.') : text;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : text;
}

/** Integers are read like decimals and truncated toward zero ("3,7" gives 3), as parseInt would. */
export function parseInteger(text: string): number | string | undefined {
  const value = parseDecimal(text);
  return typeof value === 'number' ? Math.trunc(value) : value;
}

/** A bool reads a checkbox's state, or a hidden (or other) control whose value is 'true'. */
export function parseBool(field: Pick<RawField, 'control' | 'checked' | 'value'>): boolean {
  if (field.control === 'checkbox' || field.control === 'radio') return field.checked === true;
  return field.value.trim() === 'true';
}

/** Objects are JSON; text that is no JSON is sent as it was typed. */
export function parseObject(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Whitespace and line breaks become spaces, double quotes single quotes. */
export function sanitizeText(text: string): string {
  return text.replace(/\r\n/g, ' ').replace(/\s/g, ' ').replace(/"/g, "'");
}

function lastSegment(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? path : path.slice(dot + 1);
}

/** Marked fields, and required text fields named ID, are sanitized. */
export function shouldSanitize(field: RawField): boolean {
  if (field.sanitize) return true;
  const isText = (field.type === undefined || field.type === 'string') && TEXT_CONTROLS.has(field.control);
  return isText && field.required === true && lastSegment(field.name) === 'ID';
}

function effectiveType(field: RawField): FieldType {
  if (field.type) return field.type;
  return field.control === 'checkbox' ? 'bool' : 'string';
}

function convertOne(field: RawField, text: string): unknown {
  switch (effectiveType(field)) {
    case 'deleted':
      return DELETION_MARKER;
    case 'bool':
      return parseBool(field);
    case 'int':
      return parseInteger(text) ?? SKIP;
    case 'float':
    case 'number':
      return parseDecimal(text) ?? SKIP;
    case 'object':
      return parseObject(text) ?? SKIP;
    case 'string':
      if (field.control === 'select-multiple') return [...(field.values ?? [])];
      // An unchecked checkbox typed as a string sends nothing, as a browser form would.
      if (field.control === 'checkbox' && !field.checked) return SKIP;
      return text;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `value` at a dotted path, creating the objects on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment];
    if (isRecord(next)) {
      node = next;
    } else {
      const created: Record<string, unknown> = {};
      node[segment] = created;
      node = created;
    }
  }
  node[segments[segments.length - 1]] = value;
}

/** Collects named fields into the submit payload, converted by their declared types. */
export function convertFormFields(fields: readonly RawField[]): ConversionResult {
  const values: Record<string, unknown> = {};
  const sanitized: string[] = [];
  const sanitizedValues: Record<string, string> = {};
  for (const field of fields) {
    if (!field.name) continue;
    // Of a radio group only the chosen one counts (a 'deleted' radio is sent when chosen).
    if (field.control === 'radio' && !field.checked) continue;
    let text = field.value;
    if (shouldSanitize(field)) {
      const clean = sanitizeText(text);
      if (clean !== text) {
        sanitized.push(field.name);
        sanitizedValues[field.name] = clean;
      }
      text = clean;
    }
    const value = convertOne(field, text);
    if (value !== SKIP) setPath(values, field.name, value);
  }
  return { values, sanitized, sanitizedValues };
}
