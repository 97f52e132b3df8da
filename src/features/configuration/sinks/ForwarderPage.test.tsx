import { Link } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { ForwarderPage } from './ForwarderPage';
import { aForwarder, aPreview, aSink } from './testing/sinkFixtures';
import { READ, renderSinkPage } from './testing/renderSinkPage';

// /configuration/forwarder?id=…: the format follows the sink, the selection resolves live, the
// templates render a real recent point, template errors sit at their template with line and
// column, and one test message goes through the sink.

const PAGE = { path: '/configuration/forwarder', element: <ForwarderPage /> };
const WITH_NEW_LINK = {
  path: PAGE.path,
  element: (
    <>
      <ForwarderPage />
      <Link to={PAGE.path}>Go to a new one</Link>
    </>
  ),
};
const PREVIEW_WAIT = { timeout: 4000 };

/** The page on a stored forwarder "Energy feed" of one sink, with the fake's options. */
function openEnergyFeed(options?: Parameters<typeof renderSinkPage>[3]) {
  const sink = aSink();
  const forwarder = aForwarder(sink, { Name: 'Energy feed' });
  return { sink, forwarder, ...renderSinkPage(PAGE, `${PAGE.path}?id=${forwarder.UUID}`, { sinks: [sink], forwarders: [forwarder] }, options) };
}

