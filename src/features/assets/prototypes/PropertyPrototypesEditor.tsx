import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DATATYPES, newLineKey, renderNameTemplate, type PropertyLine, type SampleAsset } from './prototypeRules';

// The prototype's property prototypes (DOMAIN.md §3): name (the alias on every instance), kind,
// datatype, the name template with a live preview for a sample asset, description, and for a
// calculation its settings template as JSON. Lines are added, removed and moved.

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface PropertyPrototypesEditorProps {
  lines: readonly PropertyLine[];
  /** Problems by `properties.<i>.Name` / `properties.<i>.template`, translated. */
  errors: Readonly<Record<string, string>>;
  readOnly: boolean;
  sample: SampleAsset;
  onChange: (lines: PropertyLine[]) => void;
}

export function PropertyPrototypesEditor({ lines, errors, readOnly, sample, onChange }: PropertyPrototypesEditorProps) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<PropertyLine>) => onChange(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const move = (index: number, step: number) => {
    const next = [...lines];
    const [line] = next.splice(index, 1);
    next.splice(index + step, 0, line);
    onChange(next);
  };
  return (
    <div className="proto-editor">
      {lines.length === 0 && <p className="muted">{t('prototypes.properties.none')}</p>}
      <ol className="proto-properties">
        {lines.map((line, index) => (
          <PropertyCard
            key={line.key}
            line={line}
            index={index}
            last={index === lines.length - 1}
            errors={errors}
            readOnly={readOnly}
            sample={sample}
            onChange={(patch) => change(index, patch)}
            onMove={(step) => move(index, step)}
            onRemove={() => onChange(lines.filter((_line, at) => at !== index))}
          />
        ))}
      </ol>
      {!readOnly && (
        <button
          type="button"
          className="proto-add"
          onClick={() => onChange([...lines, { key: newLineKey(), Name: '', Description: '', Kind: 'measurement', Datatype: 'number', NameTemplate: '{{asset.Path}}/', templateText: '' }])}
        >
          <Plus {...ICON} />
          {t('prototypes.properties.add')}
        </button>
      )}
    </div>
  );
}

interface PropertyCardProps {
  line: PropertyLine;
  index: number;
  last: boolean;
  errors: Readonly<Record<string, string>>;
  readOnly: boolean;
  sample: SampleAsset;
  onChange: (patch: Partial<PropertyLine>) => void;
  onMove: (step: number) => void;
  onRemove: () => void;
}

function PropertyCard({ line, index, last, errors, readOnly, sample, onChange, onMove, onRemove }: PropertyCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const row = index + 1;
  const nameError = errors[`properties.${index}.Name`];
  const templateError = errors[`properties.${index}.template`];
  const preview = line.NameTemplate.trim() === '' ? '' : renderNameTemplate(line.NameTemplate, sample);
  return (
    <li className="proto-property" aria-label={t('prototypes.properties.item', { row, name: line.Name || t('prototypes.properties.unnamed') })}>
      <div className="proto-property-head">
        <span className="proto-property-number">{row}</span>
        <div className="proto-field proto-field-name">
          <label htmlFor={`${id}-name`}>{t('prototypes.properties.name')}</label>
          <input id={`${id}-name`} value={line.Name} readOnly={readOnly} aria-invalid={nameError ? true : undefined} onChange={(event) => onChange({ Name: event.target.value })} />
          {nameError && <span className="proto-error">{nameError}</span>}
        </div>
        <div className="proto-field">
          <label htmlFor={`${id}-kind`}>{t('prototypes.properties.kind')}</label>
          <select id={`${id}-kind`} value={line.Kind} disabled={readOnly} onChange={(event) => onChange({ Kind: event.target.value === 'calculation' ? 'calculation' : 'measurement' })}>
            <option value="measurement">{t('prototypes.properties.kind_measurement')}</option>
            <option value="calculation">{t('prototypes.properties.kind_calculation')}</option>
          </select>
        </div>
        <div className="proto-field">
          <label htmlFor={`${id}-datatype`}>{t('prototypes.properties.datatype')}</label>
          <select id={`${id}-datatype`} value={line.Datatype} disabled={readOnly} onChange={(event) => onChange({ Datatype: DATATYPES.find((datatype) => datatype === event.target.value) ?? 'number' })}>
            {DATATYPES.map((datatype) => (
              <option key={datatype} value={datatype}>
                {datatype}
              </option>
            ))}
          </select>
        </div>
        {!readOnly && (
          <div className="proto-property-actions">
            <button type="button" className="icon-button" disabled={index === 0} aria-label={t('prototypes.properties.up', { row })} title={t('prototypes.properties.up', { row })} onClick={() => onMove(-1)}>
              <ArrowUp {...ICON} />
            </button>
            <button type="button" className="icon-button" disabled={last} aria-label={t('prototypes.properties.down', { row })} title={t('prototypes.properties.down', { row })} onClick={() => onMove(1)}>
              <ArrowDown {...ICON} />
            </button>
            <button type="button" className="icon-button danger" aria-label={t('prototypes.properties.remove', { row })} title={t('prototypes.properties.remove', { row })} onClick={onRemove}>
              <Trash2 {...ICON} />
            </button>
          </div>
        )}
      </div>
      <div className="proto-field">
        <label htmlFor={`${id}-template`}>{t('prototypes.properties.name_template')}</label>
        <input id={`${id}-template`} className="proto-mono" value={line.NameTemplate} readOnly={readOnly} aria-describedby={`${id}-preview`} onChange={(event) => onChange({ NameTemplate: event.target.value })} />
        <span id={`${id}-preview`} className="proto-preview">
          {preview === '' ? t('prototypes.properties.no_template') : t('prototypes.properties.preview', { name: preview })}
        </span>
      </div>
      <div className="proto-field">
        <label htmlFor={`${id}-description`}>{t('prototypes.properties.description')}</label>
        <input id={`${id}-description`} value={line.Description} readOnly={readOnly} onChange={(event) => onChange({ Description: event.target.value })} />
      </div>
      {line.Kind === 'calculation' && (
        <div className="proto-field">
          <label htmlFor={`${id}-calculation`}>{t('prototypes.properties.calculation_template')}</label>
          <textarea
            id={`${id}-calculation`}
            className="proto-mono"
            rows={6}
            value={line.templateText}
            readOnly={readOnly}
            aria-invalid={templateError ? true : undefined}
            aria-describedby={`${id}-calculation-help`}
            placeholder={'{\n  "Type": "sampled",\n  "Interval": "1m",\n  "Inputs": [{ "Alias": "A", "Property": "Temperature", "Aggregation": "mean" }],\n  "Script": "return _A.Value"\n}'}
            onChange={(event) => onChange({ templateText: event.target.value })}
          />
          {templateError ? <span className="proto-error">{templateError}</span> : <span id={`${id}-calculation-help`} className="proto-help">{t('prototypes.properties.calculation_help')}</span>}
        </div>
      )}
    </li>
  );
}
