import { Link } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { server } from '../../../testing/server';
import { SinkPage } from './SinkPage';
import { aForwarder, aSink, failedSinkTest, problem } from './testing/sinkFixtures';
import { READ, renderSinkPage } from './testing/renderSinkPage';

// /configuration/sink?id=… (README "Secrets": secure settings never come back, empty keeps them;
// the test runs before saving, step by step; a sink in use is not deleted).

const PAGE = { path: '/configuration/sink', element: <SinkPage /> };
const WITH_NEW_LINK = {
  path: PAGE.path,
  element: (
    <>
      <SinkPage />
      <Link to={PAGE.path}>Go to a new one</Link>
    </>
  ),
};
const typeSelect = () => screen.findByRole('combobox', { name: /^Type/ });

describe('sink editor', () => {
  it('leaving ?id=… for a new one shows an empty editor, not the one left', async () => {
    const existing = aSink({ Name: 'Plant broker' });
    const { user } = renderSinkPage(WITH_NEW_LINK, `${PAGE.path}?id=${existing.UUID}`, { sinks: [existing] });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Plant broker');
    await user.click(screen.getByRole('link', { name: 'Go to a new one' }));
    expect(await screen.findByRole('heading', { name: 'Create sink', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Delete sink' })).not.toBeInTheDocument();
  });

  it('the settings form follows the chosen type’s SettingsSchema', async () => {
    const { user } = renderSinkPage(PAGE, PAGE.path, { sinks: [] });
    await user.selectOptions(await typeSelect(), 'MQTT');
    expect(screen.getByRole('textbox', { name: /^Broker URL/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Client ID/ })).toHaveValue('historian');
    expect(screen.queryByRole('textbox', { name: /^Group ID/ })).not.toBeInTheDocument();
    await user.selectOptions(await typeSelect(), 'Sparkplug B');
    expect(screen.getByRole('textbox', { name: /^Group ID/ })).toBeInTheDocument();
  });

  it('a stored sink that leaves a setting unset shows, and saves, the default the server runs it with', async () => {
    const sink = aSink({ Name: 'Plant broker', Settings: { BrokerURL: 'mqtt://broker.plant.example:1883', QoS: 0 } });
    const { user, fake } = renderSinkPage(PAGE, `${PAGE.path}?id=${sink.UUID}`, { sinks: [sink] });
    expect(await screen.findByLabelText(/^Keep alive/)).toHaveValue(30);
    expect(screen.getByRole('combobox', { name: /^QoS/ })).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('PUT', `/api/sinks/${sink.UUID}`)).toHaveLength(1));
    expect(fake.calls('PUT', `/api/sinks/${sink.UUID}`)[0].body).toMatchObject({ Settings: { BrokerURL: 'mqtt://broker.plant.example:1883', QoS: 0, KeepAlive: 30 } });
  });

  it('a stored secret is not shown: its field says it is stored and empty keeps it', async () => {
    const sink = aSink({
      Name: 'Plant broker',
      StoredSecureSettings: ['Password'],
    });
    const { user, fake } = renderSinkPage(PAGE, `${PAGE.path}?id=${sink.UUID}`, { sinks: [sink] });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription(/Stored — leave empty to keep it/);
    expect(screen.getByText('Stored secrets: Password. Leave their fields empty to keep them.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('PUT', `/api/sinks/${sink.UUID}`)).toHaveLength(1));
    expect(fake.calls('PUT', `/api/sinks/${sink.UUID}`)[0].body).toMatchObject({
      Name: 'Plant broker',
      Type: 'MQTT',
      SecureSettings: {},
    });
  });

  it('Test connection shows each step with its message, the failing one marked, and saves nothing', async () => {
    const sink = aSink({ Name: 'Plant broker' });
    const { user, fake } = renderSinkPage(PAGE, `${PAGE.path}?id=${sink.UUID}`, { sinks: [sink] }, { sinkTest: failedSinkTest() });
    await user.click(await screen.findByRole('button', { name: 'Test the connection' }));
    const result = await screen.findByRole('region', {
      name: 'Connection test',
    });
    expect(within(result).getByRole('alert')).toHaveTextContent('The connection test failed at the step authenticate.');
    const steps = within(result).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      "✓ resolve the broker's address: passed — broker.plant.example → 10.0.4.12",
      '✓ connect: passed',
      '✓ TLS: passed — TLS 1.3',
      '✗ authenticate: failed — Connection refused: Not authorized',
    ]);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(steps[3]).toHaveClass('step-failed');
    const [test] = fake.calls('POST', '/api/sinks/test');
    expect(test.body).toMatchObject({
      UUID: sink.UUID,
      Type: 'MQTT',
      Settings: { BrokerURL: 'mqtts://broker.plant.example:8883' },
    });
    expect(fake.calls('PUT', `/api/sinks/${sink.UUID}`)).toEqual([]);
  });

  it('a refusal’s field errors land on their fields', async () => {
    const { user } = renderSinkPage(PAGE, PAGE.path, { sinks: [] });
    server.use(
      http.post('/api/sinks', () =>
        problem(400, 'invalid', {
          code: 'form.errors.invalid',
          errors: {
            'Settings.BrokerURL': ['Use mqtt://, mqtts://, ws:// or wss://.'],
          },
        }),
      ),
    );
    await user.selectOptions(await typeSelect(), 'MQTT');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Cloud');
    await user.type(screen.getByRole('textbox', { name: /^Broker URL/ }), 'http://broker');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Broker URL/ })).toHaveAccessibleDescription(/Use mqtt:\/\/, mqtts:\/\/, ws:\/\/ or wss:\/\//));
  });

  it('a required setting is checked before anything is sent', async () => {
    const { user, fake } = renderSinkPage(PAGE, PAGE.path, { sinks: [] });
    await user.selectOptions(await typeSelect(), 'MQTT');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Cloud');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('textbox', { name: /^Broker URL/ })).toHaveAccessibleDescription(/required/);
    expect(fake.calls('POST', '/api/sinks')).toEqual([]);
  });

  it('a stored sink shows its statistics and the forwarders that send through it', async () => {
    const sink = aSink({ Name: 'Plant broker', ForwarderCount: 1 });
    const forwarder = aForwarder(sink, { Name: 'Energy feed' });
    renderSinkPage(PAGE, `${PAGE.path}?id=${sink.UUID}`, {
      sinks: [sink],
      forwarders: [forwarder],
    });
    const statistics = await screen.findByRole('region', {
      name: 'Statistics',
    });
    expect(await within(statistics).findByText('12,840')).toBeInTheDocument();
    const list = await screen.findByRole('region', {
      name: 'Forwarders sending through this sink',
    });
    expect(await within(list).findByRole('link', { name: 'Energy feed' })).toHaveAttribute('href', `/configuration/forwarder?id=${forwarder.UUID}`);
  });

  it('deleting a sink in use is refused and the page names the forwarders', async () => {
    const sink = aSink({ Name: 'Plant broker', ForwarderCount: 2 });
    const { user } = renderSinkPage(PAGE, `${PAGE.path}?id=${sink.UUID}`, {
      sinks: [sink],
      forwarders: [aForwarder(sink, { Name: 'Energy feed' }), aForwarder(sink, { Name: 'Batch events' })],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete sink' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: /Delete|Confirm/,
      }),
    );
    expect(await screen.findByText(/This sink cannot be deleted while these forwarders send through it: Energy feed, Batch events\./)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(`/configuration/sink?id=${sink.UUID}`);
  });

  it('without MANAGE_SINKS the sink is read-only: no save, test, start or delete', async () => {
    const sink = aSink({ Name: 'Plant broker' });
    renderSinkPage(PAGE, `${PAGE.path}?id=${sink.UUID}`, { sinks: [sink] }, { privileges: READ });
    expect(await screen.findByRole('heading', { name: 'View sink' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Statistics' });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test the connection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete sink' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('unsaved changes make the browser ask before the tab closes', async () => {
    const { user } = renderSinkPage(PAGE, PAGE.path, { sinks: [] });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Cloud');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
