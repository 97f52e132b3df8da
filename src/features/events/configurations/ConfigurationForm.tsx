import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMeasurementQuery } from '../../../api/areas/measurements';
import { useCreateEventConfigurationMutation, useGetEventConfigurationsQuery, useUpdateEventConfigurationMutation } from '../../../api/areas/eventConfigurations';
import type { EventConfiguration, EventConfigurationRead, EventStartSource, EventTypeDefinitionRead } from '../../../api/generated/historian.gen';
import { useAppSelector } from '../../../app/hooks';
import { SelectField } from '../../../components/form/ChoiceFields';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { FormField } from '../../../components/form/FormField';
import { TextField } from '../../../components/form/TextFields';
import { selectAccess } from '../../../state/privileges';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { MeasurementPicker } from '../../../components/MeasurementPicker/MeasurementPicker';
import { ConfigAssetPicker } from './ConfigAssetPicker';
import { ConfigSchedulePreview } from './ConfigSchedulePreview';
import { ExternalQueryEditor } from './ExternalQueryEditor';
import { EXTERNAL_POLL_INTERVAL_DEFAULT } from '../../../../domain/externalEvents';
import { browserTimezone, durationOrUndefined, PRESETS, presetOf, START_SOURCES, startSourceLabel, timezones, useEventFieldErrors } from './configRules';

const FIELDS = [
  'AssetUUID',
  'EventTypeUUID',
  'ParentEventConfigurationUUID',
  'StartSource',
  'Trigger',
  'Trigger.MeasurementUUID',
  'Trigger.GracePeriod',
  'Trigger.RefreshInterval',
  'Schedule',
  'Schedule.Rule',
  'Schedule.Timezone',
  'Schedule.Duration',
  'ExternalSource',
  'ExternalSource.ExternalDatabaseUUID',
  'ExternalSource.Query',
  'ExternalSource.PollInterval',
];

export interface ConfigurationFormProps {
  id: string;
  /** Null creates a configuration (on `assetUuid` when given). */
  configuration: EventConfigurationRead | null;
  assetUuid?: string;
  types: readonly EventTypeDefinitionRead[];
  /** Read only: no privilege, or the configuration runs (PUT only while stopped). */
  readOnly: boolean;
  onSaved: (configuration: EventConfigurationRead) => void;
  onCancel: () => void;
}

interface Draft {
  AssetUUID: string;
  EventTypeUUID: string;
  ParentEventConfigurationUUID: string;
  StartSource: EventStartSource;
  MeasurementUUID: string;
  GracePeriod: string;
  RefreshInterval: string;
  Rule: string;
  Timezone: string;
  Duration: string;
  ExternalDatabaseUUID: string;
  Query: string;
  PollInterval: string;
}

function draftOf(configuration: EventConfigurationRead | null, assetUuid: string | undefined, types: readonly EventTypeDefinitionRead[]): Draft {
  return {
    AssetUUID: configuration?.AssetUUID ?? assetUuid ?? '',
    EventTypeUUID: configuration?.EventTypeUUID ?? types[0]?.UUID ?? '',
    ParentEventConfigurationUUID: configuration?.ParentEventConfigurationUUID ?? '',
    StartSource: configuration?.StartSource ?? 'historian',
    MeasurementUUID: configuration?.Trigger?.MeasurementUUID ?? '',
    GracePeriod: configuration?.Trigger?.GracePeriod ?? '0s',
    RefreshInterval: configuration?.Trigger?.RefreshInterval ?? '10s',
    Rule: configuration?.Schedule?.Rule ?? PRESETS[0].rule,
    Timezone: configuration?.Schedule?.Timezone ?? browserTimezone(),
    Duration: configuration?.Schedule?.Duration ?? '',
    ExternalDatabaseUUID: configuration?.ExternalSource?.ExternalDatabaseUUID ?? '',
    Query: configuration?.ExternalSource?.Query ?? '',
    PollInterval: configuration?.ExternalSource?.PollInterval ?? EXTERNAL_POLL_INTERVAL_DEFAULT,
  };
}

/**
 * The body the server takes: the start source's part, the others left out (the rulebook wants them
 * null; the contract's validation refuses a null object, and absent is the same to the server).
 */
