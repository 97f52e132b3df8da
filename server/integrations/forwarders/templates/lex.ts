import { TemplateError } from './errors';

// The lexer of the template subset (Go text/template, server/integrations/README.md): text and
// actions between `{{` and `}}`, with `{{- ` and ` -}}` trimming the whitespace beside them and
// `{{/* … */}}` comments. Every token knows its line and column (1-based) for the error messages.

export interface Position {
  line: number;
  column: number;
}

export type TokenKind =
  | 'text'
  | 'open'
  | 'close'
  | 'field'
  | 'variable'
  | 'identifier'
  | 'keyword'
  | 'string'
  | 'number'
  | 'bool'
  | 'nil'
  | 'dot'
  | 'pipe'
  | 'lparen'
  | 'rparen'
  | 'comma'
  | 'declare'
  | 'assign'
  | 'eof';

export interface Token {
  kind: TokenKind;
  /** text: the text; field: `.A.B`; variable: `$x.A`; identifier, keyword, string (decoded), number (source). */
  text: string;
  position: Position;
  /** Nothing (no whitespace) between this token and the one before: `(…).Field`. */
  glued: boolean;
}

const KEYWORDS = new Set(['if', 'else', 'end', 'range', 'with', 'break', 'continue', 'define', 'template', 'block']);
const SPACE = /[ \t\r\n]/;
const IDENTIFIER_START = /[A-Za-z_]/;
const IDENTIFIER_PART = /[A-Za-z0-9_]/;

class Locator {
  private readonly lineStarts: number[] = [0];
  constructor(source: string) {
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
  }
  at(offset: number): Position {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }
}

export function lex(source: string): Token[] {
  const locate = new Locator(source);
  const tokens: Token[] = [];
  let offset = 0;
  let trimNextText = false;
  const fail = (message: string, at: number): never => {
    const { line, column } = locate.at(at);
    throw new TemplateError('syntax', message, line, column);
  };
  const push = (kind: TokenKind, text: string, at: number, glued: boolean) => tokens.push({ kind, text, position: locate.at(at), glued });

  while (offset < source.length) {
    const open = source.indexOf('{{', offset);
    let text = source.slice(offset, open === -1 ? source.length : open);
    if (trimNextText) text = text.replace(/^[ \t\r\n]+/, '');
    const trimLeft = open !== -1 && source[open + 2] === '-' && SPACE.test(source[open + 3] ?? '');
    if (trimLeft) text = text.replace(/[ \t\r\n]+$/, '');
    if (text !== '') push('text', text, offset, false);
    if (open === -1) break;
    offset = open + (trimLeft ? 3 : 2);
    trimNextText = false;

    // A comment takes the whole action: {{/* … */}}, {{- /* … */ -}}.
    const afterSpace = trimLeft ? offset + 1 : offset;
    if (source.startsWith('/*', afterSpace)) {
      const end = source.indexOf('*/', afterSpace + 2);
      if (end === -1) fail('unclosed comment', afterSpace);
      let close = end + 2;
      if (source.startsWith(' -}}', close)) {
        trimNextText = true;
        close += 4;
      } else if (source.startsWith('}}', close)) close += 2;
      else fail('comment ends before closing delimiter', end);
      offset = close;
      continue;
    }

    push('open', '{{', open, false);
    let glued = false;
    for (;;) {
      if (offset >= source.length) fail('unclosed action', open);
      const char = source[offset];
      if (SPACE.test(char)) {
        if (source.startsWith('-}}', offset + 1)) {
          push('close', '}}', offset + 1, false);
          offset += 4;
          trimNextText = true;
          break;
        }
        offset++;
        glued = false;
        continue;
      }
      const start = offset;
      if (source.startsWith('}}', offset)) {
        push('close', '}}', offset, glued);
        offset += 2;
        break;
      }
      if (char === '|') {
        push('pipe', '|', start, glued);
        offset++;
      } else if (char === '(') {
        push('lparen', '(', start, glued);
        offset++;
      } else if (char === ')') {
        push('rparen', ')', start, glued);
        offset++;
      } else if (char === ',') {
        push('comma', ',', start, glued);
        offset++;
      } else if (source.startsWith(':=', offset)) {
        push('declare', ':=', start, glued);
        offset += 2;
      } else if (char === '=') {
        push('assign', '=', start, glued);
        offset++;
      } else if (char === '"') {
        offset = lexQuoted(source, offset, (value) => push('string', value, start, glued), fail);
      } else if (char === '`') {
        const end = source.indexOf('`', offset + 1);
        if (end === -1) fail('unterminated raw quoted string', start);
        push('string', source.slice(offset + 1, end), start, glued);
        offset = end + 1;
      } else if (/[0-9]/.test(char) || ((char === '-' || char === '+') && /[0-9.]/.test(source[offset + 1] ?? ''))) {
        const match = /^[+-]?(?:0[xX][0-9a-fA-F_]+|(?:[0-9][0-9_]*)?\.?[0-9_]*(?:[eE][+-]?[0-9]+)?)/.exec(source.slice(offset));
        const number = match?.[0] ?? '';
        if (number === '' || !Number.isFinite(Number(number.replaceAll('_', '')))) fail(`bad number syntax: "${number || char}"`, start);
        if (IDENTIFIER_PART.test(source[offset + number.length] ?? '')) fail(`bad number syntax: "${source.slice(offset, offset + number.length + 1)}"`, start);
        push('number', number.replaceAll('_', ''), start, glued);
        offset += number.length;
      } else if (char === '.') {
        const match = /^(?:\.[A-Za-z_][A-Za-z0-9_]*)+/.exec(source.slice(offset));
        if (match) {
          push('field', match[0], start, glued);
          offset += match[0].length;
        } else {
          push('dot', '.', start, glued);
          offset++;
        }
      } else if (char === '$') {
        const match = /^\$[A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(source.slice(offset));
        const variable = match?.[0] ?? '$';
        push('variable', variable, start, glued);
        offset += variable.length;
      } else if (IDENTIFIER_START.test(char)) {
        let end = offset + 1;
        while (end < source.length && IDENTIFIER_PART.test(source[end])) end++;
        const word = source.slice(offset, end);
        if (word === 'true' || word === 'false') push('bool', word, start, glued);
        else if (word === 'nil') push('nil', word, start, glued);
        else push(KEYWORDS.has(word) ? 'keyword' : 'identifier', word, start, glued);
        offset = end;
      } else {
        fail(`unexpected "${char}" in action`, start);
      }
      glued = true;
    }
  }
  push('eof', '', source.length, false);
  return tokens;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', "'": "'", a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' };

function lexQuoted(source: string, from: number, emit: (value: string) => void, fail: (message: string, at: number) => never): number {
  let value = '';
  let offset = from + 1;
  for (;;) {
    const char = source[offset];
    if (char === undefined || char === '\n') return fail('unterminated quoted string', from);
    if (char === '"') break;
    if (char === '\\') {
      const next = source[offset + 1];
      if (next === 'u' || next === 'x') {
        const length = next === 'u' ? 4 : 2;
        const hex = source.slice(offset + 2, offset + 2 + length);
        if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) fail('invalid syntax in quoted string', offset);
        value += String.fromCharCode(parseInt(hex, 16));
        offset += 2 + length;
        continue;
      }
      const escaped = next === undefined ? undefined : ESCAPES[next];
      if (escaped === undefined) fail('invalid syntax in quoted string', offset);
      value += escaped;
      offset += 2;
      continue;
    }
    value += char;
    offset++;
  }
  emit(value);
  return offset + 1;
}
