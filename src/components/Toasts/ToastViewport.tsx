import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { TOAST_AUTO_CLOSE_MS, TOAST_ERROR_AUTO_CLOSE_MS, TOAST_REMOVAL_DELAY_MS } from '../../../domain/constants';
import type { ErrorDetails } from '../../api/errorDetails';
import { isErrorToast, selectToasts, toastClosing, toastRemoved, type Toast } from '../../state/toasts';
import { useIsPrimaryOutlet } from './primaryOutlet';
import './Toasts.css';

// The viewport is mounted on every page, the sign-in page included; the details dialog (and the
// Modal it uses) loads only when someone asks for details, to keep the sign-in bundle small.
const ErrorDetailsDialog = lazy(async () => ({ default: (await import('./ErrorDetailsDialog')).ErrorDetailsDialog }));

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
      <p className="toast-message">{'messageKey' in toast ? t(toast.messageKey, toast.values) : toast.message}</p>
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
export function ToastViewport() {
  const primary = useIsPrimaryOutlet();
  return primary ? <Toasts /> : null;
}

function Toasts() {
  const { t } = useTranslation();
  const toasts = useSelector(selectToasts);
  const [details, setDetails] = useState<ErrorDetails | null>(null);
  const errors = toasts.filter(isErrorToast);
  const others = toasts.filter((toast) => !isErrorToast(toast));
  return (
    <section className="toast-viewport" aria-label={t('toast.region')}>
      <div role="alert" className="toast-stack">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onShowDetails={setDetails} />
        ))}
      </div>
      <div role="status" className="toast-stack">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onShowDetails={setDetails} />
        ))}
      </div>
      {details && (
        <Suspense fallback={null}>
          <ErrorDetailsDialog details={details} onClose={() => setDetails(null)} />
        </Suspense>
      )}
    </section>
  );
}