export function configurationBody(draft: Draft): EventConfiguration {
  const body: EventConfiguration = {
    AssetUUID: draft.AssetUUID,
    EventTypeUUID: draft.EventTypeUUID,
    ParentEventConfigurationUUID: draft.ParentEventConfigurationUUID || null,
    StartSource: draft.StartSource,
  };
  if (draft.StartSource === 'historian') {
    body.Trigger = { MeasurementUUID: draft.MeasurementUUID, GracePeriod: durationOrUndefined(draft.GracePeriod) ?? '0s', RefreshInterval: durationOrUndefined(draft.RefreshInterval) ?? '10s' };
  }
  if (draft.StartSource === 'schedule') {
    const duration = durationOrUndefined(draft.Duration);
    body.Schedule = { Rule: draft.Rule.trim(), Timezone: draft.Timezone, ...(duration ? { Duration: duration } : {}) };
  }
  if (draft.StartSource === 'external_database') {
    const pollInterval = durationOrUndefined(draft.PollInterval);
    body.ExternalSource = { ExternalDatabaseUUID: draft.ExternalDatabaseUUID, Query: draft.Query, ...(pollInterval ? { PollInterval: pollInterval } : {}) };
  }
  return body;
}

/**
 * An event configuration (server/events/README.md, "Configuration"): an event type on an asset,
 * an optional parent configuration, and the start source with its own part — a trigger
 * measurement for historian, a recurrence rule for schedule, a database and a query for
 * external_database, nothing for manual.
 */
