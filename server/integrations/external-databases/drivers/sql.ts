// Named parameters (:StartTime, :StopTime, :EventUUID) of a query turned into a driver's own
// placeholders, without touching string literals, quoted names or comments, and without
// rewriting anything else of the text: the database parses the query, not us.

export type PlaceholderStyle = 'dollar' | 'question' | 'at';

/** The names bound even when the caller gives no value (bound as null). */
export const KNOWN_PARAMETERS = ['StartTime', 'StopTime', 'EventUUID'] as const;

export interface BoundQuery {
  text: string;
  /** Positional values ($1… or each ?) in order; for 'at', in the order of @p1, @p2… */
  values: unknown[];
  /** 'at' only: the placeholder names with their values. */
  named: { name: string; value: unknown }[];
}

const isNameStart = (c: string) => /[A-Za-z_]/.test(c);
const isNamePart = (c: string) => /[A-Za-z0-9_]/.test(c);

/** The end (exclusive) of a quoted part starting at `start` with `quote`; a doubled quote stays inside. */
function endOfQuoted(text: string, start: number, quote: string, closing = quote, backslashEscapes = false): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (backslashEscapes && c === '\\') {
      i += 2;
      continue;
    }
    if (c === closing) {
      if (closing === quote && text[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return text.length;
}

/**
 * Replaces each :Name whose Name is a parameter (KNOWN_PARAMETERS and the keys of `params`) by
 * the style's placeholder. Skipped: '…' and "…" and `…` and […] (sqlserver), -- and /* comments,
 * $tag$…$tag$ (postgres), and `::` casts.
 */
export function bindNamedParameters(query: string, params: Record<string, unknown>, style: PlaceholderStyle, options: { backslashEscapes?: boolean; brackets?: boolean } = {}): BoundQuery {
  const names = new Set<string>([...KNOWN_PARAMETERS, ...Object.keys(params)]);
  const values: unknown[] = [];
  const named: { name: string; value: unknown }[] = [];
  const indexOf = new Map<string, number>();
  let out = '';
  let i = 0;
  while (i < query.length) {
    const c = query[i];
    const next = query[i + 1];
    let end = i + 1;
    if (c === "'" || c === '"' || c === '`') end = endOfQuoted(query, i, c, c, options.backslashEscapes === true && c !== '`');
    else if (c === '[' && options.brackets) end = endOfQuoted(query, i, '[', ']');
    else if (c === '-' && next === '-') {
      const newline = query.indexOf('\n', i);
      end = newline === -1 ? query.length : newline;
    } else if (c === '/' && next === '*') {
      const close = query.indexOf('*/', i + 2);
      end = close === -1 ? query.length : close + 2;
    } else if (c === '$' && style === 'dollar') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(query.slice(i));
      if (tag) {
        const close = query.indexOf(tag[0], i + tag[0].length);
        end = close === -1 ? query.length : close + tag[0].length;
      }
    } else if (c === ':' && next === ':') end = i + 2;
    else if (c === ':' && next !== undefined && isNameStart(next) && (i === 0 || !isNamePart(query[i - 1]))) {
      let stop = i + 1;
      while (stop < query.length && isNamePart(query[stop])) stop += 1;
      const name = query.slice(i + 1, stop);
      if (names.has(name)) {
        const value = params[name] ?? null;
        if (style === 'question') {
          values.push(value);
          out += '?';
        } else {
          let index = indexOf.get(name);
          if (index === undefined) {
            values.push(value);
            index = values.length;
            indexOf.set(name, index);
            named.push({ name: `p${index}`, value });
          }
          out += style === 'dollar' ? `$${index}` : `@p${index}`;
        }
        i = stop;
        continue;
      }
      end = stop;
    }
    out += query.slice(i, end);
    i = end;
  }
  return { text: out, values, named };
}
