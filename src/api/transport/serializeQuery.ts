import { stringify } from 'qs-esm';
import { DEFAULT_PAGE, DEFAULT_PAGE_LIMIT } from '../../../domain/constants';

export type QueryParams = Record<string, unknown>;

/**
 * Bracket style (`ids[]=1&ids[]=2`, `filter[name]=x`), the form the server's query parser reads.
 * Absent values (undefined, null) are left out, so optional parameters can be passed unconditionally.
 */
export function serializeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
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
export function buildUrl(basePath: string, path: string, params: QueryParams | undefined): string {
  const base = basePath.replace(/\/+$/, '');
  const relative = path.startsWith('/') ? path : `/${path}`;
  const query = serializeQuery(params);
  if (!query) return `${base}${relative}`;
  return `${base}${relative}${relative.includes('?') ? '&' : '?'}${query}`;
}
