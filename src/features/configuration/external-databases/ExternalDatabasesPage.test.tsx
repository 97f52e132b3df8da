import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { ExternalDatabaseRead } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { ExternalDatabasesPage } from './ExternalDatabasesPage';
import { anExternalDatabase, externalDatabaseHandlers, type ExternalDatabaseHandlerOptions } from './testing/externalDatabaseFixtures';

// /configuration/external_databases (issue 21; server/integrations/README.md "Who may do what").

const READ = ['READ_EXTERNAL_DATABASES'];
const MANAGE = ['READ_EXTERNAL_DATABASES', 'MANAGE_EXTERNAL_DATABASES'];
const LIST = '/configuration/external_databases';

function renderList(databases: ExternalDatabaseRead[], privileges = MANAGE, options: ExternalDatabaseHandlerOptions = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = externalDatabaseHandlers(databases, options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path={LIST} element={<ExternalDatabasesPage />} />
        <Route path="/configuration/external_database" element={<h1>editor</h1>} />
      </Routes>
      <ToastViewport />
    </>,
    {
      route: LIST,
      preloadedState: {
        session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, fake };
}

const grid = () => screen.findByRole('grid', { name: 'External databases' });

describe('external databases list', () => {
  it('shows each database with its name, kind, host and database, and how many configurations use it', async () => {
    renderList([
      anExternalDatabase({ Name: 'MES', UsedBy: 3 }),
      anExternalDatabase({ Name: 'LIMS', Kind: 'sqlite', Settings: { File: '/var/lib/lims/lims.db' }, StoredSecureSettings: [], UsedBy: 1 }),
    ]);
    const table = await grid();
    const mes = await within(table).findByRole('row', { name: /MES/ });
    expect(within(mes).getByText('PostgreSQL')).toBeInTheDocument();
    expect(within(mes).getByText('mes.plant.example:5432 / mes')).toBeInTheDocument();
    expect(within(mes).getByText('3 configurations')).toBeInTheDocument();
    const lims = within(table).getByRole('row', { name: /LIMS/ });
    expect(within(lims).getByText('SQLite')).toBeInTheDocument();
    expect(within(lims).getByText('/var/lib/lims/lims.db')).toBeInTheDocument();
    expect(within(lims).getByText('1 configuration')).toBeInTheDocument();
  });

  it('says "no driver on this server" for a database of a kind the server cannot open', async () => {
    renderList([anExternalDatabase({ Name: 'ERP', Kind: 'oracle' }), anExternalDatabase({ Name: 'MES' })]);
    const table = await grid();
    const erp = await within(table).findByRole('row', { name: /ERP/ });
    expect(await within(erp).findByText('No driver on this server')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /MES/ })).queryByText('No driver on this server')).not.toBeInTheDocument();
  });

  it('loads the databases of the current organization', async () => {
    const { fake } = renderList([anExternalDatabase()]);
    await grid();
    await waitFor(() => expect(fake.calls('GET', '/api/external-databases')).toHaveLength(1));
    expect(fake.calls('GET', '/api/external-databases')[0].organization).toBe(ORG_A_UUID);
  });

  it('asks for nothing without READ_EXTERNAL_DATABASES', async () => {
    const { fake } = renderList([anExternalDatabase()], ['READ_USERS']);
    // The route guard shows the no-privileges page; the page itself must not load anything either.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument());
    expect(fake.requests.filter((request) => request.path.startsWith('/api/external'))).toEqual([]);
  });

  it('READ_EXTERNAL_DATABASES alone may look but not create or delete', async () => {
    const { user } = renderList([anExternalDatabase({ Name: 'MES' })], READ);
    const row = await within(await grid()).findByRole('row', { name: /MES/ });
    expect(screen.queryByRole('link', { name: 'Create external database' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete external database' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'View external database' }));
    expect(await screen.findByRole('heading', { name: 'editor' })).toBeInTheDocument();
  });

  it('a manager creates from the list', async () => {
    renderList([anExternalDatabase({ Name: 'MES' })]);
    expect(await screen.findByRole('link', { name: 'Create external database' })).toHaveAttribute('href', '/configuration/external_database');
  });

  it('deletes a database after confirmation', async () => {
    const database = anExternalDatabase({ Name: 'Old MES' });
    const { user, fake } = renderList([database, anExternalDatabase({ Name: 'Kept' })]);
    const row = await within(await grid()).findByRole('row', { name: /Old MES/ });
    await user.click(within(row).getByRole('button', { name: 'Delete external database' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete external database' });
    expect(dialog).toHaveTextContent('Delete the external database Old MES?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The external database is deleted.')).toBeInTheDocument();
    expect(fake.calls('DELETE', `/api/external-databases/${database.UUID}`)).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByRole('grid')).queryByRole('row', { name: /Old MES/ })).not.toBeInTheDocument());
  });

  it('says why a database still in use cannot be deleted (409)', async () => {
    const database = anExternalDatabase({ Name: 'MES', UsedBy: 2 });
    const { user } = renderList([database]);
    const row = await within(await grid()).findByRole('row', { name: /MES/ });
    await user.click(within(row).getByRole('button', { name: 'Delete external database' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The external database is still used by 2 event or property configurations; change them first.')).toHaveAttribute('role', 'alert');
    expect(within(screen.getByRole('grid')).getByRole('row', { name: /MES/ })).toBeInTheDocument();
  });

  it('tells a failed load in a toast', async () => {
    renderList([], MANAGE, { listFails: true });
    const toasts = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('The external databases could not be loaded.')).toBeInTheDocument();
  });
});
