import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventPropertyConfiguration } from '../../api/generated/historian.gen';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { EventPropertyConfigurationsPage } from './EventPropertyConfigurationsPage';
import {
  aConfiguration,
  aProperty,
  aPropertyConfiguration,
  aType,
  BATCH_TYPE,
  CONFIGURATION,
  commonHandlers,
  MANAGER,
  PROFILE,
  READER,
  stateWith,
  TEMPERATURE,
} from './configurations/testing/configFixtures';

// The property configurations page (server/events/README.md, "Property configuration"): every
// property of the configuration's type in priority order, the fields each mode and source needs,
// the server's refusals on their fields or explained.

const DIMENSIONED = '22222222-2222-4222-8222-222222222223';
const problem = (status: number, body: Record<string, unknown>) => HttpResponse.json({ title: 'Refused', status, ...body }, { status, headers: { 'content-type': 'application/problem+json' } });

function render(options: { privileges?: typeof MANAGER; route?: string; handlers?: Parameters<typeof server.use> } = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const sent: EventPropertyConfiguration[] = [];
  server.use(
    ...(options.handlers ?? []),
    ...commonHandlers(),
    http.get('/api/event-configurations', () => HttpResponse.json([aConfiguration()], { headers: { 'x-total-count': '1' } })),
    http.get('/api/event-configurations/:id', () => HttpResponse.json(aConfiguration())),
    http.get('/api/event-types/:id', ({ params }) =>
      HttpResponse.json(
        params.id === BATCH_TYPE
          ? aType({ Properties: [aProperty(), aProperty({ UUID: PROFILE, Name: 'Profile', Type: 'periodic' }), aProperty({ UUID: DIMENSIONED, Name: 'Along the line', Type: 'periodic_with_dimension' })] })
          : aType({ UUID: String(params.id), Name: 'Order', ParentUUID: null, Properties: [aProperty({ UUID: '22222222-2222-4222-8222-222222222229', Name: 'Recipe', Datatype: 'string' })] }),
      ),
    ),
    http.get('/api/event-property-configurations', () => HttpResponse.json([aPropertyConfiguration()], { headers: { 'x-total-count': '1' } })),
    http.post('/api/event-property-configurations', async ({ request }) => {
      const body = (await request.json()) as EventPropertyConfiguration;
      sent.push(body);
      return HttpResponse.json({ ...body, UUID: '66666666-6666-4666-8666-666666666669' }, { status: 201 });
    }),
    http.put('/api/event-property-configurations/:id', async ({ request }) => {
      const body = (await request.json()) as EventPropertyConfiguration;
      sent.push(body);
      return HttpResponse.json({ ...aPropertyConfiguration(), ...body });
    }),
  );
  const rendered = renderWithProviders(<EventPropertyConfigurationsPage />, {
    route: options.route ?? `/event-property-configurations?configuration=${CONFIGURATION}`,
    routePath: '/event-property-configurations',
    preloadedState: stateWith(options.privileges ?? MANAGER),
  });
  return { ...rendered, sent };
}

