import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { RootState } from '../../app/store';
import { Guard } from '../../components/Guard';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { CalculationsPage, MeasurementsPage } from './MeasurementsPage';
import { aCalculationCollector, aMeasurement, aSimulationCollector, DATABASE_UUID, measurementServer, problem, SIM_COLLECTOR_UUID } from './testing/measurementFixtures';

// The measurements page (DOMAIN §1): filters in the address and the request, server paging,
// bulk changes with per-item results, the create form with the server's field errors, what a
// reader sees, and /calculations.

const READER = [aPrivilege('READ_MEASUREMENTS'), aPrivilege('READ_COLLECTORS'), aPrivilege('READ_TIMESERIES_DATABASES')];
const MANAGER = [...READER, aPrivilege('MANAGE_MEASUREMENTS')];

function stateWith(privileges = MANAGER, features: Record<string, boolean | number> = { Calculations: true }): Partial<RootState> {
  return {
    session: aSession({ userPrivileges: privileges }),
    organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
    licence: { loaded: true, error: null, claims: [{ UUID: 'l', Name: 'Site', ExpiresAt: 4_102_444_800, OrganizationUUID: ORG_A_UUID, LicensedFeatures: features }] },
  };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function render(options: { route?: string; page?: React.ReactElement; state?: Partial<RootState> } = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  return renderWithProviders(
    <>
      {options.page ?? <MeasurementsPage />}
      <Address />
    </>,
    { route: options.route ?? '/measurements', routePath: '/measurements', preloadedState: options.state ?? stateWith() },
  );
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
const filterButton = (name: string) => screen.getByText(name, { selector: '.multi-filter-label' }).closest('summary') as HTMLElement;
const grid = () => screen.findByRole('grid', { name: 'Measurements' });

describe('measurements page', () => {
  it('lists the measurements with status, collector, database, unit, quality, labels and last value, and counts them', async () => {
    measurementServer([aMeasurement({ Name: 'oven.temp', Labels: ['line-1', 'critical'] }), aMeasurement({ Name: 'press.state', Status: 'Paused', Quality: 'BadInvalidDataType', Datatype: 'boolean', LastPoint: null })]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Measurements' })).toBeInTheDocument();
    expect(await screen.findByText('2 measurements')).toBeInTheDocument();
    const rows = within(await grid()).getAllByRole('row');
    const oven = rows.find((row) => within(row).queryByText('oven.temp'));
    expect(oven).toBeDefined();
    const cells = within(oven as HTMLElement);
    expect(cells.getByRole('img', { name: 'Active' })).toBeInTheDocument();
    expect(cells.getByText('°C')).toBeInTheDocument();
    expect(cells.getByText('critical')).toHaveClass('measurement-label');
    expect(cells.getByText('21.5')).toBeInTheDocument();
    const press = within(rows.find((row) => within(row).queryByText('press.state')) as HTMLElement);
    expect(press.getByRole('img', { name: 'Paused' })).toBeInTheDocument();
    expect(press.getByText('BadInvalidDataType')).toHaveClass('measurement-quality-bad');
  });

  it('sends the filters of the address to the server and shows them', async () => {
    const seen = measurementServer([aMeasurement()]);
    render({ route: `/measurements?Keyword=%2F%5Eline_%5Cd%2B%2F&Statuses=Paused&Statuses=Discovered&Labels=line-1&DatabaseUUIDs=${DATABASE_UUID}&CollectorUUIDs=${SIM_COLLECTOR_UUID}&Datatypes=boolean&Quality=Bad` });
    await screen.findByText('1 measurement');
    const query = seen.lists[0];
    expect(query.get('Keyword')).toBe('/^line_\\d+/');
    expect(query.getAll('Statuses[]')).toEqual(['Paused', 'Discovered']);
    expect(query.getAll('Labels[]')).toEqual(['line-1']);
    expect(query.getAll('DatabaseUUIDs[]')).toEqual([DATABASE_UUID]);
    expect(query.getAll('CollectorUUIDs[]')).toEqual([SIM_COLLECTOR_UUID]);
    expect(query.getAll('Datatypes[]')).toEqual(['boolean']);
    expect(query.get('Quality')).toBe('Bad');
    expect(query.get('OnlyCalculations')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search name or description' })).toHaveValue('/^line_\\d+/');
    expect(filterButton('Status')).toHaveTextContent('2 chosen');
    expect(screen.getByRole('combobox', { name: 'Quality' })).toHaveValue('Bad');
  });

  it('writes a chosen filter into the address and the request, says a regular expression is invalid, and clears every filter at once', async () => {
    const seen = measurementServer([aMeasurement()]);
    const { user } = render();
    await screen.findByText('1 measurement');
    await user.click(filterButton('Status'));
    await user.click(screen.getByRole('checkbox', { name: 'Paused' }));
    await waitFor(() => expect(address().getAll('Statuses')).toEqual(['Paused']));
    await waitFor(() => expect(seen.lists.at(-1)?.getAll('Statuses[]')).toEqual(['Paused']));

    await user.click(filterButton('Labels'));
    await user.click(await screen.findByRole('checkbox', { name: 'critical (1)' }));
    await waitFor(() => expect(seen.lists.at(-1)?.getAll('Labels[]')).toEqual(['critical']));

    await user.type(screen.getByRole('searchbox', { name: 'Search name or description' }), '/[[oven/');
    await waitFor(() => expect(address().get('Keyword')).toBe('/[oven/'));
    expect(screen.getByRole('alert')).toHaveTextContent('This regular expression is not valid.');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Quality' }), 'Good');
    await waitFor(() => expect(seen.lists.at(-1)?.get('Quality')).toBe('Good'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address().toString()).toBe(''));
    // The unfiltered list is the first one asked for: it comes from the cache, the filters show none.
    expect([...seen.lists[0].keys()].sort()).toEqual(['Limit', 'Page', 'Sort']);
    expect(filterButton('Status')).toHaveTextContent('Any');
    expect(screen.getByRole('searchbox', { name: 'Search name or description' })).toHaveValue('');
  });

  it('pages on the server: the next page is one call with Page=2, kept in the address, and a page size of up to 1,000', async () => {
    const all = Array.from({ length: 120 }, () => aMeasurement());
    const seen = measurementServer(all);
    const { user } = render();
    expect(await screen.findByText('120 measurements')).toBeInTheDocument();
    expect(seen.lists[0].get('Limit')).toBe('500');
    await user.selectOptions(screen.getByRole('combobox', { name: /rows per page|page size/i }), '100');
    await waitFor(() => expect(seen.lists.at(-1)?.get('Limit')).toBe('100'));
    // Virtualised: the grid counts every row of the page (and its header) though it draws only those in view.
    await waitFor(async () => expect(await grid()).toHaveAttribute('aria-rowcount', '101'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(seen.lists.at(-1)?.get('Page')).toBe('2'));
    expect(address().get('Page')).toBe('2');
    await waitFor(async () => expect(await grid()).toHaveAttribute('aria-rowcount', '21'));
    // A new filter starts again at the first page.
    await user.click(filterButton('Status'));
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await waitFor(() => expect(address().get('Page')).toBeNull());
    await waitFor(() => expect(seen.lists.at(-1)?.get('Page')).toBe('1'));
  });

  it('pauses the chosen measurements in one call and says which were not paused, and why, keeping those chosen', async () => {
    const oven = aMeasurement({ Name: 'oven.temp' });
    const press = aMeasurement({ Name: 'press.state' });
    const seen = measurementServer([oven, press, aMeasurement({ Name: 'kiln.temp' })], {
      bulkResult: (uuid) => (uuid === press.UUID ? { UUID: uuid, Ok: false, Error: 'The collector is being removed.' } : { UUID: uuid, Ok: true }),
    });
    const { user } = render();
    await screen.findByText('3 measurements');
    await user.click(screen.getByRole('checkbox', { name: 'Choose oven.temp' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose press.state' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 chosen')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(seen.statusBodies).toEqual([{ UUIDs: [oven.UUID, press.UUID], Status: 'Paused' }]));
    const report = await within(bar).findByRole('status');
    expect(report).toHaveTextContent('1 measurement paused. 1 was not changed, and stays chosen:');
    expect(report).toHaveTextContent('press.state: The collector is being removed.');
    expect(within(bar).getByText('1 chosen')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Choose press.state' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Choose oven.temp' })).not.toBeChecked();
  });

  it('deletes the chosen measurements only after a confirmation, and changes labels in one call', async () => {
    const oven = aMeasurement({ Name: 'oven.temp', Labels: ['line-1', 'old'] });
    const seen = measurementServer([oven, aMeasurement()]);
    const { user } = render();
    await screen.findByText('2 measurements');
    await user.click(screen.getByRole('checkbox', { name: 'Choose oven.temp' }));
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 1 measurement?' });
    expect(seen.statusBodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 1 measurement' }));
    await waitFor(() => expect(seen.statusBodies).toEqual([{ UUIDs: [oven.UUID], Status: 'Deleted' }]));
    expect(await screen.findByText('1 measurement deleted.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Choose oven.temp' }));
    await user.click(screen.getByRole('button', { name: 'Labels…' }));
    const labels = screen.getByRole('dialog', { name: 'Labels of 1 measurement' });
    await user.type(within(labels).getByRole('textbox', { name: 'Add labels' }), 'hot, line-2, hot');
    await user.click(within(labels).getByRole('checkbox', { name: 'old' }));
    await user.click(within(labels).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(seen.labelBodies).toEqual([{ UUIDs: [oven.UUID], Add: ['hot', 'line-2'], Remove: ['old'] }]));
  });

  it('"Trend chosen" writes the shareable trend address of the chosen measurements and shows the trend above the table', async () => {
    const oven = aMeasurement({ Name: 'oven.temp' });
    const kiln = aMeasurement({ Name: 'kiln.temp' });
    measurementServer([oven, kiln]);
    // jsdom draws nothing, so it has no scrollIntoView; the page calls it to bring the trend into view.
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user } = render({ route: '/measurements?Labels=line-1' });
    await screen.findByText('2 measurements');
    expect(screen.queryByRole('region', { name: 'Trend of the chosen measurements' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Choose all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Trend chosen' }));
    await waitFor(() => expect(address().get('trend')).toBe(`${oven.UUID},${kiln.UUID}`));
    expect(address().getAll('Labels')).toEqual(['line-1']);
    expect(screen.getByRole('region', { name: 'Trend of the chosen measurements' })).toBeInTheDocument();
    expect(scrolled).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close trend' }));
    await waitFor(() => expect(address().get('trend')).toBeNull());
  });

  it('a reader sees the list and the drawer but no way to change them', async () => {
    const oven = aMeasurement({ Name: 'oven.temp' });
    measurementServer([oven]);
    const { user } = render({ state: stateWith(READER) });
    await screen.findByText('1 measurement');
    expect(screen.queryByRole('button', { name: 'New measurement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Choose oven.temp' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByRole('button', { name: 'Trend chosen' })).toBeInTheDocument();
    for (const name of ['Pause', 'Resume', 'Labels…', 'Delete…']) expect(within(bar).queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const drawer = await screen.findByRole('complementary', { name: /oven\.temp/ });
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('creates a measurement: its only collector comes chosen, with its settings; a settings error from the server lands on its field', async () => {
    const seen = measurementServer([aMeasurement()], {
      createAnswer: () => problem(400, 'The settings are not valid', { 'Settings.Period': ['the collector refuses periods this short'] }),
    });
    const { user } = render();
    await screen.findByText('1 measurement');
    await user.click(screen.getByRole('button', { name: 'New measurement' }));
    const drawer = await screen.findByRole('complementary', { name: 'New measurement' });
    expect(address().get('Measurement')).toBe('new');
    // One collector to choose from: it is chosen, and the settings it takes show.
    await waitFor(() => expect(within(drawer).getByRole('combobox', { name: /^Collector/ })).toHaveValue(SIM_COLLECTOR_UUID));
    expect(await within(drawer).findByRole('combobox', { name: /^Signal shape/ })).toBeInTheDocument();
    await user.type(within(drawer).getByRole('textbox', { name: /^Name/ }), 'oven.pressure');
    await user.selectOptions(within(drawer).getByRole('combobox', { name: /^Collector/ }), 'Simulation');
    await user.selectOptions(within(drawer).getByRole('combobox', { name: /^Database/ }), 'historian');
    await user.selectOptions(await within(drawer).findByRole('combobox', { name: /^Signal shape/ }), 'square');
    await user.type(within(drawer).getByRole('spinbutton', { name: /^Period/ }), '5');
    await user.type(within(drawer).getByRole('textbox', { name: /^Labels/ }), 'line-1, new');
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(seen.created).toHaveLength(1));
    expect(seen.created[0]).toMatchObject({ Name: 'oven.pressure', CollectorUUID: SIM_COLLECTOR_UUID, DatabaseUUID: DATABASE_UUID, Datatype: 'number', Status: 'Active', Settings: { Shape: 'square', Period: 5 }, Labels: ['line-1', 'new'] });
    expect(await within(drawer).findByText('the collector refuses periods this short')).toBeInTheDocument();
    expect(within(drawer).getByRole('spinbutton', { name: /^Period/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses engineering specs whose limits lie outside the value range before sending', async () => {
    const seen = measurementServer([]);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'New measurement' }));
    const drawer = await screen.findByRole('complementary', { name: 'New measurement' });
    await user.type(within(drawer).getByRole('textbox', { name: /^Name/ }), 'oven.pressure');
    await user.selectOptions(within(drawer).getByRole('combobox', { name: /^Collector/ }), 'Simulation');
    await user.selectOptions(within(drawer).getByRole('combobox', { name: /^Database/ }), 'historian');
    await user.selectOptions(await within(drawer).findByRole('combobox', { name: /^Signal shape/ }), 'sine');
    await user.type(within(drawer).getByRole('spinbutton', { name: 'Lowest value' }), '0');
    await user.type(within(drawer).getByRole('spinbutton', { name: 'Highest value' }), '100');
    await user.type(within(drawer).getByRole('spinbutton', { name: 'High limit' }), '120');
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(await within(drawer).findByText('A limit must lie between the lowest and the highest value.')).toBeInTheDocument();
    expect(seen.created).toEqual([]);
  });

  it('a discovered measurement asks for a database to activate it', async () => {
    const found = aMeasurement({ Name: 'auto.found', Status: 'Discovered', DatabaseUUID: null, DatabaseName: null });
    measurementServer([found]);
    const { user } = render({ route: `/measurements?Measurement=${found.UUID}` });
    const drawer = await screen.findByRole('complementary', { name: /auto\.found/ });
    expect(within(drawer).getByRole('note')).toHaveTextContent('choose a database below and save to activate it');
    expect(within(drawer).getByRole('combobox', { name: /^Database/ })).toBeEnabled();
    await user.click(within(drawer).getByRole('tab', { name: 'Last value' }));
    expect(within(drawer).getByRole('tabpanel')).toHaveTextContent('21.5');
  });
});

describe('calculations page', () => {
  it('asks only for the measurements of calculation collectors and offers only calculation collectors', async () => {
    const seen = measurementServer([aMeasurement({ Name: 'oee', CollectorUUID: aCalculationCollector().UUID, CollectorName: 'Calculations' })], { collectors: [aSimulationCollector(), aCalculationCollector()] });
    const { user } = render({ page: <CalculationsPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Calculations' })).toBeInTheDocument();
    await screen.findByText('1 calculation');
    expect(seen.lists[0].get('OnlyCalculations')).toBe('true');
    await user.click(filterButton('Collectors'));
    expect(screen.getByRole('checkbox', { name: 'Calculations' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Simulation' })).not.toBeInTheDocument();
  });

  it('a new calculation starts with the calculation collector chosen, the only one it may have', async () => {
    measurementServer([], { collectors: [aSimulationCollector(), aCalculationCollector()] });
    const { user } = render({ page: <CalculationsPage /> });
    await screen.findByText('No calculations yet. Create one: it computes a new measurement from others.');
    await user.click(screen.getAllByRole('button', { name: 'New calculation' })[0]);
    const form = await screen.findByRole('complementary', { name: 'New calculation' });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Collector/ })).toHaveValue(aCalculationCollector().UUID));
  });

  it('an empty calculations list invites writing one, not importing a spreadsheet', async () => {
    measurementServer([], { collectors: [aSimulationCollector(), aCalculationCollector()] });
    render({ page: <CalculationsPage /> });
    expect(await screen.findByText('No calculations yet. Create one: it computes a new measurement from others.')).toBeInTheDocument();
    expect(screen.queryByText(/template spreadsheet/)).not.toBeInTheDocument();
  });

  it('needs the Calculations licence feature', () => {
    measurementServer([]);
    render({
      page: (
        <Guard route="calculations">
          <CalculationsPage />
        </Guard>
      ),
      state: stateWith(MANAGER, {}),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Calculations' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('without the feature, the measurements page leaves calculations out', async () => {
    const seen = measurementServer([aMeasurement()]);
    render({ state: stateWith(MANAGER, {}) });
    await screen.findByText('1 measurement');
    expect(seen.lists[0].get('ExcludeCalculations')).toBe('true');
  });
});
