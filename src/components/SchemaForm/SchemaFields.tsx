import { useTranslation } from 'react-i18next';
import { orderedProperties, isSecure, type SchemaProperty, type SettingsSchema } from '../../../domain/settingsSchema';
import { CheckboxField, SelectField } from '../form/ChoiceFields';
import { JsonTextArea, NumberField, TextAreaField, TextField } from '../form/TextFields';
import { SECURE_SETTINGS, SETTINGS } from './useSchemaForm';

export interface SchemaFieldsProps {
  schema: SettingsSchema;
  /** Stored (non-secure) values; secure values are never sent back, so never shown. */
  settings?: Record<string, unknown>;
  /** Editing a stored item: no defaults, and empty secure fields keep the stored values. */
  existing?: boolean;
  /** The help line of a stored item's secure fields, when keeping them has conditions to tell. */
  secureHelp?: string;
}

const VALUE_TYPES = { integer: 'int', number: 'number', boolean: 'bool', object: 'object', array: 'object', string: 'string' } as const;

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

interface SchemaFieldProps extends SchemaProperty {
  value: unknown;
  existing: boolean;
  secureHelp?: string;
  /** The schema's x-i18n key: where the catalogue holds this field's texts. */
  i18nKey?: string;
}

function SchemaField({ name, property, required, value, existing, secureHelp, i18nKey }: SchemaFieldProps) {
  const { t } = useTranslation();
  // A schema's texts are English; those its x-i18n key names in the catalogue speak the user's language.
  const translated = (part: string, fallback: string | undefined): string | undefined =>
    i18nKey && fallback !== undefined ? t(`${i18nKey}.${name}.${part}`, { defaultValue: fallback }) : fallback;
  const secure = isSecure(property);
  const field = `${secure ? SECURE_SETTINGS : SETTINGS}.${name}`;
  const label = translated('title', property.title ?? name) ?? name;
  const description = translated('description', property.description);
  const example = property.examples?.[0];
  const placeholder = example === undefined ? undefined : t('form.example', { example: text(example) });
  const help = secure && existing ? [description, secureHelp ?? t('form.secure_unchanged')].filter(Boolean).join(' ') : description;
  // A stored secret stays when the field is left empty, so it is not required then.
  const common = { name: field, label, help, required: required && !(secure && existing) };

  if (property.enum) {
    return (
      <SelectField
        {...common}
        options={property.enum.map((option) => ({ value: String(option), label: translated(`enum.${String(option)}`, String(option)) ?? String(option) }))}
        placeholder={required ? undefined : t('form.choose')}
        valueType={property.type ? VALUE_TYPES[property.type] : undefined}
        defaultValue={text(value) ?? ''}
      />
    );
  }
  switch (property.type) {
    case 'boolean':
      return <CheckboxField {...common} defaultChecked={value === true || value === 'true'} />;
    case 'integer':
    case 'number':
      return (
        <NumberField
          {...common}
          numberType={property.type === 'integer' ? 'int' : 'number'}
          min={property.minimum}
          max={property.maximum}
          placeholder={placeholder}
          defaultValue={text(value)}
        />
      );
    case 'object':
    case 'array':
      return <JsonTextArea {...common} defaultValue={value} placeholder={placeholder} />;
    default:
      if (secure || property.password) {
        return <TextField {...common} type="password" autoComplete="new-password" placeholder={placeholder} defaultValue={secure ? undefined : text(value)} />;
      }
      if (property.isMultiLine) return <TextAreaField {...common} placeholder={placeholder} defaultValue={text(value)} />;
      return <TextField {...common} placeholder={placeholder} defaultValue={text(value)} />;
  }
}

/** The fields of a SettingsSchema (SPEC §3) in their order, for use inside a Form. */
export function SchemaFields({ schema, settings, existing = false, secureHelp }: SchemaFieldsProps) {
  return (
    <>
      {orderedProperties(schema).map((entry) => {
        const stored = settings?.[entry.name];
        const value = isSecure(entry.property) ? undefined : (stored ?? (existing ? undefined : entry.property.default));
        return <SchemaField key={entry.name} {...entry} value={value} existing={existing} secureHelp={secureHelp} i18nKey={schema['x-i18n']} />;
      })}
    </>
  );
}
