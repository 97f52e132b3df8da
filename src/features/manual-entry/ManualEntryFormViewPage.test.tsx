import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import type { RootState } from '../../app/store';
import type { QueuedEntry } from '../../state/manualEntryQueue';
import { aSession, ORG_A_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { ManualEntryFormViewPage } from './ManualEntryFormViewPage';
import { aForm, anEventRow, aValueRow, CURVE, DONE, eventsEntries, FLOW, FORM_UUID, GRADE, hoursAgo, LEVEL, problem, TEMPERATURE, valuesEntries, viewServer } from './view/testing/viewFixtures';

// The operator view of a manual entry form (DOMAIN.md §5, server/manual-entry/README.md "Entries",
// "Writes"): both grids, the spreadsheet keys, read-only cells and why, the reason asked only when
// a value replaces another, Expected in every write, the server's refusals kept on the cell, and
// entries that wait for a connection or a session in the persisted queue.

const USER = aSession().userId ?? '';
const OTHER_USER = '55555555-5555-4555-8555-555555555555';

function stateWith(queue: QueuedEntry[] = []): Partial<RootState> {
  return {
    session: aSession(),
    organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: null, hasManualEntryForms: true },
    manualEntryQueue: { items: queue },
  };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function render(search = `?id=${FORM_UUID}`, queue: QueuedEntry[] = []) {
  document.cookie = 'XSRF-TOKEN=test';
  return renderWithProviders(
    <>
      <ManualEntryFormViewPage />
      <Address />
    </>,
    { route: `/manual-entry-form/view${search}`, routePath: '/manual-entry-form/view', preloadedState: stateWith(queue) },
  );
}

const grid = () => screen.findByRole('grid', { name: 'Batch log' });
const bodyRows = async () => within(await grid()).getAllByRole('row').slice(2);
/** The cell of a row (by a text in it) and a column (by its header's position). */
const cellOf = (row: HTMLElement, header: string) => {
  const headers = within(screen.getByRole('grid')).getAllByRole('columnheader');
  const column = headers.find((candidate) => candidate.hasAttribute('aria-colindex') && candidate.textContent?.startsWith(header));
  const index = column?.getAttribute('aria-colindex');
  const cell = within(row).getAllByRole('gridcell').find((candidate) => candidate.getAttribute('aria-colindex') === index);
  if (!cell) throw new Error(`No cell under ${header}`);
  return cell;
};

const RECENT = () => anEventRow({ AssetLabel: 'Mixer 1', Cells: { [TEMPERATURE]: { Value: null, Manual: false }, [CURVE]: { Value: null, Manual: false, Series: { T: [0, 60, 120], V: [1, 3, 2] } } } });
const TYPED = () =>
  anEventRow({
    AssetLabel: 'Mixer 2',
    StartTime: hoursAgo(3),
    Status: 'processed',
    Cells: { [TEMPERATURE]: { Value: 81.5, Manual: true, UpdatedAt: hoursAgo(2), UpdatedBy: 'Ada' }, [DONE]: { Value: false, Manual: false } },
  });
const OLD = () => anEventRow({ AssetLabel: 'Mixer 3', StartTime: hoursAgo(30), StopTime: hoursAgo(29), Status: 'processed', Cells: { [TEMPERATURE]: { Value: 70, Manual: false } } });

describe('the operator grid of an Events form', () => {
  it('tells a manager without a level who may not read the values elsewhere why the grid is empty', async () => {
    viewServer(aForm(), eventsEntries([]));
    server.use(http.get('/api/manual-entry-forms/:id/entries', () => problem(403, { code: 'manual_entry.errors.read_not_permitted' })));
    render();
    expect(await screen.findByText(/You manage this form but hold no level on it/)).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('shows a row per event with asset, start, stop, status icon and the property columns under their group, units in the headers', async () => {
    viewServer(aForm(), eventsEntries([RECENT(), TYPED(), OLD()]));
    render();
    const [first, second, third] = await bodyRows();
    expect(within(first).getByText('Mixer 1')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Waiting for input' })).toBeInTheDocument();
    expect(within(second).getByText('Mixer 2')).toBeInTheDocument();
    expect(within(second).getByText('81.5')).toBeInTheDocument();
    expect(within(third).getByText('Mixer 3')).toBeInTheDocument();
    const headers = within(screen.getByRole('grid')).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(expect.arrayContaining(['Batch', 'Asset', 'Start', 'Stop', 'Status', 'Temperature°C', 'Grade', 'Checked', 'Curve°C']));
    // The group's name spans its four columns.
    expect(headers.find((header) => header.textContent === 'Batch')).toHaveStyle({ gridColumn: 'span 4' });
    // A value typed by a person says who and when.
    expect(cellOf(second, 'Temperature')).toHaveAttribute('title', expect.stringMatching(/^Typed by Ada at /));
  });

  it('shows the periodic properties of an event as charts in its expander', async () => {
    viewServer(aForm(), eventsEntries([RECENT()]));
    const { user } = render();
    const [row] = await bodyRows();
    expect(cellOf(row, 'Curve')).toHaveTextContent('3 points');
    await user.click(within(row).getByRole('button', { name: 'Show the periodic properties' }));
    expect(await screen.findByRole('img', { name: /Curve/ })).toBeInTheDocument();
  });

  it('says why a cell is read-only: older than the edit limit, not editable, periodic', async () => {
    viewServer(aForm(), eventsEntries([RECENT(), OLD()]));
    const { user } = render();
    const [recent, old] = await bodyRows();
    const tooOld = cellOf(old, 'Temperature');
    expect(tooOld).toHaveAttribute('aria-readonly', 'true');
    expect(tooOld).toHaveAttribute('title', 'Older than 24h: only elevated users may change it.');
    expect(cellOf(recent, 'Temperature')).not.toHaveAttribute('aria-readonly');
    expect(cellOf(recent, 'Curve')).toHaveAttribute('aria-readonly', 'true');
    // Focus on a read-only cell says why under the grid too, and typing there starts nothing.
    await user.click(tooOld);
    expect(screen.getByText('Temperature: Older than 24h: only elevated users may change it.')).toBeInTheDocument();
    await user.keyboard('5');
    expect(within(old).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('moves with the arrows and Tab, types a first value with a comma and sends it with Expected and no reason', async () => {
    const seen = viewServer(aForm(), eventsEntries([RECENT(), TYPED()]));
    const { user } = render();
    const [first, second] = await bodyRows();
    await user.click(cellOf(first, 'Asset'));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(cellOf(first, 'Temperature')).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(cellOf(first, 'Grade')).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(cellOf(first, 'Temperature')).toHaveFocus();
    await user.keyboard('12,5{Enter}');
    await waitFor(() => expect(seen.writes).toHaveLength(1));
    expect(seen.writes[0].eventId).toBe(first.querySelector('[data-cell]')?.getAttribute('data-cell')?.split('|')[0]);
    expect(seen.writes[0].body).toEqual({ Properties: { [TEMPERATURE]: 12.5 }, Expected: { [TEMPERATURE]: null } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Enter commits and moves down.
    expect(cellOf(second, 'Temperature')).toHaveFocus();
    // Escape cancels an edit: nothing is sent.
    await user.keyboard('{F2}');
    expect(within(second).getByRole('textbox')).toHaveValue('81.5');
    await user.keyboard('{Escape}');
    expect(within(second).queryByRole('textbox')).not.toBeInTheDocument();
    expect(seen.writes).toHaveLength(1);
  });

  it('asks for a reason only when a value replaces another, and sends it with Expected = the value shown', async () => {
    const seen = viewServer(aForm(), eventsEntries([TYPED()]));
    const { user } = render();
    const [row] = await bodyRows();
    await user.click(cellOf(row, 'Temperature'));
    await user.keyboard('{Enter}');
    await user.clear(within(row).getByRole('textbox'));
    await user.keyboard('82{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Why does this value change?' });
    expect(seen.writes).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Probe recalibrated');
    await user.click(within(dialog).getByRole('button', { name: 'Save the value' }));
    await waitFor(() => expect(seen.writes).toHaveLength(1));
    expect(seen.writes[0].body).toEqual({ Properties: { [TEMPERATURE]: 82 }, Expected: { [TEMPERATURE]: 81.5 }, Reason: 'Probe recalibrated' });
  });

  it('toggles a boolean with Space and offers the PossibleValues as a list', async () => {
    const seen = viewServer(aForm(), eventsEntries([RECENT()]));
    const { user } = render();
    const [row] = await bodyRows();
    await user.click(cellOf(row, 'Checked'));
    await user.keyboard(' ');
    await waitFor(() => expect(seen.writes).toHaveLength(1));
    expect(seen.writes[0].body).toEqual({ Properties: { [DONE]: true }, Expected: { [DONE]: null } });
    await user.click(cellOf(row, 'Grade'));
    await user.keyboard('{Enter}');
    const list = within(row).getByRole('combobox');
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['(empty)', 'Prime', 'Second']);
    await user.selectOptions(list, 'Second');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(seen.writes).toHaveLength(2));
    expect(seen.writes[1].body).toEqual({ Properties: { [GRADE]: 'B' }, Expected: { [GRADE]: null } });
  });

  it('shows 403 edit_too_old with its limit on the cell and in a toast, and keeps the typed value', async () => {
    const seen = viewServer(aForm(), eventsEntries([RECENT()]));
    seen.answerWrites(() => problem(403, { code: 'manual_entry.errors.edit_too_old', params: { limit: '24h' }, detail: 'The entry is older than 24h.' }));
    const { user, store } = render();
    const [row] = await bodyRows();
    await user.click(cellOf(row, 'Temperature'));
    await user.keyboard('5{Enter}');
    await waitFor(() => expect(cellOf(row, 'Temperature')).toHaveAttribute('title', expect.stringContaining('24h')));
    expect(cellOf(row, 'Temperature')).toHaveTextContent('5');
    expect(store.getState().toasts.items).toEqual([expect.objectContaining({ type: 'danger', message: expect.stringContaining('24h') })]);
  });

  it('never overwrites a cell being edited when the auto refresh reads the entries again', async () => {
    const seen = viewServer(aForm({ AutoRefreshInterval: '5s' }), eventsEntries([TYPED()]));
    const { user } = render();
    const [row] = await bodyRows();
    expect(screen.getByText('Refreshes every 5s')).toBeInTheDocument();
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();
    await user.click(cellOf(row, 'Temperature'));
    await user.keyboard('{Enter}');
    const editor = within(row).getByRole('textbox');
    await user.clear(editor);
    await user.type(editor, '90');
    const eventUuid = row.querySelector('[data-cell]')?.getAttribute('data-cell')?.split('|')[0] ?? '';
    seen.setEntries(eventsEntries([{ ...TYPED(), UUID: eventUuid, Cells: { [TEMPERATURE]: { Value: 99, Manual: true, UpdatedBy: 'Bob' } } }]));
    const readsBefore = seen.reads.length;
    await waitFor(() => expect(seen.reads.length).toBeGreaterThan(readsBefore), { timeout: 7000 });
    // The fresh answer is in (the row below the editor shows it once committed), the draft stays.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const [fresh] = await bodyRows();
    expect(within(fresh).getByRole('textbox')).toHaveValue('90');
    expect(within(fresh).getByRole('textbox')).toHaveFocus();
    // Committing it expects the value the grid showed when typing began.
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Why does this value change?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Second reading');
    await user.click(within(dialog).getByRole('button', { name: 'Save the value' }));
    await waitFor(() => expect(seen.writes).toHaveLength(1));
    expect(seen.writes[0].body).toEqual({ Properties: { [TEMPERATURE]: 90 }, Expected: { [TEMPERATURE]: 81.5 }, Reason: 'Second reading' });
  }, 15_000);
});

describe('the operator grid of an Asset Properties form', () => {
  const VALUES_FORM = () => aForm({ Type: 'Asset Properties' });

  it('shows a row per timestamp under the group header, and "Add row" adds a timestamp whose values are posted with Expected', async () => {
    const seen = viewServer(VALUES_FORM(), valuesEntries([aValueRow(hoursAgo(1), { [LEVEL]: { Value: 2.5, Manual: false } }), aValueRow(hoursAgo(2), { [FLOW]: { Value: 7, Manual: false } })]));
    const { user } = render();
    const rows = await bodyRows();
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('2.5')).toBeInTheDocument();
    const headers = within(screen.getByRole('grid')).getAllByRole('columnheader');
    expect(headers.find((header) => header.textContent === 'Tank 1')).toHaveStyle({ gridColumn: 'span 2' });
    expect(headers.map((header) => header.textContent)).toEqual(expect.arrayContaining(['Time', 'Levelm', 'Flowm³/h']));

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    const time = screen.getByLabelText('Time of the new row');
    // Now, to the minute.
    expect((time as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const withNew = await bodyRows();
    expect(withNew).toHaveLength(3);
    // The new row is the newest, and its first value column has the focus.
    expect(cellOf(withNew[0], 'Level')).toHaveFocus();
    await user.keyboard('3,25{Enter}');
    await waitFor(() => expect(seen.writes).toHaveLength(1));
    const timestamp = new Date(fromLocal((time as HTMLInputElement).value)).toISOString();
    expect(seen.writes[0].body).toEqual({ Values: [{ AssetPropertyUUID: LEVEL, Timestamp: timestamp, Value: 3.25, Expected: null }] });
  });

  it('shows a 400 on the field on the cell, asks a reason when a value replaces another, and keeps the typed value', async () => {
    const at = hoursAgo(1);
    const seen = viewServer(VALUES_FORM(), valuesEntries([aValueRow(at, { [LEVEL]: { Value: 2.5, Manual: false } })]));
    seen.answerWrites(() => problem(400, { code: 'manual_entry.errors.future', errors: { 'Values[0].Timestamp': ['manual_entry.errors.future'] } }));
    const { user } = render();
    const [row] = await bodyRows();
    await user.click(cellOf(row, 'Level'));
    await user.keyboard('{Enter}');
    // The editor starts with the value in the user's language.
    expect(within(row).getByRole('textbox')).toHaveValue('2.5');
    await user.clear(within(row).getByRole('textbox'));
    await user.keyboard('2,75{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Why does this value change?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Dip stick');
    await user.click(within(dialog).getByRole('button', { name: 'Save the value' }));
    await waitFor(() => expect(seen.writes).toHaveLength(1));
    expect(seen.writes[0].body).toEqual({ Values: [{ AssetPropertyUUID: LEVEL, Timestamp: new Date(at).toISOString(), Value: 2.75, Expected: 2.5 }], Reason: 'Dip stick' });
    await waitFor(() => expect(cellOf(row, 'Level')).toHaveAttribute('title', expect.stringContaining('The time lies more than 5 minutes in the future.')));
    expect(cellOf(row, 'Level')).toHaveTextContent('2.75');
  });

  it('does not take a text that is not a number: the editor stays, marked invalid, and nothing is sent', async () => {
    const seen = viewServer(VALUES_FORM(), valuesEntries([aValueRow(hoursAgo(1))]));
    const { user } = render();
    const [row] = await bodyRows();
    await user.click(cellOf(row, 'Flow'));
    await user.keyboard('1,2,3{Enter}');
    expect(within(row).getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(seen.writes).toHaveLength(0);
  });
});

const fromLocal = (value: string) => new Date(value).getTime();

describe('entries that wait for a connection or a session', () => {
  it('queues a write that fails for want of a connection, persists it in the slice, shows it waiting and sends it when the browser is online again', async () => {
    const seen = viewServer(aForm(), eventsEntries([RECENT()]));
    seen.answerWrites(() => HttpResponse.error());
    const { user, store } = render();
    const [row] = await bodyRows();
    await user.click(cellOf(row, 'Temperature'));
    await user.keyboard('42{Enter}');
    await waitFor(() => expect(store.getState().manualEntryQueue.items).toHaveLength(1));
    const [item] = store.getState().manualEntryQueue.items;
    expect(item).toEqual(
      expect.objectContaining({ userUuid: USER, organizationUuid: ORG_A_UUID, formUuid: FORM_UUID, cause: 'offline', write: expect.objectContaining({ kind: 'event', key: TEMPERATURE, value: 42, expected: null }) }),
    );
    expect(item.queuedAt).toEqual(expect.any(String));
    expect(within(cellOf(row, 'Temperature')).getByRole('img', { name: 'Waiting to send' })).toBeInTheDocument();
    expect(cellOf(row, 'Temperature')).toHaveTextContent('42');
    expect(screen.getByText(/Offline — 1 entry will be sent when the connection returns/)).toBeInTheDocument();

    seen.answerWrites((_body, eventId) => HttpResponse.json(anEventRow({ UUID: eventId })));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(store.getState().manualEntryQueue.items).toHaveLength(0));
    expect(seen.writes).toHaveLength(2);
    expect(seen.writes[1].body).toEqual({ Properties: { [TEMPERATURE]: 42 }, Expected: { [TEMPERATURE]: null } });
    expect(screen.queryByText(/Offline/)).not.toBeInTheDocument();
  });

  it('queues a write whose session ran out (401) as the entry of the user who typed it', async () => {
    const seen = viewServer(aForm(), eventsEntries([RECENT()]));
    seen.answerWrites(() => HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401 }));
    const { user, store } = render();
    const [row] = await bodyRows();
    await user.click(cellOf(row, 'Temperature'));
    await user.keyboard('8{Enter}');
    await waitFor(() => expect(store.getState().manualEntryQueue.items).toEqual([expect.objectContaining({ cause: 'session', userUuid: USER, write: expect.objectContaining({ value: 8 }) })]));
  });

  it('sends the signed-in user\'s waiting entries when the page opens after a new sign-in', async () => {
    const recent = RECENT();
    const queued: QueuedEntry = {
      id: 'q1',
      userUuid: USER,
      organizationUuid: ORG_A_UUID,
      formUuid: FORM_UUID,
      write: { kind: 'event', eventUuid: recent.UUID, key: TEMPERATURE, value: 7, expected: null },
      queuedAt: hoursAgo(1),
      cause: 'session',
    };
    const seen = viewServer(aForm(), eventsEntries([recent]));
    const { store } = render(undefined, [queued]);
    await waitFor(() => expect(seen.writes).toHaveLength(1));
    expect(seen.writes[0]).toEqual({ eventId: recent.UUID, body: { Properties: { [TEMPERATURE]: 7 }, Expected: { [TEMPERATURE]: null } } });
    await waitFor(() => expect(store.getState().manualEntryQueue.items).toHaveLength(0));
  });

  it("never sends another user's queued entries: it says how many wait for someone else without showing them", async () => {
    const recent = RECENT();
    const theirs: QueuedEntry = {
      id: 'q2',
      userUuid: OTHER_USER,
      organizationUuid: ORG_A_UUID,
      formUuid: FORM_UUID,
      write: { kind: 'event', eventUuid: recent.UUID, key: TEMPERATURE, value: 13, expected: null },
      queuedAt: hoursAgo(1),
      cause: 'offline',
    };
    const seen = viewServer(aForm(), eventsEntries([recent]));
    const { store } = render(undefined, [theirs]);
    const [row] = await bodyRows();
    expect(screen.getByText('1 entry of another user waits on this device; it is sent when that user signs in.')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(seen.writes).toHaveLength(0);
    expect(store.getState().manualEntryQueue.items).toHaveLength(1);
    expect(cellOf(row, 'Temperature')).not.toHaveTextContent('13');
  });

  it('opens a side-by-side dialog on a conflict: "Keep mine" sends again expecting the server\'s value, "Take the server\'s" drops mine', async () => {
    const recent = RECENT();
    const seen = viewServer(aForm(), eventsEntries([recent, TYPED()]));
    const conflict = (key: string, current: number) =>
      problem(409, { code: 'manual_entry.errors.conflict', conflicts: [{ Key: key, EventUUID: recent.UUID, Expected: null, Current: current, UpdatedAt: hoursAgo(0.5), UpdatedBy: 'Bob' }] });
    seen.answerWrites(() => conflict(TEMPERATURE, 60));
    const { user, store } = render();
    const [row] = await bodyRows();
    await user.click(cellOf(row, 'Temperature'));
    await user.keyboard('61{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'An entry needs your decision' });
    const yours = within(dialog).getByRole('region', { name: 'Yours' });
    const servers = within(dialog).getByRole('region', { name: "The server's" });
    expect(yours).toHaveTextContent('61');
    expect(servers).toHaveTextContent('60');
    expect(servers).toHaveTextContent('by Bob');
    // Overwriting the server's value replaces it: a reason first.
    const keep = within(dialog).getByRole('button', { name: 'Keep mine' });
    expect(keep).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Read again on site');
    seen.answerWrites((_body, eventId) => HttpResponse.json(anEventRow({ UUID: eventId })));
    await user.click(keep);
    await waitFor(() => expect(seen.writes).toHaveLength(2));
    expect(seen.writes[1].body).toEqual({ Properties: { [TEMPERATURE]: 61 }, Expected: { [TEMPERATURE]: 60 }, Reason: 'Read again on site' });
    await waitFor(() => expect(store.getState().manualEntryQueue.items).toHaveLength(0));

    // The other choice: the server's value stays, mine is dropped, nothing more is sent.
    seen.answerWrites(() => conflict(DONE, 1));
    await user.click(cellOf(row, 'Checked'));
    await user.keyboard(' ');
    const second = await screen.findByRole('dialog', { name: 'An entry needs your decision' });
    await user.click(within(second).getByRole('button', { name: "Take the server's" }));
    expect(store.getState().manualEntryQueue.items).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(seen.writes).toHaveLength(3);
  });
});

describe('the time range', () => {
  it('opens with the form\'s DefaultTimeRange and refuses more than its MaxTimeRange', async () => {
    const seen = viewServer(aForm({ DefaultTimeRange: '8h', MaxTimeRange: '7d' }), eventsEntries([RECENT()]));
    const { user } = render(`?id=${FORM_UUID}&range=30d`);
    await bodyRows();
    // 30d in the address is longer than the form allows: the default is shown instead.
    const [read] = seen.reads;
    expect(Date.parse(read.get('To') ?? '') - Date.parse(read.get('From') ?? '')).toBe(8 * 3_600_000);
    const preset = screen.getByRole('combobox', { name: 'Time range' });
    expect(preset).toHaveValue('8h');
    const tooLong = within(preset).getByRole('option', { name: 'Last 30d (longer than 7d)' });
    expect(tooLong).toBeDisabled();
    expect(within(preset).getByRole('option', { name: 'Last 7d' })).toBeEnabled();

    await user.selectOptions(preset, '7d');
    expect(new URLSearchParams(screen.getByTestId('address').textContent ?? '').get('range')).toBe('7d');
    await waitFor(() => expect(seen.reads.some((params) => Date.parse(params.get('To') ?? '') - Date.parse(params.get('From') ?? '') === 7 * 86_400_000)).toBe(true));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), 'custom');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-01T00:00');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-11-11T00:00');
    expect(screen.getByRole('button', { name: 'Show' })).toBeDisabled();
    expect(screen.getByText('Longer than this form allows: at most 7d.')).toBeInTheDocument();
    await user.clear(to);
    await user.type(to, '2026-11-03T00:00');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const address = new URLSearchParams(screen.getByTestId('address').textContent ?? '');
    expect(address.get('from')).toBe(new Date('2026-11-01T00:00').toISOString());
    expect(address.get('to')).toBe(new Date('2026-11-03T00:00').toISOString());
  });
});
