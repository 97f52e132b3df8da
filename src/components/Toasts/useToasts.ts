import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { errorDetailsOf, type ErrorDetails } from '../../api/errorDetails';
import { toastShown, type ToastType } from '../../state/toasts';

export interface ToastApi {
  /** `message` is already translated. */
  show(type: ToastType, message: string, details?: ErrorDetails): void;
  /** A danger toast whose '?' opens the details of `error`. */
  showError(message: string, error: unknown): void;
}

export function useToasts(): ToastApi {
  const dispatch = useDispatch();
  return useMemo(
    () => ({
      show: (type, message, details) => {
        dispatch(toastShown({ type, message, details }));
      },
      showError: (message, error) => {
        dispatch(toastShown({ type: 'danger', message, details: errorDetailsOf(error) }));
      },
    }),
    [dispatch],
  );
}
