import { Pencil, Undo2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateEventMutation } from '../../../api/areas/events';
import type { Event, EventPropertyConfigurationRead, EventPropertyValue } from '../../../api/generated/historian.gen';
import { PeriodicChart } from '../../../components/events/PeriodicChart';
import { PropertyValueInput, typedValue, valueText } from './PropertyValueInput';
import { formatValue } from './useEventColumns';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

interface EventPropertyRowProps {
  event: Event;
  name: string;
  value: EventPropertyValue | undefined;
  configuration: EventPropertyConfigurationRead | undefined;
  canManage: boolean;
}

/** The datatype of a property: its configuration's, else the type of the value it holds. */
function datatypeOf(value: EventPropertyValue | undefined, configuration: EventPropertyConfigurationRead | undefined): EventPropertyConfigurationRead['Datatype'] {
  if (configuration?.Datatype) return configuration.Datatype;
  const held = value?.Value;
  return typeof held === 'number' ? 'number' : typeof held === 'boolean' ? 'boolean' : 'string';
}

/**
 * One property of an event: its value (a small chart for a periodic one), the Manual and Defaulted
 * markers, an edit with a reason (audited), and "give back" which hands a typed value back to its
 * configuration (the rulebook: a value sent as null).
 */
export function EventPropertyRow({ event, name, value, configuration, canManage }: EventPropertyRowProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const typing = { Datatype: datatypeOf(value, configuration), PossibleValues: configuration?.PossibleValues };
  const [draft, setDraft] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [update, state] = useUpdateEventMutation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const periodic = value?.Series || configuration?.PropertyType === 'periodic' || configuration?.PropertyType === 'periodic_with_dimension';
  const possibleLabel = configuration?.PossibleValues?.find((item) => item.Value === value?.Value)?.Label;
  const shown = possibleLabel ?? formatValue(value?.Value, number, t('events.overview.yes'), t('events.overview.no'));

  const send = async (next: number | string | boolean | null) => {
    const result = await update({
      id: event.UUID,
      eventWrite: { EventConfigurationUUID: event.EventConfigurationUUID, StartTime: event.StartTime, StopTime: event.StopTime, Properties: { [name]: next }, Reason: reason.trim() || undefined },
    });
    if (result.error) {
      setError(t('events.details.save_failed'));
      return false;
    }
    return true;
  };
  const save = async (submit: FormEvent) => {
    submit.preventDefault();
    const typed = typedValue(draft, typing);
    if (typed === undefined || typed === null) {
      setError(typed === null ? t('events.overview.new.not_a_number') : t('events.overview.new.required'));
      return;
    }
    setError('');
    if (await send(typed)) {
      setEditing(false);
      setReason('');
    }
  };
  return (
    <li className="event-property">
      <div className="event-property-head">
        <span className="event-property-name">{name}</span>
        {value?.Manual && <span className="event-marker event-marker-manual">{t('events.details.manual')}</span>}
        {value?.Defaulted && <span className="event-marker event-marker-defaulted">{t('events.details.defaulted')}</span>}
        {!periodic && <span className="event-property-value">{shown === '' ? <span className="muted">{t('events.details.no_value')}</span> : shown}</span>}
        {canManage && !periodic && !editing && (
          <span className="event-property-actions">
            <button
              type="button"
              className="icon-button"
              aria-label={t('events.details.edit', { name })}
              title={t('events.details.edit', { name })}
              onClick={() => {
                setDraft(valueText(value?.Value, typing));
                setError('');
                setEditing(true);
              }}
            >
              <Pencil {...ICON} />
            </button>
            {value?.Manual && (
              <button type="button" className="icon-button" aria-label={t('events.details.give_back', { name })} title={t('events.details.give_back', { name })} disabled={state.isLoading} onClick={() => void send(null)}>
                <Undo2 {...ICON} />
              </button>
            )}
          </span>
        )}
      </div>
      {periodic && (value?.Series ? <PeriodicChart name={name} series={value.Series} unit={undefined} /> : <p className="muted">{t('events.details.no_series')}</p>)}
      {editing && (
        <form className="event-property-edit" onSubmit={(submit) => void save(submit)} noValidate>
          <label htmlFor={`${id}-value`}>{t('events.details.new_value')}</label>
          <PropertyValueInput id={`${id}-value`} configuration={typing} value={draft} onChange={setDraft} aria-invalid={error !== '' || undefined} aria-describedby={error ? `${id}-error` : undefined} />
          <label htmlFor={`${id}-reason`}>{t('events.details.reason')}</label>
          <input id={`${id}-reason`} value={reason} maxLength={500} onChange={(change) => setReason(change.target.value)} />
          <div className="event-property-edit-actions">
            <button type="button" onClick={() => setEditing(false)}>
              {t('events.details.cancel')}
            </button>
            <button type="submit" className="primary" disabled={state.isLoading}>
              {t('events.details.save')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
