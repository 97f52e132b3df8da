import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Play } from 'lucide-react';
import { useCreateTaskSchedulerMutation, useRunTaskSchedulerMutation, useUpdateTaskSchedulerMutation } from '../../../api/areas/taskSchedulers';
import type { TaskScheduler, TaskSchedulerMeasurement, TaskSchedulerRead } from '../../../api/generated/historian.gen';
import { CheckboxField, SelectField } from '../../../components/form/ChoiceFields';
import { contractChecks } from '../../../components/form/contractChecks';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { FormField } from '../../../components/form/FormField';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { isRecord } from '../../../lib/formConversion';
import { text } from '../access/pageHelpers';
import { RecentRuns } from './RecentRuns';
import { SchedulePreview } from './SchedulePreview';
import { browserTimezone, DEFAULT_RULE, formatRunTime, listPath, PRESETS, presetOf, settingsOf, timezones, type PresetId } from './taskSchedulerRules';

const FORM_ID = 'task-scheduler-form';
const checkScheduler = contractChecks('TaskScheduler');
const FIELDS = [
  'Name',
  'Description',
  'TaskType',
  'State',
  'RRule',
  'Timezone',
  'Settings.StartOffset',
  'Settings.Period',
  'Settings.FileInterval',
  'Settings.Directory',
  'Settings.AllowOverwrite',
  'Settings.MeasurementUUIDs',
];

interface TaskSchedulerFormProps {
  existing?: TaskSchedulerRead;
  /** null: the user may not read measurements, so their names are not offered. */
  measurements: readonly TaskSchedulerMeasurement[] | null;
  canManage: boolean;
}

/**
 * The editor of one task scheduler (DOMAIN §8): name, rule (a preset or any RRULE), time zone,
 * task type and its export settings, with the next ten runs previewed, DST changes flagged,
 * before anything is saved.
 */
