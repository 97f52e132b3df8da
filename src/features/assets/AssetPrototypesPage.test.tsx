import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Prototype, PrototypeInstantiation } from '../../api/generated/historian.gen';
import { noTranslationOverrides } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { AssetPrototypesPage } from './AssetPrototypesPage';
import { anAsset, aPrototype, LINE_UUID, MANAGER, PROTOTYPE_UUID, READER, stateWith } from './prototypes/testing/prototypeFixtures';

// The prototypes page (DOMAIN.md §3): the list with instances by link status, the definition of
// a prototype with metadata required per instance and property prototypes, and the instances
// dialog with its names and required metadata.

function render(options: { privileges?: typeof MANAGER; route?: string } = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const created: Prototype[] = [];
  const updated: Prototype[] = [];
  const instantiated: PrototypeInstantiation[] = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/timeseries-databases', () => HttpResponse.json([{ UUID: '99999999-9999-4999-8999-999999999999', Name: 'Historian' }])),
    http.get('/api/prototypes', () => HttpResponse.json([aPrototype(), aPrototype({ UUID: '11111111-1111-4111-8111-111111111112', Name: 'Mixer', Description: '', Metadata: {}, PropertyPrototypes: [], InstanceCounts: {} })], { headers: { 'x-total-count': '2' } })),
    http.get('/api/prototypes/:id', () => HttpResponse.json(aPrototype())),
    http.post('/api/prototypes', async ({ request }) => {
      const body = (await request.json()) as Prototype;
      created.push(body);
      return HttpResponse.json({ ...body, UUID: '11111111-1111-4111-8111-111111111113', InstanceCounts: {} }, { status: 201 });
    }),
    http.put('/api/prototypes/:id', async ({ request }) => {
      const body = (await request.json()) as Prototype;
      updated.push(body);
      return HttpResponse.json({ ...aPrototype(), ...body });
    }),
    http.get('/api/assets', () => HttpResponse.json([anAsset()], { headers: { 'x-total-count': '1' } })),
    http.post('/api/prototypes/:id/instances', async ({ request }) => {
      const body = (await request.json()) as PrototypeInstantiation;
      instantiated.push(body);
      return HttpResponse.json(
        body.Instances.map((instance, index) => anAsset({ UUID: `66666666-6666-4666-8666-00000000000${index}`, Name: instance.Name, ParentUUID: body.ParentUUID, AssetPath: `Plant/Line 1/${instance.Name}` })),
        { status: 201 },
      );
    }),
  );
  const rendered = renderWithProviders(<AssetPrototypesPage />, { route: options.route ?? '/assets/prototypes', routePath: '/assets/prototypes', preloadedState: stateWith(options.privileges ?? MANAGER) });
  return { ...rendered, created, updated, instantiated };
}

