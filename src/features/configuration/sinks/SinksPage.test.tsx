import { act, screen, waitFor, within } from '@testing-library/react';
import { SinkPage } from './SinkPage';
import { SinksPage } from './SinksPage';
import { compactDateTime } from './SinkState';
import { aForwarder, aSink, aSinkStatistics } from './testing/sinkFixtures';
import { READ, renderSinkPage } from './testing/renderSinkPage';

// /configuration/sinks (README "Who may do what": READ_SINKS reads, MANAGE_SINKS starts, stops,
// creates and deletes).

const PAGE = { path: '/configuration/sinks', element: <SinksPage /> };
const grid = () => screen.findByRole('grid', { name: 'Sinks' });

describe('sinks list', () => {
  it('shows each sink with its type, state, connection, counts, last error and forwarders', async () => {
    const broken = aSink({
      Name: 'Cloud',
      Type: 'SparkplugB',
      State: 'stopped',
      ForwarderCount: 2,
      Statistics: aSinkStatistics({
        Connected: false,
        Sent: 1200,
        Buffered: 40,
        Dropped: 7,
        LastError: 'Connection refused',
      }),
    });
    renderSinkPage(PAGE, PAGE.path, {
      sinks: [aSink({ Name: 'Plant broker', ForwarderCount: 1 }), broken],
    });
    const row = await within(await grid()).findByRole('row', { name: /Cloud/ });
    expect(row).toHaveTextContent('Sparkplug B');
    expect(row).toHaveTextContent('Stopped');
    expect(row).toHaveTextContent('Not connected');
    expect(row).toHaveTextContent('1,200');
    expect(row).toHaveTextContent('40');
    expect(row).toHaveTextContent('Connection refused');
    expect(within(row).getByRole('link', { name: 'Cloud: 2 forwarders' })).toHaveAttribute('href', '/configuration/forwarders?sink=' + broken.UUID);
    const running = within(await grid()).getByRole('row', {
      name: /Plant broker/,
    });
    expect(running).toHaveTextContent('Running');
    expect(running).toHaveTextContent('Connected since');
    // A real date is too wide for the cell: compact there, the full date and time in the tooltip.
    const since = running.querySelector('time');
    expect(since).toHaveAttribute('dateTime', '2026-11-27T05:12:00Z');
    expect(since?.getAttribute('title')).toMatch(/2026/);
    expect(since?.textContent).toBe(compactDateTime('2026-11-27T05:12:00Z', 'en'));
  });

  it('the compact time of the lists is the time alone today, the short date and time before', () => {
    const now = new Date(2026, 10, 27, 15, 0);
    expect(compactDateTime(new Date(2026, 10, 27, 7, 26).toISOString(), 'en', now)).toBe('7:26 AM');
    expect(compactDateTime(new Date(2026, 10, 20, 7, 26).toISOString(), 'en', now)).toBe('11/20/26, 7:26 AM');
  });

  it('the state toggle starts a stopped sink and stops a running one', async () => {
    const stopped = aSink({ Name: 'Cloud', State: 'stopped' });
    const running = aSink({ Name: 'Plant broker' });
    const { user, fake } = renderSinkPage(PAGE, PAGE.path, {
      sinks: [stopped, running],
    });
    await user.click(await screen.findByRole('button', { name: 'Start Cloud' }));
    await waitFor(() => expect(fake.calls('PUT', `/api/sinks/${stopped.UUID}/state`)).toHaveLength(1));
    expect(fake.calls('PUT', `/api/sinks/${stopped.UUID}/state`)[0].body).toEqual({ State: 'running' });
    await user.click(screen.getByRole('button', { name: 'Stop Plant broker' }));
    await waitFor(() => expect(fake.calls('PUT', `/api/sinks/${running.UUID}/state`)[0]?.body).toEqual({ State: 'stopped' }));
  });

  it('without MANAGE_SINKS the list is read-only: no create, start, stop or delete', async () => {
    renderSinkPage(PAGE, PAGE.path, { sinks: [aSink({ Name: 'Cloud' })] }, { privileges: READ });
    await within(await grid()).findByRole('row', { name: /Cloud/ });
    expect(screen.queryByRole('link', { name: /Create sink/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Stop Cloud|Start Cloud/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete sink' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View sink' })).toBeEnabled();
  });

  it('statistics are asked again while the page is open', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { fake } = renderSinkPage(PAGE, PAGE.path, {
        sinks: [aSink({ Name: 'Cloud' })],
      });
      await within(await grid()).findByRole('row', { name: /Cloud/ });
      const before = fake.calls('GET', '/api/sinks').length;
      await act(() => jest.advanceTimersByTimeAsync(5500));
      await waitFor(() => expect(fake.calls('GET', '/api/sinks').length).toBeGreaterThan(before));
    } finally {
      jest.useRealTimers();
    }
  });

  it('a sink in use is not deleted: the server refuses and the editor names the forwarders', async () => {
    const sink = aSink({ Name: 'Cloud', ForwarderCount: 1 });
    const { user, fake } = renderSinkPage([PAGE, { path: '/configuration/sink', element: <SinkPage /> }], PAGE.path, {
      sinks: [sink],
      forwarders: [aForwarder(sink, { Name: 'Energy feed' })],
    });
    await within(await grid()).findByRole('row', { name: /Cloud/ });
    await user.click(screen.getByRole('button', { name: 'Delete sink' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1 forwarder sends through this sink');
    await user.click(within(dialog).getByRole('button', { name: /Delete|Confirm/ }));
    await waitFor(() => expect(fake.calls('DELETE', `/api/sinks/${sink.UUID}`)).toHaveLength(1));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(`/configuration/sink?id=${sink.UUID}`));
    expect(await screen.findByText(/This sink cannot be deleted while these forwarders send through it: Energy feed\./)).toBeInTheDocument();
  });
});
