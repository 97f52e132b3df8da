import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorDetails } from '../api/errorDetails';
import { outcomeReported } from '../api/outcomes';

// The toasts on screen (SPEC §2). Not persisted: a reload starts without them. The viewport
// component owns the timers; the slice only records what is shown and what is closing.

export type ToastType = 'warning' | 'info' | 'success' | 'danger' | 'primary' | 'default';

/**
 * What a toast says: a text already translated, or a message key (written out where the toast is
 * made, e.g. src/api/outcomes.ts) that the viewport translates in the language shown.
 */
export type ToastText = { message: string } | { messageKey: string; values?: Record<string, string | number> };

/** A link-like button in the toast: its label's key, and the action it dispatches (plain, so the state stays serialisable). */
export interface ToastAction {
  labelKey: string;
  event: { type: string; payload?: unknown };
}

export type ShowToast = ToastText & {
  type: ToastType;
  details?: ErrorDetails;
  action?: ToastAction;
};

export type Toast = ShowToast & {
  id: string;
  /** Set when the toast starts to leave; it is removed after the removal delay. */
  closing: boolean;
};

export interface ToastsState {
  items: Toast[];
}

const initialState: ToastsState = { items: [] };

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
  // The outcome of a call, told by the API layer (src/api/outcomes.ts).
  extraReducers: (builder) => {
    builder.addCase(outcomeReported, (state, action) => {
      state.items.push({ ...action.payload, closing: false });
    });
  },
});

export const { toastShown, toastClosing, toastRemoved } = toastsSlice.actions;
export const toastsReducer = toastsSlice.reducer;

export const selectToasts = (state: { toasts: ToastsState }) => state.toasts.items;

/** SPEC §2: danger toasts are the error toasts; they stay longer and offer the details dialog. */
export const isErrorToast = (toast: Pick<Toast, 'type'>) => toast.type === 'danger';
