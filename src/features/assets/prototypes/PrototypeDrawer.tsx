import { GitCompareArrows, Layers, Trash2, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDeletePrototypeMutation, useGetPrototypeQuery } from '../../../api/areas/prototypes';
import type { PrototypeRead } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { bulkPath } from './prototypeAddress';
import { PrototypeForm } from './PrototypeForm';
import { instanceTotal } from './prototypeRules';

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface PrototypeDrawerProps {
  /** The prototype shown, or null for the create form. */
  uuid: string | null;
  /** The row the list holds, shown while the prototype itself loads. */
  listed: PrototypeRead | undefined;
  canManage: boolean;
  onClose: () => void;
  onCreated: (prototype: PrototypeRead) => void;
  onInstances: (prototype: PrototypeRead) => void;
}

/** The side panel of one prototype: its definition, with Create instances, Review changes and Delete; or the create form. */
export function PrototypeDrawer({ uuid, listed, canManage, onClose, onCreated, onInstances }: PrototypeDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const loaded = useGetPrototypeQuery({ id: uuid ?? '' }, { skip: uuid === null });
  const prototype = loaded.data ?? listed;
  const [remove, removeState] = useDeletePrototypeMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };
  const title = uuid === null ? t('prototypes.new') : (prototype?.Name ?? t('prototypes.drawer.loading'));
  const instances = prototype ? instanceTotal(prototype) : 0;
  return (
    <aside className="proto-drawer" aria-labelledby={titleId} onKeyDown={closeOnEscape}>
      <div className="proto-drawer-header">
        <h2 id={titleId}>{title}</h2>
        <div className="proto-drawer-actions">
          {uuid !== null && prototype && (
            <>
              {canManage && (
                <button type="button" onClick={() => onInstances(prototype)}>
                  <Layers {...ICON} />
                  {t('prototypes.instances.open')}
                </button>
              )}
              <Link className="button" to={bulkPath(prototype.UUID)}>
                <GitCompareArrows {...ICON} />
                {t('prototypes.review')}
              </Link>
              {canManage && (
                <button type="button" className="icon-button danger" aria-label={t('prototypes.delete')} title={t('prototypes.delete')} onClick={() => setConfirmDelete(true)}>
                  <Trash2 {...ICON} />
                </button>
              )}
            </>
          )}
          <button type="button" className="icon-button" aria-label={t('prototypes.drawer.close')} title={t('prototypes.drawer.close')} onClick={onClose}>
            <X {...ICON} />
          </button>
        </div>
      </div>
      <div className="proto-drawer-body">
        {uuid === null ? (
          <PrototypeForm id="prototype-create" prototype={null} canManage={canManage} onSaved={onCreated} onCancel={onClose} />
        ) : prototype ? (
          <PrototypeForm key={`${prototype.UUID}-${prototype.UpdatedAt ?? ''}`} id="prototype-edit" prototype={prototype} canManage={canManage} onSaved={() => undefined} onCancel={onClose} />
        ) : loaded.error ? (
          <p role="alert">{t('prototypes.drawer.load_failed')}</p>
        ) : (
          <p role="status">{t('table.loading')}</p>
        )}
      </div>
      {prototype && (
        <Modal
          open={confirmDelete}
          title={t('prototypes.delete_title', { name: prototype.Name })}
          onCancel={() => setConfirmDelete(false)}
          confirmVariant="danger"
          labels={{ confirm: t('prototypes.delete') }}
          busy={removeState.isLoading}
          onConfirm={() =>
            void remove({ id: prototype.UUID }).then((result) => {
              setConfirmDelete(false);
              if (!result.error) onClose();
            })
          }
        >
          <p>{t('prototypes.delete_text', { count: instances })}</p>
        </Modal>
      )}
    </aside>
  );
}
