import { useTranslation } from 'react-i18next';
import type { EventPropertyConfigurationRead } from '../../../api/generated/historian.gen';

type Typed = number | string | boolean;

/**
 * The typed value of an input's text for a property: undefined when left empty, null when it is
 * not a number where one is wanted. Possible values are chosen by their index, so their type stays.
 */
export function typedValue(text: string, configuration: Pick<EventPropertyConfigurationRead, 'Datatype' | 'PossibleValues'> | undefined): Typed | null | undefined {
  if (text === '') return undefined;
  const possible = configuration?.PossibleValues ?? [];
  if (possible.length > 0) return possible[Number(text)]?.Value ?? undefined;
  if (configuration?.Datatype === 'boolean') return text === 'true';
  if (configuration?.Datatype === 'number') return Number.isFinite(Number(text)) && text.trim() !== '' ? Number(text) : null;
  return text;
}

/** The input's text of a stored value. */
export function valueText(value: Typed | null | undefined, configuration: Pick<EventPropertyConfigurationRead, 'PossibleValues'> | undefined): string {
  if (value === null || value === undefined) return '';
  const possible = configuration?.PossibleValues ?? [];
  if (possible.length > 0) {
    const index = possible.findIndex((item) => item.Value === value);
    return index < 0 ? '' : String(index);
  }
  return String(value);
}

interface PropertyValueInputProps {
  id: string;
  configuration: Pick<EventPropertyConfigurationRead, 'Datatype' | 'PossibleValues'> | undefined;
  value: string;
  onChange: (value: string) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A value typed per the property's Datatype; PossibleValues as a select of their labels. */
export function PropertyValueInput({ id, configuration, value, onChange, ...aria }: PropertyValueInputProps) {
  const { t } = useTranslation();
  const possible = configuration?.PossibleValues ?? [];
  if (possible.length > 0 || configuration?.Datatype === 'boolean') {
    const options = possible.length > 0 ? possible.map((item, index) => ({ value: String(index), label: item.Label })) : [
      { value: 'true', label: t('events.overview.yes') },
      { value: 'false', label: t('events.overview.no') },
    ];
    return (
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} {...aria}>
        <option value="">{t('events.overview.new.no_value')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  return <input id={id} type={configuration?.Datatype === 'number' ? 'number' : 'text'} step="any" value={value} onChange={(event) => onChange(event.target.value)} {...aria} />;
}
