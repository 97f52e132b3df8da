import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventPropertyDatatype, EventType } from '../../../api/generated/historian.gen';
import { DATATYPES, datatypeLabel, PROPERTY_TYPES, propertyTypeHelp, propertyTypeLabel } from '../configurations/configRules';
import { newLine, type PropertyLine } from './typeRules';

// An event type's properties, edited in place (DOMAIN.md §0: simple, periodic and
// periodic_with_dimension are kinds of property): name, datatype, type with what it means, unit.

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface PropertiesEditorProps {
  lines: readonly PropertyLine[];
  /** Problems found before sending, by line key, translated. */
  problems: Readonly<Record<string, string>>;
  readOnly: boolean;
  onChange: (lines: PropertyLine[]) => void;
  onRemove: (line: PropertyLine) => void;
}

export function PropertiesEditor({ lines, problems, readOnly, onChange, onRemove }: PropertiesEditorProps) {
  const { t } = useTranslation();
  const change = (key: string, patch: Partial<PropertyLine>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...patch, error: undefined } : line)));
  return (
    <div className="evcfg-properties">
      {lines.length === 0 && <p className="muted">{t('events.types.properties.none')}</p>}
      <ol className="evcfg-property-list">
        {lines.map((line, index) => (
          <PropertyRow key={line.key} line={line} row={index + 1} problem={problems[line.key]} readOnly={readOnly} onChange={(patch) => change(line.key, patch)} onRemove={() => onRemove(line)} />
        ))}
      </ol>
      {!readOnly && (
        <button type="button" className="evcfg-add" onClick={() => onChange([...lines, newLine()])}>
          <Plus {...ICON} />
          {t('events.types.properties.add')}
        </button>
      )}
    </div>
  );
}

interface PropertyRowProps {
  line: PropertyLine;
  row: number;
  problem: string | undefined;
  readOnly: boolean;
  onChange: (patch: Partial<PropertyLine>) => void;
  onRemove: () => void;
}

function PropertyRow({ line, row, problem, readOnly, onChange, onRemove }: PropertyRowProps) {
  const { t } = useTranslation();
  const id = useId();
  const error = problem ?? line.error;
  const name = line.Name || t('events.types.properties.unnamed');
  return (
    <li className="evcfg-property" aria-label={t('events.types.properties.item', { row, name })}>
      <div className="evcfg-property-grid">
        <div className="evcfg-field">
          <label htmlFor={`${id}-name`}>{t('events.types.properties.name')}</label>
          <input id={`${id}-name`} value={line.Name} readOnly={readOnly} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => onChange({ Name: event.target.value })} />
        </div>
        <div className="evcfg-field">
          <label htmlFor={`${id}-datatype`}>{t('events.types.properties.datatype')}</label>
          <select id={`${id}-datatype`} value={line.Datatype} disabled={readOnly} onChange={(event) => onChange({ Datatype: DATATYPES.find((value) => value === event.target.value) ?? 'number' })}>
            {DATATYPES.map((datatype: EventPropertyDatatype) => (
              <option key={datatype} value={datatype}>
                {datatypeLabel(t, datatype)}
              </option>
            ))}
          </select>
        </div>
        <div className="evcfg-field">
          <label htmlFor={`${id}-type`}>{t('events.types.properties.type')}</label>
          <select id={`${id}-type`} value={line.Type} disabled={readOnly} aria-describedby={`${id}-type-help`} onChange={(event) => onChange({ Type: PROPERTY_TYPES.find((value) => value === event.target.value) ?? 'simple' })}>
            {PROPERTY_TYPES.map((type: EventType) => (
              <option key={type} value={type}>
                {propertyTypeLabel(t, type)}
              </option>
            ))}
          </select>
        </div>
        <div className="evcfg-field">
          <label htmlFor={`${id}-uom`}>{t('events.types.properties.uom')}</label>
          <input id={`${id}-uom`} value={line.UoM} readOnly={readOnly} onChange={(event) => onChange({ UoM: event.target.value })} />
        </div>
        {!readOnly && (
          <button type="button" className="icon-button danger evcfg-remove" aria-label={t('events.types.properties.remove', { row })} title={t('events.types.properties.remove', { row })} onClick={onRemove}>
            <Trash2 {...ICON} />
          </button>
        )}
      </div>
      <p id={`${id}-type-help`} className="evcfg-help">
        {propertyTypeHelp(t, line.Type)}
      </p>
      {error && (
        <p id={`${id}-error`} className="evcfg-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