describe('event property configurations page', () => {
  it('lists every property of the configuration, configured ones by priority first', async () => {
    render();
    const table = await screen.findByRole('grid', { name: 'Property configurations' });
    const rows = await within(table).findAllByRole('row', { name: /Temperature|Profile|Along the line/ });
    expect(rows.map((row) => within(row).getAllByRole('gridcell')[1]?.textContent)).toEqual(['Temperature', 'Along the line', 'Profile']);
    expect(within(rows[0]).getByText('Line 1/Temperature')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Not configured')).toBeInTheDocument();
    expect(screen.getByLabelText('Configuration')).toHaveValue(CONFIGURATION);
  });

  it('asks for the fields the mode, the source and the property kind need', async () => {
    const { user, sent } = render({ route: `/event-property-configurations?configuration=${CONFIGURATION}&open=${PROFILE}` });
    const drawer = await screen.findByRole('complementary', { name: 'Profile' });
    // A periodic property: an interval, no dimension.
    expect(await within(drawer).findByLabelText(/^Interval/)).toBeInTheDocument();
    expect(within(drawer).queryByLabelText(/^Dimension measurement/)).not.toBeInTheDocument();
    // Typed by a person: no source, no window.
    await user.selectOptions(within(drawer).getByLabelText(/^Value from/), 'manual');
    expect(within(drawer).queryByLabelText(/^Source/)).not.toBeInTheDocument();
    expect(within(drawer).queryByLabelText(/^Start offset/)).not.toBeInTheDocument();
    expect(within(drawer).getByText(/A person types this value/)).toBeInTheDocument();
    // Copied from a property: this type's others, or the parent type's.
    await user.selectOptions(within(drawer).getByLabelText(/^Value from/), 'historian');
    await user.selectOptions(within(drawer).getByLabelText(/^Source/), 'property');
    const copied = within(drawer).getByLabelText(/^Property copied/);
    expect(within(copied).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose…', 'Temperature', 'Along the line']);
    await user.click(within(drawer).getByLabelText('From the parent event'));
    await waitFor(() => expect(within(within(drawer).getByLabelText(/^Property copied/)).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose…', 'Recipe']));
    await user.selectOptions(within(drawer).getByLabelText(/^Property copied/), 'Recipe');
    await user.click(within(drawer).getByRole('button', { name: 'Add a value' }));
    await user.type(within(drawer).getByLabelText('Label of row 1'), 'Hot');
    await user.type(within(drawer).getByLabelText('Value of row 1'), 'hot');
    await user.click(within(drawer).getByRole('button', { name: 'Configure property' }));
    expect(await within(drawer).findByText('Not a number value.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(within(drawer).getByLabelText('Value of row 1'));
    await user.type(within(drawer).getByLabelText('Value of row 1'), '80');
    await user.click(within(drawer).getByRole('button', { name: 'Configure property' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      EventConfigurationUUID: CONFIGURATION,
      EventTypePropertyUUID: PROFILE,
      Mode: 'historian',
      Source: 'property',
      SourcePropertyName: 'Recipe',
      FromParent: true,
      Priority: 2,
      Preview: false,
      GoodPointsOnly: true,
      PossibleValues: [{ Label: 'Hot', Value: 80 }],
    });
  });

  it('shows the dimension measurement for a periodic property with dimension', async () => {
    render({ route: `/event-property-configurations?configuration=${CONFIGURATION}&open=${DIMENSIONED}` });
    const drawer = await screen.findByRole('complementary', { name: 'Along the line' });
    expect(await within(drawer).findByRole('combobox', { name: 'Dimension measurement' })).toBeInTheDocument();
    expect(within(drawer).getByLabelText(/^Interval/)).toBeInTheDocument();
  });

  it('puts a field error of a 400 on its field', async () => {
    const { user } = render({
      route: `/event-property-configurations?configuration=${CONFIGURATION}&open=${TEMPERATURE}`,
      handlers: [http.put('/api/event-property-configurations/:id', () => problem(400, { detail: 'Invalid', errors: { CloseAfter: ['is not a duration'] } }))],
    });
    const drawer = await screen.findByRole('complementary', { name: 'Temperature' });
    await user.type(await within(drawer).findByLabelText(/^Close after/), 'soon');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    const field = await within(drawer).findByLabelText(/^Close after/);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(within(drawer).getByText('is not a duration')).toBeInTheDocument();
  });

  it('explains that naming a measurement needs READ_MEASUREMENTS (least privilege)', async () => {
    const { user } = render({
      route: `/event-property-configurations?configuration=${CONFIGURATION}&open=${TEMPERATURE}`,
      handlers: [
        http.put('/api/event-property-configurations/:id', () => problem(403, { detail: 'Naming a measurement needs READ_MEASUREMENTS', code: 'events.errors.measurement_not_permitted' })),
        // A 403 makes the console read the caller's privileges again.
        http.get('/api/current-user/privileges', () => HttpResponse.json(MANAGER)),
        http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
        http.get('/api/current-user/organizations', () => HttpResponse.json([{ UUID: MANAGER[0].OrganizationUUID, Name: 'A' }])),
      ],
    });
    const drawer = await screen.findByRole('complementary', { name: 'Temperature' });
    await user.click(await within(drawer).findByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('saving it needs the right to read measurements, which you do not have.');
  });

  it('is read only without MANAGE_EVENT_CONFIGURATIONS', async () => {
    render({ privileges: READER, route: `/event-property-configurations?configuration=${CONFIGURATION}&open=${TEMPERATURE}` });
    const drawer = await screen.findByRole('complementary', { name: 'Temperature' });
    expect(await within(drawer).findByText('Line 1/Temperature')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Delete property configuration' })).not.toBeInTheDocument();
  });
});
