import { useId, useState, type ReactNode } from 'react';

interface ColumnListProps {
  title: string;
  filterLabel: string;
  items: readonly { id: string; label: string }[];
  chosen: readonly string[];
  onChosenChange: (ids: string[]) => void;
  /** Double click or Enter on the list: move the chosen columns to the other list. */
  onActivate: () => void;
  /** A hint under the list, announced when it appears. */
  note?: string;
  children?: ReactNode;
}

/** One of the two lists: a filter box over a native multiple select, which screen readers know. */
export function ColumnList({ title, filterLabel, items, chosen, onChosenChange, onActivate, note, children }: ColumnListProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase();
  const visible = needle ? items.filter((item) => item.label.toLocaleLowerCase().includes(needle)) : items;
  return (
    <section className="column-list" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <label htmlFor={`${id}-filter`} className="visually-hidden">
        {filterLabel}
      </label>
      <input id={`${id}-filter`} type="search" placeholder={filterLabel} value={filter} onChange={(event) => setFilter(event.target.value)} />
      <select
        multiple
        size={12}
        aria-labelledby={`${id}-title`}
        value={[...chosen]}
        onChange={(event) => onChosenChange(Array.from(event.target.selectedOptions, (option) => option.value))}
        onDoubleClick={onActivate}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onActivate();
          }
        }}
      >
        {visible.map((item) => (
          <option key={item.id} value={item.id}>
            {item.label}
          </option>
        ))}
      </select>
      {children && <div className="column-list-actions">{children}</div>}
      <p className="form-help column-list-note" role="status">
        {note}
      </p>
    </section>
  );
}
