import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ExternalDatabaseRead } from '../../../api/generated/historian.gen';
import { ToastViewport } from '../../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { ExternalDatabasePage } from './ExternalDatabasePage';
import { anExternalDatabase, aPreview, externalDatabaseHandlers, failedDatabaseTest, type ExternalDatabaseHandlerOptions } from './testing/externalDatabaseFixtures';

// /configuration/external_database?id=… (issue 21): kind picker, settings from the kind's schema,
// a test before saving, the query preview of a stored database, delete.

const MANAGE = ['READ_EXTERNAL_DATABASES', 'MANAGE_EXTERNAL_DATABASES'];
const EDITOR = '/configuration/external_database';
const LIST = '/configuration/external_databases';

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderEditor(databases: ExternalDatabaseRead[], route = EDITOR, privileges = MANAGE, options: ExternalDatabaseHandlerOptions = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = externalDatabaseHandlers(databases, options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path={EDITOR} element={<ExternalDatabasePage />} />
        <Route path={LIST} element={<h1>list</h1>} />
      </Routes>
      <Where />
      <ToastViewport />
    </>,
    {
      route,
      preloadedState: {
        session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, fake };
}

const kindSelect = () => screen.findByRole('combobox', { name: /^Kind/ });
const testResult = () => screen.findByRole('region', { name: 'Connection test' });

describe('external database editor', () => {
  it('offers every kind, those without a driver disabled with the reason', async () => {
    renderEditor([]);
    const select = await kindSelect();
    const postgres = within(select).getByRole('option', { name: 'PostgreSQL' });
    const oracle = within(select).getByRole('option', { name: 'Oracle — no driver on this server' });
    expect(postgres).not.toBeDisabled();
    expect(oracle).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'SAP HANA — no driver on this server' })).toBeDisabled();
  });

  it('the settings come from the kind’s schema, validated before anything is sent', async () => {
    const { user, fake } = renderEditor([]);
    await user.selectOptions(await kindSelect(), 'PostgreSQL');
    expect(screen.getByRole('spinbutton', { name: 'Port' })).toHaveValue(5432);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'MES');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Host/ })).toHaveAccessibleDescription(/This field is required/);
    expect(fake.calls('POST', '/api/external-databases')).toEqual([]);
    await user.selectOptions(await kindSelect(), 'SQLite');
    expect(screen.getByRole('textbox', { name: /^File/ })).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Port' })).not.toBeInTheDocument();
  });

  it('tests the form’s values before saving, naming each step', async () => {
    const { user, fake } = renderEditor([]);
    await user.selectOptions(await kindSelect(), 'PostgreSQL');
    await user.type(screen.getByRole('textbox', { name: /^Host/ }), 'mes.plant.example');
    await user.type(screen.getByRole('textbox', { name: /^Database/ }), 'mes');
    await user.type(screen.getByRole('textbox', { name: /^User/ }), 'reader');
    await user.type(screen.getByLabelText('Password'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Test the connection' }));
    const result = await testResult();
    expect(within(result).getByText('The connection test passed.')).toBeInTheDocument();
    expect(within(result).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['✓ reach: passed', '✓ TLS: passed', '✓ authenticate: passed', '✓ query: passed']);
    const [tested] = fake.calls('POST', '/api/external-databases/test');
    expect(tested.body).toEqual({
      Kind: 'postgres',
      Settings: { Host: 'mes.plant.example', Port: 5432, Database: 'mes', Username: 'reader', TLS: 'require' },
      SecureSettings: { Password: 's3cret' },
    });
    expect(fake.calls('POST', '/api/external-databases')).toEqual([]);
  });

  it('names the failing step of a failed test', async () => {
    const database = anExternalDatabase({ Name: 'MES' });
    const { user, fake } = renderEditor([database], `${EDITOR}?id=${database.UUID}`, MANAGE, { test: failedDatabaseTest('authenticate') });
    await user.click(await screen.findByRole('button', { name: 'Test the connection' }));
    const result = await testResult();
    expect(within(result).getByRole('alert')).toHaveTextContent('The connection test failed at the step authenticate.');
    expect(result).toHaveTextContent('password authentication failed for user "historian_reader"');
    // A stored database's test names it, so that its stored password fills in the one not typed.
    expect(fake.calls('POST', '/api/external-databases/test')[0].body).toMatchObject({ UUID: database.UUID, SecureSettings: {} });
  });

  it('creates a database and stays on it, for its query preview', async () => {
    const { user, fake } = renderEditor([]);
    await user.selectOptions(await kindSelect(), 'SQLite');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'LIMS');
    await user.type(screen.getByRole('textbox', { name: /^File/ }), '/var/lib/lims/lims.db');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The external database is created.')).toBeInTheDocument();
    expect(fake.calls('POST', '/api/external-databases')[0].body).toEqual({
      Name: 'LIMS',
      Description: '',
      Kind: 'sqlite',
      Settings: { File: '/var/lib/lims/lims.db' },
      SecureSettings: {},
    });
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(`${EDITOR}?id=`));
    expect(await screen.findByRole('heading', { name: 'Query preview' })).toBeInTheDocument();
  });

  it('keeps the stored password when left empty, then goes back to the list', async () => {
    const database = anExternalDatabase({ Name: 'MES' });
    const { user, fake } = renderEditor([database], `${EDITOR}?id=${database.UUID}`);
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription(/Leave empty to keep the stored password/);
    expect(screen.getByRole('textbox', { name: /^Host/ })).toHaveValue('mes.plant.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The external database is saved.')).toBeInTheDocument();
    expect(fake.calls('PUT', `/api/external-databases/${database.UUID}`)[0].body).toMatchObject({ Name: 'MES', SecureSettings: {} });
    // The toast comes with the answer; the page goes back once the save returns to it.
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(LIST));
  });

  it('READ_EXTERNAL_DATABASES alone sees the settings read-only, without test, preview or delete', async () => {
    const database = anExternalDatabase({ Name: 'MES' });
    renderEditor([database], `${EDITOR}?id=${database.UUID}`, ['READ_EXTERNAL_DATABASES']);
    expect(await screen.findByRole('heading', { level: 1, name: 'External database' })).toBeInTheDocument();
    expect(await screen.findByText('mes.plant.example')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Host/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test the connection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Query preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete external database' })).not.toBeInTheDocument();
  });

  it('previews a query: columns and rows, how long it took, and Truncated said', async () => {
    const database = anExternalDatabase({ Name: 'MES' });
    const { user, fake } = renderEditor([database], `${EDITOR}?id=${database.UUID}`, MANAGE, { preview: aPreview({ Truncated: true, DurationMs: 1234 }) });
    const query = await screen.findByRole('textbox', { name: 'Query' });
    await user.clear(query);
    await user.type(query, 'SELECT batch_id FROM batches WHERE started_at >= :StartTime');
    await user.clear(screen.getByLabelText('StartTime'));
    await user.type(screen.getByLabelText('StartTime'), '2026-11-27T05:00:00');
    await user.clear(screen.getByLabelText('StopTime'));
    await user.type(screen.getByLabelText('StopTime'), '2026-11-27T07:00:00');
    await user.clear(screen.getByRole('spinbutton', { name: 'Row limit' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Row limit' }), '3');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const table = await screen.findByRole('table', { name: 'Query result' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['batch_idtext', 'producttext', 'started_attimestamptz', 'quantitynumeric']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('B-2024-0117')).toBeInTheDocument();
    expect(within(table).getByText('∅')).toBeInTheDocument();
    expect(screen.getByText(/3 rows in 1,234 ms\./)).toHaveTextContent('Truncated: the query returned more rows than the limit.');
    const [sent] = fake.calls('POST', `/api/external-databases/${database.UUID}/preview`);
    expect(sent.body).toEqual({
      Query: 'SELECT batch_id FROM batches WHERE started_at >= :StartTime',
      StartTime: new Date('2026-11-27T05:00:00').toISOString(),
      StopTime: new Date('2026-11-27T07:00:00').toISOString(),
      Limit: 3,
    });
  });

  it('shows a failed query’s error with its step, and no table', async () => {
    const database = anExternalDatabase({ Name: 'MES' });
    const preview = aPreview({ Columns: [], Rows: [], Error: { Step: 'query', Message: 'relation "batchez" does not exist' } });
    const { user } = renderEditor([database], `${EDITOR}?id=${database.UUID}`, MANAGE, { preview });
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    const alert = await screen.findByText(/The query failed at the step query/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('relation "batchez" does not exist');
    expect(screen.queryByRole('table', { name: 'Query result' })).not.toBeInTheDocument();
  });

  it('says why a database in use cannot be deleted', async () => {
    const database = anExternalDatabase({ Name: 'MES', UsedBy: 1 });
    const { user, fake } = renderEditor([database], `${EDITOR}?id=${database.UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete external database' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The external database is still used by 1 event or property configuration; change it first.')).toHaveAttribute('role', 'alert');
    expect(fake.calls('DELETE', `/api/external-databases/${database.UUID}`)).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(EDITOR);
  });
});
