import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetEventPropertyConfigurationsQuery } from '../../../api/areas/eventConfigurations';
import { useCreateEventMutation } from '../../../api/areas/events';
import type { Event, EventConfigurationRead, EventPropertyConfigurationRead } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { problemCode } from '../../../api/outcomes';
import { PropertyValueInput, typedValue } from './PropertyValueInput';
import { fromLocalInput, toLocalInput } from '../../../lib/localTimeInput';

const FORM_ID = 'event-new-form';

/** A manual event (rulebook "Events calls"): a configuration, start, optional stop, and the simple properties typed by hand. */
export function NewEventDialog({ configurations, onClose, onCreated }: { configurations: readonly EventConfigurationRead[]; onClose: () => void; onCreated: (event: Event) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [configuration, setConfiguration] = useState(configurations[0]?.UUID ?? '');
  const [start, setStart] = useState(() => toLocalInput(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000));
  const [stop, setStop] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [refusal, setRefusal] = useState('');
  const { data: propertyConfigurations } = useGetEventPropertyConfigurationsQuery({ eventConfigurationUuiDs: [configuration], limit: 1000 }, { skip: configuration === '' });
  const simple = (propertyConfigurations ?? []).filter((item) => (item.PropertyType ?? 'simple') === 'simple' && item.PropertyName);
  const [create, state] = useCreateEventMutation();
  const fieldErrors = useFormErrors();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string[]> = {};
    const startTime = fromLocalInput(start);
    const stopTime = stop === '' ? null : fromLocalInput(stop);
    if (configuration === '') found.EventConfigurationUUID = [t('events.overview.new.required')];
    if (startTime === null) found.StartTime = [t('events.overview.new.required')];
    if (stop !== '' && (stopTime === null || (startTime !== null && stopTime <= startTime))) found.StopTime = [t('events.overview.new.stop_after_start')];
    const properties: Record<string, number | string | boolean> = {};
    for (const item of simple) {
      const name = item.PropertyName ?? '';
      const typed = typedValue(values[name] ?? '', item);
      if (typed === undefined) continue;
      if (typed === null) found[`Properties.${name}`] = [t('events.overview.new.not_a_number')];
      else properties[name] = typed;
    }
    setErrors(found);
    setRefusal('');
    if (Object.keys(found).length > 0 || startTime === null) return;
    const result = await create({
      eventWrite: { EventConfigurationUUID: configuration, StartTime: new Date(startTime).toISOString(), StopTime: stopTime === null ? null : new Date(stopTime).toISOString(), Properties: properties },
    });
    if (!result.error) {
      onCreated(result.data);
      return;
    }
    setErrors(fieldErrors(result.error, ['EventConfigurationUUID', 'StartTime', 'StopTime', ...simple.map((item) => `Properties.${item.PropertyName ?? ''}`)]));
    setRefusal(problemCode(result.error) === 'events.errors.overlap' ? t('events.overview.new.overlap') : t('events.overview.new.failed'));
  };

  const fieldError = (name: string) =>
    errors[name]?.length ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {errors[name].join(' ')}
      </p>
    ) : null;
  const described = (name: string) => (errors[name]?.length ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});
  return (
    <Modal open title={t('events.overview.new.title')} onCancel={onClose} onSave={() => undefined} saveFormId={FORM_ID} labels={{ save: t('events.overview.new.create') }} busy={state.isLoading} width="560px">
      <form id={FORM_ID} className="event-new-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="event-field">
          <label htmlFor={`${id}-configuration`}>{t('events.overview.new.configuration')}</label>
          <select id={`${id}-configuration`} value={configuration} onChange={(event) => setConfiguration(event.target.value)} {...described('EventConfigurationUUID')}>
            {configurations.length === 0 && <option value="">{t('events.overview.new.no_configurations')}</option>}
            {configurations.map((item) => (
              <option key={item.UUID} value={item.UUID}>
                {`${item.EventTypeName ?? item.EventTypeUUID} · ${item.AssetPath ?? item.AssetUUID}`}
              </option>
            ))}
          </select>
          {fieldError('EventConfigurationUUID')}
        </div>
        <div className="event-new-times">
          <div className="event-field">
            <label htmlFor={`${id}-start`}>{t('events.overview.new.start')}</label>
            <input id={`${id}-start`} type="datetime-local" step={1} value={start} onChange={(event) => setStart(event.target.value)} {...described('StartTime')} />
            {fieldError('StartTime')}
          </div>
          <div className="event-field">
            <label htmlFor={`${id}-stop`}>{t('events.overview.new.stop')}</label>
            <input id={`${id}-stop`} type="datetime-local" step={1} value={stop} onChange={(event) => setStop(event.target.value)} {...described('StopTime')} />
            <p className="form-help muted">{t('events.overview.new.stop_help')}</p>
            {fieldError('StopTime')}
          </div>
        </div>
        {simple.length > 0 && (
          <fieldset className="event-new-properties">
            <legend>{t('events.overview.new.properties')}</legend>
            {simple.map((item: EventPropertyConfigurationRead) => {
              const name = item.PropertyName ?? '';
              return (
                <div className="event-field" key={item.UUID}>
                  <label htmlFor={`${id}-p-${item.UUID}`}>{name}</label>
                  <PropertyValueInput id={`${id}-p-${item.UUID}`} configuration={item} value={values[name] ?? ''} onChange={(value) => setValues((current) => ({ ...current, [name]: value }))} {...described(`Properties.${name}`)} />
                  {fieldError(`Properties.${name}`)}
                </div>
              );
            })}
          </fieldset>
        )}
        {refusal && (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        )}
      </form>
    </Modal>
  );
}
