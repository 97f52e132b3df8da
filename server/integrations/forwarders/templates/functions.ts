import { sprintf } from './printf';
import { formatGoTime, NAMED_LAYOUTS, timeOf } from './timeFormat';
import { isRecord, isTemplateMap, isTrue, printValue, typeName, type TemplateValue } from './values';

// The functions a template may call: Go's builtins we take (and, or, not, eq … ge, len, index,
// print, printf, println) and the forwarder's own (getMeasurement, getAsset, toJson, formatTime).

/** What getMeasurement and getAsset read; the renderer caches it. */
export interface TemplateLookups {
  measurement(uuid: string): Promise<TemplateValue>;
  asset(assetPropertyUuid: string): Promise<TemplateValue>;
}

/** A failure inside a function; the executor adds where the call was. */
export class FunctionError extends Error {}

type TemplateFunction = (args: TemplateValue[], lookups: TemplateLookups) => TemplateValue | Promise<TemplateValue>;

function arity(name: string, args: readonly TemplateValue[], min: number, max = min) {
  if (args.length < min || args.length > max) {
    const wanted = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    throw new FunctionError(`wrong number of args for ${name}: want ${wanted} got ${args.length}`);
  }
}

type Basic = string | number | boolean | null | undefined;

function basic(name: string, value: TemplateValue): Basic {
  if (Array.isArray(value) || isRecord(value)) throw new FunctionError(`${name}: invalid type for comparison`);
  return value;
}

function equal(a: TemplateValue, b: TemplateValue): boolean {
  const left = basic('eq', a);
  const right = basic('eq', b);
  if (left === null || left === undefined || right === null || right === undefined) return (left ?? null) === (right ?? null);
  if (typeof left !== typeof right) throw new FunctionError(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
  return left === right;
}

function compare(name: string, a: TemplateValue, b: TemplateValue): number {
  const left = basic(name, a);
  const right = basic(name, b);
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  throw new FunctionError(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
}

const stringArgument = (name: string, value: TemplateValue): string => {
  if (typeof value !== 'string') throw new FunctionError(`${name}: wants a string, got ${typeName(value)}`);
  return value;
};

function sortKeysForJson(value: TemplateValue): TemplateValue {
  if (Array.isArray(value)) return value.map(sortKeysForJson);
  if (isRecord(value)) {
    const keys = isTemplateMap(value) ? Object.keys(value).sort() : Object.keys(value);
    return Object.fromEntries(keys.map((key) => [key, sortKeysForJson(value[key])]));
  }
  return value;
}

/** formatTime TIME [LAYOUT] or, in a pipeline, formatTime LAYOUT TIME; default RFC3339 (ms kept). */
function formatTime(args: TemplateValue[]): string {
  arity('formatTime', args, 1, 2);
  let time = timeOf(args[0]);
  let layout = args[1];
  if (args.length === 2 && time === null) {
    time = timeOf(args[1]);
    layout = args[0];
  }
  if (time === null) throw new FunctionError(`formatTime: ${printValue(args.length === 2 ? args[1] : args[0])} is not a time (RFC 3339 text or milliseconds)`);
  if (layout === undefined) return time.toISOString();
  const text = stringArgument('formatTime', layout);
  return formatGoTime(time, NAMED_LAYOUTS[text] ?? text);
}

export const TEMPLATE_FUNCTIONS: Record<string, TemplateFunction> = {
  and: (args) => {
    arity('and', args, 1, Infinity);
    return args.find((arg) => !isTrue(arg)) ?? args[args.length - 1];
  },
  or: (args) => {
    arity('or', args, 1, Infinity);
    return args.find((arg) => isTrue(arg)) ?? args[args.length - 1];
  },
  not: (args) => {
    arity('not', args, 1);
    return !isTrue(args[0]);
  },
  eq: (args) => {
    arity('eq', args, 2, Infinity);
    return args.slice(1).some((arg) => equal(args[0], arg));
  },
  ne: (args) => {
    arity('ne', args, 2);
    return !equal(args[0], args[1]);
  },
  lt: (args) => (arity('lt', args, 2), compare('lt', args[0], args[1]) < 0),
  le: (args) => (arity('le', args, 2), compare('le', args[0], args[1]) <= 0),
  gt: (args) => (arity('gt', args, 2), compare('gt', args[0], args[1]) > 0),
  ge: (args) => (arity('ge', args, 2), compare('ge', args[0], args[1]) >= 0),
  len: (args) => {
    arity('len', args, 1);
    const [value] = args;
    if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
    if (Array.isArray(value)) return value.length;
    if (isRecord(value) && isTemplateMap(value)) return Object.keys(value).length;
    throw new FunctionError(`len of ${typeName(value)}`);
  },
  index: (args) => {
    arity('index', args, 1, Infinity);
    let [value] = args;
    for (const key of args.slice(1)) {
      if (Array.isArray(value) && typeof key === 'number' && Number.isInteger(key)) {
        if (key < 0 || key >= value.length) throw new FunctionError(`index out of range: ${key}`);
        value = value[key];
      } else if (isRecord(value) && typeof key === 'string') value = value[key];
      else if (value === null || value === undefined) throw new FunctionError('index of untyped nil');
      else throw new FunctionError(`can't index item of type ${typeName(value)}`);
    }
    return value;
  },
  print: (args) => args.map((arg, i) => (i > 0 && typeof arg !== 'string' && typeof args[i - 1] !== 'string' ? ' ' : '') + printValue(arg)).join(''),
  println: (args) => `${args.map(printValue).join(' ')}\n`,
  printf: (args) => {
    arity('printf', args, 1, Infinity);
    return sprintf(stringArgument('printf', args[0]), args.slice(1));
  },
  toJson: (args) => {
    arity('toJson', args, 1);
    return JSON.stringify(sortKeysForJson(args[0]) ?? null);
  },
  formatTime,
  getMeasurement: async (args, lookups) => {
    arity('getMeasurement', args, 1);
    return (await lookups.measurement(stringArgument('getMeasurement', args[0]))) ?? null;
  },
  getAsset: async (args, lookups) => {
    arity('getAsset', args, 1);
    const uuid = args[0];
    if (uuid === null || uuid === '') return null;
    return (await lookups.asset(stringArgument('getAsset', uuid))) ?? null;
  },
};

export const FUNCTION_NAMES: ReadonlySet<string> = new Set(Object.keys(TEMPLATE_FUNCTIONS));