describe('prototypes page', () => {
  it('lists the prototypes with their property count and instances by link status', async () => {
    render();
    const table = await screen.findByRole('grid', { name: 'Prototypes' });
    const filler = await within(table).findByRole('row', { name: /Filler/ });
    expect(within(filler).getByText('Bottle filling machine')).toBeInTheDocument();
    expect(within(filler).getByLabelText('Applied: 3 instances')).toBeInTheDocument();
    expect(within(filler).getByLabelText('Needs update: 2 instances')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Mixer/ })).getByText('No instances')).toBeInTheDocument();
    expect(screen.getByText('2 prototypes')).toBeInTheDocument();
  });

  it('creates a prototype with a key required per instance, a default, and property prototypes whose name template previews', async () => {
    const { user, created, store } = render();
    await user.click(await screen.findByRole('button', { name: 'New prototype' }));
    const drawer = await screen.findByRole('complementary', { name: 'New prototype' });
    await user.type(within(drawer).getByLabelText(/^Name/), 'Pump');

    await user.click(within(drawer).getByRole('button', { name: 'Add a key' }));
    await user.type(within(drawer).getByLabelText('Key of row 1'), 'Serial');
    await user.click(within(drawer).getByLabelText('Row 1 required per instance'));
    expect(within(drawer).getByText('Filled in per instance')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Add a key' }));
    await user.type(within(drawer).getByLabelText('Key of row 2'), 'Area');
    await user.type(within(drawer).getByLabelText('Default value of row 2'), 'North');

    await user.click(within(drawer).getByRole('button', { name: 'Add a property' }));
    const first = within(drawer).getByRole('listitem', { name: /Property 1/ });
    await user.type(within(first).getByLabelText('Name (alias)'), 'Flow');
    const template = within(first).getByLabelText('Name template');
    await user.clear(template);
    await user.type(template, '{{{{asset.Name}}/{{{{metadata.Area}}/Flow');
    expect(within(first).getByText('Preview: Machine 1/North/Flow')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Add a property' }));
    const second = within(drawer).getByRole('listitem', { name: /Property 2/ });
    await user.type(within(second).getByLabelText('Name (alias)'), 'Rate');
    await user.selectOptions(within(second).getByLabelText('Kind'), 'calculation');
    const calculation = within(second).getByLabelText('Calculation template');
    await user.type(calculation, '{{"Type": ');
    await user.click(within(drawer).getByRole('button', { name: 'Create prototype' }));
    expect(await within(second).findByText('Not valid JSON.')).toBeInTheDocument();
    expect(within(drawer).getByText('One line needs attention.')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.clear(calculation);
    await user.type(calculation, '{{"Type": "raw"}');
    // The second property moves above the first.
    await user.click(within(second).getByRole('button', { name: 'Move property 2 up' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create prototype' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      Name: 'Pump',
      Description: '',
      DefaultDatabaseUUID: null,
      Metadata: { Serial: null, Area: 'North' },
      PropertyPrototypes: [
        { Name: 'Rate', Description: '', Kind: 'calculation', Datatype: 'number', NameTemplate: '{{asset.Path}}/', CalculationTemplate: { Type: 'raw' } },
        { Name: 'Flow', Description: '', Kind: 'measurement', Datatype: 'number', NameTemplate: '{{asset.Name}}/{{metadata.Area}}/Flow', CalculationTemplate: null },
      ],
    });
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'success', messageKey: 'prototypes.saved', values: { name: 'Pump' } })]));
  });

  it('edits a prototype keeping the UUIDs of its property prototypes (the link of every instance item)', async () => {
    const { user, updated } = render({ route: `/assets/prototypes?open=${PROTOTYPE_UUID}` });
    const drawer = await screen.findByRole('complementary', { name: 'Filler' });
    const speed = await within(drawer).findByLabelText('Default value of row 2');
    await user.clear(speed);
    await user.type(speed, '45');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0].Metadata).toEqual({ Serial: null, Speed: 45 });
    expect(updated[0].PropertyPrototypes[0].UUID).toBe('77777777-7777-4777-8777-777777777771');
  });

  it('deleting a prototype says its instances stay and become not linked', async () => {
    const { user } = render({ route: `/assets/prototypes?open=${PROTOTYPE_UUID}` });
    const drawer = await screen.findByRole('complementary', { name: 'Filler' });
    await user.click(within(drawer).getByRole('button', { name: 'Delete prototype' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Filler?' });
    expect(within(dialog).getByText('Its 5 instances stay and become not linked.')).toBeInTheDocument();
  });

  it('creates instances under a parent with numbered names, the required metadata enforced and filled per instance', async () => {
    const { user, instantiated, store } = render();
    const table = await screen.findByRole('grid', { name: 'Prototypes' });
    const filler = await within(table).findByRole('row', { name: /Filler/ });
    await user.click(within(filler).getByRole('button', { name: 'Create instances' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create instances of Filler' });

    await user.click(await within(dialog).findByRole('option', { name: 'Plant/Line 1' }));
    const count = within(dialog).getByLabelText('How many');
    await user.clear(count);
    await user.type(count, '3');
    const pattern = within(dialog).getByLabelText('Name pattern');
    await user.clear(pattern);
    await user.type(pattern, 'Filler {{n}');
    const start = within(dialog).getByLabelText('First number');
    await user.clear(start);
    await user.type(start, '4');
    const preview = within(dialog).getByRole('group', { name: 'Names' });
    expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Plant/Line 1/Filler 4', 'Plant/Line 1/Filler 5', 'Plant/Line 1/Filler 6']);

    // Serial is required per instance: nothing is sent while it is missing.
    await user.click(within(dialog).getByRole('button', { name: 'Create 3 instances' }));
    expect(await within(dialog).findByText('3 required values are missing.')).toBeInTheDocument();
    expect(instantiated).toEqual([]);

    await user.click(within(dialog).getByLabelText('Different values per instance'));
    await user.type(within(dialog).getByLabelText('Serial of Filler 4'), 'S-4');
    await user.type(within(dialog).getByLabelText('Serial of Filler 5'), 'S-5');
    await user.type(within(dialog).getByLabelText('Serial of Filler 6'), 'S-6');
    await user.click(within(dialog).getByRole('button', { name: 'Create 3 instances' }));
    await waitFor(() => expect(instantiated).toHaveLength(1));
    expect(instantiated[0]).toEqual({
      ParentUUID: LINE_UUID,
      Instances: [
        { Name: 'Filler 4', Metadata: { Serial: 'S-4' } },
        { Name: 'Filler 5', Metadata: { Serial: 'S-5' } },
        { Name: 'Filler 6', Metadata: { Serial: 'S-6' } },
      ],
    });
    await waitFor(() => expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'success', message: '3 instances created under Plant/Line 1.' })]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a pattern for several instances needs {n}', async () => {
    const { user, instantiated } = render();
    const table = await screen.findByRole('grid', { name: 'Prototypes' });
    await user.click(within(await within(table).findByRole('row', { name: /Filler/ })).getByRole('button', { name: 'Create instances' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create instances of Filler' });
    const count = within(dialog).getByLabelText('How many');
    await user.clear(count);
    await user.type(count, '2');
    const pattern = within(dialog).getByLabelText('Name pattern');
    await user.clear(pattern);
    await user.type(pattern, 'Filler');
    await user.type(within(dialog).getByLabelText('Serial'), 'S');
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 instances' }));
    expect(await within(dialog).findByText('The pattern needs {n} to give each instance its own name.')).toBeInTheDocument();
    expect(instantiated).toEqual([]);
  });

  it('a reader sees the prototypes and their definitions, without New, Save or Create instances', async () => {
    const { user } = render({ privileges: READER });
    const table = await screen.findByRole('grid', { name: 'Prototypes' });
    const filler = await within(table).findByRole('row', { name: /Filler/ });
    expect(screen.queryByRole('button', { name: 'New prototype' })).not.toBeInTheDocument();
    expect(within(filler).queryByRole('button', { name: 'Create instances' })).not.toBeInTheDocument();
    await user.click(within(filler).getByRole('button', { name: 'Open prototype' }));
    const drawer = await screen.findByRole('complementary', { name: 'Filler' });
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Review changes' })).toHaveAttribute('href', `/assets/prototypes/bulk?prototype=${PROTOTYPE_UUID}`);
  });
});
