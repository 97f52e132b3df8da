import { Search } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './searchCombobox.css';
import { useCombobox } from './useCombobox';

const SEARCH_DELAY_MS = 250;

export interface SearchComboboxProps<T> {
  /** Accessible name of the box and its list; already translated. */
  label: string;
  placeholder: string;
  /** What the box shows while the user is not typing (the chosen item's name, or nothing). */
  value?: string;
  /** The answer to the current keyword; undefined before the first one. */
  options: readonly T[] | undefined;
  fetching: boolean;
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  /** The typed text, once typing pauses; the caller searches the server with it. */
  onKeywordChange: (keyword: string) => void;
  onChoose: (option: T) => void;
  /** Opens the list on focus (a picker), or only once something is typed (a search box). */
  openOnFocus?: boolean;
  invalid?: boolean;
  id?: string;
}

/** A searchable choice of one item among the server's (WAI-ARIA combobox with a listbox popup). */
export function SearchCombobox<T>({ label, placeholder, value = '', options, fetching, optionKey, renderOption, onKeywordChange, onChoose, openOnFocus = false, invalid, id }: SearchComboboxProps<T>) {
  const { t } = useTranslation();
  const ownId = useId();
  const shown = options ?? [];
  const { listId, text, open, activeDescendant, inputHandlers, optionProps } = useCombobox({ onChoose, escapeWhileTyped: true });
  const latest = useRef(onKeywordChange);
  latest.current = onKeywordChange;
  useEffect(() => {
    if (text === null) return undefined;
    const timer = window.setTimeout(() => latest.current(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const listShown = open && (openOnFocus || (text ?? '').trim() !== '');

  return (
    <div className="search-combobox">
      <Search size={14} aria-hidden="true" focusable="false" className="search-combobox-icon" />
      <input
        id={id ?? ownId}
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={listShown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-activedescendant={activeDescendant(listShown, shown)}
        placeholder={placeholder}
        value={text ?? value}
        autoComplete="off"
        spellCheck={false}
        {...inputHandlers(shown)}
      />
      {listShown && (
        <ul id={listId} role="listbox" className="search-combobox-list" aria-label={label}>
          {fetching && shown.length === 0 && <li className="muted">{t('table.loading')}</li>}
          {!fetching && options !== undefined && shown.length === 0 && <li className="muted">{t('assets.search.no_match')}</li>}
          {shown.map((option, index) => (
            <li key={optionKey(option)} {...optionProps(index, option)}>
              {renderOption(option)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
