import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useDeleteSinkMutation, useGetSinkQuery, useSetSinkStateMutation } from '../../../api/areas/sinks';
import type { SinkRead } from '../../../api/generated/historian.gen';
import { problemCode } from '../../../api/outcomes';
import { isRecord } from '../../../lib/formConversion';
import { ConfirmDialog } from '../access/ConfirmDialog';
import { Page, useQueryId } from '../access/pageHelpers';
import { SinkForm } from './SinkForm';
import { nextState, ServiceStateLabel } from './SinkState';
import { SinkStatisticsPanel } from './SinkStatisticsPanel';
import { forwarderEditorPath, forwarderListPath, sinkListPath } from './sinkRules';
import { useForwarders, useSinkAccess, useSinkTypes } from './useSinkAccess';
import './sinks.css';

/** The browser asks before a reload or close while the form holds unsaved changes. */
function useUnsavedWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** The forwarders that send through a stored sink, each a link to its editor. */
function SinkForwarders({ sink }: { sink: SinkRead }) {
  const { t } = useTranslation();
  const { data } = useForwarders({ sinkUuid: sink.UUID });
  return (
    <section className="sink-panel" aria-label={t('sinks.forwarders_title')}>
      <div className="sink-panel-header">
        <h2>{t('sinks.forwarders_title')}</h2>
        <Link to={forwarderListPath(sink.UUID)}>{t('sinks.forwarders_all')}</Link>
      </div>
      {data === undefined ? (
        <p role="status">{t('app.loading')}</p>
      ) : data.length === 0 ? (
        <p className="muted">{t('sinks.no_forwarders')}</p>
      ) : (
        <ul className="sink-list-plain">
          {data.map((forwarder) => (
            <li key={forwarder.UUID}>
              <Link to={forwarderEditorPath(forwarder.UUID)}>{forwarder.Name}</Link> — <ServiceStateLabel state={forwarder.State} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /configuration/sink?id=… edits one sink; without an id it creates one. */
export function SinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useQueryId();
  const { canManage, skip, organization } = useSinkAccess();
  const types = useSinkTypes();
  const sink = useGetSinkQuery({ id: id ?? '', ...organization }, { skip: skip || id === undefined });
  const forwarders = useForwarders({ sinkUuid: id, skip: id === undefined });
  const [remove, removal] = useDeleteSinkMutation();
  const [setState, stateChange] = useSetSinkStateMutation();
  const [confirming, setConfirming] = useState(false);
  const location = useLocation();
  // The list hands a refused delete over to this page, which names the forwarders.
  const [inUse, setInUse] = useState(isRecord(location.state) && location.state.inUse === true);
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  useUnsavedWarning(dirty);

  // currentData: leaving ?id=… for a new one (or another id) must not show the one left.
  const existing = id === undefined ? undefined : sink.currentData;
  const confirmDelete = async () => {
    if (!existing) return;
    const outcome = await remove({ id: existing.UUID, ...organization });
    setConfirming(false);
    if (!outcome.error) {
      navigate(sinkListPath());
      return;
    }
    // Refused while forwarders send to it: the page names them.
    if (problemCode(outcome.error) === 'sinks.errors.in_use') {
      setInUse(true);
      void forwarders.refetch();
    }
  };

  const title = id === undefined ? t('sinks.create') : canManage ? t('sinks.edit') : t('sinks.view');
  const error = types.error ?? sink.error;
  let content;
  if (error) content = <p role="alert">{t(id !== undefined && sink.error ? 'sinks.not_found' : 'sinks.errors.load')}</p>;
  else if (!types.data || (id !== undefined && !existing)) content = <p role="status">{t('app.loading')}</p>;
  else {
    content = (
      <>
        {existing && (
          <div className="sink-panel-header">
            <ServiceStateLabel state={existing.State} />
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
                {existing.State === 'running' ? t('sinks.stop') : t('sinks.start')}
              </button>
            )}
          </div>
        )}
        {inUse && (
          <div role="alert" className="form-error">
            <p>
              {t('sinks.errors.in_use_named', {
                names: (forwarders.data ?? []).map((forwarder) => forwarder.Name).join(', '),
              })}
            </p>
          </div>
        )}
        <SinkForm
          key={existing?.UUID ?? 'new'}
          existing={existing}
          types={types.data}
          canManage={canManage}
          onDirtyChange={onDirtyChange}
          extraActions={
            existing && (
              <button type="button" className="danger" disabled={removal.isLoading} onClick={() => setConfirming(true)}>
                {t('sinks.delete')}
              </button>
            )
          }
        />
        {existing && <SinkStatisticsPanel sinkUuid={existing.UUID} />}
        {existing && <SinkForwarders sink={existing} />}
        <ConfirmDialog open={confirming} title={t('sinks.delete')} busy={removal.isLoading} onCancel={() => setConfirming(false)} onConfirm={() => void confirmDelete()}>
          <p>{t('sinks.delete_confirm', { name: existing?.Name ?? '' })}</p>
        </ConfirmDialog>
      </>
    );
  }
  return <Page title={title}>{content}</Page>;
}
