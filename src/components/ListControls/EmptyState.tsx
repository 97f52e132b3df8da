import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from './SearchBox';

export interface EmptyListProps {
  /** The keyword the list is filtered by; with one, the empty list offers to clear it. */
  keyword: string;
  onClearSearch: () => void;
  /** Shown when the list has no item at all: what there is to do next. */
  message: string;
  /** The button that does it, only for users who may (the page decides with its privilege selector). */
  action?: ReactNode;
}

/** What an empty list says: nothing matches the search (clear it), or nothing yet (create one). */
export function EmptyList({ keyword, onClearSearch, message, action }: EmptyListProps) {
  const { t } = useTranslation();
  if (keyword !== '') {
    return (
      <>
        <p role="status">{t('list.no_match', { keyword })}</p>
        <button type="button" onClick={onClearSearch}>
          {t('list.clear_search')}
        </button>
      </>
    );
  }
  return (
    <>
      <p role="status">{message}</p>
      {action}
    </>
  );
}

/** The count beside the search box, e.g. "12 collectors"; the text comes translated with its plural. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <span className="list-count" aria-live="polite">
      {children}
    </span>
  );
}

export interface ListToolbarProps {
  /** The search box's label, e.g. "Search collectors". */
  searchLabel: string;
  keyword: string;
  onSearch: (keyword: string) => void;
  /** The count, translated with its plural; none while the list has not loaded. */
  count?: string;
}

/** Above every entity list: the search box and the count beside it. */
export function ListToolbar({ searchLabel, keyword, onSearch, count }: ListToolbarProps) {
  return (
    <div className="list-toolbar">
      <SearchBox label={searchLabel} value={keyword} onSearch={onSearch} />
      {count !== undefined && <ListCount>{count}</ListCount>}
    </div>
  );
}
