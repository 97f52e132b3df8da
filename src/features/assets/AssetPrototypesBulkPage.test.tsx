import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import type { PrototypePlan, PrototypePlanChoices } from '../../api/generated/historian.gen';
import { aJob } from '../../testing/fixtures';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { AssetPrototypesBulkPage } from './AssetPrototypesBulkPage';
import { anAsset, aPlan, aPrototype, JOB_UUID, MACHINE_1, MACHINE_2, PLAN_UUID, problem, PROTOTYPE_UUID, stateWith, UNDO_JOB_UUID } from './prototypes/testing/prototypeFixtures';

// The bulk page (DOMAIN.md §3, server/prototypes/README.md "The plan"): choose the instances,
// plan, filter by action, a conflict blocks apply until it has a choice, apply and undo as jobs,
// the spreadsheet out and its choices back in.

const CONFLICT_ROW = `asset:${MACHINE_2}:Speed`;

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function render(options: { route?: string; apply?: () => Response } = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  let plan: PrototypePlan = aPlan();
  const planned: unknown[] = [];
  const applied: PrototypePlanChoices[] = [];
  const undone: string[] = [];
  const uploads: Array<Record<string, FormDataEntryValue>> = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/prototypes', () => HttpResponse.json([aPrototype()], { headers: { 'x-total-count': '1' } })),
    http.get('/api/assets', () =>
      HttpResponse.json(
        [
          anAsset({ UUID: MACHINE_1, Name: 'Filler 1', AssetPath: 'Plant/Line 1/Filler 1', PrototypeUUID: PROTOTYPE_UUID, LinkStatus: 'NeedsUpdate' }),
          anAsset({ UUID: MACHINE_2, Name: 'Filler 2', AssetPath: 'Plant/Line 1/Filler 2', PrototypeUUID: PROTOTYPE_UUID, LinkStatus: 'NeedsUpdate' }),
        ],
        { headers: { 'x-total-count': '2' } },
      ),
    ),
    http.post('/api/prototypes/:id/plans', async ({ request }) => {
      planned.push(await request.json());
      plan = aPlan();
      return HttpResponse.json(plan, { status: 201 });
    }),
    http.get('/api/prototype-plans/:id', () => HttpResponse.json(plan)),
    http.post('/api/prototype-plans/:id/apply', async ({ request }) => {
      if (options.apply) return options.apply();
      applied.push((await request.json()) as PrototypePlanChoices);
      plan = { ...plan, State: 'applied', ApplyJobUUID: JOB_UUID };
      return HttpResponse.json({ JobUUID: JOB_UUID }, { status: 202 });
    }),
    http.post('/api/prototype-plans/:id/undo', () => {
      undone.push(PLAN_UUID);
      plan = { ...plan, State: 'undone', UndoJobUUID: UNDO_JOB_UUID };
      return HttpResponse.json({ JobUUID: UNDO_JOB_UUID }, { status: 202 });
    }),
    http.get('/api/jobs/:id', ({ params }) => HttpResponse.json(aJob({ UUID: String(params.id), Type: 'prototype_apply', State: 'done', Progress: 1 }))),
    http.get('/api/prototype-plans/:id/spreadsheet', () => new HttpResponse(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } })),
    http.post('/api/prototype-plans/:id/spreadsheet', async ({ request }) => {
      uploads.push(Object.fromEntries((await request.formData()).entries()));
      return HttpResponse.json({ Choices: { [CONFLICT_ROW]: 'update' }, Unresolved: [] });
    }),
  );
  const rendered = renderWithProviders(
    <>
      <AssetPrototypesBulkPage />
      <Address />
    </>,
    { route: options.route ?? `/assets/prototypes/bulk?prototype=${PROTOTYPE_UUID}`, routePath: '/assets/prototypes/bulk', preloadedState: stateWith() },
  );
  return { ...rendered, planned, applied, undone, uploads };
}

const planTable = () => screen.findByRole('grid', { name: 'Rows of the plan' });

