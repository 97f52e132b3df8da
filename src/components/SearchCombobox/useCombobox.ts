import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';

export interface UseComboboxOptions<T> {
  onChoose: (option: T) => void;
  /** Escape also drops typed text while the list is closed (a search box); else only while open. */
  escapeWhileTyped?: boolean;
}

/**
 * The keyboard and listbox behaviour of a WAI-ARIA combobox: the typed text (null while not
 * typing), the list's open state, the active option, Arrow keys, Enter and Escape, and the
 * props of the input's handlers and of each option.
 */
export function useCombobox<T>({ onChoose, escapeWhileTyped = false }: UseComboboxOptions<T>) {
  const listId = useId();
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const choose = (option: T) => {
    onChoose(option);
    setText(null);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, options: readonly T[]) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.max(0, Math.min(options.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1))));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (options[active]) choose(options[active]);
    } else if (event.key === 'Escape' && (open || (escapeWhileTyped && text !== null))) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setText(null);
    }
  };

  return {
    listId,
    text,
    open,
    active,
    /** The id of the active option while the list shows (aria-activedescendant). */
    activeDescendant: (listShown: boolean, options: readonly T[]) => (listShown && options[active] ? `${listId}-${active}` : undefined),
    /** The input's handlers, over the options shown in the list, in order. */
    inputHandlers: (options: readonly T[]) => ({
      onFocus: () => setOpen(true),
      onChange: (event: { target: { value: string } }) => {
        setText(event.target.value);
        setActive(0);
        setOpen(true);
      },
      onBlur: () => {
        setOpen(false);
        setText(null);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => onKeyDown(event, options),
    }),
    optionProps: (index: number, option: T) => ({
      id: `${listId}-${index}`,
      role: 'option' as const,
      'aria-selected': index === active,
      className: index === active ? 'active' : undefined,
      // Chosen on mousedown, before the input's blur closes the list.
      onMouseDown: (event: MouseEvent) => {
        event.preventDefault();
        choose(option);
      },
    }),
  };
}
