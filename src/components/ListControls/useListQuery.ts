import { useCallback, useEffect, useState } from 'react';
import { PAGE_SIZES } from './ListPager';

export interface ListQuery {
  keyword: string;
  page: number;
  pageSize: number;
  setKeyword: (keyword: string) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

/**
 * What a list page shows: its search keyword and page. A new keyword or page size starts again at
 * the first page, where the first match is.
 */
export function useListQuery(initialPageSize: number = PAGE_SIZES[1]): ListQuery {
  const [keyword, setKeywordState] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  const setKeyword = useCallback((next: string) => {
    setKeywordState(next.trim());
    setPage(1);
  }, []);
  const setPageSize = useCallback((next: number) => {
    setPageSizeState(next);
    setPage(1);
  }, []);
  return { keyword, page, pageSize, setKeyword, setPage, setPageSize };
}

/** Client-side search of a list the server sends whole: every item whose texts contain the keyword, case aside. */
export function matchingItems<T>(items: readonly T[] | undefined, keyword: string, texts: (item: T) => readonly (string | undefined | null)[]): readonly T[] | undefined {
  if (!items || keyword === '') return items;
  const wanted = keyword.toLocaleLowerCase();
  return items.filter((item) => texts(item).some((text) => (text ?? '').toLocaleLowerCase().includes(wanted)));
}

/**
 * Keeps the page within the list: after deletes, or in another organization, a page past the
 * end would show an empty list that is not empty. Undefined total: not loaded yet.
 */
export function usePageWithin({ page, pageSize, setPage }: ListQuery, total: number | undefined): void {
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (page > last) setPage(last);
  }, [page, pageSize, setPage, total]);
}
