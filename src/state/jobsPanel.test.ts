import { jobEndTold, jobsPanelClosed, jobsPanelOpened, jobsPanelReducer, jobStarted, type JobsPanelState } from './jobsPanel';
import { selectKnownActiveJobs, selectShouldWatchJobs } from './jobsWatch';

const empty: JobsPanelState = { open: false, focusJobUuid: null, started: [] };
const me = 'user-1';
const cached = (endpointName: string, data: unknown) => ({ queries: { [`${endpointName}(x)`]: { endpointName, data } } });

describe('jobs panel state', () => {
  it('opens on a job, closes, and remembers started jobs until their end is told', () => {
    let state = jobsPanelReducer(empty, jobsPanelOpened('job-1'));
    expect(state).toMatchObject({ open: true, focusJobUuid: 'job-1' });
    state = jobsPanelReducer(state, jobsPanelClosed());
    expect(state).toMatchObject({ open: false, focusJobUuid: null });
    state = jobsPanelReducer(jobsPanelReducer(state, jobStarted('job-2')), jobStarted('job-2'));
    expect(state.started).toEqual(['job-2']);
    expect(jobsPanelReducer(state, jobEndTold('job-2')).started).toEqual([]);
  });

  it("watches the user's jobs only while one of theirs is known to be pending or running", () => {
    const base = { jobsPanel: empty, session: { userId: me } };
    expect(selectShouldWatchJobs({ ...base, api: { queries: {} } })).toBe(false);
    expect(selectShouldWatchJobs({ ...base, jobsPanel: { ...empty, started: ['job-9'] } })).toBe(true);
    expect(selectShouldWatchJobs({ ...base, api: cached('getJobs', [{ State: 'running', CreatedByUUID: me }]) })).toBe(true);
    expect(selectShouldWatchJobs({ ...base, api: cached('getJobs', [{ State: 'running', CreatedByUUID: 'someone-else' }]) })).toBe(false);
    expect(selectShouldWatchJobs({ ...base, api: cached('getJobs', [{ State: 'paused', CreatedByUUID: me }]) })).toBe(false);
    expect(selectShouldWatchJobs({ ...base, api: cached('getJob', { State: 'pending', CreatedByUUID: me }) })).toBe(true);
    expect(selectShouldWatchJobs({ ...base, api: cached('getCollectors', [{ State: 'running', CreatedByUUID: me }]) })).toBe(false);
  });

  it('names the known pending or running jobs of the user in a stable order', () => {
    const api = { queries: { a: { endpointName: 'getJobs', data: [{ UUID: 'b', State: 'pending', CreatedByUUID: me }, { UUID: 'a', State: 'running', CreatedByUUID: me }] }, b: { endpointName: 'getJob', data: { UUID: 'a', State: 'running', CreatedByUUID: me } } } };
    expect(selectKnownActiveJobs({ jobsPanel: empty, session: { userId: me }, api })).toBe('a,b');
  });
});
