import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal/Modal';

export interface LabelsDialogProps {
  /** The labels the chosen measurements carry now, offered for removal. */
  current: readonly string[];
  /** How many measurements are chosen. */
  count: number;
  onCancel: () => void;
  onApply: (add: readonly string[], remove: readonly string[]) => void;
}

/** Labels typed as a list: commas or new lines separate them; blanks and repeats are dropped. */
export function parseLabels(text: string): string[] {
  return [...new Set(text.split(/[,\n]/).map((label) => label.trim()).filter((label) => label !== ''))];
}

/** Adds labels to, and removes labels from, every chosen measurement in one call. */
export function LabelsDialog({ current, count, onCancel, onApply }: LabelsDialogProps) {
  const { t } = useTranslation();
  const addId = useId();
  const helpId = useId();
  const [addText, setAddText] = useState('');
  const [remove, setRemove] = useState<readonly string[]>([]);
  const add = parseLabels(addText);
  return (
    <Modal
      open
      title={t('measurements.labels_dialog.title', { count })}
      onCancel={onCancel}
      onConfirm={() => onApply(add, remove)}
      confirmDisabled={add.length === 0 && remove.length === 0}
      labels={{ confirm: t('measurements.labels_dialog.apply') }}
      width="520px"
    >
      <div className="field">
        <label htmlFor={addId} className="field-label">{t('measurements.labels_dialog.add')}</label>
        <input id={addId} type="text" value={addText} aria-describedby={helpId} onChange={(event) => setAddText(event.target.value)} />
        <p id={helpId} className="form-help">
          {t('measurements.labels_dialog.add_help')}
        </p>
      </div>
      <fieldset className="measurement-labels-remove">
        <legend>{t('measurements.labels_dialog.remove')}</legend>
        {current.length === 0 && <p className="muted">{t('measurements.labels_dialog.none')}</p>}
        {current.map((label) => (
          <label key={label}>
            <input
              type="checkbox"
              checked={remove.includes(label)}
              onChange={(event) => setRemove((old) => (event.target.checked ? [...old, label] : old.filter((item) => item !== label)))}
            />
            <span className="measurement-label">{label}</span>
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
