import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Job } from '../../api/generated/historian.gen';
import { ToastViewport } from '../../components/Toasts/ToastViewport';
import { aJob, aSession } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { jobsApi } from '../../api/areas/jobs';
import { useGetMeasurementsQuery } from '../../api/areas/measurements';
import { JobWatcher } from './JobWatcher';

// When a job the user started ends, a toast says how, with a link that opens the jobs panel on it.

function renderWatcher(job: Job, ended: Job, also: ReactNode = null) {
  document.cookie = 'XSRF-TOKEN=test';
  let polls = 0;
  server.use(
    noTranslationOverrides(),
    http.get('/api/jobs', () => {
      polls += 1;
      return HttpResponse.json(polls === 1 ? [job] : []);
    }),
    http.get(`/api/jobs/${job.UUID}`, () => HttpResponse.json(ended)),
  );
  return renderWithProviders(
    <>
      <JobWatcher />
      <ToastViewport />
      {also}
    </>,
    { preloadedState: { session: aSession(), jobsPanel: { open: false, focusJobUuid: null, started: [job.UUID] } } },
  );
}

describe('the end of a job the user started', () => {
  it('is told in a toast whose link opens the jobs panel on that job', async () => {
    const job = aJob();
    const { user, store } = renderWatcher(job, { ...job, State: 'done', Progress: 1, FinishedAt: '2026-11-26T10:10:00.000Z' });
    expect(await screen.findByText('Parquet export finished.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(store.getState().jobsPanel.started).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Show jobs' }));
    expect(store.getState().jobsPanel).toMatchObject({ open: true, focusJobUuid: job.UUID });
  });

  it('a failed job is told as an error with its reason', async () => {
    const job = aJob({ Type: 'measurement_import' });
    renderWatcher(job, { ...job, State: 'failed', Error: 'the file has no header row', FinishedAt: '2026-11-26T10:10:00.000Z' });
    const message = await screen.findByText('Measurement import failed: the file has no header row', undefined, { timeout: 5000 });
    // Error toasts sit in the assertive live region.
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });

  it('a measurement import that ended refreshes the measurement lists, which its rows changed', async () => {
    const job = aJob({ Type: 'measurement_import' });
    let listed = 0;
    server.use(
      http.get('/api/measurements', () => {
        listed += 1;
        return HttpResponse.json([], { headers: { 'x-total-count': '0' } });
      }),
    );
    function MeasurementList() {
      useGetMeasurementsQuery({});
      return null;
    }
    const { store } = renderWatcher(job, { ...job, State: 'done', Progress: 1, FinishedAt: '2026-11-26T10:10:00.000Z' }, <MeasurementList />);
    await screen.findByText('Measurement import finished.', undefined, { timeout: 5000 });
    await waitFor(() => expect(listed).toBe(2));
    expect(store.getState().jobsPanel.started).toEqual([]);
  });

  it('a job that was only paused is not told as ended', async () => {
    const job = aJob();
    const { store } = renderWatcher(job, { ...job, State: 'paused' });
    await waitFor(() => expect(store.getState().jobsPanel.started).toEqual([]), { timeout: 5000 });
    expect(store.getState().toasts.items).toEqual([]);
  });

  it('a job another list showed running is told too, even if it ended before the watcher saw it', async () => {
    document.cookie = 'XSRF-TOKEN=test';
    const job = aJob({ Type: 'calculation_backfill' });
    server.use(
      noTranslationOverrides(),
      // The panel's list (all jobs) still shows it running; the watcher's own list (Mine) no more.
      http.get('/api/jobs', ({ request }) => HttpResponse.json(new URL(request.url).searchParams.get('Mine') === 'true' ? [] : [job])),
      http.get(`/api/jobs/${job.UUID}`, () => HttpResponse.json({ ...job, State: 'done', Progress: 1 })),
    );
    const { store } = renderWithProviders(
      <>
        <JobWatcher />
        <ToastViewport />
      </>,
      { preloadedState: { session: aSession() } },
    );
    await store.dispatch(jobsApi.endpoints.getJobs.initiate({ limit: 50 }));
    expect(await screen.findByText('Calculation backfill finished.', undefined, { timeout: 5000 })).toBeInTheDocument();
    // Told once, however often the stale list still shows it running.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(screen.getAllByText('Calculation backfill finished.')).toHaveLength(1);
  });
});
