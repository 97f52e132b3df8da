import { Trash2, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteEventTypeMutation, useGetEventTypeQuery } from '../../../api/areas/eventConfigurations';
import type { EventTypeDefinitionRead } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { problemText } from '../configurations/configRules';
import { EventTypeForm } from './EventTypeForm';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface EventTypeDrawerProps {
  /** The type shown, or null for the create form. */
  uuid: string | null;
  types: readonly EventTypeDefinitionRead[];
  canManage: boolean;
  onClose: () => void;
  onCreated: (eventType: EventTypeDefinitionRead) => void;
}

/** The side panel of one event type: its definition and properties, with Delete; or the create form. */
export function EventTypeDrawer({ uuid, types, canManage, onClose, onCreated }: EventTypeDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const loaded = useGetEventTypeQuery({ id: uuid ?? '' }, { skip: uuid === null });
  const eventType = loaded.data ?? types.find((type) => type.UUID === uuid);
  const [remove, removeState] = useDeleteEventTypeMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };
  const title = uuid === null ? t('events.types.new') : (eventType?.Name ?? t('events.types.loading'));
  return (
    <aside className="evcfg-drawer" aria-labelledby={titleId} onKeyDown={closeOnEscape}>
      <div className="evcfg-drawer-header">
        <h2 id={titleId}>{title}</h2>
        <div className="evcfg-drawer-actions">
          {canManage && eventType && (
            <button type="button" className="icon-button danger" aria-label={t('events.types.delete')} title={t('events.types.delete')} onClick={() => setConfirmDelete(true)}>
              <Trash2 {...ICON} />
            </button>
          )}
          <button type="button" className="icon-button" aria-label={t('events.configurations.close')} title={t('events.configurations.close')} onClick={onClose}>
            <X {...ICON} />
          </button>
        </div>
      </div>
      <div className="evcfg-drawer-body">
        {uuid === null ? (
          <EventTypeForm id="event-type-create" eventType={null} types={types} canManage={canManage} onSaved={onCreated} onCancel={onClose} />
        ) : eventType ? (
          <EventTypeForm key={`${eventType.UUID}-${eventType.UpdatedAt ?? ''}`} id="event-type-edit" eventType={eventType} types={types} canManage={canManage} onSaved={() => undefined} onCancel={onClose} />
        ) : loaded.error ? (
          <p role="alert">{t('events.configurations.load_failed')}</p>
        ) : (
          <p role="status">{t('table.loading')}</p>
        )}
      </div>
      {eventType && (
        <Modal
          open={confirmDelete}
          title={t('events.types.delete_title', { name: eventType.Name })}
          onCancel={() => {
            setConfirmDelete(false);
            setDeleteError(null);
          }}
          confirmVariant="danger"
          labels={{ confirm: t('events.types.delete') }}
          busy={removeState.isLoading}
          onConfirm={() =>
            void remove({ id: eventType.UUID }).then((result) => {
              if (result.error) {
                setDeleteError(problemText(t, result.error) ?? t('events.errors.type_delete'));
                return;
              }
              setConfirmDelete(false);
              onClose();
            })
          }
        >
          <p>{t('events.types.delete_text')}</p>
          {deleteError && (
            <p role="alert" className="form-error">
              {deleteError}
            </p>
          )}
        </Modal>
      )}
    </aside>
  );
}
