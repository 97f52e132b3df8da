import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { TimeseriesDatabaseRead } from '../../../api/generated/historian.gen';
import { Guard } from '../../../components/Guard';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { aTimeseriesDatabase, INFLUX_TYPE_UUID, problem, timeseriesHandlers } from './testing/timeseriesFixtures';
import { TimeseriesDatabasesPage } from './TimeseriesDatabasesPage';

// The list of SPEC §2 /configuration/timeseries_databases and the §6 rule that the databases of
// the current organization load only with ReadTimeseriesDatabases.

const READ = ['READ_TIMESERIES_DATABASES'];
const MANAGE = ['READ_TIMESERIES_DATABASES', 'MANAGE_TIMESERIES_DATABASES'];

function renderList(databases: TimeseriesDatabaseRead[], privileges = MANAGE, options: { listFails?: boolean } = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = timeseriesHandlers(databases);
  server.use(...fake.handlers);
  if (options.listFails) server.use(http.get('/api/timeseries-databases', () => problem(500, 'down')));
  const rendered = renderWithProviders(
    <>
      <Routes>
        {/* As the router shows it: behind the guard of its route. */}
        <Route
          path="/configuration/timeseries_databases"
          element={
            <Guard route="timeseries_databases">
              <TimeseriesDatabasesPage />
            </Guard>
          }
        />
        <Route path="/configuration/timeseries_database" element={<p>editor</p>} />
      </Routes>
      <ToastViewport />
    </>,
    {
      route: '/configuration/timeseries_databases',
      preloadedState: {
        session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, fake };
}

const grid = () => screen.findByRole('grid', { name: 'Time-series databases' });

describe('time-series databases list', () => {
  it('shows each database with its name, type and key settings', async () => {
    renderList([
      aTimeseriesDatabase({ Name: 'Plant store' }),
      aTimeseriesDatabase({ Name: 'Influx', TimeseriesDatabaseTypeUUID: INFLUX_TYPE_UUID, Settings: { url: 'http://influx:8086', database: 'plant' } }),
    ]);
    const table = await grid();
    const postgres = await within(table).findByRole('row', { name: /Plant store/ });
    expect(within(postgres).getByText('PostgreSQL')).toBeInTheDocument();
    expect(within(postgres).getByText('Storage: external, Host: db.plant.example, Port: 5432, Database: historian')).toBeInTheDocument();
    const influx = within(table).getByRole('row', { name: /Influx/ });
    expect(within(influx).getByText('InfluxDB')).toBeInTheDocument();
    expect(within(influx).getByText('URL: http://influx:8086, Database: plant')).toBeInTheDocument();
  });

  it('loads the databases of the current organization', async () => {
    const { fake } = renderList([aTimeseriesDatabase()]);
    await grid();
    await waitFor(() => expect(fake.calls('GET', '/api/timeseries-databases')).toHaveLength(1));
    expect(fake.calls('GET', '/api/timeseries-databases')[0].organization).toBe(ORG_A_UUID);
  });

  it('time-series databases of the current organization load only with ReadTimeseriesDatabases', async () => {
    const { fake } = renderList([aTimeseriesDatabase()], ['READ_USERS']);
    expect(await screen.findByText('You do not have the privileges needed for this page.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(fake.requests).toEqual([]);
  });

  it('create, edit and delete need ManageTimeseriesDatabases', async () => {
    renderList([aTimeseriesDatabase({ Name: 'Plant store' })], READ);
    await within(await grid()).findByRole('row', { name: /Plant store/ });
    expect(screen.queryByRole('link', { name: 'Create time-series database' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit time-series database' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete time-series database' })).not.toBeInTheDocument();
  });

  it('a manager creates from the list and edits a row in the editor', async () => {
    const database = aTimeseriesDatabase({ Name: 'Plant store' });
    const { user } = renderList([database]);
    expect(await screen.findByRole('link', { name: 'Create time-series database' })).toHaveAttribute('href', '/configuration/timeseries_database');
    const row = await within(await grid()).findByRole('row', { name: /Plant store/ });
    await user.click(within(row).getByRole('button', { name: 'Edit time-series database' }));
    expect(await screen.findByText('editor')).toBeInTheDocument();
  });

  it('deletes a database after confirmation', async () => {
    const database = aTimeseriesDatabase({ Name: 'Old store' });
    const { user, fake } = renderList([database, aTimeseriesDatabase({ Name: 'Kept' })]);
    const row = await within(await grid()).findByRole('row', { name: /Old store/ });
    await user.click(within(row).getByRole('button', { name: 'Delete time-series database' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete time-series database' });
    expect(dialog).toHaveTextContent('Delete the time-series database Old store?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The time-series database is deleted.')).toBeInTheDocument();
    expect(fake.calls('DELETE', `/api/timeseries-databases/${database.UUID}`)).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByRole('grid')).queryByRole('row', { name: /Old store/ })).not.toBeInTheDocument());
  });

  it('shows configuration.errors.get_databases when the databases cannot be loaded', async () => {
    renderList([], MANAGE, { listFails: true });
    const toasts = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('The time-series databases could not be loaded.')).toBeInTheDocument();
  });
});
