import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EventPropertyDatatype } from '../../../api/generated/historian.gen';
import { newValueKey, type PossibleValueLine } from './propertyConfigRules';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface PossibleValuesEditorProps {
  lines: readonly PossibleValueLine[];
  datatype: EventPropertyDatatype;
  /** Problems by `PossibleValues.<i>.Value`, translated. */
  errors: Readonly<Record<string, readonly string[]>>;
  readOnly: boolean;
  onChange: (lines: PossibleValueLine[]) => void;
}

/** The values a person may type (label and value rows); none means any value of the datatype. */
export function PossibleValuesEditor({ lines, datatype, errors, readOnly, onChange }: PossibleValuesEditorProps) {
  const { t } = useTranslation();
  const change = (key: string, patch: Partial<PossibleValueLine>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  return (
    <div className="evcfg-values">
      {lines.length === 0 ? (
        <p className="muted">{t('events.property_configurations.form.possible_values_none')}</p>
      ) : (
        <table className="evcfg-values-table">
          <thead>
            <tr>
              <th scope="col">{t('events.property_configurations.form.value_label')}</th>
              <th scope="col">{t('events.property_configurations.form.value_value')}</th>
              {!readOnly && <th scope="col" className="evcfg-col-actions" aria-label={t('events.property_configurations.form.value_actions')} />}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const row = index + 1;
              const error = errors[`PossibleValues.${index}.Value`] ?? errors[`PossibleValues.${index}`];
              return (
                <tr key={line.key}>
                  <td>
                    <input aria-label={t('events.property_configurations.form.value_label_of', { row })} value={line.Label} readOnly={readOnly} onChange={(event) => change(line.key, { Label: event.target.value })} />
                  </td>
                  <td>
                    {datatype === 'boolean' ? (
                      <select aria-label={t('events.property_configurations.form.value_value_of', { row })} value={line.Value} disabled={readOnly} onChange={(event) => change(line.key, { Value: event.target.value })}>
                        <option value="">–</option>
                        <option value="true">{t('general.yes')}</option>
                        <option value="false">{t('general.no')}</option>
                      </select>
                    ) : (
                      <input
                        aria-label={t('events.property_configurations.form.value_value_of', { row })}
                        inputMode={datatype === 'number' ? 'decimal' : undefined}
                        value={line.Value}
                        readOnly={readOnly}
                        aria-invalid={error ? true : undefined}
                        onChange={(event) => change(line.key, { Value: event.target.value })}
                      />
                    )}
                    {error && <span className="evcfg-error">{error.join(' ')}</span>}
                  </td>
                  {!readOnly && (
                    <td>
                      <button type="button" className="icon-button danger" aria-label={t('events.property_configurations.form.value_remove', { row })} title={t('events.property_configurations.form.value_remove', { row })} onClick={() => onChange(lines.filter((other) => other.key !== line.key))}>
                        <Trash2 {...ICON} />
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {!readOnly && (
        <button type="button" className="evcfg-add" onClick={() => onChange([...lines, { key: newValueKey(), Label: '', Value: '' }])}>
          <Plus {...ICON} />
          {t('events.property_configurations.form.value_add')}
        </button>
      )}
    </div>
  );
}
