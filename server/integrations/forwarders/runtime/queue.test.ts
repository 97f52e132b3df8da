import { startCalculationEngine } from '../../../calculations/live/engine';
import { bearer, collectorWithToken } from '../../../collectors/testing/collectorFixtures';
import { createDefaultCollectors } from '../../../collectors/defaults';
import { insertBuiltinDatabase, insertMeasurement } from '../../../ingestion/testing/fixtures';
import { openEntriesFixture, type EntriesFixture } from '../../../manual-entry/entries/testFixture';
import { queuePoints } from './queue';
import { insertForwarder, insertSelection, insertSink, queueOf, setState } from './testFixture';

// What fills the forwarders' queue (server/integrations/README.md, "Runtime"), on a real app on
// PGlite: a collector's batch, a value typed into a manual entry form and a live calculation's
// result are queued in the transaction that records them, and events when they start and close
// (the trigger of migration 077) — only for a forwarder that runs, whose sink runs, of the same
// organization, whose resolved selection holds the measurement (or whose Selection the event type).

jest.setTimeout(60_000);

let f: EntriesFixture;
let database: string;

beforeAll(async () => {
  f = await openEntriesFixture();
  database = await insertBuiltinDatabase(f.db, f.organization);
});

afterAll(async () => {
  await f?.close();
});

const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);
let keys = 0;

async function collectorSetup() {
  const collector = await collectorWithToken(f.db, f.organization);
  const measurement = () => insertMeasurement(f.db, { organizationUuid: f.organization, collectorUuid: collector.uuid, databaseUuid: database });
  const send = async (points: { MeasurementUUID: string; T: number[]; V: unknown[]; Q?: (number | null)[] }[], key = `k-${(keys += 1)}`) => {
    const response = await f.t.app.inject({ method: 'POST', url: '/api/collector-api/points', headers: bearer(collector.token), payload: { BatchKey: key, Points: points } });
    expect(response.statusCode).toBe(200);
    return response.json<{ Points: number; Duplicate: boolean }>();
  };
  return { collector, measurement, send };
}

const point = (measurement: string, t: number, value: unknown, quality: number | null = null, property: string | null = null) => ({
  kind: 'point',
  measurement,
  property,
  t,
  value,
  quality,
  event: null,
  change: null,
});

