import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

// The toasts on screen (SPEC §2). Not persisted: a reload starts without them. The viewport
// component owns the timers; the slice only records what is shown and what is closing.

export type ToastType = 'warning' | 'info' | 'success' | 'danger' | 'primary' | 'default';

/** What the error-details dialog shows. The request body is redacted before it gets here. */
export interface ErrorDetails {
  message: string;
  /** HTTP status or transport code, when the error came from a request. */
  code?: string | number;
  request?: { method: string; url: string; body?: unknown };
  stack?: string;
}

export interface Toast {
  id: string;
  type: ToastType;
  /** Already translated. */
  message: string;
  details?: ErrorDetails;
  /** Set when the toast starts to leave; it is removed after the removal delay. */
  closing: boolean;
}

export interface ToastsState {
  items: Toast[];
}

const initialState: ToastsState = { items: [] };

export interface ShowToast {
  type: ToastType;
  message: string;
  details?: ErrorDetails;
}

const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
      },
      prepare: (toast: ShowToast) => ({ payload: { ...toast, id: nanoid(), closing: false } }),
    },
    toastClosing(state, action: PayloadAction<string>) {
      const toast = state.items.find((t) => t.id === action.payload);
      if (toast) toast.closing = true;
    },
    toastRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastShown, toastClosing, toastRemoved } = toastsSlice.actions;
export const toastsReducer = toastsSlice.reducer;

export const selectToasts = (state: { toasts: ToastsState }) => state.toasts.items;

/** SPEC §2: danger toasts are the error toasts; they stay longer and offer the details dialog. */
export const isErrorToast = (toast: Pick<Toast, 'type'>) => toast.type === 'danger';