export function ConfigurationForm({ id, configuration, assetUuid, types, readOnly, onSaved, onCancel }: ConfigurationFormProps) {
  const { t } = useTranslation();
  const fieldErrors = useEventFieldErrors();
  const can = useAppSelector(selectAccess);
  const mayPreview = can({ privileges: [PRIVILEGES.ReadTaskSchedulers] });
  const [draft, setDraft] = useState<Draft>(() => draftOf(configuration, assetUuid, types));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [previewErrors, setPreviewErrors] = useState<Record<string, string[]>>({});
  const [measurementName, setMeasurementName] = useState('');
  // Read mode shows the trigger by its name, without the picker that would look it up.
  const storedTrigger = useGetMeasurementQuery(readOnly && draft.MeasurementUUID ? { id: draft.MeasurementUUID } : skipToken);
  const [create, createState] = useCreateEventConfigurationMutation();
  const [update, updateState] = useUpdateEventConfigurationMutation();
  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !Object.keys(patch).some((name) => field === name || field.endsWith(`.${name}`)))));
  };
  const chosenType = types.find((type) => type.UUID === draft.EventTypeUUID);
  const parentTypeUuid = chosenType?.ParentUUID ?? null;
  const parents = useGetEventConfigurationsQuery({ eventTypeUuiDs: parentTypeUuid ? [parentTypeUuid] : [], limit: 1000 }, { skip: parentTypeUuid === null });
  const zones = useMemo(() => timezones(draft.Timezone), [draft.Timezone]);
  const keepPreviewErrors = useCallback((found: Record<string, string[]>) => setPreviewErrors(found), []);
  const shownErrors = useMemo(() => ({ ...previewErrors, ...errors }), [previewErrors, errors]);

  const submit = async () => {
    const local: Record<string, string[]> = {};
    if (!draft.AssetUUID) local.AssetUUID = [t('general.required')];
    if (!draft.EventTypeUUID) local.EventTypeUUID = [t('general.required')];
    if (draft.StartSource === 'historian' && !draft.MeasurementUUID) local['Trigger.MeasurementUUID'] = [t('general.required')];
    if (draft.StartSource === 'external_database' && !draft.ExternalDatabaseUUID) local['ExternalSource.ExternalDatabaseUUID'] = [t('general.required')];
    if (draft.StartSource === 'external_database' && !draft.Query.trim()) local['ExternalSource.Query'] = [t('general.required')];
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const body = configurationBody(draft);
    const saved = configuration ? await update({ id: configuration.UUID, eventConfiguration: body }) : await create({ eventConfiguration: body });
    if (saved.error) {
      setErrors(fieldErrors(saved.error, FIELDS));
      return;
    }
    setErrors({});
    onSaved(saved.data);
  };

  const typeOptions = types.map((type) => ({ value: type.UUID, label: type.Name }));
  const parentOptions = (parents.data ?? []).filter((parent) => parent.UUID !== configuration?.UUID).map((parent) => ({ value: parent.UUID, label: `${parent.AssetPath ?? ''} · ${parent.EventTypeName ?? ''}` }));
  const triggerError = shownErrors['Trigger.MeasurementUUID'] ?? shownErrors.Trigger;
  const preset = presetOf(draft.Rule);
  return (
    <Form id={id} mode={readOnly ? 'read' : 'edit'} errors={shownErrors} onSubmit={() => void submit()} className="evcfg-form">
      <Fieldset legend={t('events.configurations.form.what')}>
        <FormField name="AssetUUID" label={t('events.configurations.form.asset')} help={t('events.configurations.form.asset_help')} required readValue={configuration?.AssetPath}>
          {(control) => (
            <ConfigAssetPicker id={control.id} label={t('events.configurations.form.asset')} placeholder={t('events.configurations.form.asset_search')} value={draft.AssetUUID} invalid={control['aria-invalid']} onChange={(asset) => set({ AssetUUID: asset.UUID })} />
          )}
        </FormField>
        <SelectField
          name="EventTypeUUID"
          label={t('events.configurations.form.type')}
          required
          placeholder={types.length === 0 ? t('events.configurations.form.no_types') : undefined}
          options={typeOptions}
          value={draft.EventTypeUUID}
          readValue={configuration?.EventTypeName}
          onChange={(event) => set({ EventTypeUUID: event.currentTarget.value, ParentEventConfigurationUUID: '' })}
        />
        {parentTypeUuid !== null && (
          <SelectField
            name="ParentEventConfigurationUUID"
            label={t('events.configurations.form.parent')}
            help={t('events.configurations.form.parent_help', { type: chosenType?.ParentName ?? '' })}
            placeholder={t('events.configurations.form.no_parent')}
            options={parentOptions}
            value={draft.ParentEventConfigurationUUID}
            onChange={(event) => set({ ParentEventConfigurationUUID: event.currentTarget.value })}
          />
        )}
      </Fieldset>
      <Fieldset legend={t('events.configurations.form.start_source')}>
        <FormField name="StartSource" label={t('events.configurations.form.start_source_choice')} readValue={startSourceLabel(t, draft.StartSource)}>
          {(control) => (
            <div className="evcfg-sources" role="radiogroup" aria-labelledby={undefined} aria-describedby={control['aria-describedby']} id={control.id}>
              {START_SOURCES.map((source) => (
                <label key={source} className={`evcfg-source${draft.StartSource === source ? ' evcfg-source-chosen' : ''}`}>
                  <input
                    type="radio"
                    name="StartSourceChoice"
                    value={source}
                    checked={draft.StartSource === source}
                    onChange={() => set({ StartSource: source })}
                  />
                  <span>
                    <strong>{startSourceLabel(t, source)}</strong>
                    <span className="evcfg-help">{sourceHelp(t, source)}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
        </FormField>
        {draft.StartSource === 'historian' && (
          <>
            <FormField name="Trigger.MeasurementUUID" label={t('events.configurations.form.trigger')} help={t('events.configurations.form.trigger_help')} required error={triggerError} readValue={measurementName || storedTrigger.data?.Name || configuration?.Trigger?.MeasurementUUID}>
              {(control) => (
                <MeasurementPicker
                  id={control.id}
                  label={t('events.configurations.form.trigger')}
                  value={draft.MeasurementUUID}
                  invalid={control['aria-invalid']}
                  describedBy={control['aria-describedby']}
                  readOnly={readOnly}
                  onChange={(picked) => {
                    setMeasurementName(picked.name);
                    set({ MeasurementUUID: picked.uuid });
                  }}
                  onResolved={(picked) => setMeasurementName(picked.name)}
                />
              )}
            </FormField>
            <TextField name="Trigger.GracePeriod" label={t('events.configurations.form.grace_period')} help={t('events.configurations.form.grace_period_help')} value={draft.GracePeriod} onChange={(event) => set({ GracePeriod: event.currentTarget.value })} autoComplete="off" />
            <TextField name="Trigger.RefreshInterval" label={t('events.configurations.form.refresh_interval')} help={t('events.configurations.form.refresh_interval_help')} value={draft.RefreshInterval} onChange={(event) => set({ RefreshInterval: event.currentTarget.value })} autoComplete="off" />
          </>
        )}
        {draft.StartSource === 'schedule' && (
          <>
            {!readOnly && (
              <FormField name="preset" label={t('events.configurations.form.preset')}>
                {(control) => (
                  <select
                    {...control}
                    value={preset}
                    onChange={(event) => {
                      const picked = PRESETS.find((option) => option.id === event.currentTarget.value);
                      if (picked) set({ Rule: picked.rule });
                    }}
                  >
                    {PRESETS.map((option) => (
                      <option key={option.id} value={option.id}>
                        {presetLabel(t, option.id)}
                      </option>
                    ))}
                    <option value="custom">{t('events.configurations.form.preset_custom')}</option>
                  </select>
                )}
              </FormField>
            )}
            <TextField name="Schedule.Rule" label={t('events.configurations.form.rule')} help={t('events.configurations.form.rule_help')} required value={draft.Rule} onChange={(event) => set({ Rule: event.currentTarget.value })} spellCheck={false} autoComplete="off" className="evcfg-mono" />
            <SelectField name="Schedule.Timezone" label={t('events.configurations.form.timezone')} required options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))} value={draft.Timezone} onChange={(event) => set({ Timezone: event.currentTarget.value })} />
            <TextField name="Schedule.Duration" label={t('events.configurations.form.duration')} help={t('events.configurations.form.duration_help')} value={draft.Duration} onChange={(event) => set({ Duration: event.currentTarget.value })} autoComplete="off" />
            {mayPreview ? <ConfigSchedulePreview rule={draft.Rule} timezone={draft.Timezone} onErrors={keepPreviewErrors} /> : <p className="muted">{t('events.configurations.form.no_preview')}</p>}
          </>
        )}
        {draft.StartSource === 'manual' && <p className="evcfg-note">{t('events.configurations.form.manual_note')}</p>}
        {draft.StartSource === 'external_database' && (
          <ExternalQueryEditor
            kind="source"
            fields={{ database: 'ExternalSource.ExternalDatabaseUUID', query: 'ExternalSource.Query', pollInterval: 'ExternalSource.PollInterval' }}
            databaseUuid={draft.ExternalDatabaseUUID}
            query={draft.Query}
            pollInterval={draft.PollInterval}
            readOnly={readOnly}
            properties={(chosenType?.Properties ?? []).filter((property) => property.Type === 'simple').map((property) => ({ name: property.Name, datatype: property.Datatype }))}
            onChange={(patch) =>
              set({
                ...(patch.databaseUuid !== undefined ? { ExternalDatabaseUUID: patch.databaseUuid } : {}),
                ...(patch.query !== undefined ? { Query: patch.query } : {}),
                ...(patch.pollInterval !== undefined ? { PollInterval: patch.pollInterval } : {}),
              })
            }
          />
        )}
      </Fieldset>
      {!readOnly && <FormActions onCancel={onCancel} formId={id} busy={createState.isLoading || updateState.isLoading} saveLabel={configuration ? undefined : t('events.configurations.form.create')} />}
    </Form>
  );
}

function sourceHelp(t: ReturnType<typeof useTranslation>['t'], source: EventStartSource): string {
  if (source === 'schedule') return t('events.configurations.sources.schedule_help');
  if (source === 'manual') return t('events.configurations.sources.manual_help');
  if (source === 'external_database') return t('events.configurations.sources.external_database_help');
  return t('events.configurations.sources.historian_help');
}

function presetLabel(t: ReturnType<typeof useTranslation>['t'], preset: string): string {
  if (preset === 'two_shifts') return t('events.configurations.presets.two_shifts');
  if (preset === 'daily') return t('events.configurations.presets.daily');
  if (preset === 'hourly') return t('events.configurations.presets.hourly');
  return t('events.configurations.presets.three_shifts');
}
