import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventReevaluation, Job } from '../../../api/generated/historian.gen';
import { aJob } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { ReevaluateDialog } from './ReevaluateDialog';
import { CONFIGURATION, stateWith } from './testing/configFixtures';

// Re-evaluation (server/events/README.md, "Re-evaluation"): a dry run as a job with its counts and
// the values before and after, then Apply over the same range; manual values are kept.

const DRY_JOB = '70000000-0000-4000-8000-0000000000d1';
const APPLY_JOB = '70000000-0000-4000-8000-0000000000a1';
const NOW = Date.UTC(2026, 10, 26, 12, 0);
const result = { Events: 14, Changed: 3, Kept: 1, Samples: [{ EventUUID: '80000000-0000-4000-8000-000000000001', StartTime: '2026-11-25T12:00:00.000Z', Property: 'Temperature', Before: 71.5, After: 72.25 }] };

function renderDialog(jobs: Record<string, Job[]>) {
  document.cookie = 'XSRF-TOKEN=test';
  const started: EventReevaluation[] = [];
  server.use(
    noTranslationOverrides(),
    http.post('/api/event-configurations/:id/re-evaluate', async ({ request }) => {
      const body = (await request.json()) as EventReevaluation;
      started.push(body);
      return HttpResponse.json({ JobUUID: body.DryRun ? DRY_JOB : APPLY_JOB }, { status: 202 });
    }),
    http.get('/api/jobs/:id', ({ params }) => {
      const answers = jobs[String(params.id)];
      return HttpResponse.json(answers.length > 1 ? answers.shift() : answers[0]);
    }),
  );
  const rendered = renderWithProviders(<ReevaluateDialog configurationUuid={CONFIGURATION} name="Plant/Line 1 · Batch" onClose={jest.fn()} now={() => NOW} />, { preloadedState: stateWith() });
  return { ...rendered, started };
}

describe('re-evaluate dialog', () => {
  it('dry runs first, shows events, changed and kept with the values before and after, then applies the same range', async () => {
    const { user, started } = renderDialog({
      [DRY_JOB]: [aJob({ UUID: DRY_JOB, Type: 'event_reevaluation', State: 'running', Progress: 0.5 }), aJob({ UUID: DRY_JOB, Type: 'event_reevaluation', State: 'done', Progress: 1, Result: result })],
      [APPLY_JOB]: [aJob({ UUID: APPLY_JOB, Type: 'event_reevaluation', State: 'done', Progress: 1, Result: result })],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Re-evaluate Plant/Line 1 · Batch' });
    await user.click(within(dialog).getByRole('button', { name: 'Dry run' }));
    const counts = await within(dialog).findByLabelText('What the dry run found', {}, { timeout: 4000 });
    expect(started[0]).toEqual({ Start: new Date(NOW - 86_400_000).toISOString(), End: new Date(NOW).toISOString(), DryRun: true });
    expect(within(counts).getByText('14')).toBeInTheDocument();
    expect(within(counts).getByText('3')).toBeInTheDocument();
    expect(within(counts).getByText('Kept (typed by hand)')).toBeInTheDocument();
    const samples = within(dialog).getByRole('table', { name: 'Values before and after' });
    expect(within(samples).getByRole('row', { name: /Temperature/ })).toHaveTextContent('71.5 → 72.25');

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(started).toHaveLength(2));
    expect(started[1]).toEqual({ ...started[0], DryRun: false });
    expect(await within(dialog).findByText('The events were computed again.', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
