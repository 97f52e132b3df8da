import { formatNumber, printValue, shortestG, typeName, type TemplateValue } from './values';

// Go's fmt.Sprintf for the verbs templates use: %v %s %q %d %f %F %e %E %g %G %t %x %X %o %b %c %%,
// with the flags - + 0 space and width and precision. A wrong argument prints as Go does (%!d(string=x)).

interface Spec {
  minus: boolean;
  plus: boolean;
  zero: boolean;
  space: boolean;
  width: number | null;
  precision: number | null;
}

export function sprintf(format: string, args: readonly TemplateValue[]): string {
  let out = '';
  let next = 0;
  let i = 0;
  while (i < format.length) {
    const char = format[i];
    if (char !== '%') {
      out += char;
      i++;
      continue;
    }
    i++;
    const spec: Spec = { minus: false, plus: false, zero: false, space: false, width: null, precision: null };
    for (; i < format.length; i++) {
      const flag = format[i];
      if (flag === '-') spec.minus = true;
      else if (flag === '+') spec.plus = true;
      else if (flag === '0') spec.zero = true;
      else if (flag === ' ') spec.space = true;
      else if (flag !== '#') break;
    }
    const width = /^\d+/.exec(format.slice(i));
    if (width) {
      spec.width = Number(width[0]);
      i += width[0].length;
    }
    if (format[i] === '.') {
      const precision = /^\d*/.exec(format.slice(i + 1))?.[0] ?? '';
      spec.precision = Number(precision || '0');
      i += 1 + precision.length;
    }
    const verb = format[i];
    i++;
    if (verb === undefined) {
      out += '%!(NOVERB)';
      break;
    }
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (next >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    out += pad(formatOne(verb, args[next++], spec), spec, verb);
  }
  if (next < args.length) out += `%!(EXTRA ${args.slice(next).map((arg) => `${typeName(arg)}=${printValue(arg)}`).join(', ')})`;
  return out;
}

const NUMERIC = new Set(['d', 'f', 'F', 'e', 'E', 'g', 'G', 'x', 'X', 'o', 'b']);

function pad(text: string, spec: Spec, verb: string): string {
  if (spec.width === null || text.length >= spec.width) return text;
  if (spec.minus) return text.padEnd(spec.width, ' ');
  if (spec.zero && NUMERIC.has(verb) && /^[+-]?[0-9]/.test(text)) {
    const sign = /^[+-]/.test(text) ? text[0] : '';
    return sign + text.slice(sign.length).padStart(spec.width - sign.length, '0');
  }
  return text.padStart(spec.width, ' ');
}

const bad = (verb: string, value: TemplateValue) => `%!${verb}(${typeName(value)}=${printValue(value)})`;

function signed(text: string, value: number, spec: Spec): string {
  if (value < 0 || Object.is(value, -0) || text.startsWith('-')) return text;
  if (spec.plus) return `+${text}`;
  if (spec.space) return ` ${text}`;
  return text;
}

/** Go writes at least two exponent digits: 1.5e+00. */
const goExponent = (text: string) => text.replace(/e([+-])(\d)$/, (_, sign: string, digit: string) => `e${sign}0${digit}`);

function formatOne(verb: string, value: TemplateValue, spec: Spec): string {
  switch (verb) {
    case 'v':
      return typeof value === 'number' ? signed(formatNumber(value), value, spec) : printValue(value);
    case 's': {
      const text = printValue(value);
      return spec.precision === null ? text : text.slice(0, spec.precision);
    }
    case 'q':
      return typeof value === 'string' ? JSON.stringify(value) : bad(verb, value);
    case 't':
      return typeof value === 'boolean' ? String(value) : bad(verb, value);
    case 'c':
      return typeof value === 'number' && Number.isInteger(value) ? String.fromCodePoint(value) : bad(verb, value);
    case 'd':
    case 'o':
    case 'b': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return bad(verb, value);
      const radix = verb === 'd' ? 10 : verb === 'o' ? 8 : 2;
      return signed(value.toString(radix), value, spec);
    }
    case 'x':
    case 'X': {
      let text: string;
      if (typeof value === 'number' && Number.isInteger(value)) text = value.toString(16);
      else if (typeof value === 'string') text = Buffer.from(value, 'utf8').toString('hex');
      else return bad(verb, value);
      return verb === 'X' ? text.toUpperCase() : text;
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G': {
      if (typeof value !== 'number') return bad(verb, value);
      if (!Number.isFinite(value)) return signed(formatNumber(value), value, spec);
      let text: string;
      if (verb === 'f' || verb === 'F') text = value.toFixed(spec.precision ?? 6);
      else if (verb === 'e' || verb === 'E') text = goExponent(value.toExponential(spec.precision ?? 6));
      else text = spec.precision === null ? shortestGFloat(value) : precisionG(value, spec.precision);
      return signed(verb === 'E' || verb === 'G' ? text.toUpperCase() : text, value, spec);
    }
    default:
      return `%!${verb}(${typeName(value)}=${printValue(value)})`;
  }
}

/** %g without precision: shortest digits, exponent form below 1e-4 or from 1e21 (as %v of a float64). */
const shortestGFloat = (value: number) => shortestG(value);

/** %.Ng: N significant digits, exponent form when the exponent is < -4 or ≥ N, trailing zeros dropped. */
function precisionG(value: number, precision: number): string {
  const digits = precision === 0 ? 1 : precision;
  const exponential = value.toExponential(digits - 1);
  const exponent = Number(exponential.split('e')[1]);
  if (exponent < -4 || exponent >= digits) {
    const [mantissa, rest] = exponential.split('e');
    return goExponent(`${trimZeros(mantissa)}e${rest}`);
  }
  return trimZeros(value.toFixed(Math.max(0, digits - 1 - exponent)));
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