describe('forwarder editor', () => {
  it('leaving ?id=… for a new one shows an empty editor, not the one left', async () => {
    const sink = aSink();
    const existing = aForwarder(sink, { Name: 'Energy feed' });
    const { user } = renderSinkPage(WITH_NEW_LINK, `${PAGE.path}?id=${existing.UUID}`, { sinks: [sink], forwarders: [existing] });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Energy feed');
    await user.click(screen.getByRole('link', { name: 'Go to a new one' }));
    expect(await screen.findByRole('heading', { name: 'Create forwarder', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Delete forwarder' })).not.toBeInTheDocument();
  });

  it('the format follows the sink: json for MQTT, sparkplugb for SparkplugB', async () => {
    const mqtt = aSink({ Name: 'Plant broker' });
    const sparkplug = aSink({ Name: 'Cloud', Type: 'SparkplugB' });
    const { user, fake } = renderSinkPage(PAGE, PAGE.path, {
      sinks: [mqtt, sparkplug],
    });
    const sinkSelect = await screen.findByRole('combobox', { name: /^Sink/ });
    await user.selectOptions(sinkSelect, 'Cloud (Sparkplug B)');
    expect(screen.getByText(/Format: Sparkplug B, because the sink is a Sparkplug B sink/)).toBeInTheDocument();
    await user.selectOptions(sinkSelect, 'Plant broker (MQTT)');
    expect(screen.getByText('Format: JSON, because the sink is an MQTT sink.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Energy feed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('POST', '/api/forwarders')).toHaveLength(1));
    expect(fake.calls('POST', '/api/forwarders')[0].body).toMatchObject({
      Name: 'Energy feed',
      SinkUUID: mqtt.UUID,
      Format: 'json',
      ReloadInterval: '5m',
    });
  });

  it('the reload interval is at least 10 seconds', async () => {
    const sink = aSink();
    const { user, fake } = renderSinkPage(PAGE, `${PAGE.path}?sink=${sink.UUID}`, { sinks: [sink] });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Energy feed');
    const interval = screen.getByRole('textbox', { name: /^Reload interval/ });
    await user.clear(interval);
    await user.type(interval, '5s');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('textbox', { name: /^Reload interval/ })).toHaveAccessibleDescription(/The reload interval is at least 10 seconds\./);
    expect(fake.calls('POST', '/api/forwarders')).toEqual([]);
  });

  it('the selection resolves live: chips, and how many measurements, properties and event types with the first ones', async () => {
    const sink = aSink();
    const { user, fake } = renderSinkPage(PAGE, `${PAGE.path}?sink=${sink.UUID}`, { sinks: [sink] });
    const labels = await screen.findByRole('group', {
      name: 'Measurement labels',
    });
    await user.click(within(labels).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'line-2 (7)' }));
    expect(within(labels).getByRole('button', { name: 'Remove line-2' })).toBeInTheDocument();
    await waitFor(() => expect(fake.calls('POST', '/api/forwarders/selection').some((call) => JSON.stringify(call.body) === JSON.stringify({ Labels: ['line-2'] }))).toBe(true), PREVIEW_WAIT);
    expect(await screen.findByText('Resolves to 14 measurements, 3 asset properties and 1 event types.')).toBeInTheDocument();
    const sample = screen.getByRole('list', { name: 'The first measurements' });
    expect(
      within(sample)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line1.Temperature', 'Line1.Pressure — Site A/Line 1']);
  });

  it('the preview shows the rendered topic and payload and the point it came from', async () => {
    const { forwarder, fake } = openEnergyFeed();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByLabelText('Topic', {}, PREVIEW_WAIT)).toHaveTextContent('plant/Line1.Temperature');
    expect(within(preview).getByLabelText('Payload')).toHaveTextContent('"value": 72.4');
    expect(preview).toHaveTextContent('Rendered from Line1.Temperature = 72.4 at');
    expect(fake.calls('POST', '/api/forwarders/preview')[0].body).toMatchObject({
      Format: 'json',
      Templates: forwarder.Templates,
      Selection: forwarder.Selection,
    });
  });

  it("the preview's topic carries the sink's topic prefix, as the broker receives it", async () => {
    const sink = aSink({ Settings: { BrokerURL: 'mqtt://broker.plant.example:1883', TopicPrefix: 'site1/' } });
    const forwarder = aForwarder(sink, { Name: 'Energy feed' });
    renderSinkPage(PAGE, `${PAGE.path}?id=${forwarder.UUID}`, { sinks: [sink], forwarders: [forwarder] });
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByLabelText('Topic', {}, PREVIEW_WAIT)).toHaveTextContent(/^site1\/plant\/Line1\.Temperature$/);
    expect(preview).toHaveTextContent("With the sink's topic prefix site1/, as the broker receives it.");
  });

  it('an empty template shows the default the server sends in its place', async () => {
    const sink = aSink();
    const forwarder = aForwarder(sink, { Name: 'Energy feed', Templates: {} });
    renderSinkPage(PAGE, `${PAGE.path}?id=${forwarder.UUID}`, { sinks: [sink], forwarders: [forwarder] });
    const topic = await screen.findByRole('textbox', { name: 'Measurement topic' });
    expect(topic).toHaveValue('');
    expect(topic).toHaveAttribute('placeholder', 'historian/measurements/{{.MeasurementUUID}}');
    expect(topic).toHaveAccessibleDescription('Left empty, the default shown in grey is sent.');
  });

  it('a template error is shown at its template with line and column', async () => {
    openEnergyFeed({
      preview: () =>
        aPreview({
          Payload: null,
          Errors: [
            {
              Template: 'PointMessage',
              Message: 'function "toJsn" not defined',
              Line: 1,
              Column: 14,
            },
          ],
        }),
    });
    const point = await screen.findByRole('textbox', { name: 'Point message' });
    await waitFor(() => expect(point).toHaveAccessibleDescription(/Line 1, column 14: function "toJsn" not defined/), PREVIEW_WAIT);
    expect(screen.getByRole('textbox', { name: 'Measurement topic' })).not.toHaveAccessibleDescription(/toJsn/);
    expect(screen.getByText('A template has an error; it is shown at its template.')).toHaveAttribute('role', 'alert');
  });

  it('no point to render yet is said in the preview, not blamed on a template', async () => {
    openEnergyFeed({
      preview: () =>
        aPreview({
          Topic: null,
          Payload: null,
          Source: undefined,
          Errors: [{ Template: 'PointMessage', Message: 'No selected measurement has a point yet', Code: 'forwarders.errors.no_point', Line: 0, Column: 0 }],
        }),
    });
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('No selected measurement has a point yet: there is nothing to preview.', {}, PREVIEW_WAIT)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Point message' })).not.toHaveAccessibleDescription(/Line 0|no point|has a point/i);
    expect(within(preview).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a new forwarder starts on the server defaults, greyed in its empty templates', async () => {
    const sink = aSink();
    renderSinkPage(PAGE, `${PAGE.path}?sink=${sink.UUID}`, { sinks: [sink] });
    const point = await screen.findByRole('textbox', { name: 'Point message' });
    expect(point).toHaveValue('');
    expect(point.getAttribute('placeholder')).toMatch(/^\{"Timestamp":\{\{toJson \.Timestamp\}\}/);
  });

  it('Send a test message says whether the broker took it, and why not', async () => {
    const { sink, user, fake } = openEnergyFeed({
      testMessage: {
        Delivered: false,
        Message: 'The sink is not connected',
        Topic: 'plant/x',
        Payload: '{}',
        Errors: [],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send a test message' }));
    expect(await screen.findByText('The test message was not delivered: The sink is not connected')).toBeInTheDocument();
    expect(fake.calls('POST', '/api/forwarders/test-message')[0].body).toMatchObject({ SinkUUID: sink.UUID, Format: 'json' });
  });

  it('without MANAGE_SINKS the forwarder is read-only: no save, test message, start or delete', async () => {
    openEnergyFeed({ privileges: READ });
    expect(await screen.findByRole('heading', { name: 'View forwarder' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Statistics' });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a test message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove line-1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
