import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetLlmConfigurationQuery, useGetLlmToolsQuery, useTestLlmConfigurationMutation, useUpdateLlmConfigurationMutation } from '../../../api/areas/llm';
import type { ConnectionTestResult, LlmConfigurationRead, LlmConfigurationWrite, LlmProvider, LlmTool } from '../../../api/generated/historian.gen';
import { useAppSelector } from '../../../app/hooks';
import { CheckboxField, SelectField } from '../../../components/form/ChoiceFields';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { NumberField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { useToasts } from '../../../components/Toasts/useToasts';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import type { SchemaErrors } from '../../../../domain/schemaValidation';
import { selectAccess, selectCurrentOrganizationUuid } from '../../../state/privileges';
import { Page } from '../access/pageHelpers';
import { ConnectionTestSteps } from '../timeseries/ConnectionTestSteps';
import '../timeseries/timeseries.css';
import './ai.css';

export const PROVIDERS: readonly LlmProvider[] = ['openai', 'azure_openai', 'anthropic', 'openai_compatible'];
const FIELDS = ['Enabled', 'Provider', 'BaseURL', 'Model', 'AzureDeployment', 'ApiVersion', 'SecureSettings.ApiKey', 'TimeoutSeconds', 'MaxOutputTokens', 'AllowedTools'];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const integer = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

function range(value: unknown, min: number, max: number): SchemaErrors[string] | undefined {
  if (typeof value !== 'number') return [{ key: 'general.required', values: {} }];
  if (value < min) return [{ key: 'form.errors.minimum', values: { limit: String(min) } }];
  if (value > max) return [{ key: 'form.errors.maximum', values: { limit: String(max) } }];
  return undefined;
}

interface AiFormProps {
  configuration: LlmConfigurationRead;
  tools: readonly LlmTool[];
  canManage: boolean;
}

/** The form of the organization's assistant configuration; the API key is sent only when typed or cleared. */
function AiForm({ configuration, tools, canManage }: AiFormProps) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const [save, saving] = useUpdateLlmConfigurationMutation();
  const [test, testing] = useTestLlmConfigurationMutation();
  const [provider, setProvider] = useState<LlmProvider>(configuration.Provider);
  const [allowed, setAllowed] = useState<Set<string>>(() => new Set(configuration.AllowedTools ?? []));
  const [clearKey, setClearKey] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const intent = useRef<'save' | 'test'>('save');
  const keyStored = (configuration.StoredSecureSettings ?? []).includes('ApiKey');
  const azure = provider === 'azure_openai';

  const validate = (values: Record<string, unknown>): SchemaErrors => {
    const found: SchemaErrors = {};
    const timeout = range(values.TimeoutSeconds, 5, 600);
    if (timeout) found.TimeoutSeconds = timeout;
    const tokens = range(values.MaxOutputTokens, 64, 32000);
    if (tokens) found.MaxOutputTokens = tokens;
    if (azure && text(values.AzureDeployment) === '') found.AzureDeployment = [{ key: 'general.required', values: {} }];
    return found;
  };

  const bodyOf = (values: Record<string, unknown>): LlmConfigurationWrite => {
    const key = text(values.ApiKey);
    return {
      Enabled: values.Enabled === true,
      Provider: provider,
      BaseURL: text(values.BaseURL),
      Model: text(values.Model),
      ...(azure ? { AzureDeployment: text(values.AzureDeployment), ApiVersion: text(values.ApiVersion) } : {}),
      // Absent keeps the stored key, null clears it (domain/settingsModule.ts).
      ...(key !== '' ? { SecureSettings: { ApiKey: key } } : clearKey ? { SecureSettings: { ApiKey: null } } : {}),
      TimeoutSeconds: integer(values.TimeoutSeconds, 60),
      MaxOutputTokens: integer(values.MaxOutputTokens, 1024),
      // In the tools' own order, so that a save changes nothing when nothing was changed.
      AllowedTools: tools.map((tool) => tool.Name).filter((name) => allowed.has(name)),
    };
  };

  const submit = async (values: Record<string, unknown>) => {
    const action = intent.current;
    intent.current = 'save';
    setResult(null);
    const body = bodyOf(values);
    if (action === 'test') {
      const tested = await test({ llmConfiguration: body });
      if (tested.error) setErrors(formErrors(tested.error, FIELDS));
      else {
        setErrors({});
        setResult(tested.data);
      }
      return;
    }
    const saved = await save({ llmConfiguration: body });
    if (saved.error) setErrors(formErrors(saved.error, FIELDS));
    else {
      setErrors({});
      setClearKey(false);
    }
  };

  const toggleTool = (name: string, on: boolean) =>
    setAllowed((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const busy = saving.isLoading || testing.isLoading;
  const providerOptions = PROVIDERS.map((value) => ({ value, label: t(`llm.providers.${value}`) }));
  return (
    <Form id="llm-form" mode={canManage ? 'edit' : 'read'} errors={errors} validate={validate} onSubmit={(values) => void submit(values)}>
      <Fieldset legend={t('llm.sections.assistant')}>
        <CheckboxField name="Enabled" label={t('llm.enabled')} help={t('llm.enabled_help')} defaultChecked={configuration.Enabled} />
        <SelectField
          name="Provider"
          label={t('llm.provider')}
          help={t(`llm.provider_help.${provider}`)}
          required
          options={providerOptions}
          value={provider}
          onChange={(event) => setProvider(event.currentTarget.value as LlmProvider)}
        />
        <TextField
          name="BaseURL"
          label={t('llm.base_url')}
          help={t('llm.base_url_help')}
          placeholder={provider === 'openai_compatible' ? 'http://localhost:11434/v1' : undefined}
          defaultValue={configuration.BaseURL}
          maxLength={2000}
          autoComplete="off"
        />
        <TextField name="Model" label={t('llm.model')} help={t('llm.model_help')} defaultValue={configuration.Model} autoComplete="off" />
        {azure && (
          <>
            <TextField name="AzureDeployment" label={t('llm.azure_deployment')} help={t('llm.azure_deployment_help')} required defaultValue={configuration.AzureDeployment} autoComplete="off" />
            <TextField name="ApiVersion" label={t('llm.api_version')} help={t('llm.api_version_help')} placeholder="2024-10-21" defaultValue={configuration.ApiVersion} autoComplete="off" />
          </>
        )}
        <TextField
          name="ApiKey"
          type="password"
          label={t('llm.api_key')}
          help={keyStored ? t('llm.api_key_stored') : t('llm.api_key_help')}
          autoComplete="new-password"
          readValue={keyStored ? t('llm.api_key_is_stored') : t('llm.api_key_none')}
          disabled={clearKey}
        />
        {canManage && keyStored && (
          <label className="llm-clear-key">
            <input type="checkbox" checked={clearKey} onChange={(event) => setClearKey(event.currentTarget.checked)} />
            {t('llm.api_key_clear')}
          </label>
        )}
      </Fieldset>
      <Fieldset legend={t('llm.sections.limits')}>
        <NumberField name="TimeoutSeconds" label={t('llm.timeout')} help={t('llm.timeout_help')} numberType="int" min={5} max={600} required defaultValue={String(configuration.TimeoutSeconds)} />
        <NumberField
          name="MaxOutputTokens"
          label={t('llm.max_output_tokens')}
          help={t('llm.max_output_tokens_help')}
          numberType="int"
          min={64}
          max={32000}
          required
          defaultValue={String(configuration.MaxOutputTokens)}
        />
      </Fieldset>
      <fieldset className="llm-tools">
        <legend>{t('llm.tools.title')}</legend>
        <p className="muted">{t('llm.tools.description')}</p>
        <ul>
          {tools.map((tool) => (
            <li key={tool.Name}>
              <label>
                <input type="checkbox" checked={allowed.has(tool.Name)} disabled={!canManage} onChange={(event) => toggleTool(tool.Name, event.currentTarget.checked)} />
                <span className="llm-tool-name">{tool.Name}</span>
              </label>
              <span className="llm-tool-description">{tool.Description}</span>
              <code className="llm-tool-call">
                {tool.Method} {tool.Path}
              </code>
              <span className="llm-tool-privileges">{t('llm.tools.privileges', { privileges: tool.Privileges.join(', ') })}</span>
            </li>
          ))}
        </ul>
      </fieldset>
      {canManage && (
        <FormActions busy={busy} onSaveClick={() => (intent.current = 'save')}>
          <button
            type="button"
            disabled={busy}
            onClick={(event) => {
              intent.current = 'test';
              event.currentTarget.form?.requestSubmit();
            }}
          >
            {testing.isLoading ? t('llm.test.running') : t('llm.test.run')}
          </button>
        </FormActions>
      )}
      {result && <ConnectionTestSteps result={result} />}
    </Form>
  );
}

/** /configuration/ai: the organization's AI assistant. READ_LLM sees it, MANAGE_LLM changes and tests it. */
export function AiPage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const can = useAppSelector(selectAccess);
  const organizationUuid = useAppSelector(selectCurrentOrganizationUuid);
  const canRead = can({ privileges: [PRIVILEGES.ReadLlm] });
  const canManage = can({ privileges: [PRIVILEGES.ManageLlm] });
  const skip = !canRead || organizationUuid === null;
  const organization = { 'x-organization-uuid': organizationUuid ?? undefined };
  const configuration = useGetLlmConfigurationQuery(organization, { skip });
  const tools = useGetLlmToolsQuery(organization, { skip });
  const error = configuration.error ?? tools.error;

  useEffect(() => {
    if (error) toasts.showError(t('llm.errors.load'), error);
  }, [error, toasts, t]);

  let content;
  if (error) content = <p role="alert">{t('llm.errors.load')}</p>;
  else if (!configuration.data || !tools.data) content = <p role="status">{t('app.loading')}</p>;
  else content = <AiForm key={`${organizationUuid ?? ''}/${configuration.data.UpdatedAt ?? ''}`} configuration={configuration.data} tools={tools.data} canManage={canManage} />;
  return (
    <Page title={t('pages.ai')} description={t('llm.page_description')}>
      {content}
    </Page>
  );
}
