import { DEFAULT_PAGE, DEFAULT_PAGE_LIMIT } from '../../../domain/constants';

export type QueryParams = Record<string, unknown>;

type Scalar = string | number | boolean | null | undefined;

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value);
}

/** qs's RFC 3986 encoding: encodeURIComponent also escaping the sub-delimiters it leaves alone. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Bracket style (`ids[]=1&ids[]=2`, `filter[name]=x`), the form the server's query parser reads.
 * Absent values (undefined, null) are left out, so optional parameters can be passed unconditionally.
 * Flat parameters, which is what most calls and every call of the sign-in route send, are written
 * here exactly as qs-esm writes them; qs-esm loads for the first call with an array or an object.
 */
export async function serializeQuery(params: QueryParams | undefined): Promise<string> {
  if (!params) return '';
  const entries = Object.entries(params);
  if (entries.every(([, value]) => isScalar(value))) {
    try {
      return entries
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([key, value]) => `${encode(key)}=${encode(String(value))}`)
        .join('&');
    } catch {
      // A lone surrogate, which encodeURIComponent refuses and qs-esm encodes.
    }
  }
  const { stringify } = await import('qs-esm');
  return stringify(params, { arrayFormat: 'brackets', skipNulls: true });
}

/** Paging defaults fill in only what the caller left out. */
export function withPaging(params: QueryParams | undefined): QueryParams {
  return {
    ...params,
    Limit: params?.Limit ?? DEFAULT_PAGE_LIMIT,
    Page: params?.Page ?? DEFAULT_PAGE,
  };
}

/** Appends `path` (and its query) to the base path, whatever slashes either side brings. */
export async function buildUrl(basePath: string, path: string, params: QueryParams | undefined): Promise<string> {
  const base = basePath.replace(/\/+$/, '');
  const relative = path.startsWith('/') ? path : `/${path}`;
  const query = await serializeQuery(params);
  if (!query) return `${base}${relative}`;
  return `${base}${relative}${relative.includes('?') ? '&' : '?'}${query}`;
}
