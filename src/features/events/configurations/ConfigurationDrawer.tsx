import { History, ListTree, Play, Square, Table2, Trash2, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDeleteEventConfigurationMutation, useGetEventConfigurationQuery, useSetEventConfigurationStateMutation } from '../../../api/areas/eventConfigurations';
import type { EventConfigurationRead, EventTypeDefinitionRead } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { ConfigStateBadge } from './ConfigStateBadge';
import { ConfigurationForm } from './ConfigurationForm';
import { ConfigurationLog } from './ConfigurationLog';
import { eventsOfConfigurationPath, problemText, propertyConfigurationsPath } from './configRules';
import { ReevaluateDialog } from './ReevaluateDialog';
import { problemCode } from '../../../api/outcomes';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;
type Tab = 'settings' | 'log';

export interface ConfigurationDrawerProps {
  /** The configuration shown, or null for the create form. */
  uuid: string | null;
  listed: EventConfigurationRead | undefined;
  /** A new configuration's asset: the one the list is filtered by. */
  assetUuid?: string;
  types: readonly EventTypeDefinitionRead[];
  canManage: boolean;
  onClose: () => void;
  onCreated: (configuration: EventConfigurationRead) => void;
}

/** One configuration: start/stop, its settings, its log, its property configurations and events, re-evaluation. */
export function ConfigurationDrawer({ uuid, listed, assetUuid, types, canManage, onClose, onCreated }: ConfigurationDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const tabsId = useId();
  const loaded = useGetEventConfigurationQuery({ id: uuid ?? '' }, { skip: uuid === null });
  const configuration = loaded.data ?? listed;
  const [tab, setTab] = useState<Tab>('settings');
  const [setState, stateCall] = useSetEventConfigurationStateMutation();
  const [stateError, setStateError] = useState<string | null>(null);
  const [reevaluating, setReevaluating] = useState(false);
  const [remove, removeState] = useDeleteEventConfigurationMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<{ text: string; withEvents: boolean } | null>(null);
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };
  const title = uuid === null ? t('events.configurations.new') : configuration ? `${configuration.AssetPath ?? ''} · ${configuration.EventTypeName ?? ''}` : t('events.types.loading');
  const running = configuration?.State === 'running';
  const hasState = configuration !== undefined && configuration.StartSource !== 'manual';

  const changeState = async (next: 'running' | 'stopped') => {
    if (!configuration) return;
    setStateError(null);
    const answer = await setState({ id: configuration.UUID, eventConfigurationStateChange: { State: next } });
    if (answer.error) setStateError(problemText(t, answer.error) ?? t('events.errors.state'));
  };
  const removeNow = async (cascade: boolean) => {
    if (!configuration) return;
    const answer = await remove({ id: configuration.UUID, cascade: cascade || undefined });
    if (!answer.error) {
      setConfirmDelete(false);
      onClose();
      return;
    }
    const children = dependants(answer.error, 'Children');
    const events = dependants(answer.error, 'Events');
    if (problemCode(answer.error) === 'events.errors.configuration_in_use') {
      setDeleteError({ text: t('events.configurations.delete_in_use', { children, events }), withEvents: children === 0 && events > 0 });
    } else setDeleteError({ text: problemText(t, answer.error) ?? t('events.errors.configuration_delete'), withEvents: false });
  };

  return (
    <aside className="evcfg-drawer evcfg-drawer-wide" aria-labelledby={titleId} onKeyDown={closeOnEscape}>
      <div className="evcfg-drawer-header">
        <h2 id={titleId}>{title}</h2>
        {configuration && <ConfigStateBadge configuration={configuration} />}
        <div className="evcfg-drawer-actions">
          {canManage && hasState && !running && (
            <button type="button" className="primary" disabled={stateCall.isLoading} onClick={() => void changeState('running')}>
              <Play {...ICON} />
              {t('events.configurations.start')}
            </button>
          )}
          {canManage && hasState && running && (
            <button type="button" disabled={stateCall.isLoading} onClick={() => void changeState('stopped')}>
              <Square {...ICON} />
              {t('events.configurations.stop')}
            </button>
          )}
          {canManage && configuration && (
            <button type="button" className="icon-button danger" aria-label={t('events.configurations.delete')} title={t('events.configurations.delete')} onClick={() => setConfirmDelete(true)}>
              <Trash2 {...ICON} />
            </button>
          )}
          <button type="button" className="icon-button" aria-label={t('events.configurations.close')} title={t('events.configurations.close')} onClick={onClose}>
            <X {...ICON} />
          </button>
        </div>
      </div>
      {stateError && (
        <p role="alert" className="form-error evcfg-drawer-alert">
          {stateError}
        </p>
      )}
      {configuration && (
        <nav className="evcfg-links" aria-label={t('events.configurations.links')}>
          <Link to={propertyConfigurationsPath(configuration.UUID)}>
            <ListTree {...ICON} />
            {t('events.configurations.property_configurations', { n: configuration.PropertyConfigurationCount ?? 0 })}
          </Link>
          <Link to={eventsOfConfigurationPath(configuration.UUID)}>
            <Table2 {...ICON} />
            {t('events.configurations.events_link')}
          </Link>
          {canManage && configuration.StartSource !== 'manual' && (
            <button type="button" className="link-button" onClick={() => setReevaluating(true)}>
              <History {...ICON} />
              {t('events.configurations.reevaluate.open')}
            </button>
          )}
        </nav>
      )}
      {configuration && (
        <div className="evcfg-tabs" role="tablist" aria-label={t('events.configurations.drawer_tabs')}>
          {(['settings', 'log'] as const).map((id) => (
            <button key={id} type="button" role="tab" id={`${tabsId}-${id}`} aria-selected={tab === id} aria-controls={`${tabsId}-${id}-panel`} tabIndex={tab === id ? 0 : -1} onClick={() => setTab(id)}>
              {id === 'settings' ? t('events.configurations.tab_settings') : t('events.log.title')}
            </button>
          ))}
        </div>
      )}
      <div className="evcfg-drawer-body" role={configuration ? 'tabpanel' : undefined} id={`${tabsId}-${tab}-panel`} aria-labelledby={configuration ? `${tabsId}-${tab}` : undefined}>
        {uuid === null ? (
          <ConfigurationForm id="event-configuration-create" configuration={null} assetUuid={assetUuid} types={types} readOnly={!canManage} onSaved={onCreated} onCancel={onClose} />
        ) : !configuration ? (
          loaded.error ? (
            <p role="alert">{t('events.configurations.load_failed')}</p>
          ) : (
            <p role="status">{t('table.loading')}</p>
          )
        ) : tab === 'log' ? (
          <ConfigurationLog configurationUuid={configuration.UUID} />
        ) : (
          <>
            <ConfigurationSummary configuration={configuration} />
            {canManage && running && <p className="evcfg-note">{t('events.configurations.stop_to_edit')}</p>}
            <ConfigurationForm
              key={`${configuration.UUID}-${configuration.UpdatedAt ?? ''}`}
              id="event-configuration-edit"
              configuration={configuration}
              types={types}
              readOnly={!canManage || running}
              onSaved={() => undefined}
              onCancel={onClose}
            />
          </>
        )}
      </div>
      {reevaluating && configuration && <ReevaluateDialog configurationUuid={configuration.UUID} name={title} onClose={() => setReevaluating(false)} />}
      {configuration && (
        <Modal
          open={confirmDelete}
          title={t('events.configurations.delete_title', { name: title })}
          onCancel={() => {
            setConfirmDelete(false);
            setDeleteError(null);
          }}
          confirmVariant="danger"
          labels={{ confirm: deleteError?.withEvents ? t('events.configurations.delete_with_events') : t('events.configurations.delete') }}
          busy={removeState.isLoading}
          onConfirm={() => void removeNow(deleteError?.withEvents === true)}
        >
          <p>{running ? t('events.errors.configuration_running') : t('events.configurations.delete_text')}</p>
          {deleteError && (
            <p role="alert" className="form-error">
              {deleteError.text}
            </p>
          )}
        </Modal>
      )}
    </aside>
  );
}

