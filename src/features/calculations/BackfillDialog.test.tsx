import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Job } from '../../api/generated/historian.gen';
import { aJob } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { BackfillDialog } from './BackfillDialog';
import { CALC_UUID, stateWith } from './testing/calculationFixtures';

// The backfill dialog (DOMAIN.md §2): a dry run as a job, its result per calculation (this one and
// those downstream) with the sample of old against new values, then Apply over the same range, and
// Cancel while a job runs.

const DRY_JOB = '70000000-0000-4000-8000-0000000000d1';
const APPLY_JOB = '70000000-0000-4000-8000-0000000000a1';
const DOWNSTREAM_UUID = 'a0000000-0000-4000-8000-0000000000c2';
const NOW = Date.UTC(2026, 10, 26, 12, 0);
const T = Date.UTC(2026, 10, 25, 12, 0);

const calculations = (dryRun: boolean) => [
  { UUID: CALC_UUID, Name: 'line_1.yield', Evaluations: 1440, Errors: 1, Added: 10, Changed: 2, Unchanged: 1428, OnlyOld: 0, Written: dryRun ? 0 : 12, Sample: [{ T, Old: 1.5, New: 1.75 }, { T: T + 60_000, Old: null, New: 2 }], FirstErrors: [{ T: T + 120_000, Code: 'script', Message: 'division by zero', Line: 3 }] },
  { UUID: DOWNSTREAM_UUID, Name: 'line_1.yield_daily', Evaluations: 1, Errors: 0, Added: 0, Changed: 1, Unchanged: 0, OnlyOld: 0, Written: dryRun ? 0 : 1, Sample: [{ T, Old: 30, New: 31 }], FirstErrors: [] },
];

function renderDialog(jobAnswers: Record<string, Job[]>, startAnswer?: () => Response) {
  document.cookie = 'XSRF-TOKEN=test';
  const started: unknown[] = [];
  const canceled: string[] = [];
  server.use(
    noTranslationOverrides(),
    http.post('/api/calculations/:id/backfill', async ({ request }) => {
      const body = (await request.json()) as { DryRun: boolean };
      started.push(body);
      if (startAnswer) return startAnswer();
      return HttpResponse.json({ JobUUID: body.DryRun ? DRY_JOB : APPLY_JOB }, { status: 202 });
    }),
    http.get('/api/jobs/:id', ({ params }) => {
      const answers = jobAnswers[String(params.id)];
      return HttpResponse.json(answers.length > 1 ? answers.shift() : answers[0]);
    }),
    http.post('/api/jobs/:id/cancel', ({ params }) => {
      canceled.push(String(params.id));
      return HttpResponse.json(aJob({ UUID: String(params.id), Type: 'calculation_backfill', State: 'running', CancelRequested: true }));
    }),
  );
  const onClose = jest.fn();
  const { store } = renderWithProviders(<BackfillDialog calculationUuid={CALC_UUID} name="line_1.yield" onClose={onClose} now={() => NOW} />, { preloadedState: stateWith() });
  return { started, canceled, onClose, store };
}

describe('backfill dialog', () => {
  it('dry run, then the result per calculation with its sample, then Apply over the same range, then the written counts', async () => {
    const { started } = renderDialog({
      [DRY_JOB]: [
        aJob({ UUID: DRY_JOB, Type: 'calculation_backfill', State: 'running', Progress: 0.5, ProgressMessage: '720 / 1440' }),
        aJob({ UUID: DRY_JOB, Type: 'calculation_backfill', State: 'done', Progress: 1, Result: { DryRun: true, Calculations: calculations(true) } }),
      ],
      [APPLY_JOB]: [aJob({ UUID: APPLY_JOB, Type: 'calculation_backfill', State: 'done', Progress: 1, Result: { DryRun: false, Calculations: calculations(false) } })],
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Backfill line_1.yield' });
    await user.click(within(dialog).getByRole('button', { name: 'Dry run' }));

    expect(await within(dialog).findByRole('progressbar', { name: 'Progress of the backfill' })).toBeInTheDocument();
    const counts = await within(dialog).findByRole('table', { name: 'What the backfill would do' }, { timeout: 4000 });
    expect(started[0]).toEqual({ Start: new Date(NOW - 86_400_000).toISOString(), End: new Date(NOW).toISOString(), DryRun: true });
    const yieldRow = within(counts).getByRole('row', { name: /^line_1\.yield 1440/ });
    expect(within(yieldRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1440', '1', '10', '2', '1428', '0']);
    expect(within(counts).getByRole('rowheader', { name: 'line_1.yield_daily (downstream)' })).toBeInTheDocument();
    const sample = within(dialog).getByRole('table', { name: 'Sample of line_1.yield: old against new' });
    expect(within(sample).getByText('1.5')).toBeInTheDocument();
    expect(within(sample).getByText('1.75')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'First errors' })).toHaveTextContent(/script division by zero \(Line 3\)/);
    expect(within(dialog).getByText('Dry run done: nothing was written')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Backfill done')).toBeInTheDocument();
    expect(started[1]).toEqual({ Start: new Date(NOW - 86_400_000).toISOString(), End: new Date(NOW).toISOString(), DryRun: false });
    const written = within(dialog).getByRole('table', { name: 'What the backfill did' });
    expect(within(written).getByRole('columnheader', { name: 'Written' })).toBeInTheDocument();
    expect(within(dialog).getByText('13 values written.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('cancels the running job', async () => {
    const { canceled } = renderDialog({ [DRY_JOB]: [aJob({ UUID: DRY_JOB, Type: 'calculation_backfill', State: 'running', Progress: 0.1 })] });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Backfill line_1.yield' });
    await user.click(within(dialog).getByRole('button', { name: 'Dry run' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel job' }));
    await waitFor(() => expect(canceled).toEqual([DRY_JOB]));
  });

  it('refuses a range whose start is not before its end', async () => {
    const { started } = renderDialog({});
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Backfill line_1.yield' });
    const start = within(dialog).getByLabelText('Start');
    await user.clear(start);
    expect(within(dialog).getByText('Choose a start before the end.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Dry run' })).toBeDisabled();
    expect(started).toEqual([]);
  });

  it('tells a start the server could not make, and follows no job', async () => {
    const { started, store } = renderDialog({}, () => HttpResponse.json({ title: 'Internal Server Error', status: 500 }, { status: 500, headers: { 'content-type': 'application/problem+json' } }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'danger', messageKey: 'calculations.errors.backfill_failed' })]));
    expect(started).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeEnabled();
  });
});
