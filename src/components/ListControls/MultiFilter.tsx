import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import './MultiFilter.css';

export interface MultiFilterOption {
  value: string;
  /** Already translated. */
  label: string;
}

export interface MultiFilterProps {
  /** The filter's name, e.g. "Status"; already translated. */
  label: string;
  options: readonly MultiFilterOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** What the button says beside the name, e.g. "Any" or "2 chosen"; already translated. */
  summary: string;
  /** Shown in the open panel when there is nothing to choose from; already translated. */
  emptyText?: string;
}

/**
 * A list filter that takes several values: a disclosure button naming the filter and a summary of
 * the choice, opening a list of checkboxes. A click outside or Escape closes it. The chosen values
 * are reported in the order of the options, so an address built from them does not depend on the
 * order of the clicks.
 */
export function MultiFilter({ label, options, selected, onChange, summary, emptyText }: MultiFilterProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const legendId = useId();

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);

  const toggle = (value: string, checked: boolean) => {
    const next = checked ? [...selected, value] : selected.filter((item) => item !== value);
    onChange(options.map((option) => option.value).filter((item) => next.includes(item)));
  };

  return (
    <details
      ref={ref}
      className="multi-filter"
      onToggle={(event) => {
        // A filter near the right edge opens its panel leftwards, so no option is cut off.
        const details = event.currentTarget;
        details.classList.remove('align-end');
        if (!details.open) return;
        const panel = details.querySelector('.multi-filter-panel');
        if (panel && panel.getBoundingClientRect().right > document.documentElement.clientWidth - 8) details.classList.add('align-end');
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && ref.current?.open) {
          event.stopPropagation();
          ref.current.open = false;
          ref.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary>
        <span className="multi-filter-label">{label}</span>
        <span className={selected.length > 0 ? 'multi-filter-value chosen' : 'multi-filter-value'}>{summary}</span>
        <ChevronDown size={14} aria-hidden="true" focusable="false" />
      </summary>
      <fieldset className="multi-filter-panel" aria-labelledby={legendId}>
        <legend id={legendId} className="visually-hidden">
          {label}
        </legend>
        {options.length === 0 && emptyText && <p className="multi-filter-empty">{emptyText}</p>}
        {options.map((option) => (
          <label key={option.value}>
            <input type="checkbox" checked={selected.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
            {option.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
