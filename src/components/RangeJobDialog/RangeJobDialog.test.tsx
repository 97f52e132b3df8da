import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Job } from '../../api/generated/historian.gen';
import { aJob, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { JobSection, RangeFieldset } from './RangeJobDialog';
import { DAY_MS, useRangeJob, type JobRange, type JobStartAnswer } from './useRangeJob';

// The shared range and job parts: the range opens as the last day, a bad or too long range is
// refused, a started job is polled through the jobs area, and Cancel asks the jobs area.

const JOB = '70000000-0000-4000-8000-0000000000f1';
const NOW = Date.UTC(2026, 10, 26, 12, 0);
const preloadedState = {
  session: aSession(),
  organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
  licence: { loaded: true, error: null, claims: [] },
};

function Harness({ start, maxRangeMs }: { start: (range: JobRange, dryRun: boolean) => Promise<JobStartAnswer>; maxRangeMs?: number }) {
  const job = useRangeJob({ now: () => NOW, maxRangeMs, start });
  return (
    <div>
      <RangeFieldset job={job} labels={{ range: 'Range', start: 'From', end: 'To', badRange: 'Bad range' }} />
      <button type="button" disabled={!job.rangeValid} onClick={() => void job.run(true)}>
        Go
      </button>
      <JobSection job={job} labels={{ heading: job.running ? 'Working' : 'Finished', progress: 'Progress', cancel: 'Stop', canceling: 'Stopping', failed: (error) => `Failed: ${error}`, canceled: 'Stopped' }}>
        {job.dryDone && <p>Result shown</p>}
      </JobSection>
    </div>
  );
}

function serveJob(answers: Job[]) {
  const canceled: string[] = [];
  server.use(
    http.get('/api/jobs/:id', () => HttpResponse.json(answers.length > 1 ? answers.shift() : answers[0])),
    http.post('/api/jobs/:id/cancel', ({ params }) => {
      canceled.push(String(params.id));
      return HttpResponse.json(aJob({ UUID: String(params.id), State: 'running', CancelRequested: true }));
    }),
  );
  return canceled;
}

describe('range and job parts', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=test';
    server.use(noTranslationOverrides());
  });

  it('starts over the last day, polls the job to its end, locks the range and shows the result', async () => {
    serveJob([aJob({ UUID: JOB, State: 'running', Progress: 0.42, ProgressMessage: '42 of 100' }), aJob({ UUID: JOB, State: 'done', Progress: 1 })]);
    const start = jest.fn(async (): Promise<JobStartAnswer> => ({ data: { JobUUID: JOB } }));
    const user = userEvent.setup();
    renderWithProviders(<Harness start={start} />, { preloadedState });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go' }));

    expect(start).toHaveBeenCalledWith({ Start: new Date(NOW - DAY_MS).toISOString(), End: new Date(NOW).toISOString() }, true);
    expect(await screen.findByText('42 of 100')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '42');
    expect(screen.getByRole('heading', { name: 'Working' })).toBeInTheDocument();
    expect(await screen.findByText('Result shown', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Finished' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Range' })).toBeDisabled();
  });

  it('refuses an inverted range and one longer than the maximum', async () => {
    const start = jest.fn(async (): Promise<JobStartAnswer> => ({ data: { JobUUID: JOB } }));
    const user = userEvent.setup();
    renderWithProviders(<Harness start={start} maxRangeMs={DAY_MS} />, { preloadedState });
    const from = screen.getByLabelText('From');
    expect(screen.queryByText('Bad range')).not.toBeInTheDocument();

    await user.clear(from);
    await user.type(from, '2026-11-20T12:00');
    expect(screen.getByText('Bad range')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go' })).toBeDisabled();

    await user.clear(from);
    await user.type(from, '2030-01-01T00:00');
    expect(screen.getByText('Bad range')).toBeInTheDocument();
    expect(start).not.toHaveBeenCalled();
  });

  it('cancels a running job through the jobs area and shows that it stops', async () => {
    const canceled = serveJob([aJob({ UUID: JOB, State: 'running', Progress: 0.1 })]);
    const user = userEvent.setup();
    renderWithProviders(<Harness start={async () => ({ data: { JobUUID: JOB } })} />, { preloadedState });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    const section = (await screen.findByRole('progressbar', { name: 'Progress' })).closest('section') as HTMLElement;
    await user.click(within(section).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(canceled).toEqual([JOB]));
  });

  it('starts nothing when the start fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness start={async () => ({ error: { status: 409 } })} />, { preloadedState });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Range' })).toBeEnabled();
  });
});
