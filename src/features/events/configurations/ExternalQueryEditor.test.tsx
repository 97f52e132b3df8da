import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventConfiguration, EventPropertyConfiguration, ExternalQueryPreview, ExternalQueryPreviewRequest } from '../../../api/generated/historian.gen';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { aPrivilege } from '../../../testing/fixtures';
import { ConfigurationForm } from './ConfigurationForm';
import { PropertyConfigurationForm } from './PropertyConfigurationForm';
import { aConfiguration, aProperty, aPropertyConfiguration, aType, BATCH_TYPE, CONFIGURATION, commonHandlers, LINE, MANAGER, stateWith, TEMPERATURE } from './testing/configFixtures';

// The external_database start source and property mode in the configuration forms
// (server/events/README.md, "external_database"): a database picked from the organization's, a
// monospace query, the PollInterval, and a preview over the last hour that shows the rows, the
// error with its step, and — for a start source — what the processor would take from the rows.

const MES = '88888888-8888-4888-8888-888888888881';
const LIMS = '88888888-8888-4888-8888-888888888882';
const DATABASES = [aPrivilege('READ_EXTERNAL_DATABASES'), aPrivilege('MANAGE_EXTERNAL_DATABASES')];
const GRADE = '22222222-2222-4222-8222-22222222222a';

const database = (UUID: string, Name: string, Kind: 'postgres' | 'mysql') => ({ UUID, Name, Kind, Settings: {}, StoredSecureSettings: ['Password'], UsedBy: 0 });

function handlers(preview: ExternalQueryPreview | ((body: ExternalQueryPreviewRequest) => ExternalQueryPreview)) {
  const sent = { configurations: [] as EventConfiguration[], properties: [] as EventPropertyConfiguration[], previews: [] as { id: string; body: ExternalQueryPreviewRequest }[] };
  server.use(
    ...commonHandlers(),
    http.get('/api/event-configurations', () => HttpResponse.json([], { headers: { 'x-total-count': '0' } })),
    http.get('/api/external-databases', () => HttpResponse.json([database(MES, 'MES', 'postgres'), database(LIMS, 'LIMS', 'mysql')])),
    http.post('/api/external-databases/:id/preview', async ({ params, request }) => {
      const body = (await request.json()) as ExternalQueryPreviewRequest;
      sent.previews.push({ id: String(params.id), body });
      return HttpResponse.json(typeof preview === 'function' ? preview(body) : preview);
    }),
    http.post('/api/event-configurations', async ({ request }) => {
      const body = (await request.json()) as EventConfiguration;
      sent.configurations.push(body);
      return HttpResponse.json({ ...aConfiguration(), ...body }, { status: 201 });
    }),
    http.post('/api/event-property-configurations', async ({ request }) => {
      const body = (await request.json()) as EventPropertyConfiguration;
      sent.properties.push(body);
      return HttpResponse.json({ ...aPropertyConfiguration(), ...body }, { status: 201 });
    }),
  );
  return sent;
}

const type = aType({
  ParentUUID: null,
  ParentName: null,
  Properties: [aProperty(), aProperty({ UUID: GRADE, Name: 'Grade', Datatype: 'string' }), aProperty({ UUID: '22222222-2222-4222-8222-22222222222b', Name: 'Profile', Type: 'periodic' })],
});

function renderConfiguration(privileges = [...MANAGER, ...DATABASES]) {
  document.cookie = 'XSRF-TOKEN=test';
  const onSaved = jest.fn();
  const rendered = renderWithProviders(<ConfigurationForm id="cfg" configuration={null} assetUuid={LINE} types={[type]} readOnly={false} onSaved={onSaved} onCancel={() => undefined} />, {
    preloadedState: stateWith(privileges),
  });
  return { ...rendered, onSaved };
}

