import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { focusableIn, isTopModal, pushModal, removeModal } from './modalStack';
import './Modal.css';

export interface ModalLabels {
  cancel?: string;
  confirm?: string;
  edit?: string;
  save?: string;
}

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Shows Cancel and the header close button; Escape and a click outside call it too. */
  onCancel?: () => void;
  onConfirm?: () => void;
  onEdit?: () => void;
  /** Shows Save. With `saveFormId` Save submits that form instead. */
  onSave?: () => void;
  saveFormId?: string;
  /** False for dialogs that must be answered (the forced password change): no way to cancel. */
  cancellable?: boolean;
  confirmDisabled?: boolean;
  saveDisabled?: boolean;
  /** Disables every button while a request runs. */
  busy?: boolean;
  confirmVariant?: 'primary' | 'danger';
  labels?: ModalLabels;
  /** CSS width, e.g. '800px'; the dialog never exceeds the viewport. */
  width?: string;
  /** Extra footer content, left of the buttons. */
  footerStart?: ReactNode;
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Render into the element with this id; a missing element is a programming error and throws. */
  portalTargetId?: string;
  className?: string;
}

function portalTarget(id: string | undefined): HTMLElement {
  if (id === undefined) return document.body;
  const target = document.getElementById(id);
  if (!target) throw new Error(`Modal: the portal target #${id} does not exist.`);
  return target;
}

/** The dialog of SPEC §2: focus trapped inside while open and given back on close. */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<OpenModal {...props} />, portalTarget(props.portalTargetId));
}

function OpenModal(props: ModalProps) {
  const { title, children, onCancel, onConfirm, onEdit, onSave, saveFormId, busy = false, labels = {} } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const [id] = useState(() => Symbol('modal'));
  const canCancel = props.cancellable !== false && onCancel !== undefined;
  const cancel = () => {
    if (canCancel) onCancel?.();
  };
  const cancelOnEscape = useEffectEvent(cancel);
  const initialFocusRef = props.initialFocusRef;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pushModal(id);
    const dialog = dialogRef.current;
    const first = initialFocusRef?.current ?? focusableIn(bodyRef.current)[0] ?? focusableIn(dialog)[0] ?? dialog;
    first?.focus();
    const keepFocusInside = (event: FocusEvent) => {
      if (!isTopModal(id) || !dialog || !(event.target instanceof Node) || dialog.contains(event.target)) return;
      (focusableIn(dialog)[0] ?? dialog).focus();
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !isTopModal(id)) return;
      event.stopPropagation();
      cancelOnEscape();
    };
    document.addEventListener('focusin', keepFocusInside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.removeEventListener('keydown', onKey);
      removeModal(id);
      // Give focus back to what opened the dialog, if it is still there.
      if (previous?.isConnected) previous.focus();
    };
  }, [id, initialFocusRef]);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const items = focusableIn(dialogRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click outside cancels only when it also started outside: a text selection dragged out of
  // the dialog must not close it.
  const onBackdropDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget && isTopModal(id)) cancel();
    pressedOnBackdrop.current = false;
  };

  return (
    <div className="modal-backdrop" onMouseDown={onBackdropDown} onClick={onBackdropClick}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`modal${props.className ? ` ${props.className}` : ''}`}
        style={props.width ? { width: props.width } : undefined}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        {/* Not <header>/<footer>: a dialog drawn at the body's level would add a second banner landmark. */}
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          {canCancel && (
            <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={onCancel} disabled={busy}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div ref={bodyRef} className="modal-body">
          {children}
        </div>
        {/* A form's Cancel stands apart from its Save, as at the bottom of a form page. */}
        <div className={saveFormId ? 'modal-footer modal-footer-form' : 'modal-footer'}>
          {props.footerStart && <div className="modal-footer-start">{props.footerStart}</div>}
          {canCancel && (
            <button type="button" className="modal-footer-cancel" onClick={onCancel} disabled={busy}>
              {labels.cancel ?? t('general.cancel')}
            </button>
          )}
          {onEdit && (
            <button type="button" onClick={onEdit} disabled={busy}>
              {labels.edit ?? t('general.edit')}
            </button>
          )}
          {onConfirm && (
            <button type="button" className={props.confirmVariant ?? 'primary'} onClick={onConfirm} disabled={busy || props.confirmDisabled}>
              {labels.confirm ?? t('general.confirm')}
            </button>
          )}
          {(onSave || saveFormId) && (
            <button
              type={saveFormId ? 'submit' : 'button'}
              form={saveFormId}
              className="primary"
              onClick={saveFormId ? undefined : onSave}
              disabled={busy || props.saveDisabled}
            >
              {labels.save ?? t('general.save')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
