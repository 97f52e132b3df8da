import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateForwarderMutation, usePreviewForwarderMutation, useSendForwarderTestMessageMutation, useUpdateForwarderMutation } from '../../../api/areas/sinks';
import type { Forwarder, ForwarderPreview, ForwarderRead, ForwarderSelection, ForwarderTemplates, ForwarderTestMessageResult, SinkRead } from '../../../api/generated/historian.gen';
import { SelectField } from '../../../components/form/ChoiceFields';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { useAppSelector } from '../../../app/hooks';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { SelectionEditor } from './SelectionEditor';
import { TEMPLATE_NAMES, TemplateEditors, TemplatePreview, templateErrorsOf, templateErrorText, templateLabel } from './TemplateEditors';
import { forwarderListPath, formatOf, MIN_RELOAD_SECONDS, reloadIntervalSeconds, sinkKindOf } from './sinkRules';
import { kindLabel } from './SinkState';
import { useDebouncedValue } from './useDebouncedValue';

const PREVIEW_DELAY_MS = 400;
const FORM_ID = 'forwarder-form';

interface Draft {
  Name: string;
  Description: string;
  SinkUUID: string;
  ReloadInterval: string;
  Selection: ForwarderSelection;
  Templates: ForwarderTemplates;
}

const draftOf = (forwarder: ForwarderRead | undefined, sinkUuid: string): Draft => ({
  Name: forwarder?.Name ?? '',
  Description: forwarder?.Description ?? '',
  SinkUUID: forwarder?.SinkUUID ?? sinkUuid,
  ReloadInterval: forwarder?.ReloadInterval ?? '5m',
  Selection: forwarder?.Selection ?? {},
  // A new forwarder starts on the server's defaults, shown greyed in its empty templates.
  Templates: forwarder?.Templates ?? {},
});

interface ForwarderFormProps {
  existing?: ForwarderRead;
  sinks: readonly SinkRead[];
  initialSink?: string;
  canManage: boolean;
  onDirtyChange: (dirty: boolean) => void;
  extraActions?: ReactNode;
}

/** The prefix the sink puts before every topic (its TopicPrefix setting). */
const topicPrefixOf = (sinks: readonly SinkRead[], uuid: string): string => {
  const prefix = sinks.find((sink) => sink.UUID === uuid)?.Settings.TopicPrefix;
  return typeof prefix === 'string' ? prefix : '';
};

/**
 * The editor of one forwarder: its sink (the format follows the sink's kind), what it selects,
 * its templates with a live preview rendered from a real recent point, and one test message
 * through the sink. Template errors land on their template, with line and column.
 */