describe('the external_database start source', () => {
  it('picks a database, takes the query and poll interval, previews what the processor would take, and saves them', async () => {
    const sent = handlers({
      Columns: [{ Name: 'ExternalID' }, { Name: 'starttime' }, { Name: 'StopTime' }, { Name: 'temperature' }, { Name: 'Operator' }],
      Rows: [
        ['B1', '2026-11-27T05:00:00.000Z', '2026-11-27T05:20:00.000Z', 71.5, 'Ann'],
        ['B2', '2026-11-27T05:30:00.000Z', null, 'warm', 'Bob'],
        ['B3', null, null, 70, 'Cy'],
      ],
      Truncated: false,
      DurationMs: 12,
    });
    const { user, onSaved } = renderConfiguration();
    await user.click(screen.getByRole('radio', { name: /External database/ }));
    const picker = await screen.findByLabelText(/^External database/, { selector: 'select' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a database', 'MES (PostgreSQL)', 'LIMS (MySQL / MariaDB)']));
    await user.selectOptions(picker, MES);
    const query = screen.getByLabelText(/^Query/);
    expect(query.tagName).toBe('TEXTAREA');
    await user.type(query, 'SELECT * FROM batches WHERE start_time >= :StartTime');
    const poll = screen.getByLabelText(/^Poll interval/);
    expect(poll).toHaveValue('1m');
    await user.clear(poll);
    await user.type(poll, '30s');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(sent.previews).toHaveLength(1));
    const asked = sent.previews[0];
    expect(asked.id).toBe(MES);
    expect(asked.body.Query).toBe('SELECT * FROM batches WHERE start_time >= :StartTime');
    expect(Date.parse(asked.body.StopTime!) - Date.parse(asked.body.StartTime!)).toBe(3_600_000);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('These rows would start 2 events (1 still open). Left out for want of a valid StartTime: 1.')).toBeInTheDocument();
    expect(within(preview).getByText('1 value is not of its property\'s datatype and would be left out.')).toBeInTheDocument();
    const headers = within(preview).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['ExternalIDidentifies the row', 'starttimestart time', 'StopTimestop time', 'temperaturefills Temperature', 'Operatorignored']);
    expect(within(preview).getAllByRole('row')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Create configuration' }));
    await waitFor(() => expect(sent.configurations).toHaveLength(1));
    expect(sent.configurations[0]).toEqual({
      AssetUUID: LINE,
      EventTypeUUID: BATCH_TYPE,
      ParentEventConfigurationUUID: null,
      StartSource: 'external_database',
      ExternalSource: { ExternalDatabaseUUID: MES, Query: 'SELECT * FROM batches WHERE start_time >= :StartTime', PollInterval: '30s' },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('shows a failed query with its step, and says when no StartTime column comes back', async () => {
    let answer: ExternalQueryPreview = { Columns: [], Rows: [], Truncated: false, DurationMs: 3, Error: { Step: 'authenticate', Message: 'password authentication failed for user "mes"' } };
    handlers(() => answer);
    const { user } = renderConfiguration();
    await user.click(screen.getByRole('radio', { name: /External database/ }));
    await user.selectOptions(await screen.findByLabelText(/^External database/, { selector: 'select' }), MES);
    await user.type(screen.getByLabelText(/^Query/), 'SELECT 1');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The query failed at the step “sign in”: password authentication failed for user "mes"')).toBeInTheDocument();
    answer = { Columns: [{ Name: 'n' }], Rows: [[1]], Truncated: false, DurationMs: 3 };
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The query answers no StartTime column: no row can start an event.')).toBeInTheDocument();
  });

  it('asks for the database and the query before sending', async () => {
    const sent = handlers({ Columns: [], Rows: [], Truncated: false, DurationMs: 1 });
    const { user } = renderConfiguration();
    await user.click(screen.getByRole('radio', { name: /External database/ }));
    await user.click(screen.getByRole('button', { name: 'Create configuration' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(2));
    expect(sent.configurations).toEqual([]);
  });

  it('without the external databases privileges: says so, shows no picker and no preview', async () => {
    handlers({ Columns: [], Rows: [], Truncated: false, DurationMs: 1 });
    const { user } = renderConfiguration(MANAGER);
    await user.click(screen.getByRole('radio', { name: /External database/ }));
    expect(screen.queryByLabelText(/^External database/, { selector: 'select' })).not.toBeInTheDocument();
    expect(screen.getByText(/Choosing a database needs the privilege to read external databases/)).toBeInTheDocument();
    expect(screen.getByText(/need the privilege to manage external databases/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
  });
});

describe('the external_database property mode', () => {
  it('takes a database and a query with the window offsets, previews the value, and saves them', async () => {
    const sent = handlers({ Columns: [{ Name: 'grade' }], Rows: [['A+']], Truncated: false, DurationMs: 4 });
    document.cookie = 'XSRF-TOKEN=test';
    const { user } = renderWithProviders(
      <PropertyConfigurationForm
        id="pc"
        configuration={aConfiguration()}
        property={aProperty({ UUID: GRADE, Name: 'Grade', Datatype: 'string' })}
        siblings={[aProperty()]}
        parentProperties={[]}
        stored={null}
        nextPriority={3}
        readOnly={false}
        onSaved={() => undefined}
        onCancel={() => undefined}
      />,
      { preloadedState: stateWith([...MANAGER, ...DATABASES]) },
    );
    await user.selectOptions(screen.getByLabelText(/^Value from/), 'external_database');
    await user.selectOptions(await screen.findByLabelText(/^External database/, { selector: 'select' }), LIMS);
    await user.type(screen.getByLabelText(/^Query/), 'SELECT grade FROM lims WHERE batch = :EventUUID');
    await user.type(screen.getByLabelText(/^Start offset/), '-5m');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The value would be: A+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Configure property' }));
    await waitFor(() => expect(sent.properties).toHaveLength(1));
    expect(sent.properties[0]).toEqual({
      EventConfigurationUUID: CONFIGURATION,
      EventTypePropertyUUID: GRADE,
      Mode: 'external_database',
      ExternalDatabaseUUID: LIMS,
      ExternalQuery: 'SELECT grade FROM lims WHERE batch = :EventUUID',
      StartOffset: '-5m',
      Priority: 3,
      Preview: false,
      GoodPointsOnly: true,
      PossibleValues: [],
    });
  });

  it('says a periodic property cannot be read from an external database', async () => {
    handlers({ Columns: [], Rows: [], Truncated: false, DurationMs: 1 });
    const { user } = renderWithProviders(
      <PropertyConfigurationForm
        id="pc"
        configuration={aConfiguration()}
        property={aProperty({ UUID: TEMPERATURE, Type: 'periodic' })}
        siblings={[]}
        parentProperties={[]}
        stored={null}
        nextPriority={1}
        readOnly={false}
        onSaved={() => undefined}
        onCancel={() => undefined}
      />,
      { preloadedState: stateWith([...MANAGER, ...DATABASES]) },
    );
    await user.selectOptions(screen.getByLabelText(/^Value from/), 'external_database');
    expect(screen.getByText('An external database gives simple properties only: one value per event.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Query/)).not.toBeInTheDocument();
  });
});
