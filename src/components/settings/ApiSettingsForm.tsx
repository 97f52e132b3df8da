import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateSettingsBatchMutation } from '../../api/areas/configuration';
import type { Setting } from '../../api/generated/historian.gen';
import { SETTING_NAMES, type SettingName } from '../../../domain/settingNames';
import { normalizeSettingValue, restartRequired, settingValueError } from '../../../domain/settingRules';
import { Fieldset } from '../form/Fieldset';
import { Form } from '../form/Form';
import { TextField } from '../form/TextFields';

// The API and authentication settings of SPEC §2 (the API settings page and step 4 of the setup
// wizard): base URL, gRPC port, REST port, URL and session inactive duration, all settings of the
// root organization, checked with the rules the server applies too.

/** Form field name (no dots, which the form would read as nesting) → setting name. */
const FIELDS = {
  baseUrl: SETTING_NAMES.baseUrl,
  grpcPort: SETTING_NAMES.grpcPort,
  restPort: SETTING_NAMES.restPort,
  apiUrl: SETTING_NAMES.apiUrl,
  sessionInactiveDuration: SETTING_NAMES.sessionInactiveDuration,
} as const satisfies Record<string, SettingName>;

type FieldName = keyof typeof FIELDS;
const FIELD_NAMES = Object.keys(FIELDS).filter((name): name is FieldName => name in FIELDS);

export interface ApiSettingsSaved {
  /** The session duration or base URL changed: the server must restart for them (SPEC §8). */
  restartRequired: boolean;
}

export interface ApiSettingsFormProps {
  /** The form's id, so a button outside it (the wizard's next) can submit it. */
  id: string;
  rootOrganizationUuid: string;
  /** The root organization's settings as loaded. */
  settings: readonly Setting[];
  /** Values shown for settings that do not exist yet. */
  defaults?: Partial<Record<SettingName, string>>;
  /** The API layer tells the user (src/api/outcomes.ts); these are for what else the caller does. */
  onSaved?: (result: ApiSettingsSaved) => void;
  onError?: (error: unknown) => void;
  /** Disables the fields (while the caller does something else). */
  disabled?: boolean;
  /** Told while the save runs, so that the caller can disable its own buttons. */
  onBusy?: (busy: boolean) => void;
}

export function ApiSettingsForm({ id, rootOrganizationUuid, settings, defaults = {}, onSaved, onError, disabled, onBusy }: ApiSettingsFormProps) {
  const { t } = useTranslation();
  const [save, { isLoading }] = useUpdateSettingsBatchMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    onBusy?.(isLoading);
    return () => onBusy?.(false);
  }, [isLoading, onBusy]);
  const stored: Record<string, string | undefined> = Object.fromEntries(settings.map((setting) => [setting.Name, setting.Value]));
  const initial = (field: FieldName) => stored[FIELDS[field]] ?? defaults[FIELDS[field]] ?? '';

  // Keys written out (STYLE §13): the shared rules hand back one of these.
  const message = (key: string) => {
    switch (key) {
      case 'settings.errors.required':
        return t('settings.errors.required');
      case 'settings.errors.duration':
        return t('settings.errors.duration');
      case 'settings.errors.port':
        return t('settings.errors.port');
      case 'settings.errors.url':
        return t('settings.errors.url');
      default:
        return t('settings.errors.invalid');
    }
  };

  const textsOf = (values: Record<string, unknown>) =>
    Object.fromEntries(FIELD_NAMES.map((field) => [field, typeof values[field] === 'string' ? values[field] : String(values[field] ?? '')]));

  // The rules the server applies too (domain/settingRules), checked on leaving a field and on submit.
  const checks = (values: Record<string, unknown>) => {
    const texts = textsOf(values);
    const found: Record<string, string[]> = {};
    for (const field of FIELD_NAMES) {
      // A field not in the form (disabled) is not sent, so not checked.
      if (!(field in values)) continue;
      const error = settingValueError(FIELDS[field], texts[field]);
      if (error !== null) found[field] = [message(error)];
    }
    return found;
  };

  const submit = async (values: Record<string, unknown>) => {
    const texts = textsOf(values);
    setErrors({});
    const after = Object.fromEntries(FIELD_NAMES.map((field) => [FIELDS[field], normalizeSettingValue(texts[field])]));
    const result = await save({
      'x-organization-uuid': rootOrganizationUuid,
      body: Object.entries(after).map(([Name, Value]) => ({ Name, Value, OrganizationUUID: rootOrganizationUuid })),
    });
    if (result.error) onError?.(result.error);
    else onSaved?.({ restartRequired: restartRequired(stored, after) });
  };

  const busy = disabled || isLoading;
  // The settings' own word for an empty one (domain/settingRules), not the forms' general one.
  const requiredMessage = t('settings.errors.required');
  return (
    <Form id={id} errors={errors} checks={checks} onSubmit={(values) => void submit(values)} aria-busy={busy || undefined}>
      <Fieldset legend={t('settings.api.sections.addresses')}>
        <TextField name="baseUrl" label={t('settings.api.base_url')} help={t('settings.api.base_url_help')} required data-required-message={requiredMessage} type="url" defaultValue={initial('baseUrl')} disabled={busy} />
        <TextField name="apiUrl" label={t('settings.api.url')} help={t('settings.api.url_help')} required data-required-message={requiredMessage} defaultValue={initial('apiUrl')} disabled={busy} />
      </Fieldset>
      <Fieldset legend={t('settings.api.sections.ports')}>
        <TextField name="grpcPort" label={t('settings.api.grpc_port')} help={t('settings.api.port_help')} required data-required-message={requiredMessage} inputMode="numeric" defaultValue={initial('grpcPort')} disabled={busy} />
        <TextField name="restPort" label={t('settings.api.rest_port')} help={t('settings.api.port_help')} required data-required-message={requiredMessage} inputMode="numeric" defaultValue={initial('restPort')} disabled={busy} />
      </Fieldset>
      <Fieldset legend={t('settings.api.sections.sessions')}>
        <TextField
          name="sessionInactiveDuration"
          label={t('settings.api.session_inactive_duration')}
          help={t('settings.api.session_inactive_duration_help')}
          required
          data-required-message={requiredMessage}
          placeholder="1m"
          defaultValue={initial('sessionInactiveDuration')}
          disabled={busy}
        />
      </Fieldset>
    </Form>
  );
}
