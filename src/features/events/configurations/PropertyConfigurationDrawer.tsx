import { Trash2, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteEventPropertyConfigurationMutation } from '../../../api/areas/eventConfigurations';
import type { EventConfigurationRead, EventPropertyConfigurationRead, EventTypePropertyRead } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { PropertyConfigurationForm } from './PropertyConfigurationForm';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface PropertyConfigurationDrawerProps {
  configuration: EventConfigurationRead;
  property: EventTypePropertyRead;
  siblings: readonly EventTypePropertyRead[];
  parentProperties: readonly EventTypePropertyRead[];
  stored: EventPropertyConfigurationRead | null;
  nextPriority: number;
  canManage: boolean;
  onClose: () => void;
}

/** The side panel of one property's configuration: the form, and Delete (the property then has no value from this configuration). */
export function PropertyConfigurationDrawer({ configuration, property, siblings, parentProperties, stored, nextPriority, canManage, onClose }: PropertyConfigurationDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [remove, removeState] = useDeleteEventPropertyConfigurationMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <aside className="evcfg-drawer" aria-labelledby={titleId} onKeyDown={closeOnEscape}>
      <div className="evcfg-drawer-header">
        <h2 id={titleId}>{property.Name}</h2>
        <div className="evcfg-drawer-actions">
          {canManage && stored && (
            <button type="button" className="icon-button danger" aria-label={t('events.property_configurations.delete')} title={t('events.property_configurations.delete')} onClick={() => setConfirmDelete(true)}>
              <Trash2 {...ICON} />
            </button>
          )}
          <button type="button" className="icon-button" aria-label={t('events.configurations.close')} title={t('events.configurations.close')} onClick={onClose}>
            <X {...ICON} />
          </button>
        </div>
      </div>
      <div className="evcfg-drawer-body">
        <PropertyConfigurationForm
          key={stored?.UUID ?? 'new'}
          id="event-property-configuration"
          configuration={configuration}
          property={property}
          siblings={siblings}
          parentProperties={parentProperties}
          stored={stored}
          nextPriority={nextPriority}
          readOnly={!canManage}
          onSaved={() => undefined}
          onCancel={onClose}
        />
      </div>
      {stored && (
        <Modal
          open={confirmDelete}
          title={t('events.property_configurations.delete_title', { name: property.Name })}
          onCancel={() => setConfirmDelete(false)}
          confirmVariant="danger"
          labels={{ confirm: t('events.property_configurations.delete') }}
          busy={removeState.isLoading}
          onConfirm={() =>
            void remove({ id: stored.UUID }).then((result) => {
              setConfirmDelete(false);
              if (!result.error) onClose();
            })
          }
        >
          <p>{t('events.property_configurations.delete_text')}</p>
        </Modal>
      )}
    </aside>
  );
}
