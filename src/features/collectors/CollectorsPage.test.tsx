import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CollectorRead } from '../../api/generated/historian.gen';
import { Guard } from '../../components/Guard';
import { ToastViewport } from '../../components/Toasts/ToastViewport';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { aLicence } from '../../testing/licence';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { CollectorsPage, LIVE_HEALTH_POLL_MS } from './CollectorsPage';
import { aCollector, aHealthRecord, aProductUpdate, collectorHandlers } from './testing/collectorFixtures';

// The collectors page (SPEC §2, §4, §6, §8): the table, its order and live health, and what an
// administrator does from it. The chart itself needs a canvas, which jsdom has not.
jest.mock('./HealthTimeline', () => ({ HealthTimeline: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const MANAGE = ['READ_COLLECTORS', 'MANAGE_COLLECTORS'];

function renderPage(collectors: CollectorRead[], options: { privileges?: string[]; calculations?: boolean; updates?: ReturnType<typeof aProductUpdate>[]; history?: ReturnType<typeof aHealthRecord>[] } = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = collectorHandlers(collectors, options.updates ?? [], options.history ?? []);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <>
      {/* As the router shows it: behind the guard of its route. */}
      <Guard route="collectors">
        <CollectorsPage />
      </Guard>
      <ToastViewport />
    </>,
    {
      preloadedState: {
        session: aSession({ userPrivileges: (options.privileges ?? MANAGE).map((name) => aPrivilege(name)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
        licence: { loaded: true, error: null, claims: [aLicence({ LicensedFeatures: { Calculations: options.calculations ?? false } })] },
      },
    },
  );
  return { ...rendered, fake };
}

const grid = () => screen.findByRole('grid', { name: 'Collectors' });
const rowNames = async () => {
  const rows = within(await grid()).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('gridcell')[1].textContent);
};
const select = async (user: ReturnType<typeof renderPage>['user'], name: string) => {
  await user.click(await within(await grid()).findByRole('gridcell', { name: new RegExp(`^${name}`) }));
  return screen.getByRole('region', { name });
};

describe('collectors page', () => {
  it('lists the collectors with status icons, health, type, version, OS and architecture', async () => {
    renderPage([aCollector({ Name: 'Press', BuildVersion: '1.4.2', BuildOs: 'windows', BuildArch: 'arm64', Health: 'Idle' })]);
    const row = await within(await grid()).findByRole('row', { name: /Press/ });
    for (const header of ['Status', 'Name', 'Health', 'Type', 'Version', 'OS', 'Architecture']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(row).getByText('Active')).toBeInTheDocument();
    for (const text of ['Idle', 'simulation', '1.4.2', 'windows', 'arm64']) expect(within(row).getByText(text)).toBeInTheDocument();
  });

  it('sorts Initial, Paused, Active, Deleted, then by name case-insensitively (SPEC §4)', async () => {
    renderPage([
      aCollector({ Name: 'beta', Status: 'Active' }),
      aCollector({ Name: 'old', Status: 'Deleted' }),
      aCollector({ Name: 'Alpha', Status: 'Active' }),
      aCollector({ Name: 'halted', Status: 'Paused' }),
      aCollector({ Name: 'fresh', Status: 'Initial' }),
    ]);
    await waitFor(async () => expect(await rowNames()).toEqual(['fresh', 'halted', 'Alpha', 'beta', 'old']));
  });

  it('hides calculation collectors without the Calculations licence feature (SPEC §6)', async () => {
    renderPage([aCollector({ Name: 'Calculations', CollectorType: 'calculation', IsSystem: true }), aCollector({ Name: 'Sim' })]);
    await waitFor(async () => expect(await rowNames()).toEqual(['Sim']));
    // Nor does the count include them.
    expect(screen.getByText('1 collector')).toBeInTheDocument();
  });

  it('shows calculation collectors when the licence has the Calculations feature', async () => {
    renderPage([aCollector({ Name: 'Calculations', CollectorType: 'calculation', IsSystem: true }), aCollector({ Name: 'Sim' })], { calculations: true });
    // The organization's own collectors carry a "built in" badge beside their name.
    await waitFor(async () => expect(await rowNames()).toEqual(['Calculationsbuilt in', 'Sim']));
  });

  describe('on a fake clock', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('refreshes the health without a reload', async () => {
      const collector = aCollector({ Name: 'Live', Health: 'Collecting' });
      renderPage([collector]);
      expect(await within(await grid()).findByText('Collecting')).toBeInTheDocument();
      server.use(http.get('/api/collectors', () => HttpResponse.json([{ ...collector, Health: 'Unstable' }])));
      await act(() => jest.advanceTimersByTimeAsync(LIVE_HEALTH_POLL_MS));
      expect(await within(await grid()).findByText('Unstable')).toBeInTheDocument();
    });

    it('without ReadCollectors shows that the page is not available and asks the server nothing', async () => {
      const asked: string[] = [];
      server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
      renderPage([], { privileges: [] });
      expect(await screen.findByText('You do not have the privileges needed for this page.')).toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      // Not even when the list would have been polled.
      await act(() => jest.advanceTimersByTimeAsync(LIVE_HEALTH_POLL_MS));
      expect(asked.filter((path) => path.includes('collectors') || path.includes('product-updates'))).toEqual([]);
      server.events.removeAllListeners();
    });
  });

  it('creates a collector with its name', async () => {
    const { user, fake } = renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'New collector' }));
    const dialog = screen.getByRole('dialog', { name: 'New collector' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Boiler house');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.requests).toContainEqual({ method: 'POST', path: '/api/collectors', body: { Name: 'Boiler house', Description: '' } }));
    expect(await screen.findByText('Boiler house is saved.')).toBeInTheDocument();
  });

  describe('the collector form checks what the server checks (the contract’s Collector schema) before it sends', () => {
    const writes = (requests: { method: string }[]) => requests.filter((request) => request.method !== 'GET');

    it('an empty name says the field is required, next to the field, focuses it and sends nothing', async () => {
      const { user, fake } = renderPage([]);
      await user.click(await screen.findByRole('button', { name: 'New collector' }));
      const dialog = screen.getByRole('dialog', { name: 'New collector' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      const name = within(dialog).getByRole('textbox', { name: /Name/ });
      expect(name).toHaveAccessibleDescription(/^This field is required\./);
      expect(name).toHaveFocus();
      expect(name).toBeInvalid();
      expect(writes(fake.requests)).toEqual([]);
    });

    it('a name longer than the contract’s 200 characters is refused when the field is left, translated, and not sent', async () => {
      const { user, fake } = renderPage([]);
      await user.click(await screen.findByRole('button', { name: 'New collector' }));
      const dialog = screen.getByRole('dialog', { name: 'New collector' });
      const name = within(dialog).getByRole('textbox', { name: /Name/ });
      await user.click(name);
      await user.paste('x'.repeat(201));
      await user.tab();
      expect(name).toHaveAccessibleDescription(/^Must be at most 200 characters\./);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(name).toHaveAccessibleDescription(/^Must be at most 200 characters\./);
      expect(writes(fake.requests)).toEqual([]);
    });

    it('a description longer than 2000 characters is refused next to the description', async () => {
      const { user, fake } = renderPage([]);
      await user.click(await screen.findByRole('button', { name: 'New collector' }));
      const dialog = screen.getByRole('dialog', { name: 'New collector' });
      await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Boiler house');
      await user.click(within(dialog).getByRole('textbox', { name: /Description/ }));
      await user.paste('y'.repeat(2001));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveAccessibleDescription('Must be at most 2000 characters.');
      expect(writes(fake.requests)).toEqual([]);
    });

    it('shows a raw validator sentence of the server on its field, translated, never as the server wrote it', async () => {
      const { user } = renderPage([]);
      server.use(
        http.post('/api/collectors', () =>
          HttpResponse.json(
            { title: 'Bad Request', status: 400, errors: { Name: ['must NOT have fewer than 3 characters'] } },
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          ),
        ),
      );
      await user.click(await screen.findByRole('button', { name: 'New collector' }));
      const dialog = screen.getByRole('dialog', { name: 'New collector' });
      await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'B');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      const name = within(dialog).getByRole('textbox', { name: /Name/ });
      await waitFor(() => expect(name).toHaveAccessibleDescription(/^Must be at least 3 characters\./));
      expect(within(dialog).queryByText(/must NOT have/)).not.toBeInTheDocument();
    });
  });

  it('edits the settings with the schema form, sending secure settings only when changed', async () => {
    const { user, fake } = renderPage([aCollector({ Name: 'Press', Settings: { SampleIntervalMs: 1000 } })]);
    const panel = await select(user, 'Press');
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Press' });
    const interval = within(dialog).getByRole('spinbutton', { name: /Sample interval/ });
    await user.clear(interval);
    await user.type(interval, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.requests.at(-1)?.body).toEqual({ Name: 'Press', Description: '', Settings: { SampleIntervalMs: 500 }, SecureSettings: {} }));

    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const again = screen.getByRole('dialog', { name: 'Edit Press' });
    await user.type(within(again).getByLabelText(/Device key/), 'k-1');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.requests.at(-1)?.body).toEqual(expect.objectContaining({ SecureSettings: { DeviceKey: 'k-1' } })));
  });

  it('pauses an active collector and activates a paused one', async () => {
    const { user, fake } = renderPage([aCollector({ Name: 'Press', Status: 'Active' })]);
    const panel = await select(user, 'Press');
    await user.click(within(panel).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(fake.requests).toContainEqual(expect.objectContaining({ method: 'PATCH', body: { Status: 'Paused' } })));
    await user.click(await within(panel).findByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(fake.requests.at(-1)).toEqual(expect.objectContaining({ method: 'PATCH', body: { Status: 'Active' } })));
  });

  it('a refused delete shows the error toast with the server’s reason in its details', async () => {
    const { user } = renderPage([aCollector({ Name: 'Pump' })]);
    const panel = await select(user, 'Pump');
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Pump?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The collector could not be deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show error details' }));
    // The reason stands in the message and again in the stack trace the details carry.
    const details = await screen.findByRole('dialog', { name: 'Error details' });
    expect(within(details).getAllByText(/Pump still has 2 active measurements/).length).toBeGreaterThan(0);
  });

  it('copies a new token to the clipboard with historian.success.copy_token', async () => {
    const { user } = renderPage([aCollector({ Name: 'Press' })]);
    // After the render: userEvent.setup() puts a clipboard stub of its own on navigator.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const panel = await select(user, 'Press');
    await user.click(within(panel).getByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'Token for Press' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate a new token' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Collector token' })).toHaveValue('historian_col_secret');
    await user.click(within(dialog).getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith('historian_col_secret');
    expect(await screen.findByText('The token is copied to the clipboard.')).toBeInTheDocument();
  });

  it('shows historian.errors.copy_token when the clipboard refuses', async () => {
    const { user } = renderPage([aCollector({ Name: 'Press' })]);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    const panel = await select(user, 'Press');
    await user.click(within(panel).getByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'Token for Press' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate a new token' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText('The token could not be copied.')).toBeInTheDocument();
  });

  it('marks a newer update and, once started, shows the collector as Upgrading', async () => {
    const { user, fake } = renderPage([aCollector({ Name: 'Press', BuildVersion: '1.0.0' })], { updates: [aProductUpdate({ Version: '1.1.0' })] });
    const row = await within(await grid()).findByRole('row', { name: /Press/ });
    expect(await within(row).findByText('newer 1.1.0 available')).toBeInTheDocument();
    const panel = await select(user, 'Press');
    await user.click(within(panel).getByRole('button', { name: 'Update to 1.1.0' }));
    await waitFor(() => expect(fake.requests).toContainEqual(expect.objectContaining({ method: 'POST', body: { Version: '1.1.0' } })));
    expect(await within(row).findByText('Upgrading')).toBeInTheDocument();
  });

  it('downloads the measurement template', async () => {
    const createObjectURL = jest.fn(() => 'blob:template');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server.use(http.get('/api/collectors/:id/template', () => new HttpResponse(new Blob(['xlsx']), { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } })));
    const { user } = renderPage([aCollector({ Name: 'Press' })]);
    const panel = await select(user, 'Press');
    await user.click(within(panel).getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });

  it('shows the health history of the selected collector, newest first', async () => {
    const collector = aCollector({ Name: 'Press' });
    const history = [aHealthRecord(collector, 'Paused', '2026-05-01T10:05:00Z'), aHealthRecord(collector, 'Collecting', '2026-05-01T10:00:00Z')];
    const { user } = renderPage([collector], { history });
    const panel = await select(user, 'Press');
    expect(await within(panel).findByRole('img', { name: 'Health of Press over time' })).toBeInTheDocument();
    const table = within(panel).getByRole('table', { name: 'Latest health changes of Press' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['Paused', 'Collecting']);
  });

  describe('as a list', () => {
    const searchBox = () => screen.getByRole('searchbox', { name: 'Search collectors' });

    it('searches on the server as the user types and counts what it found', async () => {
      const { user } = renderPage([aCollector({ Name: 'Boiler' }), aCollector({ Name: 'Press', Description: 'Hall 2' }), aCollector({ Name: 'Paint line' })]);
      expect(await screen.findByText('3 collectors')).toBeInTheDocument();
      await user.type(searchBox(), 'hall');
      expect(await screen.findByText('1 collector')).toBeInTheDocument();
      expect(await rowNames()).toEqual(['Press']);
    });

    it('offers to clear a search that matches nothing', async () => {
      const { user } = renderPage([aCollector({ Name: 'Boiler' })]);
      await user.type(searchBox(), 'turbine');
      const table = await grid();
      expect(await within(table).findByText('Nothing matches “turbine”.')).toBeInTheDocument();
      await user.click(within(table).getByRole('button', { name: 'Clear search' }));
      expect(await within(table).findByText('Boiler')).toBeInTheDocument();
      expect(searchBox()).toHaveValue('');
    });

    it('an empty list tells a manager what to do next, with the button for it', async () => {
      const { user } = renderPage([]);
      const table = await grid();
      expect(await within(table).findByText(/There is no collector yet\. Create one/)).toBeInTheDocument();
      await user.click(within(table).getByRole('button', { name: 'Create the first collector' }));
      expect(screen.getByRole('dialog', { name: 'New collector' })).toBeInTheDocument();
    });

    it('an empty list offers a reader no button they may not use', async () => {
      renderPage([], { privileges: ['READ_COLLECTORS'] });
      const table = await grid();
      expect(await within(table).findByText('There is no collector in this organization yet.')).toBeInTheDocument();
      expect(within(table).queryByRole('button', { name: 'Create the first collector' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'New collector' })).not.toBeInTheDocument();
    });

    it('has labelled icon buttons as row actions: edit opens the form, pause pauses the collector', async () => {
      const { user, fake } = renderPage([aCollector({ Name: 'Press', Status: 'Active' })]);
      const row = await within(await grid()).findByRole('row', { name: /Press/ });
      const pause = within(row).getByRole('button', { name: 'Pause' });
      expect(pause).toHaveAttribute('title', 'Pause');
      expect(within(row).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
      await user.click(pause);
      await waitFor(() => expect(fake.requests).toContainEqual(expect.objectContaining({ method: 'PATCH', body: { Status: 'Paused' } })));
      await user.click(within(row).getByRole('button', { name: 'Edit' }));
      expect(screen.getByRole('dialog', { name: 'Edit Press' })).toBeInTheDocument();
    });

    it('a reader gets no row actions', async () => {
      renderPage([aCollector({ Name: 'Press' })], { privileges: ['READ_COLLECTORS'] });
      const row = await within(await grid()).findByRole('row', { name: /Press/ });
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    });

    it('pages through the total the server counted', async () => {
      const many = Array.from({ length: 60 }, (_, index) => aCollector({ Name: `Line ${String(index + 1).padStart(2, '0')}` }));
      const { user } = renderPage(many);
      expect(await screen.findByText('1–50 of 60')).toBeInTheDocument();
      expect(screen.getByText('60 collectors')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
      await waitFor(async () => expect((await rowNames())[0]).toBe('Line 51'));
      expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    });
  });
});
