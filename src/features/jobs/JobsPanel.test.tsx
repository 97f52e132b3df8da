import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Job } from '../../api/generated/historian.gen';
import { aJob, aSession } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { JobsPanel } from './JobsPanel';

// The jobs panel: the jobs the user may see, newest first, with live progress, state, error,
// log, and the pause, resume and cancel that DOMAIN.md §8 allows from each state.

const openPanel = { open: true, focusJobUuid: null, started: [] };

function renderPanel(answers: () => Job[]) {
  document.cookie = 'XSRF-TOKEN=test';
  const asked: URL[] = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/jobs', ({ request }) => {
      asked.push(new URL(request.url));
      const jobs = answers();
      return HttpResponse.json(jobs, { headers: { 'x-total-count': String(jobs.length) } });
    }),
  );
  const rendered = renderWithProviders(<JobsPanel />, { preloadedState: { session: aSession(), jobsPanel: openPanel } });
  return { ...rendered, asked };
}

const item = (name: string) => screen.findByRole('listitem', { name });

describe('jobs panel', () => {
  it('lists each job with its state, progress, who started it and its error', async () => {
    renderPanel(() => [
      aJob({ Progress: 0.42, ProgressMessage: 'file 5 of 12' }),
      aJob({ Type: 'measurement_import', State: 'failed', Error: 'line 7: unknown unit "degC"', FinishedAt: '2026-11-26T10:05:00.000Z', CreatedByName: 'anna' }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Background jobs' });
    const running = await item('Parquet export');
    expect(within(running).getByText('Running')).toBeInTheDocument();
    expect(within(running).getByRole('progressbar', { name: 'Progress of Parquet export' })).toHaveAttribute('value', '42');
    expect(within(running).getByText('42%')).toBeInTheDocument();
    expect(within(running).getByText('file 5 of 12')).toBeInTheDocument();
    const failed = within(dialog).getByRole('listitem', { name: 'Measurement import' });
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('line 7: unknown unit "degC"')).toBeInTheDocument();
    expect(within(failed).getByText(/Started by anna/)).toBeInTheDocument();
    expect(within(failed).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('follows a running job live until it ends, then stops asking', async () => {
    let calls = 0;
    const { asked } = renderPanel(() => {
      calls += 1;
      return [calls < 2 ? aJob({ UUID: '70000000-0000-4000-8000-00000000aaaa', Progress: 0.1 }) : aJob({ UUID: '70000000-0000-4000-8000-00000000aaaa', State: 'done', Progress: 1, FinishedAt: '2026-11-26T10:09:00.000Z' })];
    });
    const job = await item('Parquet export');
    expect(within(job).getByText('Running')).toBeInTheDocument();
    await waitFor(() => expect(within(job).getByText('Done')).toBeInTheDocument(), { timeout: 4000 });
    const settled = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(asked.length).toBe(settled);
  });

  it('offers what each state allows: pause a running job of a resumable type, resume a paused one, cancel an unfinished one, nothing for an ended one', async () => {
    renderPanel(() => [
      aJob({ Type: 'parquet_export', State: 'running' }),
      aJob({ Type: 'calculation_backfill', State: 'running', Pausable: false }),
      aJob({ Type: 'event_reevaluation', State: 'paused' }),
      aJob({ Type: 'prototype_apply', State: 'done', Progress: 1 }),
    ]);
    const buttons = async (name: string) => within(await item(name)).getAllByRole('button').map((button) => button.textContent?.trim());
    expect(await buttons('Parquet export')).toEqual(['Pause', 'Cancel job', 'Log']);
    expect(await buttons('Calculation backfill')).toEqual(['Cancel job', 'Log']);
    expect(await buttons('Event re-evaluation')).toEqual(['Resume', 'Cancel job', 'Log']);
    expect(await buttons('Prototype update')).toEqual(['Log']);
  });

  it('pause asks the server and shows that the job pauses at its next checkpoint', async () => {
    let pauseAsked = false;
    const job = aJob();
    server.use(
      http.post(`/api/jobs/${job.UUID}/pause`, () => {
        pauseAsked = true;
        return HttpResponse.json({ ...job, PauseRequested: true });
      }),
    );
    const { user } = renderPanel(() => [pauseAsked ? { ...job, PauseRequested: true } : job]);
    await user.click(within(await item('Parquet export')).getByRole('button', { name: 'Pause' }));
    expect(await within(await item('Parquet export')).findByText('Pausing at the next checkpoint…')).toBeInTheDocument();
    expect(within(await item('Parquet export')).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('a refused cancel is told in an error toast', async () => {
    const job = aJob({ State: 'pending', Progress: 0, StartedAt: null });
    server.use(
      http.post(`/api/jobs/${job.UUID}/cancel`, () =>
        HttpResponse.json({ title: 'Conflict', status: 409, code: 'jobs.errors.not_allowed', detail: 'A done job cannot be canceled.' }, { status: 409, headers: { 'content-type': 'application/problem+json' } }),
      ),
    );
    const { user, store } = renderPanel(() => [job]);
    await user.click(within(await item('Parquet export')).getByRole('button', { name: 'Cancel job' }));
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'danger', messageKey: 'jobs.errors.cancel' })]));
  });

  it("shows a job's log on demand", async () => {
    const job = aJob({ State: 'done', Progress: 1 });
    server.use(
      http.get(`/api/jobs/${job.UUID}/logs`, () =>
        HttpResponse.json([
          { ID: 1, At: '2026-11-26T10:00:02.000Z', Level: 'info', Message: 'wrote plant-a-2026-11-25.parquet' },
          { ID: 2, At: '2026-11-26T10:00:03.000Z', Level: 'warn', Message: 'skipped 3 bad-quality values' },
        ]),
      ),
    );
    const { user } = renderPanel(() => [job]);
    const toggle = within(await item('Parquet export')).getByRole('button', { name: 'Log' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const log = await screen.findByRole('list', { name: 'Log' });
    expect(within(log).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      expect.stringContaining('wrote plant-a-2026-11-25.parquet'),
      expect.stringContaining('skipped 3 bad-quality values'),
    ]);
  });

  it('narrows the list to the user\'s own jobs on request, and says when there are none', async () => {
    const { user, asked } = renderPanel(() => []);
    expect(await screen.findByText('No jobs yet. Exports, imports and backfills you start appear here.')).toBeInTheDocument();
    expect(asked[0].searchParams.get('Mine')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Only my jobs' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('Mine')).toBe('true'));
  });

  it('closes', async () => {
    const { user, store } = renderPanel(() => []);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(store.getState().jobsPanel.open).toBe(false);
  });
});