export function TaskSchedulerForm({ existing, measurements: offered, canManage }: TaskSchedulerFormProps) {
  const measurements = offered ?? [];
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const formErrors = useFormErrors();
  const [run, running] = useRunTaskSchedulerMutation();
  const [create, creating] = useCreateTaskSchedulerMutation();
  const [update, updating] = useUpdateTaskSchedulerMutation();
  const [rule, setRule] = useState(existing?.RRule ?? DEFAULT_RULE);
  const [timezone, setTimezone] = useState(existing?.Timezone ?? browserTimezone());
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(existing?.Settings.MeasurementUUIDs ?? []));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [previewErrors, setPreviewErrors] = useState<Record<string, string[]>>({});
  const zones = useMemo(() => timezones(timezone), [timezone]);
  const preset = presetOf(rule);
  const settings = existing?.Settings;
  const shownErrors = useMemo(() => ({ ...previewErrors, ...errors }), [previewErrors, errors]);
  const keepPreviewErrors = useCallback((found: Record<string, string[]>) => setPreviewErrors(found), []);

  const prepare = (values: Record<string, unknown>) => ({
    ...values,
    Description: text(values.Description),
    Settings: settingsOf(isRecord(values.Settings) ? values.Settings : {}, [...chosen], settings?.Labels ?? []),
  });

  const save = async (values: Record<string, unknown>) => {
    const body: TaskScheduler = {
      Name: text(values.Name).trim(),
      Description: text(values.Description),
      RRule: rule.trim(),
      Timezone: timezone,
      TaskType: 'parquet_export',
      State: values.State === 'running' ? 'running' : 'stopped',
      Settings: settingsOf(values.Settings, [...chosen], settings?.Labels ?? []),
    };
    const saved = existing ? await update({ id: existing.UUID, taskScheduler: body }) : await create({ taskScheduler: body });
    if (saved.error) {
      setErrors(formErrors(saved.error, FIELDS));
      return;
    }
    setErrors({});
    navigate(listPath());
  };

  const toggle = (uuid: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  const presetLabels: Record<PresetId, string> = {
    hourly: t('task_schedulers.presets.hourly'),
    daily: t('task_schedulers.presets.daily'),
    weekly: t('task_schedulers.presets.weekly'),
    monthly: t('task_schedulers.presets.monthly'),
  };
  const measurementNames = measurements.filter((m) => chosen.has(m.UUID)).map((m) => m.Name);
  return (
    <Form id={FORM_ID} mode={canManage ? 'edit' : 'read'} errors={shownErrors} prepare={prepare} validate={checkScheduler} onSubmit={(values) => void save(values)}>
      <Fieldset legend={t('task_schedulers.sections.task')}>
        <TextField name="Name" label={t('task_schedulers.name')} help={t('task_schedulers.name_help')} required defaultValue={existing?.Name} autoComplete="off" />
        <TextAreaField name="Description" label={t('task_schedulers.description')} rows={2} defaultValue={existing?.Description} />
        <SelectField
          name="TaskType"
          label={t('task_schedulers.task_type')}
          help={t('task_schedulers.task_type_help')}
          required
          options={[{ value: 'parquet_export', label: t('task_schedulers.task_types.parquet_export') }]}
          defaultValue={existing?.TaskType ?? 'parquet_export'}
        />
        <SelectField
          name="State"
          label={t('task_schedulers.state')}
          help={t('task_schedulers.state_help')}
          required
          options={[
            { value: 'running', label: t('task_schedulers.states.running') },
            { value: 'stopped', label: t('task_schedulers.states.stopped') },
          ]}
          defaultValue={existing?.State ?? 'running'}
        />
      </Fieldset>
      <Fieldset legend={t('task_schedulers.sections.schedule')}>
        {existing && (
          <dl className="task-scheduler-runs">
            <dt>{t('task_schedulers.next_run')}</dt>
            <dd>{existing.NextRunAt ? formatRunTime(existing.NextRunAt, existing.Timezone, i18n.language) : t('task_schedulers.no_next_run')}</dd>
            <dt>{t('task_schedulers.last_run')}</dt>
            <dd>{existing.LastRunAt ? formatRunTime(existing.LastRunAt, existing.Timezone, i18n.language) : t('task_schedulers.no_last_run')}</dd>
          </dl>
        )}
        {canManage && (
          <FormField name="preset" label={t('task_schedulers.preset')} help={t('task_schedulers.preset_help')}>
            {(control) => (
              <select
                {...control}
                value={preset}
                onChange={(event) => {
                  const picked = PRESETS.find((p) => p.id === event.currentTarget.value);
                  if (picked) setRule(picked.rule);
                }}
              >
                {PRESETS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {presetLabels[p.id]}
                  </option>
                ))}
                <option value="custom">{t('task_schedulers.presets.custom')}</option>
              </select>
            )}
          </FormField>
        )}
        <TextField
          name="RRule"
          label={t('task_schedulers.rule')}
          help={t('task_schedulers.rule_help')}
          required
          value={rule}
          onChange={(event) => setRule(event.currentTarget.value)}
          spellCheck={false}
          autoComplete="off"
          className="task-scheduler-rule-input"
        />
        <SelectField
          name="Timezone"
          label={t('task_schedulers.timezone')}
          help={t('task_schedulers.timezone_help')}
          required
          options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
          value={timezone}
          onChange={(event) => setTimezone(event.currentTarget.value)}
        />
        <SchedulePreview rule={rule} timezone={timezone} onErrors={keepPreviewErrors} />
        {existing && <RecentRuns schedulerUuid={existing.UUID} timezone={existing.Timezone} />}
      </Fieldset>
      <Fieldset legend={t('task_schedulers.sections.export')}>
        <p className="task-scheduler-export-help">{t('task_schedulers.export_help')}</p>
        <TextField name="Settings.Period" label={t('task_schedulers.period')} help={t('task_schedulers.period_help')} required defaultValue={settings?.Period ?? '1d'} />
        <TextField
          name="Settings.FileInterval"
          label={t('task_schedulers.file_interval')}
          help={t('task_schedulers.file_interval_help')}
          required
          defaultValue={settings?.FileInterval ?? '1h'}
        />
        <TextField name="Settings.StartOffset" label={t('task_schedulers.start_offset')} help={t('task_schedulers.start_offset_help')} defaultValue={settings?.StartOffset ?? '0s'} />
        <TextField name="Settings.Directory" label={t('task_schedulers.directory')} help={t('task_schedulers.directory_help')} defaultValue={settings?.Directory ?? ''} />
        <CheckboxField
          name="Settings.AllowOverwrite"
          label={t('task_schedulers.allow_overwrite')}
          help={t('task_schedulers.allow_overwrite_help')}
          defaultChecked={settings?.AllowOverwrite ?? false}
        />
        <FormField
          name="Settings.MeasurementUUIDs"
          label={t('task_schedulers.measurements')}
          help={t('task_schedulers.measurements_help')}
          readValue={measurementNames.length > 0 ? measurementNames.join(', ') : t('task_schedulers.no_measurements_chosen')}
        >
          {(control) =>
            measurements.length === 0 ? (
              <p id={control.id} className="muted">
                {offered === null ? t('task_schedulers.measurements_hidden') : t('task_schedulers.no_measurements')}
              </p>
            ) : (
              <div id={control.id} role="group" aria-describedby={control['aria-describedby']} className="task-scheduler-measurements">
                {measurements.map((measurement) => (
                  <label key={measurement.UUID}>
                    <input type="checkbox" checked={chosen.has(measurement.UUID)} onChange={() => toggle(measurement.UUID)} />
                    {measurement.Name}
                  </label>
                ))}
              </div>
            )
          }
        </FormField>
      </Fieldset>
      {canManage && (
        <FormActions backTo={listPath()} busy={creating.isLoading || updating.isLoading}>
          {existing && (
            <button type="button" className="task-scheduler-run" disabled={running.isLoading} onClick={() => void run({ id: existing.UUID })}>
              <Play size={16} aria-hidden="true" />
              {t('task_schedulers.run_now')}
            </button>
          )}
        </FormActions>
      )}
    </Form>
  );
}
