import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSplitEventMutation } from '../../../api/areas/events';
import type { Event } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { fromLocalInput, toLocalInput } from '../../../lib/localTimeInput';

/** Split at a time inside the event (rulebook: start < At < stop, or before now while open), checked before sending. */
export function SplitDialog({ event, onClose, now = Date.now }: { event: Event; onClose: () => void; now?: () => number }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const start = Date.parse(event.StartTime);
  const end = event.StopTime ? Date.parse(event.StopTime) : now();
  const [value, setValue] = useState(() => toLocalInput(Math.round((start + (end - start) / 2) / 1000) * 1000));
  const [error, setError] = useState('');
  const [split, state] = useSplitEventMutation();
  const fieldErrors = useFormErrors();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const submit = async () => {
    const at = fromLocalInput(value);
    const latest = event.StopTime ? end : now();
    if (at === null || at <= start || at >= latest) {
      setError(t('events.overview.split.outside'));
      return;
    }
    setError('');
    const result = await split({ id: event.UUID, eventSplit: { At: new Date(at).toISOString() } });
    if (!result.error) {
      onClose();
      return;
    }
    // The rule's code comes as the field's message (rulebook "Events calls"); shown in the user's words.
    const onField = fieldErrors(result.error, ['At']).At?.[0];
    setError(onField === 'events.errors.split_outside' ? t('events.overview.split.outside') : (onField ?? t('events.overview.split.failed')));
  };
  return (
    <Modal open title={t('events.overview.split.title')} onCancel={onClose} onConfirm={() => void submit()} labels={{ confirm: t('events.overview.split.confirm') }} busy={state.isLoading}>
      <p>
        {t('events.overview.split.text', {
          start: time.format(new Date(start)),
          stop: event.StopTime ? time.format(new Date(end)) : t('events.overview.running'),
        })}
      </p>
      <div className="event-field">
        <label htmlFor={id}>{t('events.overview.split.at')}</label>
        <input
          id={id}
          type="datetime-local"
          step={1}
          value={value}
          min={toLocalInput(start)}
          max={toLocalInput(end)}
          aria-invalid={error !== '' || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(change) => setValue(change.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
