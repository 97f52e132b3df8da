import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { MeasurementRead } from '../../api/generated/historian.gen';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { CalculationSlotsContext } from '../measurements/calculationSlots';
import { MeasurementForm } from '../measurements/MeasurementForm';
import { calculationSlots } from './lazy';
import { aCalculation, aCalculationCollector, flow, FLOW_UUID, level, LEVEL_UUID, measurementsServer, problem, runState, stateWith } from './testing/calculationFixtures';

// The calculation editor in the measurement form (DOMAIN.md §2): it saves the settings it shows,
// finds inputs by search (never the calculation itself), previews the unsaved settings with their
// points and errors, and shows a save's field errors on the input's row. CodeMirror needs a
// browser's text layout; in jsdom the editor's adapter (ScriptEditor.tsx) shows its textarea,
// which offers the same handle (a line for the cursor), so these tests type into that.

function renderForm(measurement: MeasurementRead = aCalculation()) {
  document.cookie = 'XSRF-TOKEN=test';
  const saved: unknown[] = [];
  const updateAnswer: { next?: () => Response } = {};
  server.use(
    http.put('/api/measurements/:id', async ({ request }) => {
      const body = await request.json();
      saved.push(body);
      if (updateAnswer.next) return updateAnswer.next();
      return HttpResponse.json({ ...measurement, ...(body as object) });
    }),
  );
  const { store } = renderWithProviders(
    <CalculationSlotsContext value={calculationSlots}>
      <MeasurementForm id="calc-form" measurement={measurement} collectors={[aCalculationCollector()]} databases={[]} canManage onSaved={() => undefined} onCancel={() => undefined} />
    </CalculationSlotsContext>,
    { preloadedState: stateWith() },
  );
  return { saved, updateAnswer, store };
}

const script = () => screen.findByRole('textbox', { name: 'Script' });

