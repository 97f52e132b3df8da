import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { CalculationState } from './CalculationState';
import { CALC_UUID, stateWith } from './testing/calculationFixtures';

// A calculation's live state (DOMAIN.md §2 Context): last evaluation, last error, local values;
// the local values are saved only while the calculation is paused.

function renderState(status: 'Active' | 'Paused', answer?: () => Response) {
  document.cookie = 'XSRF-TOKEN=test';
  const saved: unknown[] = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/calculations/:id/context', () =>
      HttpResponse.json({ MeasurementUUID: CALC_UUID, Local: { count: 3 }, PreviousResult: 42, LastEvaluatedAt: '2026-11-26T10:00:00.000Z', LastError: 'script: x is not defined (line 2)', Running: status === 'Active' }),
    ),
    http.put('/api/calculations/:id/context', async ({ request }) => {
      const body = (await request.json()) as { Local: Record<string, unknown> };
      saved.push(body);
      if (answer) return answer();
      return HttpResponse.json({ MeasurementUUID: CALC_UUID, Local: body.Local, Running: false });
    }),
  );
  const { store } = renderWithProviders(<CalculationState measurement={{ UUID: CALC_UUID, Status: status }} canManage />, { preloadedState: stateWith() });
  return { saved, store };
}

describe('calculation live state', () => {
  it('shows the last error in an alert and the local values read-only while the calculation is active', async () => {
    renderState('Active');
    expect(await screen.findByRole('alert')).toHaveTextContent('script: x is not defined (line 2)');
    expect(screen.getByText('42')).toBeInTheDocument();
    const local = screen.getByRole('textbox', { name: 'Local values (local.get / local.set)' });
    expect(local).toHaveAttribute('readonly');
    expect(JSON.parse((local as HTMLTextAreaElement).value)).toEqual({ count: 3 });
    expect(screen.queryByRole('button', { name: 'Save local values' })).not.toBeInTheDocument();
    expect(screen.getByText('Pause the calculation to edit its local values.')).toBeInTheDocument();
  });

  it('saves edited local values while the calculation is paused, and refuses what is not a JSON object', async () => {
    const { saved, store } = renderState('Paused');
    const user = userEvent.setup();
    const local = await screen.findByRole('textbox', { name: 'Local values (local.get / local.set)' });
    expect(local).not.toHaveAttribute('readonly');
    await user.clear(local);
    await user.type(local, '[1]');
    await user.click(screen.getByRole('button', { name: 'Save local values' }));
    expect(screen.getByText('Enter a JSON object, such as {"count": 1}.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.clear(local);
    await user.type(local, '{{"count": 0}');
    await user.click(screen.getByRole('button', { name: 'Save local values' }));
    await waitFor(() => expect(saved).toEqual([{ Local: { count: 0 } }]));
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'success', messageKey: 'calculations.state.saved' })]));
  });

  it('tells a save the server refused (the calculation was resumed meanwhile)', async () => {
    const { store } = renderState('Paused', () => HttpResponse.json({ title: 'Conflict', status: 409, code: 'calculations.errors.context_not_paused' }, { status: 409, headers: { 'content-type': 'application/problem+json' } }));
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Local values (local.get / local.set)' });
    await user.click(screen.getByRole('button', { name: 'Save local values' }));
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'danger', messageKey: 'calculations.errors.context_save' })]));
  });
});
