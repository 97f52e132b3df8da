import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MetadataKind, MetadataLine } from './prototypeRules';

// The prototype's Metadata: constants copied into every instance. A key is either "required per
// instance" (null: each instance fills it in when it is made) or has a default value.

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface MetadataEditorProps {
  lines: readonly MetadataLine[];
  /** Problems by `metadata.<i>.key` / `metadata.<i>.value`, translated. */
  errors: Readonly<Record<string, string>>;
  readOnly: boolean;
  onChange: (lines: MetadataLine[]) => void;
}

const kindLabel = (t: TFunction, kind: MetadataKind) => (kind === 'number' ? t('prototypes.metadata.kind_number') : kind === 'boolean' ? t('prototypes.metadata.kind_boolean') : t('prototypes.metadata.kind_text'));

export function MetadataEditor({ lines, errors, readOnly, onChange }: MetadataEditorProps) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<MetadataLine>) => onChange(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  return (
    <div className="proto-editor">
      {lines.length === 0 ? (
        <p className="muted">{t('prototypes.metadata.none')}</p>
      ) : (
        <table className="proto-grid proto-grid-fixed">
          <colgroup>
            <col />
            <col className="proto-col-required" />
            <col className="proto-col-kind" />
            <col />
            {!readOnly && <col className="proto-col-actions" />}
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('prototypes.metadata.key')}</th>
              <th scope="col">{t('prototypes.metadata.required')}</th>
              <th scope="col">{t('prototypes.metadata.kind')}</th>
              <th scope="col">{t('prototypes.metadata.default')}</th>
              {!readOnly && <th scope="col" className="proto-grid-actions"><span className="visually-hidden">{t('prototypes.actions')}</span></th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const keyError = errors[`metadata.${index}.key`];
              const valueError = errors[`metadata.${index}.value`];
              const row = index + 1;
              return (
                <tr key={index}>
                  <td>
                    <input
                      aria-label={t('prototypes.metadata.key_of', { row })}
                      value={line.key}
                      readOnly={readOnly}
                      aria-invalid={keyError ? true : undefined}
                      onChange={(event) => change(index, { key: event.target.value })}
                    />
                    {keyError && <span className="proto-error">{keyError}</span>}
                  </td>
                  <td className="proto-grid-center">
                    <input
                      type="checkbox"
                      aria-label={t('prototypes.metadata.required_of', { row })}
                      checked={line.required}
                      disabled={readOnly}
                      onChange={(event) => change(index, { required: event.target.checked })}
                    />
                  </td>
                  <td>
                    <select aria-label={t('prototypes.metadata.kind_of', { row })} value={line.kind} disabled={readOnly} onChange={(event) => change(index, { kind: kindOf(event.target.value), text: event.target.value === 'boolean' ? 'false' : line.text })}>
                      {(['text', 'number', 'boolean'] as const).map((kind) => (
                        <option key={kind} value={kind}>
                          {kindLabel(t, kind)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {line.required ? (
                      <span className="muted proto-required-note">{t('prototypes.metadata.per_instance')}</span>
                    ) : line.kind === 'boolean' ? (
                      <select aria-label={t('prototypes.metadata.default_of', { row })} value={line.text} disabled={readOnly} onChange={(event) => change(index, { text: event.target.value })}>
                        <option value="true">{t('general.yes')}</option>
                        <option value="false">{t('general.no')}</option>
                      </select>
                    ) : (
                      <input
                        aria-label={t('prototypes.metadata.default_of', { row })}
                        inputMode={line.kind === 'number' ? 'decimal' : undefined}
                        value={line.text}
                        readOnly={readOnly}
                        aria-invalid={valueError ? true : undefined}
                        onChange={(event) => change(index, { text: event.target.value })}
                      />
                    )}
                    {valueError && <span className="proto-error">{valueError}</span>}
                  </td>
                  {!readOnly && (
                    <td className="proto-grid-actions">
                      <button type="button" className="icon-button" aria-label={t('prototypes.metadata.remove', { row })} title={t('prototypes.metadata.remove', { row })} onClick={() => onChange(lines.filter((_line, at) => at !== index))}>
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
        <button type="button" className="proto-add" onClick={() => onChange([...lines, { key: '', required: false, kind: 'text', text: '' }])}>
          <Plus {...ICON} />
          {t('prototypes.metadata.add')}
        </button>
      )}
    </div>
  );
}

const kindOf = (value: string): MetadataKind => (value === 'number' || value === 'boolean' ? value : 'text');