describe('prototypes bulk page', () => {
  it('plans every linked instance, filters by action, blocks apply until the conflict has a choice, applies as a job and undoes it', async () => {
    const { user, planned, applied, undone, store } = render();
    const instances = await screen.findByRole('grid', { name: 'Instances of the prototype' });
    expect(await within(instances).findByText('Plant/Line 1/Filler 2')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Plan 2 instances' }));
    expect(planned).toEqual([{ AssetUUIDs: [MACHINE_1, MACHINE_2] }]);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(`plan=${PLAN_UUID}`));

    const table = await planTable();
    expect(await within(table).findByText('Pressure')).toBeInTheDocument();
    // A row that cannot be applied says why, in words.
    expect(within(table).getByText('An input of the calculation is not bound to a measurement.')).toBeInTheDocument();
    // The chips count the rows by action and filter them.
    await user.click(screen.getByRole('button', { name: /^Update 2/ }));
    await waitFor(() => expect(within(table).queryByText('Pressure')).not.toBeInTheDocument());
    expect(within(table).getAllByRole('row', { name: /Filler/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /^Conflicts 1/ }));
    await waitFor(() => expect(within(table).queryByText('Plant/Line 1/Filler 1')).not.toBeInTheDocument());

    // The three-way diff of the conflicting row.
    await user.click(within(table).getByRole('button', { name: 'Show details' }));
    const diff = await screen.findByRole('table', { name: 'Fields of Filler 2' });
    const speed = within(diff).getByRole('row', { name: /Metadata.Speed/ });
    expect(within(speed).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['40', '45', '38', 'Both changed']);

    const apply = screen.getByRole('button', { name: 'Apply plan' });
    expect(apply).toBeDisabled();
    expect(screen.getByText('One conflict still needs a keep-or-update choice.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Choice for Plant/Line 1/Filler 2 Filler 2' })).getByRole('radio', { name: 'Keep' }));
    expect(screen.getByText('Every conflict has a choice.')).toBeInTheDocument();
    await user.click(apply);
    await waitFor(() => expect(applied).toEqual([{ Choices: { [CONFLICT_ROW]: 'keep' } }]));
    expect(store.getState().jobsPanel.started).toContain(JOB_UUID);
    expect(await screen.findByText('The plan is applied. Undo puts back what it changed.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Undo plan' }));
    await waitFor(() => expect(undone).toEqual([PLAN_UUID]));
    expect(await screen.findByText('The plan is undone: the instances are as they were before it.')).toBeInTheDocument();
    expect(await screen.findByText('Undone', { selector: '.bulk-state' })).toBeInTheDocument();
  });

  it('chooses for the marked rows at once', async () => {
    const { user } = render({ route: `/assets/prototypes/bulk?prototype=${PROTOTYPE_UUID}&plan=${PLAN_UUID}` });
    const table = await planTable();
    await within(table).findByText('Pressure');
    await user.click(screen.getByLabelText('Mark the 3 rows shown that take a choice'));
    await user.click(screen.getByRole('button', { name: 'Update all marked' }));
    for (const group of within(table).getAllByRole('radiogroup')) expect(within(group).getByRole('radio', { name: 'Update' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Apply plan' })).toBeEnabled();
  });

  it('the address preselects the instances', async () => {
    const { user, planned } = render({ route: `/assets/prototypes/bulk?prototype=${PROTOTYPE_UUID}&assets=${MACHINE_2}` });
    await user.click(await screen.findByRole('button', { name: 'Plan 1 instance' }));
    expect(planned).toEqual([{ AssetUUIDs: [MACHINE_2] }]);
  });

  it('exports the plan as a spreadsheet and imports its choices', async () => {
    const createObjectURL = jest.fn(() => 'blob:plan');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, uploads } = render({ route: `/assets/prototypes/bulk?prototype=${PROTOTYPE_UUID}&plan=${PLAN_UUID}` });
    await within(await planTable()).findByText('Pressure');
    await user.click(screen.getByRole('button', { name: 'Export spreadsheet' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));

    const file = new NodeFile(['PK'], 'plan.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) as unknown as File;
    await user.upload(screen.getByLabelText('Import choices'), file);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toEqual({ File: expect.objectContaining({ name: 'plan.xlsx' }) });
    expect(await screen.findByText(/The spreadsheet set one choice\./)).toBeInTheDocument();
    const choice = screen.getByRole('radiogroup', { name: 'Choice for Plant/Line 1/Filler 2 Filler 2' });
    expect(within(choice).getByRole('radio', { name: 'Update' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Apply plan' })).toBeEnabled();
    click.mockRestore();
  });

  it('an instance changed since the plan: apply says so and offers to plan again', async () => {
    const { user, planned } = render({
      route: `/assets/prototypes/bulk?prototype=${PROTOTYPE_UUID}&plan=${PLAN_UUID}`,
      apply: () => problem(409, { detail: 'Changed since the plan', errors: { [`asset:${MACHINE_1}:Speed`]: ['changed'] } }),
    });
    await within(await planTable()).findByText('Pressure');
    await user.click(within(screen.getByRole('radiogroup', { name: 'Choice for Plant/Line 1/Filler 2 Filler 2' })).getByRole('radio', { name: 'Update' }));
    await user.click(screen.getByRole('button', { name: 'Apply plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Instances changed since the plan was made. Plan again to see the changes.');
    expect(alert).toHaveTextContent(`asset:${MACHINE_1}:Speed: changed`);
    await user.click(within(alert).getByRole('button', { name: 'Plan again' }));
    await waitFor(() => expect(planned).toEqual([{ AssetUUIDs: [MACHINE_1, MACHINE_2] }]));
  });
});
