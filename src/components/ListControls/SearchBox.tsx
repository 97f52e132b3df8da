import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long typing pauses before the list follows: a keystroke each is too many calls. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** The box's accessible name and placeholder, e.g. "Search collectors"; already translated. */
  label: string;
  /** The keyword the list shows now (e.g. cleared by the list's empty state). */
  value: string;
  /** Called with the typed text once typing pauses, and at once when the box is cleared. */
  onSearch: (keyword: string) => void;
}

/** The search box of a list: filters as the user types, debounced. */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // The list cleared the search (or changed it): the box shows what the list shows.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text === value) return undefined;
    const timer = window.setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  const clear = () => {
    setText('');
    onSearch('');
  };

  return (
    <div className="search-box" role="search" aria-label={label}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search className="search-box-icon" size={16} aria-hidden="true" focusable="false" />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={label}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            clear();
          }
        }}
      />
      {text !== '' && (
        <button type="button" className="search-box-clear" aria-label={t('list.clear_search')} title={t('list.clear_search')} onClick={clear}>
          <X size={14} aria-hidden="true" focusable="false" />
        </button>
      )}
    </div>
  );
}
