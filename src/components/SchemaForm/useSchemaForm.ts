import { useMemo, useRef, type FormEvent } from 'react';
import { isRecord } from '../../lib/formConversion';
import { validateWithSchema, type SchemaErrors } from '../../../domain/schemaValidation';
import { isSecure, toValidationSchema, type SettingsSchema } from '../../../domain/settingsSchema';

// What a Form needs to submit a SettingsSchema's fields: Settings and SecureSettings split, empty
// values dropped, secure values only when the user changed them, and validation with ajv whose
// errors land on `Settings.x` or `SecureSettings.x`.

export const SETTINGS = 'Settings';
export const SECURE_SETTINGS = 'SecureSettings';

export interface SchemaFormValues {
  Settings: Record<string, unknown>;
  SecureSettings: Record<string, unknown>;
}

export interface SchemaFormOptions {
  /** Editing a stored item: empty secure fields keep the stored values. */
  existing?: boolean;
}

const isEmpty = (value: unknown) => value === undefined || value === '';

function nonEmpty(values: unknown, keep: (key: string) => boolean = () => true): Record<string, unknown> {
  if (!isRecord(values)) return {};
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => !isEmpty(value) && keep(key)));
}

export function useSchemaForm(schema: SettingsSchema, { existing = false }: SchemaFormOptions = {}) {
  const changedSecrets = useRef(new Set<string>());
  const validationSchema = useMemo(() => toValidationSchema(schema, { secureOptional: existing }), [schema, existing]);

  return useMemo(() => {
    const fieldOf = (key: string) => {
      const property = schema.properties?.[key];
      return `${property && isSecure(property) ? SECURE_SETTINGS : SETTINGS}.${key}`;
    };
    return {
      /** Records which secure fields the user typed in. */
      onChange(event: FormEvent<HTMLFormElement>) {
        const target = event.target;
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
          const prefix = `${SECURE_SETTINGS}.`;
          if (target.name.startsWith(prefix)) changedSecrets.current.add(target.name.slice(prefix.length));
        }
      },
      prepare(values: Record<string, unknown>): Record<string, unknown> & SchemaFormValues {
        return {
          ...values,
          [SETTINGS]: nonEmpty(values[SETTINGS]),
          [SECURE_SETTINGS]: nonEmpty(values[SECURE_SETTINGS], (key) => changedSecrets.current.has(key)),
        };
      },
      validate(values: Record<string, unknown>): SchemaErrors {
        const flat = { ...nonEmpty(values[SETTINGS]), ...nonEmpty(values[SECURE_SETTINGS]) };
        const errors: SchemaErrors = {};
        for (const [path, list] of Object.entries(validateWithSchema(validationSchema, flat))) {
          const [key, ...rest] = path.split('.');
          errors[[fieldOf(key), ...rest].join('.')] = list;
        }
        return errors;
      },
    };
  }, [schema, validationSchema]);
}
