import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// The jobs panel (src/features/jobs) and the jobs the console watches for their end. Not
// persisted. The panel opens from the user menu, the home page and the toast of a job that ended;
// a page that starts a job tells the console with jobStarted, so its end is told in a toast.

export interface JobsPanelState {
  open: boolean;
  /** The job to show first (with its log) when the panel opens, e.g. from a toast. */
  focusJobUuid: string | null;
  /** Jobs started from this console whose end has not been told yet. */
  started: string[];
}

const initialState: JobsPanelState = { open: false, focusJobUuid: null, started: [] };

const jobsPanelSlice = createSlice({
  name: 'jobsPanel',
  initialState,
  reducers: {
    jobsPanelOpened: {
      reducer(state, action: PayloadAction<{ jobUuid: string | null }>) {
        state.open = true;
        state.focusJobUuid = action.payload.jobUuid;
      },
      prepare: (jobUuid: string | null = null) => ({ payload: { jobUuid } }),
    },
    jobsPanelClosed(state) {
      state.open = false;
      state.focusJobUuid = null;
    },
    jobStarted(state, action: PayloadAction<string>) {
      if (!state.started.includes(action.payload)) state.started.push(action.payload);
    },
    jobEndTold(state, action: PayloadAction<string>) {
      state.started = state.started.filter((uuid) => uuid !== action.payload);
    },
  },
});

export const { jobsPanelOpened, jobsPanelClosed, jobStarted, jobEndTold } = jobsPanelSlice.actions;
export const jobsPanelReducer = jobsPanelSlice.reducer;

export const selectJobsPanel = (state: { jobsPanel: JobsPanelState }) => state.jobsPanel;