export function ForwarderForm({ existing, sinks, initialSink, canManage, onDirtyChange, extraActions }: ForwarderFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const can = useAppSelector(selectAccess);
  const readsMeasurements = can({ privileges: [PRIVILEGES.ReadMeasurements] });
  const saved = useMemo(() => draftOf(existing, initialSink ?? ''), [existing, initialSink]);
  const [draft, setDraft] = useState<Draft>(saved);
  const [names, setNames] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [preview, setPreview] = useState<ForwarderPreview | null>(null);
  const [testMessage, setTestMessage] = useState<ForwarderTestMessageResult | null>(null);
  const [create, creation] = useCreateForwarderMutation();
  const [update, updating] = useUpdateForwarderMutation();
  const [render, rendering] = usePreviewForwarderMutation();
  const [send, sending] = useSendForwarderTestMessageMutation();
  const kind = sinkKindOf(sinks, draft.SinkUUID);
  const format = formatOf(kind);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const fields = ['Name', 'Description', 'SinkUUID', 'ReloadInterval', 'Format', ...TEMPLATE_NAMES.map((name) => `Templates.${name}`)];

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const request = useMemo(
    () => ({
      Format: format,
      Templates: draft.Templates,
      Selection: draft.Selection,
    }),
    [format, draft.Templates, draft.Selection],
  );
  const settled = useDebouncedValue(request, PREVIEW_DELAY_MS);
  useEffect(() => {
    if (!readsMeasurements) return;
    let current = true;
    void render({ forwarderPreviewRequest: settled }).then((outcome) => {
      if (current) setPreview(outcome.data ?? null);
    });
    return () => {
      current = false;
    };
  }, [settled, render, readsMeasurements]);

  const change = (patch: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...patch }));

  const checks = (values: Record<string, unknown>) => {
    const found: Record<string, string[]> = {};
    const seconds = reloadIntervalSeconds(typeof values.ReloadInterval === 'string' ? values.ReloadInterval : '');
    if (seconds === null) found.ReloadInterval = [t('forwarders.errors.reload_interval_format')];
    else if (seconds < MIN_RELOAD_SECONDS) found.ReloadInterval = [t('forwarders.errors.reload_interval_minimum')];
    return found;
  };

  const save = async () => {
    const description = draft.Description.trim();
    const forwarder: Forwarder = {
      Name: draft.Name.trim(),
      ...(description ? { Description: description } : {}),
      SinkUUID: draft.SinkUUID,
      Selection: draft.Selection,
      Format: format,
      Templates: draft.Templates,
      ReloadInterval: draft.ReloadInterval.trim(),
    };
    const outcome = existing ? await update({ id: existing.UUID, forwarder }) : await create({ forwarder });
    if (outcome.error) {
      setErrors(formErrors(outcome.error, [...fields, 'Selection.Labels', 'Selection.AssetUUIDs', 'Selection.AssetPropertyUUIDs', 'Selection.EventTypeUUIDs']));
      return;
    }
    setErrors({});
    onDirtyChange(false);
    navigate(forwarderListPath());
  };

  const sendTest = async () => {
    setTestMessage(null);
    const outcome = await send({
      forwarderTestMessageRequest: { ...request, SinkUUID: draft.SinkUUID },
    });
    if (outcome.error) {
      setErrors(formErrors(outcome.error, fields));
      return;
    }
    setTestMessage(outcome.data);
  };

  const busy = creation.isLoading || updating.isLoading;
  const testErrors = testMessage?.Errors ?? [];
  return (
    <Form id={FORM_ID} className="forwarder-form" mode={canManage ? 'edit' : 'read'} errors={errors} checks={checks} onSubmit={() => void save()}>
      <Fieldset legend={t('forwarders.sections.forwarder')}>
        <TextField name="Name" label={t('forwarders.name')} required maxLength={200} value={draft.Name} autoComplete="off" onChange={(event) => change({ Name: event.currentTarget.value })} />
        <TextAreaField name="Description" label={t('forwarders.description')} rows={2} value={draft.Description} onChange={(event) => change({ Description: event.currentTarget.value })} />
        <SelectField
          name="SinkUUID"
          label={t('forwarders.sink')}
          required
          placeholder={t('form.choose')}
          options={sinks.map((sink) => ({
            value: sink.UUID,
            label: `${sink.Name} (${kindLabel(sink.Type, t)})`,
          }))}
          value={draft.SinkUUID}
          readValue={sinks.find((sink) => sink.UUID === draft.SinkUUID)?.Name}
          onChange={(event) => change({ SinkUUID: event.currentTarget.value })}
        />
        <p className="muted" role="note">
          {kind === undefined ? t('forwarders.format_choose_sink') : kind === 'SparkplugB' ? t('forwarders.format_sparkplugb') : t('forwarders.format_json')}
        </p>
        <TextField
          name="ReloadInterval"
          label={t('forwarders.reload_interval')}
          help={t('forwarders.reload_interval_help')}
          required
          value={draft.ReloadInterval}
          onChange={(event) => change({ ReloadInterval: event.currentTarget.value })}
        />
      </Fieldset>
      <Fieldset legend={t('forwarders.sections.selection')}>
        <SelectionEditor
          selection={draft.Selection}
          names={names}
          canEdit={canManage}
          errors={errors}
          onChange={(selection, added) => {
            change({ Selection: selection });
            if (added) setNames((previous) => ({ ...previous, ...added }));
          }}
        />
      </Fieldset>
      <div className="forwarder-templates">
        <Fieldset legend={t('forwarders.sections.templates')}>
          <TemplateEditors templates={draft.Templates} canEdit={canManage} errors={templateErrorsOf(preview)} fieldErrors={errors} onChange={(templates) => change({ Templates: templates })} />
        </Fieldset>
        <section className="sink-panel" aria-label={t('forwarders.preview.title')}>
          <h2>{t('forwarders.preview.title')}</h2>
          {readsMeasurements ? <TemplatePreview preview={preview} busy={rendering.isLoading} topicPrefix={topicPrefixOf(sinks, draft.SinkUUID)} /> : <p className="muted">{t('forwarders.preview.no_privilege')}</p>}
          {canManage && readsMeasurements && (
            <button type="button" disabled={sending.isLoading || draft.SinkUUID === ''} onClick={() => void sendTest()}>
              {sending.isLoading ? t('forwarders.test_message.sending') : t('forwarders.test_message.send')}
            </button>
          )}
          {testMessage &&
            (testMessage.Delivered ? (
              <p role="status">
                {t('forwarders.test_message.delivered', {
                  topic: testMessage.Topic ?? '',
                })}
              </p>
            ) : (
              <div role="alert" className="form-error">
                <p>
                  {t('forwarders.test_message.not_delivered', {
                    reason: testMessage.Message ?? '',
                  })}
                </p>
                {testErrors.map((error) => (
                  <p key={`${error.Template}-${error.Message}`}>
                    {templateLabel(error.Template, t)}: {templateErrorText(error, t)}
                  </p>
                ))}
              </div>
            ))}
        </section>
      </div>
      {canManage && (
        <FormActions backTo={forwarderListPath()} busy={busy}>
          {extraActions}
        </FormActions>
      )}
    </Form>
  );
}
