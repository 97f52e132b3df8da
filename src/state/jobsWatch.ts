import { member } from '../api/outcomes';
import type { JobsPanelState } from './jobsPanel';

// Apart from the jobs panel's slice, which the store (and so the sign-in route) carries: only the
// signed-in shell reads this.

const ACTIVE = ['pending', 'running'];

interface WatchState {
  jobsPanel: JobsPanelState;
  session: { userId: string | null };
  api?: unknown;
}

/**
 * The user's own jobs that some answer of the jobs calls in the API cache (the panel, the home
 * tile) shows pending or running, as one sorted, comma-separated text (equal while unchanged, so
 * a component reading it re-renders only when the set changes). Reads the cache by endpoint name,
 * so the shell needs none of the jobs area's code for it.
 */
export function selectKnownActiveJobs(state: WatchState): string {
  const queries = member(state, 'api', 'queries');
  if (typeof queries !== 'object' || queries === null) return '';
  const found = new Set<string>();
  for (const entry of Object.values(queries)) {
    const name = member(entry, 'endpointName');
    if (name !== 'getJobs' && name !== 'getJob') continue;
    const data = member(entry, 'data');
    for (const job of Array.isArray(data) ? data : [data]) {
      if (ACTIVE.includes(String(member(job, 'State'))) && member(job, 'CreatedByUUID') === state.session.userId) found.add(String(member(job, 'UUID')));
    }
  }
  return [...found].sort().join(',');
}

/** Whether the console has reason to watch the user's jobs: one it started, or one known to be pending or running. */
export const selectShouldWatchJobs = (state: WatchState): boolean => state.jobsPanel.started.length > 0 || selectKnownActiveJobs(state) !== '';
