import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TableSetting } from '../../api/generated/historian.gen';
import { makeStore } from '../../app/store';
import { aPrivilege, aSession, anOrganization } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { initialSessionState } from '../../state/session';
import { ToastViewport } from '../Toasts/ToastViewport';
import { DataTable } from './DataTable';
import { machineColumns, machineId, machines } from './testTable';

const TABLE = 'machines';
// The organization's translation overrides, which the providers load once an organization is set.
const translations = http.get('/api/translations/:lng/:ns', () => HttpResponse.json([]));

function headers() {
  return screen.getAllByRole('columnheader').map((header) => header.textContent);
}

function renderTable(options: { signedIn?: boolean; privileges?: string[]; tableSettings?: Record<string, { columnsShown: string[]; columnsOrder: string[]; pk?: number }> } = {}) {
  const { signedIn = true, privileges = [], tableSettings = {} } = options;
  if (signedIn) document.cookie = 'XSRF-TOKEN=test';
  server.use(translations);
  const store = makeStore({
    session: signedIn ? aSession({ userPrivileges: privileges.map((name) => aPrivilege(name)) }) : initialSessionState,
    organization: { current: anOrganization(), root: null, hasManualEntryForms: false },
    tableSettings: { byTableId: tableSettings },
  });
  return renderWithProviders(
    <>
      <ToastViewport />
      <DataTable tableId={TABLE} label="Machines" columns={machineColumns} data={machines} getRowId={machineId} />
    </>,
    { store },
  );
}

function serverWith(stored: TableSetting[] = []) {
  const posted: TableSetting[] = [];
  const put: { pk: string; body: TableSetting }[] = [];
  server.use(
    translations,
    http.get('/api/table_setting/', ({ request }) => {
      expect(new URL(request.url).searchParams.get('id')).toBe(TABLE);
      return HttpResponse.json(stored);
    }),
    http.post('/api/table_settings', async ({ request }) => {
      const body = (await request.json()) as TableSetting;
      posted.push(body);
      return HttpResponse.json({ ...body, PK: body.IsDefault ? 99 : 7 }, { status: 201 });
    }),
    http.put('/api/table_settings/:pk', async ({ request, params }) => {
      const body = (await request.json()) as TableSetting;
      put.push({ pk: String(params.pk), body });
      return HttpResponse.json({ ...body, PK: Number(params.pk) });
    }),
  );
  return { posted, put };
}

async function hideStatus(user: ReturnType<typeof renderTable>['user'], options: { asDefault?: boolean } = {}) {
  await user.click(screen.getByRole('button', { name: 'Column settings' }));
  const dialog = screen.getByRole('dialog', { name: 'Column settings' });
  await user.selectOptions(within(dialog).getByRole('listbox', { name: 'Active columns' }), 'Status');
  await user.click(within(dialog).getByRole('button', { name: /Remove/ }));
  if (options.asDefault) await user.click(within(dialog).getByRole('checkbox', { name: /Save as default/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('Table columns: order and visibility per table id (SPEC §4)', () => {
  it('shows the columns in the order and visibility stored for the table id', () => {
    renderTable({ signedIn: false, tableSettings: { [TABLE]: { columnsShown: ['version', 'name'], columnsOrder: ['version', 'name', 'status', 'platform'] } } });
    expect(headers()).toEqual(['Version', 'Name']);
  });

  it('without a session the layout is stored locally only', async () => {
    const { user, store } = renderTable({ signedIn: false });
    await hideStatus(user);
    expect(headers()).toEqual(['Name', 'Version', 'Platform']);
    expect(store.getState().tableSettings.byTableId[TABLE]).toEqual({
      columnsShown: ['name', 'version', 'platform'],
      columnsOrder: ['name', 'version', 'platform', 'status'],
      pk: undefined,
    });
  });

  it('signed in, a save is stored locally and on the server: POST first, then PUT to its PK', async () => {
    const { posted, put } = serverWith();
    const { user, store } = renderTable();
    await hideStatus(user);
    await waitFor(() => expect(store.getState().tableSettings.byTableId[TABLE]?.pk).toBe(7));
    expect(posted).toEqual([{ ID: TABLE, ColumnsShown: ['name', 'version', 'platform'], ColumnsOrder: ['name', 'version', 'platform', 'status'] }]);

    await user.click(screen.getByRole('button', { name: 'Column settings' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({ pk: '7', body: { ID: TABLE, ColumnsShown: ['name', 'status', 'version', 'platform'], ColumnsOrder: ['name', 'status', 'version', 'platform'] } });
    expect(headers()).toEqual(['Name', 'Status', 'Version', 'Platform']);
  });

  it('a failed save shows the danger toast with the save-table-settings message and details', async () => {
    server.use(
      translations,
      http.get('/api/table_setting/', () => HttpResponse.json([])),
      http.post('/api/table_settings', () =>
        HttpResponse.json({ title: 'Bad Request', status: 400, detail: 'ColumnsShown is empty' }, { status: 400, headers: { 'content-type': 'application/problem+json' } }),
      ),
    );
    const { user } = renderTable();
    await hideStatus(user);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    await waitFor(() => expect(alert).toHaveTextContent('The table settings could not be saved.'));
    await user.click(within(alert).getByRole('button', { name: 'Show error details' }));
    const details = await screen.findByRole('dialog', { name: 'Error details' });
    expect(details).toHaveTextContent('ColumnsShown is empty');
    expect(details).toHaveTextContent('POST /api/table_settings');
    // The local layout is kept all the same.
    expect(headers()).toEqual(['Name', 'Version', 'Platform']);
  });

  it("'save as default' is offered only with P-ADM-SD and saves the organization default too", async () => {
    const { posted } = serverWith();
    const first = renderTable();
    await first.user.click(screen.getByRole('button', { name: 'Column settings' }));
    expect(screen.queryByRole('checkbox', { name: /Save as default/ })).not.toBeInTheDocument();
    first.unmount();

    const { user } = renderTable({ privileges: ['P-ADM-SD'] });
    await hideStatus(user, { asDefault: true });
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ ID: TABLE, ColumnsShown: ['name', 'version', 'platform'], ColumnsOrder: ['name', 'version', 'platform', 'status'], IsDefault: true });
  });

  it("reads the server's layout: the user's own replaces the local copy", async () => {
    serverWith([{ PK: 3, ID: TABLE, ColumnsShown: ['platform', 'name'], ColumnsOrder: ['platform', 'name', 'status', 'version'] }]);
    const { store } = renderTable({ tableSettings: { [TABLE]: { columnsShown: ['name'], columnsOrder: ['name'] } } });
    await waitFor(() => expect(headers()).toEqual(['Platform', 'Name']));
    expect(store.getState().tableSettings.byTableId[TABLE]?.pk).toBe(3);
  });

  it("the organization default applies only while the user has no layout of their own", async () => {
    serverWith([{ PK: 9, ID: TABLE, ColumnsShown: ['version'], ColumnsOrder: ['version', 'name', 'status', 'platform'], IsDefault: true }]);
    const own = renderTable({ tableSettings: { [TABLE]: { columnsShown: ['name', 'status'], columnsOrder: ['name', 'status', 'version', 'platform'] } } });
    await waitFor(() => expect(Object.values(own.store.getState().api.queries).some((q) => q?.endpointName === 'getTableSetting' && q.status === 'fulfilled')).toBe(true));
    expect(headers()).toEqual(['Name', 'Status']);
    own.unmount();

    renderTable();
    await waitFor(() => expect(headers()).toEqual(['Version']));
  });
});
