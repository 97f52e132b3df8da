import { setupListeners } from '@reduxjs/toolkit/query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ConnectionTestResult, TimeseriesDatabaseRead } from '../../../api/generated/historian.gen';
import { member } from '../../../api/outcomes';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { aTimeseriesDatabase, failedTest, POSTGRES_TYPE_UUID, problem, timeseriesHandlers } from './testing/timeseriesFixtures';
import { TimeseriesDatabasePage } from './TimeseriesDatabasePage';

// The editor of SPEC §2 /configuration/timeseries_database?id=… with the §5 rules (a type is
// required, settings from the type's schema, secure fields only when changed, create-database
// checked by default) and the §8 messages get_databases, update_database and database_test.

const MANAGE = ['READ_TIMESERIES_DATABASES', 'MANAGE_TIMESERIES_DATABASES'];
const EDITOR = '/configuration/timeseries_database';
const LIST = '/configuration/timeseries_databases';

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

interface Options {
  privileges?: string[];
  storedTest?: ConnectionTestResult;
  settingsTest?: ConnectionTestResult;
  failing?: { method: 'get' | 'post' | 'put'; path: string; status: number; errors?: Record<string, string[]> };
}

function renderEditor(databases: TimeseriesDatabaseRead[], route = EDITOR, options: Options = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = timeseriesHandlers(databases, options);
  server.use(...fake.handlers);
  const failing = options.failing;
  if (failing) server.use(http[failing.method](failing.path, () => problem(failing.status, 'refused', failing.errors)));
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path={EDITOR} element={<TimeseriesDatabasePage />} />
        <Route path={LIST} element={<h1>list</h1>} />
      </Routes>
      <Where />
      <ToastViewport />
    </>,
    {
      route,
      preloadedState: {
        session: aSession({ userPrivileges: (options.privileges ?? MANAGE).map((name) => aPrivilege(name)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, fake };
}

const toast = async (text: string) => within(await screen.findByRole('region', { name: 'Notifications' })).findByText(text);
const typeSelect = () => screen.findByRole('combobox', { name: /^Type/ });
const testResult = () => screen.findByRole('region', { name: 'Connection test' });

describe('time-series database editor', () => {
  it('a type is required', async () => {
    const { user, fake } = renderEditor([]);
    expect(await typeSelect()).toHaveDisplayValue('Choose…');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Plant store');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await typeSelect()).toHaveAccessibleDescription(/This field is required/);
    expect(fake.calls('POST', '/api/timeseries-databases')).toEqual([]);
  });

  it('the settings form comes from the type’s schema, validated with ajv', async () => {
    const { user, fake } = renderEditor([]);
    await user.selectOptions(await typeSelect(), 'PostgreSQL');
    expect(screen.getByRole('combobox', { name: /^Storage/ })).toHaveDisplayValue('builtin');
    expect(screen.getByRole('spinbutton', { name: 'Port' })).toHaveValue(5432);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Plant store');
    await user.clear(screen.getByRole('spinbutton', { name: 'Port' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Port' }), '70000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('spinbutton', { name: 'Port' })).toHaveAccessibleDescription('Must be at most 65535.');
    expect(fake.calls('POST', '/api/timeseries-databases')).toEqual([]);
    await user.selectOptions(await typeSelect(), 'InfluxDB');
    expect(screen.getByRole('textbox', { name: /^URL/ })).toHaveValue('http://127.0.0.1:8086');
    expect(screen.queryByRole('spinbutton', { name: 'Port' })).not.toBeInTheDocument();
  });

  it('the create-database checkbox defaults to true; save then test, and back to the list', async () => {
    const { user, fake } = renderEditor([]);
    await user.selectOptions(await typeSelect(), 'PostgreSQL');
    expect(screen.getByRole('checkbox', { name: /Create the database/ })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Plant store');
    await user.type(screen.getByLabelText('Password'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toast('The time-series database is saved and its connection test passed.')).toBeInTheDocument();
    const [created] = fake.calls('POST', '/api/timeseries-databases');
    expect(created.query).toBe('?createDatabase=true');
    expect(created.body).toEqual({
      Name: 'Plant store',
      TimeseriesDatabaseTypeUUID: POSTGRES_TYPE_UUID,
      Settings: { mode: 'builtin', port: 5432, database: 'historian' },
      SecureSettings: { password: 's3cret' },
    });
    expect(fake.calls('GET', '/api/timeseries-databases/eeeeeeee-eeee-4eee-8eee-000000000001/test')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(LIST);
  });

  it('secure fields are sent only if changed', async () => {
    const database = aTimeseriesDatabase({ Name: 'Plant store' });
    const { user, fake } = renderEditor([database], `${EDITOR}?id=${database.UUID}`);
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription(
      'Leave empty to keep the stored password, as long as the host, port, URL, user and TLS mode stay the same. If you change any of them, enter the password again.',
    );
    expect(screen.getByRole('textbox', { name: 'Host' })).toHaveValue('db.plant.example');
    await user.click(screen.getByRole('checkbox', { name: /Create the database/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await toast('The time-series database is saved and its connection test passed.');
    const [unchanged] = fake.calls('PUT', `/api/timeseries-databases/${database.UUID}`);
    expect(unchanged.query).toBe('?createDatabase=false');
    expect(unchanged.body).toMatchObject({ Name: 'Plant store', SecureSettings: {} });
  });

  it('a changed secure field is sent', async () => {
    const database = aTimeseriesDatabase({ Name: 'Plant store' });
    const { user, fake } = renderEditor([database], `${EDITOR}?id=${database.UUID}`);
    await user.type(await screen.findByLabelText('Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await toast('The time-series database is saved and its connection test passed.');
    expect(fake.calls('PUT', `/api/timeseries-databases/${database.UUID}`)[0].body).toMatchObject({ SecureSettings: { password: 'new-secret' } });
  });

  it('shows configuration.errors.database_test when the database was saved but its test failed, naming the failed step', async () => {
    const { user, fake } = renderEditor([], EDITOR, { storedTest: failedTest('authenticate') });
    await user.selectOptions(await typeSelect(), 'PostgreSQL');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Plant store');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toast('The database was saved, but the connection test failed.')).toBeInTheDocument();
    expect(fake.calls('POST', '/api/timeseries-databases')).toHaveLength(1);
    // The saved database stays open, at its own address, to fix what failed.
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(`${EDITOR}?id=eeeeeeee-eeee-4eee-8eee-000000000001`));
    const result = await testResult();
    expect(within(result).getByRole('alert')).toHaveTextContent('The connection test failed at the step authenticate.');
    expect(within(result).getByText(/authenticate: failed/)).toHaveTextContent('password authentication failed for user "historian"');
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Plant store');
  });

  it('shows configuration.errors.update_database when saving fails, with the server’s field errors', async () => {
    const database = aTimeseriesDatabase({ Name: 'Plant store' });
    const { user, fake } = renderEditor([database], `${EDITOR}?id=${database.UUID}`, {
      failing: { method: 'put', path: `/api/timeseries-databases/${database.UUID}`, status: 400, errors: { 'Settings.host': ['cannot be resolved'] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await toast('The time-series database could not be saved.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Host' })).toHaveAccessibleDescription(/cannot be resolved/);
    expect(fake.requests.filter((request) => request.path.endsWith('/test'))).toEqual([]);
  });

  it('a stored password must be entered again when the host changes: the server’s refusal shows on the password field, translated', async () => {
    const database = aTimeseriesDatabase({ Name: 'Plant store' });
    const reentry = () =>
      HttpResponse.json(
        {
          title: 'Bad Request',
          status: 400,
          detail: 'A stored secret is only used where it was stored for: enter SecureSettings.password again',
          code: 'form.errors.secret_reentry',
          errors: { 'SecureSettings.password': ['must be entered again, because host changed'] },
        },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      );
    const { user } = renderEditor([database], `${EDITOR}?id=${database.UUID}`);
    server.use(http.post('/api/timeseries-databases/test', reentry), http.put(`/api/timeseries-databases/${database.UUID}`, reentry));
    const host = await screen.findByRole('textbox', { name: 'Host' });
    await user.clear(host);
    await user.type(host, 'db2.plant.example');
    const refusal = 'Enter it again: a stored secret is only sent to the host and user it was stored for.';
    await user.click(screen.getByRole('button', { name: 'Test the connection' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toast('The time-series database could not be saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(refusal));
  });

  it('the test button works on the form’s current values before saving', async () => {
    const database = aTimeseriesDatabase({ Name: 'Plant store' });
    const { user, fake } = renderEditor([database], `${EDITOR}?id=${database.UUID}`);
    const host = await screen.findByRole('textbox', { name: 'Host' });
    await user.clear(host);
    await user.type(host, 'db2.plant.example');
    await user.click(screen.getByRole('button', { name: 'Test the connection' }));
    const result = await testResult();
    expect(within(result).getByRole('status')).toHaveTextContent('The connection test passed.');
    for (const step of ['connect', 'authenticate', 'database', 'schema', 'write', 'read']) {
      expect(within(result).getByText(`${step}: passed`)).toBeInTheDocument();
    }
    const [tested] = fake.calls('POST', '/api/timeseries-databases/test');
    // The stored database's UUID lets the server fill in the password the form does not know.
    expect(tested.body).toEqual({
      UUID: database.UUID,
      TimeseriesDatabaseTypeUUID: POSTGRES_TYPE_UUID,
      Settings: { mode: 'external', host: 'db2.plant.example', port: 5432, database: 'historian', user: 'historian' },
      SecureSettings: {},
    });
    expect(fake.calls('PUT', `/api/timeseries-databases/${database.UUID}`)).toEqual([]);
  });

  it('the test button shows each step’s outcome, naming the failed step', async () => {
    const { user, fake } = renderEditor([], EDITOR, { settingsTest: failedTest('connect', 'connect ECONNREFUSED 127.0.0.1:1') });
    await user.selectOptions(await typeSelect(), 'PostgreSQL');
    await user.click(screen.getByRole('button', { name: 'Test the connection' }));
    const result = await testResult();
    expect(within(result).getByRole('alert')).toHaveTextContent('The connection test failed at the step connect.');
    expect(within(result).getByText(/connect: failed/)).toHaveTextContent('ECONNREFUSED');
    expect(fake.calls('POST', '/api/timeseries-databases')).toEqual([]);
  });

  it('shows configuration.errors.get_databases when the databases cannot be loaded', async () => {
    renderEditor([], `${EDITOR}?id=dddddddd-dddd-4ddd-8ddd-000000000999`, { failing: { method: 'get', path: '/api/timeseries-databases', status: 500 } });
    expect(await toast('The time-series databases could not be loaded.')).toBeInTheDocument();
    // Nothing has loaded: the page says so in place of the form.
    expect(screen.getByText('The time-series databases could not be loaded.', { selector: 'p[role=alert]' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('offline during a save: the failed save says the network failed, and the form keeps what was typed; back online the lists are read again and a save stores it', async () => {
    const database = aTimeseriesDatabase({ Name: 'Plant store' });
    const { user, fake, store } = renderEditor([database], `${EDITOR}?id=${database.UUID}`);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Plant store, saved offline');
    // The browser goes offline: every call fails before it reaches the server (when online, the
    // resolver answers nothing and the fake answers).
    let online = false;
    const offline = () => (online ? undefined : HttpResponse.error());
    server.use(http.put('/api/timeseries-databases/:id', offline), http.get('/api/timeseries-databases', offline), http.get('/api/timeseries-database-types', offline));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const failed = (await toast('The time-series database could not be saved.')).closest('.toast');
    if (!(failed instanceof HTMLElement)) throw new Error('no toast');
    expect(failed).toHaveTextContent('Network request failed');
    // The save's invalidation refetches the list, which fails too; the form stays as typed.
    expect(await toast('The time-series databases could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('The time-series databases could not be loaded.', { selector: 'p[role=alert]' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Plant store, saved offline');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(fake.calls('PUT', `/api/timeseries-databases/${database.UUID}`)).toEqual([]);

    // Back online: the list is read again (refetchOnReconnect), then Save stores what was typed.
    online = true;
    const reads = fake.calls('GET', '/api/timeseries-databases').length;
    // As the app's store does (store.ts): the browser's online event reaches RTK Query.
    const stopListening = setupListeners(store.dispatch);
    try {
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(fake.calls('GET', '/api/timeseries-databases').length).toBeGreaterThan(reads));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(LIST));
      expect(fake.calls('PUT', `/api/timeseries-databases/${database.UUID}`).map((call) => member(call.body, 'Name'))).toEqual(['Plant store, saved offline']);
      // The cached list the list page shows holds the saved name, without the offline error.
      await waitFor(() => {
        const entries = Object.values(store.getState().api.queries).filter((entry) => entry?.endpointName === 'getTimeseriesDatabases');
        expect(entries.map((entry) => [entry?.error, (entry?.data as TimeseriesDatabaseRead[] | undefined)?.map((row) => row.Name)])).toEqual([
          [undefined, ['Plant store, saved offline']],
        ]);
      });
    } finally {
      stopListening();
    }
  });

  it('an id of no database of the organization is not found', async () => {
    renderEditor([aTimeseriesDatabase()], `${EDITOR}?id=dddddddd-dddd-4ddd-8ddd-000000000999`);
    expect(await screen.findByText('This time-series database does not exist in this organization.')).toBeInTheDocument();
  });

  it('without ManageTimeseriesDatabases the database shows read-only', async () => {
    const database = aTimeseriesDatabase({ Name: 'Plant store' });
    renderEditor([database], `${EDITOR}?id=${database.UUID}`, { privileges: ['READ_TIMESERIES_DATABASES'] });
    expect(await screen.findByText('db.plant.example')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test the connection' })).not.toBeInTheDocument();
  });
});
