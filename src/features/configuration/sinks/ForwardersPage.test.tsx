import { screen, waitFor, within } from '@testing-library/react';
import { ForwardersPage } from './ForwardersPage';
import { aForwarder, aSink } from './testing/sinkFixtures';
import { READ, renderSinkPage } from './testing/renderSinkPage';

// /configuration/forwarders[?sink=…]: READ_SINKS reads, MANAGE_SINKS starts, stops, creates and deletes.

const PAGE = { path: '/configuration/forwarders', element: <ForwardersPage /> };
const grid = () => screen.findByRole('grid', { name: 'Forwarders' });

describe('forwarders list', () => {
  it('shows each forwarder with its sink, format, state and statistics', async () => {
    const sink = aSink({ Name: 'Plant broker' });
    renderSinkPage(PAGE, PAGE.path, {
      sinks: [sink],
      forwarders: [
        aForwarder(sink, {
          Name: 'Energy feed',
          State: 'stopped',
          Statistics: {
            Queued: 12,
            Forwarded: 98000,
            LastForwardedAt: null,
            LastError: 'Template failed',
            SelectedMeasurements: 3,
          },
        }),
      ],
    });
    const row = await within(await grid()).findByRole('row', {
      name: /Energy feed/,
    });
    expect(within(row).getByRole('link', { name: 'Plant broker' })).toHaveAttribute('href', `/configuration/sink?id=${sink.UUID}`);
    expect(row).toHaveTextContent('JSON');
    expect(row).toHaveTextContent('Stopped');
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent('98,000');
    expect(row).toHaveTextContent('never');
    expect(row).toHaveTextContent('Template failed');
  });

  it('?sink= shows only the forwarders of that sink, and the filter changes it', async () => {
    const plant = aSink({ Name: 'Plant broker' });
    const cloud = aSink({ Name: 'Cloud', Type: 'SparkplugB' });
    const { user, fake } = renderSinkPage(PAGE, `${PAGE.path}?sink=${cloud.UUID}`, {
      sinks: [plant, cloud],
      forwarders: [aForwarder(plant, { Name: 'Energy feed' }), aForwarder(cloud, { Name: 'Cloud metrics' })],
    });
    await within(await grid()).findByRole('row', { name: /Cloud metrics/ });
    expect(screen.queryByRole('row', { name: /Energy feed/ })).not.toBeInTheDocument();
    expect(fake.calls('GET', '/api/forwarders').at(-1)?.query).toBe(`?SinkUUID=${cloud.UUID}`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sink' }), 'All sinks');
    expect(await within(await grid()).findByRole('row', { name: /Energy feed/ })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/configuration\/forwarders$/);
  });

  it('the state toggle starts and stops a forwarder', async () => {
    const sink = aSink();
    const forwarder = aForwarder(sink, {
      Name: 'Energy feed',
      State: 'running',
    });
    const { user, fake } = renderSinkPage(PAGE, PAGE.path, {
      sinks: [sink],
      forwarders: [forwarder],
    });
    await user.click(await screen.findByRole('button', { name: 'Stop Energy feed' }));
    await waitFor(() => expect(fake.calls('PUT', `/api/forwarders/${forwarder.UUID}/state`)[0]?.body).toEqual({ State: 'stopped' }));
    expect(await screen.findByRole('button', { name: 'Start Energy feed' })).toBeInTheDocument();
  });

  it('without MANAGE_SINKS the list is read-only', async () => {
    const sink = aSink();
    renderSinkPage(
      PAGE,
      PAGE.path,
      {
        sinks: [sink],
        forwarders: [aForwarder(sink, { Name: 'Energy feed' })],
      },
      { privileges: READ },
    );
    await within(await grid()).findByRole('row', { name: /Energy feed/ });
    expect(screen.queryByRole('link', { name: /Create forwarder/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Stop Energy feed/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete forwarder' })).not.toBeInTheDocument();
  });
});
