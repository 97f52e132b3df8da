import { createTestOrganization } from '../auth/testing/testUsers';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { createTimeseriesStores, type TimeseriesStores } from '../timeseries/stores';
import { createBatchIngestion } from './batches';
import { onIngested, type IngestedEvent } from './events';
import { insertBuiltinDatabase, insertMeasurement } from './testing/fixtures';

// The in-process event after a batch is recorded: each written series' time span, none for the
// skipped measurements, none for a batch sent again, and a throwing listener harms nothing.

let database: TestDatabase;
let stores: TimeseriesStores;

beforeAll(async () => {
  database = await openTestDatabase();
  stores = createTimeseriesStores(database.db);
}, 60_000);

afterAll(async () => {
  await stores?.close();
  await database?.cleanup();
});

it('names the organization, the collector and the span [from, to[ of each written series', async () => {
  const { db } = database;
  const organization = await createTestOrganization(db);
  const collector = (await db.query<{ uuid: string }>(`INSERT INTO collectors (organization_uuid, name, collector_type) VALUES ($1, 'Plant', 'simulation') RETURNING uuid`, [organization])).rows[0].uuid;
  const points = await insertBuiltinDatabase(db, organization);
  const flow = await insertMeasurement(db, { organizationUuid: organization, collectorUuid: collector, databaseUuid: points });
  const paused = await insertMeasurement(db, { organizationUuid: organization, collectorUuid: collector, databaseUuid: points, status: 'Paused' });
  const events: IngestedEvent[] = [];
  const stopThrowing = onIngested(() => {
    throw new Error('a listener that fails');
  });
  const stop = onIngested((event) => events.push(event));
  const ingestion = createBatchIngestion(db, stores);
  const batch = { BatchKey: 'e-1', Points: [{ MeasurementUUID: flow, T: [3000, 1000, 2000], V: [3, 1, 2] }, { MeasurementUUID: paused, T: [1000], V: [1] }] };
  expect(await ingestion.ingest(collector, batch)).toMatchObject({ Points: 3, Duplicate: false });
  await ingestion.ingest(collector, batch);
  stop();
  stopThrowing();
  await ingestion.ingest(collector, { BatchKey: 'e-2', Points: [{ MeasurementUUID: flow, T: [4000], V: [4] }] });
  expect(events).toEqual([{ organizationUuid: organization, collectorUuid: collector, series: [{ measurementUuid: flow, from: 1000, to: 3001 }] }]);
});
