import { screen, waitFor } from '@testing-library/react';
import { UserMenu } from '../../app/UserMenu';
import { makeStore } from '../../app/store';
import { RecorderToggle } from '../../components/RecorderToggle';
import { validateRecording } from '../../lib/recording/validateRecording';
import { recorderToggled } from '../../state/recorder/recorderSlice';
import { tableLayoutChanged } from '../../state/tableSettings';
import { aSession } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';

describe('"Export recording" in the user menu', () => {
  const created: Blob[] = [];
  const downloads: string[] = [];
  beforeEach(() => {
    created.length = 0;
    downloads.length = 0;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:recording';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('is offered only while recording', () => {
    const store = makeStore({ session: aSession() });
    renderWithProviders(<UserMenu />, { store });
    expect(screen.queryByRole('button', { name: 'Export recording' })).not.toBeInTheDocument();
  });

  it('downloads historian-recording-<ISO time>.json, a file that passes the published schema', async () => {
    const store = makeStore({ session: aSession() }, { record: true });
    store.dispatch(tableLayoutChanged({ tableId: 'collectors', layout: { columnsShown: ['Name'], columnsOrder: ['Name'] } }));
    const { user } = renderWithProviders(<UserMenu />, { store });

    await user.click(screen.getByRole('button', { name: 'Export recording' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads).toEqual([expect.stringMatching(/^historian-recording-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.json$/)]);
    const file: unknown = JSON.parse(await created[0].text());
    expect(validateRecording(file)).toMatchObject({ ok: true, recording: { actions: [{ action: { type: 'tableSettings/tableLayoutChanged' } }] } });
  });
});

describe('the recorder switch for the profile page', () => {
  it('shows only with experimental features on, and switches the recorder on and off', async () => {
    const hidden = renderWithProviders(<RecorderToggle />, { preloadedState: { session: aSession() } });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    hidden.unmount();

    const { user, store } = renderWithProviders(<RecorderToggle />, { preloadedState: { session: aSession({ experimentalFeatures: true }) } });
    const toggle = screen.getByRole('checkbox', { name: 'Record my actions for QA replay' });
    await user.click(toggle);
    expect(store.getState().recorder.recording).toBe(true);
    await user.click(toggle);
    expect(store.getState().recorder.recording).toBe(false);
  });

  it('stays visible while recording, so that a recording started by ?record=1 can be switched off', () => {
    const store = makeStore({ session: aSession() });
    store.dispatch(recorderToggled(true));
    renderWithProviders(<RecorderToggle />, { store });
    expect(screen.getByRole('checkbox', { name: 'Record my actions for QA replay' })).toBeChecked();
  });
});
