import { useState, type KeyboardEvent } from 'react';

// autoFocus: the editor opens because the user asked to type in this cell.
import { useTranslation } from 'react-i18next';
import type { ManualEntryColumn } from '../../../api/generated/historian.gen';

interface CellEditorProps {
  column: ManualEntryColumn;
  /** What the editor starts with: the value shown, or the key typed to start editing. */
  text: string;
  invalid: boolean;
  label: string;
  onKeyDown: (event: KeyboardEvent<HTMLElement>, text: string) => void;
  /** Leaving the cell commits what was typed (a draft is never dropped silently). */
  onCommit: (text: string) => boolean;
}

/** The editor inside a grid cell: a list for PossibleValues and booleans, else a text box. */
export function CellEditor({ column, text: initial, invalid, label, onKeyDown, onCommit }: CellEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const choices = column.PossibleValues?.length
    ? column.PossibleValues.map((option) => ({ value: String(option.Value), label: option.Label }))
    : column.Datatype === 'boolean'
      ? [
          { value: 'true', label: t('manual_entry.view.yes') },
          { value: 'false', label: t('manual_entry.view.no') },
        ]
      : null;
  if (choices) {
    return (
      <select className="me-editor" autoFocus aria-label={label} aria-invalid={invalid} value={text} onChange={(event) => setText(event.target.value)} onKeyDown={(event) => onKeyDown(event, text)} onBlur={() => onCommit(text)}>
        <option value="">{t('manual_entry.view.empty')}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      className="me-editor"
      autoFocus
      aria-label={label}
      aria-invalid={invalid}
      inputMode={column.Datatype === 'number' ? 'decimal' : undefined}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => onKeyDown(event, text)}
      onBlur={() => onCommit(text)}
    />
  );
}
