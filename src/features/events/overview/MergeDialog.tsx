import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetEventsQuery, useMergeEventMutation } from '../../../api/areas/events';
import type { Event } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { problemCode } from '../../../api/outcomes';

/**
 * Merge with the previous event (rulebook: the same configuration's latest start before this
 * one): the confirmation names both events' times; the previous one takes this one's stop.
 */
export function MergeDialog({ event, onClose }: { event: Event; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { data, isFetching } = useGetEventsQuery({ eventConfigurationUuiDs: [event.EventConfigurationUUID], stopTime: event.StartTime, sort: 'StartTime', limit: 2 });
  const previous = data?.find((candidate) => candidate.UUID !== event.UUID && Date.parse(candidate.StartTime) < Date.parse(event.StartTime));
  const [merge, state] = useMergeEventMutation();
  const [refusal, setRefusal] = useState('');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const span = (item: Event) => t('events.overview.merge.span', { start: time.format(new Date(item.StartTime)), stop: item.StopTime ? time.format(new Date(item.StopTime)) : t('events.overview.running') });
  const confirm = async () => {
    setRefusal('');
    const result = await merge({ id: event.UUID });
    if (!result.error) {
      onClose();
      return;
    }
    setRefusal(problemCode(result.error) === 'events.errors.no_previous_event' ? t('events.overview.merge.no_previous') : t('events.overview.merge.failed'));
  };
  return (
    <Modal
      open
      title={t('events.overview.merge.title')}
      onCancel={onClose}
      onConfirm={() => void confirm()}
      labels={{ confirm: t('events.overview.merge.confirm') }}
      busy={state.isLoading}
      confirmDisabled={isFetching}
    >
      <dl className="event-merge-spans">
        <dt>{t('events.overview.merge.previous')}</dt>
        <dd>{isFetching ? t('events.overview.loading') : previous ? span(previous) : t('events.overview.merge.previous_not_found')}</dd>
        <dt>{t('events.overview.merge.this')}</dt>
        <dd>{span(event)}</dd>
      </dl>
      <p>{previous ? t('events.overview.merge.text', { stop: event.StopTime ? time.format(new Date(event.StopTime)) : t('events.overview.running') }) : t('events.overview.merge.text_unknown')}</p>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </Modal>
  );
}