describe('calculation editor', () => {
  it('shows the stored settings and saves what it shows: type, interval, inputs and script', async () => {
    const { lists } = measurementsServer([flow(), level(), aCalculation()]);
    const { saved } = renderForm();
    const user = userEvent.setup();
    // The calculation fields load lazily (their own chunk): the first render waits for the import.
    expect(await screen.findByRole('combobox', { name: 'Type' }, { timeout: 10_000 })).toHaveValue('sampled');
    expect(screen.getByText(/Aggregates its inputs over each interval/)).toBeInTheDocument();
    expect(await screen.findByDisplayValue('line_1.flow')).toBeInTheDocument();
    const interval = screen.getByRole('textbox', { name: /^Interval/ });
    await user.clear(interval);
    await user.type(interval, '5m');

    // A second input: the alias B is suggested, the picker searches by keyword and never offers the calculation.
    await user.click(screen.getByRole('button', { name: 'Add input' }));
    expect(screen.getByRole('textbox', { name: 'Alias of input 2' })).toHaveValue('B');
    const picker = screen.getByRole('combobox', { name: 'Measurement of input 2' });
    await user.type(picker, 'line_1');
    const listbox = await screen.findByRole('listbox', { name: 'Measurement of input 2' });
    expect(await within(listbox).findByRole('option', { name: /line_1\.level/ })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: /line_1\.yield/ })).not.toBeInTheDocument();
    await waitFor(() => expect(lists.some((params) => params.get('Keyword') === 'line_1')).toBe(true));
    await user.click(within(listbox).getByRole('option', { name: /line_1\.level/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Aggregation of input 2' }), 'max');
    await user.type(screen.getByRole('textbox', { name: 'Default value of input 2' }), '0');

    const editor = await script();
    await user.clear(editor);
    await user.type(editor, '_A.Value + _B.Value');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { Settings: unknown }).Settings).toEqual({
      Type: 'sampled',
      Interval: '5m',
      IntervalOffset: 0,
      EvaluateInsufficientData: false,
      Inputs: [
        { Alias: 'A', MeasurementUUID: FLOW_UUID, Aggregation: 'mean' },
        { Alias: 'B', MeasurementUUID: LEVEL_UUID, Aggregation: 'max', DefaultValue: 0 },
      ],
      Script: '_A.Value + _B.Value',
    });
  });

  it('offers a sampled input only the aggregations its datatype allows', async () => {
    measurementsServer([runState()]);
    renderForm(aCalculation({ Settings: { Type: 'sampled', Interval: '1m', Inputs: [{ Alias: 'A', MeasurementUUID: runState().UUID, Aggregation: 'last' }], Script: '_A.Value' } }));
    await screen.findByDisplayValue('line_1.running');
    const aggregation = screen.getByRole('combobox', { name: 'Aggregation of input 1' });
    const offered = within(aggregation).getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(['count', 'first', 'last', 'mode', 'max', 'min']);
  });

  it('a raw calculation has no interval and saves its one input without an aggregation', async () => {
    measurementsServer([flow()]);
    const { saved } = renderForm(aCalculation({ Settings: { Type: 'raw', Inputs: [{ Alias: 'A', MeasurementUUID: FLOW_UUID }], Script: '_A.Value / 1000' } }));
    const user = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: 'Type' }, { timeout: 10_000 })).toHaveValue('raw');
    expect(screen.queryByRole('textbox', { name: /^Interval/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { Settings: unknown }).Settings).toEqual({ Type: 'raw', Inputs: [{ Alias: 'A', MeasurementUUID: FLOW_UUID }], Script: '_A.Value / 1000' });
  });

  it("shows a save's error on Settings.Inputs.0.MeasurementUUID on that input's row", async () => {
    measurementsServer([flow()]);
    const { updateAnswer } = renderForm();
    updateAnswer.next = () => problem(400, 'Invalid', { 'Settings.Inputs.0.MeasurementUUID': ['is not a measurement of this organization'] });
    const user = userEvent.setup();
    await screen.findByDisplayValue('line_1.flow');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const picker = screen.getByRole('combobox', { name: 'Measurement of input 1' });
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    const row = picker.closest('tr') as HTMLElement;
    const errorRow = row.nextElementSibling as HTMLElement;
    expect(within(errorRow).getByText('No such measurement in this organization.')).toBeInTheDocument();
    expect(picker).toHaveAccessibleDescription('No such measurement in this organization.');
  });

  it('previews the unsaved settings: points, counts and errors; an error moves the cursor to its line', async () => {
    measurementsServer([flow()]);
    const tests: unknown[] = [];
    server.use(
      http.post('/api/calculations/test', async ({ request }) => {
        tests.push(await request.json());
        return HttpResponse.json({
          Points: [
            { T: Date.UTC(2026, 10, 26, 9, 0), V: 2, Status: 'Good' },
            { T: Date.UTC(2026, 10, 26, 9, 1), V: 4, Status: 'Good' },
          ],
          Errors: [{ T: Date.UTC(2026, 10, 26, 9, 2), Code: 'script', Message: 'x is not defined', Line: 2 }],
          Evaluations: 3,
          Truncated: true,
        });
      }),
      http.post('/api/timeseries/query', () => HttpResponse.json({ Series: [] })),
    );
    renderForm();
    const user = userEvent.setup();
    await screen.findByDisplayValue('line_1.flow');
    const editor = await script();
    await user.type(editor, ' // unsaved');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), '24h');
    await user.click(screen.getByRole('button', { name: 'Test' }));

    expect(await screen.findByText('3 evaluations')).toBeInTheDocument();
    expect(screen.getByText('2 points')).toBeInTheDocument();
    expect(screen.getByText('1 error')).toBeInTheDocument();
    expect(screen.getByText(/Truncated/)).toBeInTheDocument();
    const body = tests[0] as { Datatype: string; Settings: { Script: string; Interval: string }; Start: string; End: string };
    expect(body.Datatype).toBe('number');
    expect(body.Settings.Script).toBe('const x = _A.Value;\nreturn x * 2; // unsaved');
    expect(new Date(body.End).getTime() - new Date(body.Start).getTime()).toBe(86_400_000);

    const errors = screen.getByRole('table', { name: 'Failed evaluations' });
    expect(within(errors).getByText('x is not defined')).toBeInTheDocument();
    await user.click(within(errors).getByRole('button', { name: 'Line 2' }));
    expect(editor).toHaveFocus();
    expect((editor as HTMLTextAreaElement).selectionStart).toBe('const x = _A.Value;\n'.length);
  });

  it("puts a test's 400 field errors on their fields", async () => {
    measurementsServer([flow()]);
    server.use(http.post('/api/calculations/test', () => problem(400, 'Invalid', { 'Settings.Interval': ['must be a duration from 1s to 1d, e.g. 1m'] })));
    renderForm();
    const user = userEvent.setup();
    await screen.findByDisplayValue('line_1.flow');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    // The calculation rules' phrases become translated sentences, as a save's do (src/api/fieldErrors.ts).
    const interval = screen.getByRole('textbox', { name: /^Interval/ });
    await waitFor(() => expect(interval).toHaveAttribute('aria-invalid', 'true'));
    expect(interval).toHaveAccessibleDescription(/The interval must be a duration from 1s to 1d/);
  });

  it('tells a test the server could not run (no field errors to show)', async () => {
    measurementsServer([flow()]);
    server.use(http.post('/api/calculations/test', () => problem(500, 'Internal Server Error')));
    const { store } = renderForm();
    const user = userEvent.setup();
    await screen.findByDisplayValue('line_1.flow');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'danger', messageKey: 'calculations.errors.test_failed' })]));
    expect(screen.queryByText(/evaluations?$/)).not.toBeInTheDocument();
  });
});
