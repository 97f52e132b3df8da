import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Whether the QA recorder runs, and the route the app is on. The route lives in the state so that
// a replay knows which page each step showed (LocationRecorder in src/app dispatches
// navigation/changed). The slice is never persisted: a recording lives in memory only.

export interface RecorderState {
  recording: boolean;
  /** pathname + search of the hash route, e.g. '/collectors?status=Active'; null before the router mounts. */
  route: string | null;
}

const initialState: RecorderState = { recording: false, route: null };

/** The route changed; dispatched on every navigation, recording or not. */
export const navigationChanged = createAction<string>('navigation/changed');

const recorderSlice = createSlice({
  name: 'recorder',
  initialState,
  reducers: {
    /** The switch of the profile's experimental features, or `?record=1` at start-up. */
    recorderToggled(state, action: PayloadAction<boolean>) {
      state.recording = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(navigationChanged, (state, action) => {
      state.route = action.payload;
    });
  },
});

export const { recorderToggled } = recorderSlice.actions;
export const recorderReducer = recorderSlice.reducer;

export const selectIsRecording = (state: { recorder: RecorderState }) => state.recorder.recording;
