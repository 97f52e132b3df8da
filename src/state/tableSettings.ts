import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PersistedSlices } from './rootState';

// Column order and visibility per table id, persisted under `historian.tableSettings`. The local
// copy shows at once; the server copy (the user's own, else the organization default) follows
// the user from browser to browser.

export interface TableLayout {
  columnsShown: string[];
  columnsOrder: string[];
  /** The server's PK once the user's own layout has been stored there. */
  pk?: number;
  /** Taken from the organization default: a newer default replaces it, the user's own never. */
  fromDefault?: boolean;
}

export interface TableSettingsState {
  byTableId: Record<string, TableLayout>;
}

const initialState: TableSettingsState = { byTableId: {} };

const tableSettingsSlice = createSlice({
  name: 'tableSettings',
  initialState,
  reducers: {
    tableLayoutChanged(state, action: PayloadAction<{ tableId: string; layout: TableLayout }>) {
      state.byTableId[action.payload.tableId] = action.payload.layout;
    },
    tableLayoutReset(state, action: PayloadAction<{ tableId: string }>) {
      delete state.byTableId[action.payload.tableId];
    },
    /** The server stored the user's own layout under this PK. */
    tableLayoutStored(state, action: PayloadAction<{ tableId: string; pk: number }>) {
      const layout = state.byTableId[action.payload.tableId];
      if (layout) layout.pk = action.payload.pk;
    },
  },
});

export const { tableLayoutChanged, tableLayoutReset, tableLayoutStored } = tableSettingsSlice.actions;
export const tableSettingsReducer = tableSettingsSlice.reducer;

export const selectTableLayout = (state: Pick<PersistedSlices, 'tableSettings'>, tableId: string): TableLayout | undefined =>
  state.tableSettings.byTableId[tableId];