/** The processor's view of the configuration: how far it read, the open event, the last error. */
function ConfigurationSummary({ configuration }: { configuration: EventConfigurationRead }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <dl className="evcfg-summary">
      <div>
        <dt>{t('events.configurations.processed_until')}</dt>
        <dd>{configuration.ProcessedUntil ? time.format(new Date(configuration.ProcessedUntil)) : <span className="muted">{t('events.configurations.not_yet')}</span>}</dd>
      </div>
      <div>
        <dt>{t('events.configurations.columns.open_event')}</dt>
        <dd>{configuration.OpenEventUUID ? t('events.configurations.open_event_yes') : <span className="muted">{t('events.configurations.open_event_none')}</span>}</dd>
      </div>
      {configuration.LastError && (
        <div className="evcfg-summary-error">
          <dt>{t('events.configurations.columns.last_error')}</dt>
          <dd>{configuration.LastError}</dd>
        </div>
      )}
    </dl>
  );
}

function dependants(error: unknown, key: string): number {
  const body = typeof error === 'object' && error !== null ? Reflect.get(error, 'body') : undefined;
  const found = typeof body === 'object' && body !== null ? Reflect.get(body, 'Dependants') : undefined;
  const value = typeof found === 'object' && found !== null ? Reflect.get(found, key) : undefined;
  return typeof value === 'number' ? value : 0;
}
