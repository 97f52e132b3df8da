import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Column order and visibility per table id, persisted under `historian.tableSettings`.

export interface TableLayout {
  columnsShown: string[];
  columnsOrder: string[];
  /** The server's PK once the layout has been stored there. */
  pk?: number;
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
  },
});

export const { tableLayoutChanged, tableLayoutReset } = tableSettingsSlice.actions;
export const tableSettingsReducer = tableSettingsSlice.reducer;
