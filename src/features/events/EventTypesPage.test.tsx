import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventConfiguration, EventConfigurationStateChange, EventTypeDefinition, EventTypeProperty } from '../../api/generated/historian.gen';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { EventTypesPage } from './EventTypesPage';
import {
  aConfiguration,
  aLogLine,
  anOrderType,
  aType,
  BATCH_TYPE,
  CONFIGURATION,
  commonHandlers,
  LINE,
  MANAGER,
  READER,
  stateWith,
  TEMPERATURE,
  TRIGGER,
} from './configurations/testing/configFixtures';

// The event types and configurations page (server/events/README.md, "Definitions"): types with
// their properties edited in place, configurations per asset with their state, log and start/stop.

const CREATED_TYPE = '11111111-1111-4111-8111-111111111119';
const CREATED_CONFIGURATION = '33333333-3333-4333-8333-333333333339';
const problem = (status: number, body: Record<string, unknown>) => HttpResponse.json({ title: 'Refused', status, ...body }, { status, headers: { 'content-type': 'application/problem+json' } });

function render(options: { privileges?: typeof MANAGER; route?: string; handlers?: Parameters<typeof server.use> } = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const calls = { types: [] as EventTypeDefinition[], properties: [] as EventTypeProperty[], deleted: [] as string[], configurations: [] as EventConfiguration[], states: [] as EventConfigurationStateChange[], logLevels: [] as string[] };
  let configurationState: 'running' | 'stopped' = 'stopped';
  server.use(
    // First: a test's own answers win over the defaults below.
    ...(options.handlers ?? []),
    ...commonHandlers(),
    http.get('/api/event-types', () => HttpResponse.json([aType(), anOrderType()], { headers: { 'x-total-count': '2' } })),
    http.get('/api/event-types/:id', ({ params }) => HttpResponse.json(params.id === BATCH_TYPE ? aType() : params.id === CREATED_TYPE ? aType({ UUID: CREATED_TYPE, Name: 'Cleaning', Properties: [] }) : anOrderType())),
    http.post('/api/event-types', async ({ request }) => {
      const body = (await request.json()) as EventTypeDefinition;
      calls.types.push(body);
      return HttpResponse.json({ ...body, UUID: CREATED_TYPE, Properties: [], ConfigurationCount: 0 }, { status: 201 });
    }),
    http.put('/api/event-types/:id', async ({ request }) => {
      const body = (await request.json()) as EventTypeDefinition;
      calls.types.push(body);
      return HttpResponse.json({ ...aType(), ...body });
    }),
    http.post('/api/event-type-properties', async ({ request }) => {
      const body = (await request.json()) as EventTypeProperty;
      calls.properties.push(body);
      return HttpResponse.json({ ...body, UUID: `22222222-2222-4222-8222-00000000000${calls.properties.length}` }, { status: 201 });
    }),
    http.delete('/api/event-type-properties/:id', ({ params }) => {
      calls.deleted.push(String(params.id));
      return problem(409, { detail: 'A property configuration uses it', code: 'events.errors.property_in_use' });
    }),
    http.get('/api/event-configurations', () => HttpResponse.json([aConfiguration({ State: configurationState })], { headers: { 'x-total-count': '1' } })),
    http.get('/api/event-configurations/:id', ({ params }) =>
      HttpResponse.json(params.id === CREATED_CONFIGURATION ? aConfiguration({ UUID: CREATED_CONFIGURATION, State: configurationState, EventCounts: {} }) : aConfiguration({ State: configurationState })),
    ),
    http.post('/api/event-configurations', async ({ request }) => {
      const body = (await request.json()) as EventConfiguration;
      calls.configurations.push(body);
      return HttpResponse.json(aConfiguration({ ...body, UUID: CREATED_CONFIGURATION, EventCounts: {} }), { status: 201 });
    }),
    http.patch('/api/event-configurations/:id/state', async ({ request }) => {
      const body = (await request.json()) as EventConfigurationStateChange;
      calls.states.push(body);
      configurationState = body.State;
      return HttpResponse.json(aConfiguration({ State: body.State }));
    }),
    http.get('/api/event-configurations/:id/logs', ({ request }) => {
      const levels = new URL(request.url).searchParams.getAll('Levels[]');
      calls.logLevels.push(levels.join(','));
      const lines = [
        aLogLine({ ID: 1, At: '2026-11-20T08:00:00.000Z', Code: 'events.log.started' }),
        aLogLine({ ID: 2, At: '2026-11-20T09:00:00.000Z', Level: 'warning', Code: 'events.log.property_failed', Values: { Property: 'Temperature', Reason: 'no data' } }),
        aLogLine({ ID: 3, At: '2026-11-20T10:00:00.000Z', Level: 'error', Code: 'events.log.trigger_missing' }),
      ];
      return HttpResponse.json(levels.length > 0 ? lines.filter((line) => levels.includes(line.Level)) : lines);
    }),
  );
  const rendered = renderWithProviders(<EventTypesPage />, { route: options.route ?? '/event_types', routePath: '/event_types', preloadedState: stateWith(options.privileges ?? MANAGER) });
  return { ...rendered, calls };
}

