import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDeleteForwarderMutation, useGetForwarderQuery, useSetForwarderStateMutation } from '../../../api/areas/sinks';
import type { ForwarderRead } from '../../../api/generated/historian.gen';
import { ConfirmDialog } from '../access/ConfirmDialog';
import { Page, useQueryId } from '../access/pageHelpers';
import { ForwarderForm } from './ForwarderForm';
import { nextState, ServiceStateLabel, When } from './SinkState';
import { forwarderListPath, sinkEditorPath } from './sinkRules';
import { STATISTICS_POLL_MS, useSinkAccess, useSinks } from './useSinkAccess';
import './sinks.css';

function ForwarderStatisticsPanel({ forwarder }: { forwarder: ForwarderRead }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const statistics = forwarder.Statistics;
  return (
    <section className="sink-panel" aria-label={t('forwarders.statistics.title')}>
      <h2>{t('forwarders.statistics.title')}</h2>
      <dl className="sink-statistics">
        <div>
          <dt>{t('forwarders.statistics.queued')}</dt>
          <dd>{number.format(statistics.Queued)}</dd>
        </div>
        <div>
          <dt>{t('forwarders.statistics.forwarded')}</dt>
          <dd>{number.format(statistics.Forwarded)}</dd>
        </div>
        <div>
          <dt>{t('forwarders.statistics.last_forwarded')}</dt>
          <dd>
            <When iso={statistics.LastForwardedAt} />
          </dd>
        </div>
        <div>
          <dt>{t('forwarders.statistics.selected')}</dt>
          <dd>{number.format(statistics.SelectedMeasurements)}</dd>
        </div>
        <div>
          <dt>{t('forwarders.statistics.last_error')}</dt>
          <dd>{statistics.LastError ? <span className="sink-error">{statistics.LastError}</span> : <span className="muted">{t('sinks.none')}</span>}</dd>
        </div>
      </dl>
    </section>
  );
}

/** /configuration/forwarder?id=… edits one forwarder; without an id it creates one (?sink=… picks its sink). */
export function ForwarderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useQueryId();
  const [params] = useSearchParams();
  const { canManage, skip, organization } = useSinkAccess();
  const sinks = useSinks();
  const forwarder = useGetForwarderQuery(
    { id: id ?? '', ...organization },
    {
      skip: skip || id === undefined,
      pollingInterval: STATISTICS_POLL_MS,
      skipPollingIfUnfocused: true,
    },
  );
  const [remove, removal] = useDeleteForwarderMutation();
  const [setState, stateChange] = useSetForwarderStateMutation();
  const [confirming, setConfirming] = useState(false);
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // currentData: leaving ?id=… for a new one (or another id) must not show the one left.
  const existing = id === undefined ? undefined : forwarder.currentData;
  const confirmDelete = async () => {
    if (!existing) return;
    const outcome = await remove({ id: existing.UUID, ...organization });
    setConfirming(false);
    if (!outcome.error) navigate(forwarderListPath());
  };

  const title = id === undefined ? t('forwarders.create') : canManage ? t('forwarders.edit') : t('forwarders.view');
  const error = sinks.error ?? forwarder.error;
  let content;
  if (error) content = <p role="alert">{t(id !== undefined && forwarder.error ? 'forwarders.not_found' : 'forwarders.errors.load')}</p>;
  else if (!sinks.data || (id !== undefined && !existing)) content = <p role="status">{t('app.loading')}</p>;
  else if (sinks.data.length === 0 && !existing) {
    content = (
      <p>
        {t('forwarders.no_sinks')} {canManage && <Link to={sinkEditorPath()}>{t('sinks.create')}</Link>}
      </p>
    );
  } else {
    content = (
      <>
        {existing && (
          <div className="sink-panel-header">
            <span>
              <ServiceStateLabel state={existing.State} /> — <Link to={sinkEditorPath(existing.SinkUUID)}>{existing.SinkName ?? t('forwarders.sink')}</Link>
            </span>
            {canManage && (
              <button
                type="button"
                disabled={stateChange.isLoading}
                onClick={() =>
                  void setState({
                    id: existing.UUID,
                    ...organization,
                    serviceStateChange: { State: nextState(existing.State) },
                  })
                }
              >
                {existing.State === 'running' ? t('forwarders.stop') : t('forwarders.start')}
              </button>
            )}
          </div>
        )}
        <ForwarderForm
          key={existing?.UUID ?? 'new'}
          existing={existing}
          sinks={sinks.data}
          initialSink={params.get('sink') ?? undefined}
          canManage={canManage}
          onDirtyChange={onDirtyChange}
          extraActions={
            existing && (
              <button type="button" className="danger" disabled={removal.isLoading} onClick={() => setConfirming(true)}>
                {t('forwarders.delete')}
              </button>
            )
          }
        />
        {existing && <ForwarderStatisticsPanel forwarder={existing} />}
        <ConfirmDialog open={confirming} title={t('forwarders.delete')} busy={removal.isLoading} onCancel={() => setConfirming(false)} onConfirm={() => void confirmDelete()}>
          <p>{t('forwarders.delete_confirm', { name: existing?.Name ?? '' })}</p>
        </ConfirmDialog>
      </>
    );
  }
  return <Page title={title}>{content}</Page>;
}
