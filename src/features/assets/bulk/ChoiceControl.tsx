import { useTranslation } from 'react-i18next';
import type { ImportKeepOrUpdate } from '../../../api/generated/historian.gen';

// A row's keep-or-update choice: a segmented control of two radio buttons, with the row's default
// marked when the user has not chosen.

export interface ChoiceControlProps {
  /** The row's name, for the accessible names. */
  name: string;
  value: ImportKeepOrUpdate | null;
  /** Shown as chosen, lighter, when there is no own choice. */
  fallback: ImportKeepOrUpdate | null;
  conflict: boolean;
  disabled: boolean;
  onChange: (choice: ImportKeepOrUpdate) => void;
}

export function ChoiceControl({ name, value, fallback, conflict, disabled, onChange }: ChoiceControlProps) {
  const { t } = useTranslation();
  const options: { choice: ImportKeepOrUpdate; label: string }[] = [
    { choice: 'keep', label: t('prototypes.bulk.choice.keep') },
    { choice: 'update', label: t('prototypes.bulk.choice.update') },
  ];
  const missing = conflict && value === null;
  return (
    <span role="radiogroup" aria-label={t('prototypes.bulk.choice.of', { name })} className={missing ? 'bulk-choice bulk-choice-missing' : 'bulk-choice'}>
      {options.map(({ choice, label }) => {
        const own = value === choice;
        const byDefault = value === null && fallback === choice;
        return (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={own || byDefault}
            disabled={disabled}
            className={own ? 'bulk-choice-on' : byDefault ? 'bulk-choice-default' : undefined}
            title={byDefault ? t('prototypes.bulk.choice.default') : undefined}
            onClick={(event) => {
              event.stopPropagation();
              onChange(choice);
            }}
          >
            {label}
          </button>
        );
      })}
    </span>
  );
}