describe('event types page', () => {
  it('lists the event types with their parent, property count and configuration count', async () => {
    render();
    const table = await screen.findByRole('grid', { name: 'Event types' });
    const batch = await within(table).findByRole('row', { name: /Batch/ });
    expect(within(batch).getByText('Order')).toBeInTheDocument();
    expect(within(batch).getByText('2')).toBeInTheDocument();
    expect(within(batch).getByText('1')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /^Order/ })).getByText('No parent')).toBeInTheDocument();
  });

  it('creates a type with its properties, refusing a periodic property that is not a number before sending', async () => {
    const { user, calls } = render();
    await user.click(await screen.findByRole('button', { name: 'New event type' }));
    const drawer = await screen.findByRole('complementary', { name: 'New event type' });
    await user.type(within(drawer).getByLabelText(/^Name/), 'Cleaning');
    await user.click(within(drawer).getByRole('button', { name: 'Add a property' }));
    const first = within(drawer).getByRole('listitem', { name: /Property 1/ });
    await user.type(within(first).getByLabelText('Property name'), 'Duration');
    await user.type(within(first).getByLabelText('Unit'), 's');
    expect(within(first).getByText('One value per event, such as the average temperature during it.')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Add a property' }));
    const second = within(drawer).getByRole('listitem', { name: /Property 2/ });
    await user.type(within(second).getByLabelText('Property name'), 'Ok');
    await user.selectOptions(within(second).getByLabelText('Kind'), 'periodic');
    await user.selectOptions(within(second).getByLabelText('Datatype'), 'boolean');
    expect(within(second).getByText('A series: one value per interval of the event (numbers only).')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Create event type' }));
    expect(await within(second).findByText('A periodic property must be a number.')).toBeInTheDocument();
    expect(calls.types).toEqual([]);

    await user.selectOptions(within(second).getByLabelText('Kind'), 'simple');
    await user.click(within(drawer).getByRole('button', { name: 'Create event type' }));
    await waitFor(() => expect(calls.properties).toHaveLength(2));
    expect(calls.types).toEqual([{ Name: 'Cleaning', Description: '', ParentUUID: null }]);
    expect(calls.properties).toEqual([
      { EventTypeUUID: CREATED_TYPE, Name: 'Duration', Description: '', Datatype: 'number', Type: 'simple', UoM: 's' },
      { EventTypeUUID: CREATED_TYPE, Name: 'Ok', Description: '', Datatype: 'boolean', Type: 'simple', UoM: '' },
    ]);
    expect(await screen.findByRole('complementary', { name: 'Cleaning' })).toBeInTheDocument();
  });

  it('explains why a property in use cannot be deleted, and keeps its line', async () => {
    const { user, calls } = render({ route: `/event_types?open=${BATCH_TYPE}` });
    const drawer = await screen.findByRole('complementary', { name: 'Batch' });
    await user.click(await within(drawer).findByRole('button', { name: 'Remove property 1' }));
    expect(within(drawer).queryByRole('listitem', { name: /Temperature/ })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.deleted).toEqual([TEMPERATURE]));
    const line = await within(drawer).findByRole('listitem', { name: /Temperature/ });
    expect(within(line).getByRole('alert')).toHaveTextContent('A property configuration uses this property: delete that first.');
  });

  it('is read only without MANAGE_EVENT_CONFIGURATIONS: no create, no save, no remove', async () => {
    const { user } = render({ privileges: READER });
    await screen.findByRole('grid', { name: 'Event types' });
    expect(screen.queryByRole('button', { name: 'New event type' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('gridcell', { name: 'Batch' }));
    const drawer = await screen.findByRole('complementary', { name: 'Batch' });
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Remove property/ })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Delete event type' })).not.toBeInTheDocument();
    expect(within(drawer).getAllByLabelText('Property name')[0]).toHaveAttribute('readonly');
  });
});