describe('points from a collector batch', () => {
  it('are queued, in the order sent, only for a running forwarder on a running sink that selects the measurement', async () => {
    const { measurement, send } = await collectorSetup();
    const [selected, other] = [await measurement(), await measurement()];
    const sink = await insertSink(f.db, f.organization);
    const forwarder = await insertForwarder(f.db, f.organization, sink);
    await insertSelection(f.db, forwarder, [selected]);

    await send([
      { MeasurementUUID: selected, T: [T0 + 2000, T0, T0 + 1000], V: [3.5, 1.5, 2.5], Q: [192, null, 0] },
      { MeasurementUUID: other, T: [T0], V: [9] },
    ]);
    expect(await queueOf(f.db, forwarder)).toEqual([point(selected, T0 + 2000, 3.5, 192), point(selected, T0, 1.5), point(selected, T0 + 1000, 2.5, 0)]);

    // The same batch again (its answer was lost) writes nothing, so queues nothing.
    await send([{ MeasurementUUID: selected, T: [T0 + 5000], V: [5] }], 'again');
    await send([{ MeasurementUUID: selected, T: [T0 + 5000], V: [5] }], 'again');
    expect(await queueOf(f.db, forwarder)).toHaveLength(4);

    // A stopped forwarder, or a running one on a stopped sink, gets nothing; started again, it does.
    await setState(f.db, 'forwarders', forwarder, 'stopped');
    await send([{ MeasurementUUID: selected, T: [T0 + 6000], V: [6] }]);
    await setState(f.db, 'forwarders', forwarder, 'running');
    await setState(f.db, 'sinks', sink, 'stopped');
    await send([{ MeasurementUUID: selected, T: [T0 + 7000], V: [7] }]);
    await setState(f.db, 'sinks', sink, 'running');
    await send([{ MeasurementUUID: selected, T: [T0 + 8000], V: [8] }]);
    expect((await queueOf(f.db, forwarder)).slice(4)).toEqual([point(selected, T0 + 8000, 8)]);
  });

  it('are queued once for each forwarder selecting the measurement, never for another organization’s', async () => {
    const { measurement, send } = await collectorSetup();
    const selected = await measurement();
    const sink = await insertSink(f.db, f.organization);
    const [a, b] = [await insertForwarder(f.db, f.organization, sink), await insertForwarder(f.db, f.organization, sink)];
    const foreignSink = await insertSink(f.db, f.otherOrganization);
    const foreign = await insertForwarder(f.db, f.otherOrganization, foreignSink);
    for (const forwarder of [a, b, foreign]) await insertSelection(f.db, forwarder, [selected]);
    await send([{ MeasurementUUID: selected, T: [T0, T0 + 1000], V: [1, 2] }]);
    expect(await queueOf(f.db, a)).toEqual([point(selected, T0, 1), point(selected, T0 + 1000, 2)]);
    expect(await queueOf(f.db, b)).toEqual([point(selected, T0, 1), point(selected, T0 + 1000, 2)]);
    expect(await queueOf(f.db, foreign)).toEqual([]);
  });

  it('keep the value types (slices as JSON, raw as base64) and the asset property the measurement was selected through', async () => {
    const collector = await collectorWithToken(f.db, f.organization);
    const text = await insertMeasurement(f.db, { organizationUuid: f.organization, collectorUuid: collector.uuid, databaseUuid: database, datatype: 'string' });
    const slice = await insertMeasurement(f.db, { organizationUuid: f.organization, collectorUuid: collector.uuid, databaseUuid: database, datatype: '[]number' });
    const raw = await insertMeasurement(f.db, { organizationUuid: f.organization, collectorUuid: collector.uuid, databaseUuid: database, datatype: 'raw' });
    const property = await f.assetProperty(await f.asset(`Pump ${Math.random()}`), 'Speed', text);
    const forwarder = await insertForwarder(f.db, f.organization, await insertSink(f.db, f.organization));
    await insertSelection(f.db, forwarder, [text], property);
    await insertSelection(f.db, forwarder, [slice, raw]);
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/api/collector-api/points',
      headers: bearer(collector.token),
      payload: {
        BatchKey: 'types',
        Points: [
          { MeasurementUUID: text, T: [T0], V: ['on'] },
          { MeasurementUUID: slice, T: [T0], V: [[1, 2]] },
          { MeasurementUUID: raw, T: [T0], V: [Buffer.from('hi').toString('base64')] },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const queue = await queueOf(f.db, forwarder);
    expect(queue).toHaveLength(3);
    expect(queue).toEqual(
      expect.arrayContaining([point(text, T0, 'on', null, property), point(slice, T0, [1, 2]), point(raw, T0, Buffer.from('hi').toString('base64'))]),
    );
  });

  it('cost one look-up and no insert when nothing selects the measurements (queuePoints answers 0)', async () => {
    const { measurement } = await collectorSetup();
    const lonely = await measurement();
    await expect(f.db.transaction((tx) => queuePoints(tx, f.organization, [{ measurementUuid: lonely, points: [{ time: T0, value: 1 }] }]))).resolves.toBe(0);
    await expect(f.db.transaction((tx) => queuePoints(tx, f.organization, []))).resolves.toBe(0);
  });

  it('leave with their forwarder when it is deleted', async () => {
    const { measurement, send } = await collectorSetup();
    const selected = await measurement();
    const sink = await insertSink(f.db, f.organization);
    const forwarder = await insertForwarder(f.db, f.organization, sink);
    await insertSelection(f.db, forwarder, [selected]);
    await send([{ MeasurementUUID: selected, T: [T0], V: [1] }]);
    expect(await queueOf(f.db, forwarder)).toHaveLength(1);
    await f.db.query('DELETE FROM forwarders WHERE uuid = $1', [forwarder]);
    expect((await f.db.query('SELECT count(*)::int AS n FROM forwarder_queue WHERE forwarder_uuid = $1', [forwarder])).rows[0]).toEqual({ n: 0 });
    expect((await f.db.query('SELECT count(*)::int AS n FROM forwarder_selections WHERE forwarder_uuid = $1', [forwarder])).rows[0]).toEqual({ n: 0 });
  });
});

describe('values typed into a manual entry form', () => {
  it('are queued with the asset property, as good points', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000;
    const level = await f.measurement('number');
    const tank = await f.asset(`Tank ${Math.random()}`);
    const property = await f.assetProperty(tank, 'Level', level);
    const form = await f.form('Asset Properties', { Groups: [{ Name: 'Tank', AssetPropertyUUIDs: [property] }] });
    const operator = await f.operator(form, 'default');
    const forwarder = await insertForwarder(f.db, f.organization, await insertSink(f.db, f.organization));
    await insertSelection(f.db, forwarder, [level], property);
    const response = await f.call('POST', `/manual-entry-forms/${form}/values`, { Values: [{ AssetPropertyUUID: property, Timestamp: new Date(now - 60_000).toISOString(), Value: 4.25 }] }, operator.headers);
    expect(response.statusCode).toBe(200);
    expect(await queueOf(f.db, forwarder)).toEqual([point(level, now - 60_000, 4.25, 192, property)]);
  });
});

describe('a live calculation’s results', () => {
  it('are queued as the engine writes them', async () => {
    await createDefaultCollectors(f.db, f.organization);
    const calculator = (await f.db.query<{ uuid: string }>(`SELECT uuid FROM collectors WHERE organization_uuid = $1 AND collector_type = 'calculation'`, [f.organization])).rows[0].uuid;
    const calculation = await insertMeasurement(f.db, {
      organizationUuid: f.organization,
      collectorUuid: calculator,
      databaseUuid: database,
      settings: { Type: 'simulation', Interval: '1s', Script: 'context.timestamp / 1000 % 100' },
    });
    const forwarder = await insertForwarder(f.db, f.organization, await insertSink(f.db, f.organization));
    await insertSelection(f.db, forwarder, [calculation]);
    let clock = T0 + 5_000;
    const engine = startCalculationEngine({ db: f.db, timeseries: f.stores, log: { info: () => undefined, warn: () => undefined }, now: () => clock, settleMs: 500, tickMs: 60_000 });
    try {
      await engine.refresh();
      clock = T0 + 7_600;
      await engine.refresh();
    } finally {
      await engine.stop();
    }
    expect(await queueOf(f.db, forwarder)).toEqual([point(calculation, T0 + 5_000, 5, 192), point(calculation, T0 + 6_000, 6, 192)]);
  });
});

describe('events', () => {
  let types: { selected: string; other: string };
  let configuration: string;
  let otherConfiguration: string;

  beforeAll(async () => {
    types = { selected: (await f.eventType(`Batch ${Math.random()}`)).uuid, other: (await f.eventType(`Stop ${Math.random()}`)).uuid };
    const line = await f.asset(`Line ${Math.random()}`);
    configuration = await f.configuration(line, types.selected);
    otherConfiguration = await f.configuration(line, types.other);
  });

  const event = (uuid: string, change: string) => ({ kind: 'event', measurement: null, property: null, t: null, value: null, quality: null, event: uuid, change });

  it('of a selected type are queued when they start and when they close (processed or incomplete), not in between', async () => {
    const sink = await insertSink(f.db, f.organization);
    const forwarder = await insertForwarder(f.db, f.organization, sink, { selection: { EventTypeUUIDs: [types.selected] } });
    const unrelated = await insertForwarder(f.db, f.organization, sink, { selection: { EventTypeUUIDs: [types.other] } });
    const open = await f.event(configuration, { start: '2026-11-02T10:00:00Z' });
    expect(await queueOf(f.db, forwarder)).toEqual([event(open, 'started')]);
    await f.db.query(`UPDATE events SET stop_time = '2026-11-02T11:00:00Z', status = 'pending' WHERE uuid = $1`, [open]);
    await f.db.query(`UPDATE events SET evaluate_at = now() WHERE uuid = $1`, [open]);
    expect(await queueOf(f.db, forwarder)).toHaveLength(1);
    await f.db.query(`UPDATE events SET status = 'processed' WHERE uuid = $1`, [open]);
    await f.db.query(`UPDATE events SET status = 'processed', updated_at = now() WHERE uuid = $1`, [open]);
    // Made already closed (a manual event with its stop, computed at once): both.
    const closed = await f.event(configuration, { start: '2026-11-02T12:00:00Z', stop: '2026-11-02T13:00:00Z', status: 'incomplete' });
    expect(await queueOf(f.db, forwarder)).toEqual([event(open, 'started'), event(open, 'closed'), event(closed, 'started'), event(closed, 'closed')]);
    // Reopened (its stop taken away) and closed again: closed again.
    await f.db.query(`UPDATE events SET stop_time = NULL, status = 'open' WHERE uuid = $1`, [closed]);
    await f.db.query(`UPDATE events SET stop_time = '2026-11-02T13:30:00Z', status = 'processed' WHERE uuid = $1`, [closed]);
    expect((await queueOf(f.db, forwarder)).slice(4)).toEqual([event(closed, 'closed')]);
    expect(await queueOf(f.db, unrelated)).toEqual([]);
  });

  it('are not queued for a stopped forwarder, a stopped sink or another organization, nor when their type is not selected', async () => {
    const sink = await insertSink(f.db, f.organization);
    const stopped = await insertForwarder(f.db, f.organization, sink, { state: 'stopped', selection: { EventTypeUUIDs: [types.selected] } });
    const idleSink = await insertSink(f.db, f.organization, { state: 'stopped' });
    const onIdleSink = await insertForwarder(f.db, f.organization, idleSink, { selection: { EventTypeUUIDs: [types.selected] } });
    const foreign = await insertForwarder(f.db, f.otherOrganization, await insertSink(f.db, f.otherOrganization), { selection: { EventTypeUUIDs: [types.selected] } });
    const pointsOnly = await insertForwarder(f.db, f.organization, sink, { selection: { Labels: ['x'] } });
    await f.event(configuration, { start: '2026-11-03T10:00:00Z', stop: '2026-11-03T11:00:00Z' });
    await f.event(otherConfiguration, { start: '2026-11-03T10:00:00Z' });
    for (const forwarder of [stopped, onIdleSink, foreign, pointsOnly]) expect(await queueOf(f.db, forwarder)).toEqual([]);
  });
});
