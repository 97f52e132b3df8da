import { uniqueViolationField } from '../db/errors';
import { kyselyOf } from '../db/kysely';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { COLLECTOR_UNIQUE_FIELDS, collectorsRepository } from './collectors';

// The collectors repository against a real (PGlite) database: unique violations are told apart by
// the index they violate, and the health timeline keeps changes only.

let database: TestDatabase;
let organization: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const created = await kyselyOf(database.db).insertInto('organizations').values({ name: 'Repository plant', postgres_user: null }).returning('uuid').executeTakeFirstOrThrow();
  organization = created.uuid;
}, 60_000);

afterAll(async () => {
  await database?.cleanup();
});

const collectorNamed = (name: string) => ({ organizationUuid: organization, name, description: '', collectorType: '', settings: {}, secureSettings: {} });

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (caught: unknown) => caught);

describe('collectors repository', () => {
  it('names Name for a collector name the organization uses already, whatever its case', async () => {
    const collectors = collectorsRepository(database.db);
    await collectors.create(collectorNamed('Boiler feed'));
    const error = await failureOf(collectors.create(collectorNamed('BOILER FEED')));
    expect(uniqueViolationField(error, COLLECTOR_UNIQUE_FIELDS)).toBe('Name');
  });

  it('names CollectorType, not Name, for a second collector of its own of one type', async () => {
    const collectors = collectorsRepository(database.db);
    await collectors.createSystem(organization, 'Own internal', 'internal');
    const error = await failureOf(collectors.createSystem(organization, 'Another internal', 'internal'));
    expect(uniqueViolationField(error, COLLECTOR_UNIQUE_FIELDS)).toBe('CollectorType');
  });

  it('adds a health to the timeline only when it changes, and pages it newest first', async () => {
    const collectors = collectorsRepository(database.db);
    const { uuid } = await collectors.create(collectorNamed('Timeline'));
    for (const health of ['Collecting', 'Collecting', 'Idle']) await database.db.transaction((tx) => collectorsRepository(tx).recordHealth(uuid, health));
    const history = await collectors.healthHistory(uuid, 10, 1);
    expect(history.total).toBe(2);
    expect(history.rows.map((row) => row.health)).toEqual(['Idle', 'Collecting']);
    expect((await collectors.byUuid(uuid))?.health).toBe('Idle');
  });

  it('lists a page with the total in one statement, holds no secure value in it, and counts a page past the end', async () => {
    const collectors = collectorsRepository(database.db);
    const listed = kyselyOf(database.db).insertInto('organizations').values({ name: 'Listing plant', postgres_user: null }).returning('uuid');
    const { uuid: plant } = await listed.executeTakeFirstOrThrow();
    for (const name of ['Gamma', 'alpha', 'Beta']) {
      await collectors.create({ ...collectorNamed(name), organizationUuid: plant, secureSettings: { Password: 'kept-secret-1' } });
    }
    const first = await collectors.list(plant, 2, 1);
    expect(first.total).toBe(3);
    expect(first.rows.map((row) => row.name)).toEqual(['alpha', 'Beta']);
    expect(first.rows.every((row) => !('secure_settings' in row) && !JSON.stringify(row).includes('kept-secret-1'))).toBe(true);
    expect((await collectors.list(plant, 2, 2)).rows.map((row) => row.name)).toEqual(['Gamma']);
    expect(await collectors.list(plant, 2, 3)).toEqual({ rows: [], total: 3 });
    const other = await collectors.list(organization, 100, 1);
    expect(other.rows.map((row) => row.organization_uuid)).toEqual(other.rows.map(() => organization));
    expect(other.total).toBe(other.rows.length);
  });
});
