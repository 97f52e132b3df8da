import { useMemo, useRef, type FormEvent } from 'react';
import { isRecord } from '../../lib/formConversion';
import type { SchemaErrors } from '../../../domain/schemaValidation';
import { SECURE_SETTINGS_FIELD, SETTINGS_FIELD, validateSettings } from '../../../domain/settingsModule';
import type { SettingsSchema } from '../../../domain/settingsSchema';

// What a Form needs to submit a SettingsSchema's fields: Settings and SecureSettings split, empty
// values dropped, secure values only when the user changed them, and validation by the settings
// module the server checks with too (domain/settingsModule.ts), whose errors land on `Settings.x`
// or `SecureSettings.x`.

export const SETTINGS = SETTINGS_FIELD;
export const SECURE_SETTINGS = SECURE_SETTINGS_FIELD;

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
  return useMemo(() => {
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
      /** Editing a stored item: an empty required secure field keeps the stored value. */
      validate(values: Record<string, unknown>): SchemaErrors {
        return validateSettings(schema, { Settings: nonEmpty(values[SETTINGS]), SecureSettings: nonEmpty(values[SECURE_SETTINGS]) }, { secureOptional: existing });
      },
    };
  }, [schema, existing]);
}
