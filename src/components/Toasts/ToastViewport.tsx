import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { TOAST_AUTO_CLOSE_MS, TOAST_ERROR_AUTO_CLOSE_MS, TOAST_REMOVAL_DELAY_MS } from '../../../domain/constants';
import { transportReasonKey, type ErrorDetails } from '../../api/errorDetails';
import { isErrorToast, selectToasts, toastClosing, toastRemoved, type Toast } from '../../state/toasts';
import type { ErrorDetailsDialog } from './ErrorDetailsDialog';
import { useIsPrimaryOutlet } from './primaryOutlet';
import './Toasts.css';

// The viewport is mounted on every page, the sign-in page included; the details dialog (and the
// Modal it uses) is a chunk of its own, to keep the sign-in bundle small. The signed-in shell loads
// it in advance (`preloadDetails`): a toast's details must open after the browser went offline (a
// save that failed for it), and a chunk that cannot load must not throw the page, and what was
// typed in it, to the error boundary.
type DetailsDialog = typeof ErrorDetailsDialog;
let loadingDialog: Promise<DetailsDialog> | null = null;

/** The details dialog, loaded once; a load that failed (offline) is tried again the next time. */
function loadDetailsDialog(): Promise<DetailsDialog> {
  loadingDialog ??= import('./ErrorDetailsDialog').then(
    (module) => module.ErrorDetailsDialog,
    (error: unknown) => {
      loadingDialog = null;
      throw error;
    },
  );
  return loadingDialog;
}

const ICONS: Record<Toast['type'], string> = { warning: '!', info: 'i', success: '✓', danger: '!', primary: 'i', default: '•' };

interface ToastItemProps {
  toast: Toast;
  onShowDetails: (details: ErrorDetails) => void;
}

function ToastItem({ toast, onShowDetails }: ToastItemProps) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  // Reading a toast with the pointer or the keyboard holds it (WCAG 2.2.1); it restarts after.
  const [held, setHeld] = useState(false);
  const { id, closing } = toast;
  const lifetime = isErrorToast(toast) ? TOAST_ERROR_AUTO_CLOSE_MS : TOAST_AUTO_CLOSE_MS;
  // A call that never reached the server (offline) says so, not only what failed.
  const reason = transportReasonKey(toast.details);

  useEffect(() => {
    if (closing) {
      const timer = setTimeout(() => dispatch(toastRemoved(id)), TOAST_REMOVAL_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (held) return undefined;
    const timer = setTimeout(() => dispatch(toastClosing(id)), lifetime);
    return () => clearTimeout(timer);
  }, [dispatch, id, closing, held, lifetime]);

  return (
    <div
      className={`toast toast-${toast.type}${closing ? ' toast-closing' : ''}`}
      data-testid="toast"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className="toast-icon" aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <div className="toast-text">
        <p className="toast-message">{'messageKey' in toast ? t(toast.messageKey, toast.values) : toast.message}</p>
        {reason && <p className="toast-reason">{t(reason)}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            if (toast.action) dispatch(toast.action.event);
            dispatch(toastClosing(id));
          }}
        >
          {t(toast.action.labelKey)}
        </button>
      )}
      {toast.details && (
        <button
          type="button"
          className="toast-button"
          aria-label={t('toast.show_details')}
          title={t('toast.show_details')}
          onClick={() => toast.details && onShowDetails(toast.details)}
        >
          ?
        </button>
      )}
      <button type="button" className="toast-button" aria-label={t('toast.close')} onClick={() => dispatch(toastClosing(id))}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Where toasts appear. Error toasts sit in an assertive live region (role alert), the others in a
 * polite one (role status); both regions exist before any toast so screen readers announce it.
 */
export function ToastViewport({ preloadDetails = false }: { preloadDetails?: boolean }) {
  const primary = useIsPrimaryOutlet();
  return primary ? <Toasts preloadDetails={preloadDetails} /> : null;
}

function Toasts({ preloadDetails }: { preloadDetails: boolean }) {
  const { t } = useTranslation();
  const toasts = useSelector(selectToasts);
  const [details, setDetails] = useState<ErrorDetails | null>(null);
  const [Dialog, setDialog] = useState<DetailsDialog | null>(null);
  useEffect(() => {
    if (preloadDetails) loadDetailsDialog().then((loaded) => setDialog(() => loaded), () => undefined);
  }, [preloadDetails]);
  // Not loaded (offline before the shell's preload ended): the page stays, and '?' tries again.
  const showDetails = (shown: ErrorDetails) => {
    loadDetailsDialog().then(
      (loaded) => {
        setDialog(() => loaded);
        setDetails(shown);
      },
      () => undefined,
    );
  };
  const errors = toasts.filter(isErrorToast);
  const others = toasts.filter((toast) => !isErrorToast(toast));
  return (
    <section className="toast-viewport" aria-label={t('toast.region')}>
      <div role="alert" className="toast-stack">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onShowDetails={showDetails} />
        ))}
      </div>
      <div role="status" className="toast-stack">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onShowDetails={showDetails} />
        ))}
      </div>
      {details && Dialog && <Dialog details={details} onClose={() => setDetails(null)} />}
    </section>
  );
}