describe('event configurations tab', () => {
  it('lists the configurations per asset with their state and events by status', async () => {
    render({ route: '/event_types?tab=configurations' });
    const table = await screen.findByRole('grid', { name: 'Event configurations' });
    const row = await within(table).findByRole('row', { name: /Plant\/Line 1/ });
    expect(within(row).getByText('Stopped')).toBeInTheDocument();
    expect(within(row).getByText('Historian trigger')).toBeInTheDocument();
    expect(within(row).getByText('Processed')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('Incomplete')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Configurations' })).toHaveAttribute('aria-selected', 'true');
  });

  it('creates a historian configuration on an asset with its trigger measurement, then starts it', async () => {
    const { user, calls } = render({ route: '/event_types?tab=configurations' });
    await user.click(await screen.findByRole('button', { name: 'New configuration' }));
    const drawer = await screen.findByRole('complementary', { name: 'New configuration' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Asset' }));
    await user.click(await within(drawer).findByRole('option', { name: 'Plant/Line 1' }));
    expect(within(drawer).getByRole('radio', { name: /External database/ })).toBeEnabled();
    await user.click(within(drawer).getByRole('combobox', { name: 'Trigger measurement' }));
    const option = await within(drawer).findByRole('option', { name: /Line 1\/Running/ });
    await user.pointer({ keys: '[MouseLeft>]', target: option });
    const grace = within(drawer).getByLabelText('Grace period');
    await user.clear(grace);
    await user.type(grace, '5s');
    await user.click(within(drawer).getByRole('button', { name: 'Create configuration' }));
    await waitFor(() => expect(calls.configurations).toHaveLength(1));
    expect(calls.configurations[0]).toEqual({
      AssetUUID: LINE,
      EventTypeUUID: BATCH_TYPE,
      ParentEventConfigurationUUID: null,
      StartSource: 'historian',
      Trigger: { MeasurementUUID: TRIGGER, GracePeriod: '5s', RefreshInterval: '10s' },
    });
    const created = await screen.findByRole('complementary', { name: 'Plant/Line 1 · Batch' });
    await user.click(await within(created).findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(calls.states).toEqual([{ State: 'running' }]));
    expect(await within(created).findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(within(created).getByText('The configuration is running: stop it to change its settings.')).toBeInTheDocument();
  });

  it('shows a manual configuration without start or stop', async () => {
    render({ route: `/event_types?tab=configurations&open=${CONFIGURATION}`, handlers: [http.get('/api/event-configurations/:id', () => HttpResponse.json(aConfiguration({ StartSource: 'manual', Trigger: null })))] });
    const drawer = await screen.findByRole('complementary', { name: 'Plant/Line 1 · Batch' });
    expect(await within(drawer).findByText('Manual configurations have no state: people enter their events on the events overview.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(within(drawer).getAllByText('Manual').length).toBeGreaterThan(0);
  });

  it('translates the log lines with their values, newest first, and filters them by level', async () => {
    const { user, calls } = render({ route: `/event_types?tab=configurations&open=${CONFIGURATION}` });
    const drawer = await screen.findByRole('complementary', { name: 'Plant/Line 1 · Batch' });
    await user.click(within(drawer).getByRole('tab', { name: 'Log' }));
    const log = await within(drawer).findByRole('region', { name: 'Log' });
    const items = await within(log).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('The trigger measurement is gone; the configuration keeps running and tries again.'),
      expect.stringContaining('The property Temperature could not be computed: no data'),
      expect.stringContaining('Started.'),
    ]);
    await user.selectOptions(within(log).getByLabelText('Level'), 'warning');
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.logLevels).toContain('warning');
    expect(within(drawer).getByRole('link', { name: 'Events of this configuration' })).toHaveAttribute('href', `/events?EventConfigurationUUIDs=${CONFIGURATION}`);
  });

  it('is read only without MANAGE_EVENT_CONFIGURATIONS: no create, start or re-evaluate', async () => {
    render({ privileges: READER, route: `/event_types?tab=configurations&open=${CONFIGURATION}` });
    const drawer = await screen.findByRole('complementary', { name: 'Plant/Line 1 · Batch' });
    await within(drawer).findByText('Historian trigger');
    expect(screen.queryByRole('button', { name: 'New configuration' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Re-evaluate' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
