import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface MultiFilterOption {
  value: string;
  /** Already translated. */
  label: string;
}

export interface MultiFilterProps {
  /** The filter's name, e.g. "Actions"; already translated. */
  label: string;
  options: readonly MultiFilterOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/**
 * A filter that takes several values: a disclosure button naming the filter and how many values
 * are chosen, opening a list of checkboxes. A click outside or Escape closes it.
 */
export function MultiFilter({ label, options, selected, onChange }: MultiFilterProps) {
  const { t } = useTranslation();
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
    // In the order of the options, so the address does not depend on the order of the clicks.
    onChange(options.map((option) => option.value).filter((item) => next.includes(item)));
  };
  const summary = selected.length === 0 ? t('audit_log.filters.any') : t('audit_log.filters.chosen', { count: selected.length });

  return (
    <details
      ref={ref}
      className="audit-multi-filter"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && ref.current?.open) {
          event.stopPropagation();
          ref.current.open = false;
          ref.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary>
        <span className="audit-multi-filter-label">{label}</span>
        <span className={selected.length > 0 ? 'audit-multi-filter-value chosen' : 'audit-multi-filter-value'}>{summary}</span>
        <ChevronDown size={14} aria-hidden="true" focusable="false" />
      </summary>
      <fieldset className="audit-multi-filter-panel" aria-labelledby={legendId}>
        <legend id={legendId} className="visually-hidden">
          {label}
        </legend>
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
